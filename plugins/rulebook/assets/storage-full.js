/* rulebook: the browser's storage is full. Loaded when a reader first needs it (a notice's
   «Освободить место…», core.storageHelp): a dialog that says what was not saved, lists what this
   site keeps in the browser with its size, and offers the ways out — save the characters to a
   file, clear recent searches, delete saved fights of the damage stepper and copies of damaged
   data. Other sites' data on the same address is only counted: the browser's settings clear it.
   After every removal it sends "rulebook:storage-freed" on window, and the scripts whose writes
   failed write again. */
(() => {
  "use strict";
  const rb = window.rulebook;
  if (rb.storageFull) return;
  const { el, storage, usage } = rb.core;

  let dialog = null, what = "";

  function kb(bytes) {
    if (bytes < 1024 * 1024) return Math.max(1, Math.round(bytes / 1024)) + " КБ";
    return (bytes / 1048576).toLocaleString("ru-RU", { maximumFractionDigits: 1 }) + " МБ";
  }

  function button(text, fn, primary) {
    const b = el("button", { type: "button", class: "md-button" + (primary ? " md-button--primary" : ""), text });
    b.addEventListener("click", fn);
    return b;
  }

  function freed() {
    window.dispatchEvent(new CustomEvent("rulebook:storage-freed"));
    paint();
  }

  function drop(entries, question) {
    if (question && !window.confirm(question)) return;
    entries.forEach((e) => { storage(e.name).remove(); });
    freed();
  }

  /* How many items a stored list holds: v[list].length, or the sum of v[list][i][inner].length. */
  function count(entry, list, inner) {
    const v = storage(entry.name).get(null);
    const items = v && Array.isArray(v[list]) ? v[list] : [];
    if (!inner) return items.length;
    return items.reduce((k, x) => k + (x && Array.isArray(x[inner]) ? x[inner].length : 0), 0);
  }

  /* What this site keeps, grouped by what a reader knows it as. */
  function groups(mine) {
    const of = (test) => mine.filter((e) => test(e.name));
    const damaged = of((n) => /\.damaged\.|\.corrupt$/.test(n));
    const rest = mine.filter((e) => !damaged.includes(e));
    const sheets = rest.filter((e) => /^sheet\.[^.]+$/.test(e.name));
    const recent = rest.filter((e) => e.name === "search.recent");
    const fights = rest.filter((e) => e.name.startsWith("calc."));
    const pins = rest.filter((e) => /^pins\.v\d+$/.test(e.name));
    const known = new Set([...sheets, ...recent, ...fights, ...pins]);
    const other = rest.filter((e) => !known.has(e));
    const sum = (list) => list.reduce((s, e) => s + e.bytes, 0);
    const out = [];
    if (sheets.length) {
      const n = sheets.reduce((s, e) => s + count(e, "characters"), 0);
      const sheet = rb.sheet && rb.sheet.current && rb.sheet.current.root.isConnected ? rb.sheet.current : null;
      out.push({
        label: "Персонажи листа" + (n ? ": " + n : ""), bytes: sum(sheets),
        hint: "Сохраните их в файл: тогда персонажей можно удалить из браузера и загрузить, когда понадобятся.",
        action: sheet
          ? button("Сохранить всех в файл", () => { sheet.exportFile(true); }, true)
          : el("a", { class: "md-button md-button--primary", href: new URL("sheet/", rb.core.root).href, text: "Открыть лист персонажа" }),
      });
    }
    if (recent.length) {
      out.push({ label: "Недавние запросы поиска", bytes: sum(recent), action: button("Очистить", () => { drop(recent); }) });
    }
    if (fights.length) {
      out.push({
        label: "Ход боя в калькуляторах ранений: " + fights.length, bytes: sum(fights),
        action: button("Удалить", () => { drop(fights, "Удалить сохранённый ход боя во всех калькуляторах ранений (" + fights.length + ")?"); }),
      });
    }
    if (damaged.length) {
      out.push({
        label: "Копии повреждённых данных: " + damaged.length, bytes: sum(damaged),
        hint: "То, что не читалось и было отложено; отложенных персонажей можно сохранить в файл на листе персонажа (раздел «Отложено»).",
        action: button("Удалить", () => { drop(damaged, "Удалить копии повреждённых данных (" + damaged.length + ")? Вернуть их будет нельзя."); }),
      });
    }
    if (pins.length) {
      const n = pins.reduce((s, e) => s + count(e, "scenes", "pins"), 0);
      out.push({ label: "Закрепы: " + n, bytes: sum(pins), hint: "Лишние можно убрать в панели закрепов." });
    }
    if (other.length) out.push({ label: "Настройки сайта", bytes: sum(other) });
    return out;
  }

  function paint() {
    const u = usage();
    const body = dialog.querySelector(".rb-storage__body");
    body.replaceChildren();
    body.append(el("p", { class: "rb-storage__what", text: what }));
    if (!u.available) {
      body.append(el("p", { text: "Браузер не даёт сайту хранить данные (приватный режим или настройки сайта). Сохраните персонажей в файл: в браузере они не сохранятся." }));
      return;
    }
    body.append(el("p", { text: "Браузер отводит сайтам одного адреса несколько мегабайт, и место кончилось. Освободите его — и несохранённое сохранится:" }));
    const list = el("ul", { class: "rb-storage__list" });
    groups(u.mine).forEach((g) => {
      list.append(el("li", {}, [
        el("span", { class: "rb-storage__label", text: g.label + " — " + kb(g.bytes) }),
        g.hint ? el("span", { class: "rb-storage__hint", text: g.hint }) : null,
        g.action || null,
      ]));
    });
    if (u.other) {
      list.append(el("li", {}, [
        el("span", { class: "rb-storage__label", text: "Данные других сайтов на этом адресе — " + kb(u.other) }),
        el("span", { class: "rb-storage__hint", text: "Этот сайт их не трогает; удалить их можно в настройках браузера (данные сайта)." }),
      ]));
    }
    body.append(list);
  }

  function open(text) {
    what = text || "";
    if (!dialog) {
      dialog = el("dialog", { id: "rb-storage", class: "rb-offline rb-storage md-typeset", "aria-labelledby": "rb-storage-title" }, [
        el("h2", { id: "rb-storage-title", text: "Хранилище браузера заполнено" }),
        el("div", { class: "rb-storage__body" }),
        el("form", { method: "dialog", class: "rb-offline__close" }, [el("button", { class: "md-button", type: "submit", text: "Закрыть" })]),
      ]);
      document.body.append(dialog);
    }
    paint();
    if (!dialog.open) dialog.showModal();
  }

  rb.storageFull = { open };
})();
