/* rulebook character sheet: the page side.
   The form is in the HTML (widgets/sheet.py); this script keeps several characters in
   localStorage, writes the current one into the form and reads it back on every change,
   validates with the schema the build wrote into the page (sheet-schema.js, the same rules as the
   Python engine), saves only valid characters, exports and imports JSON files (a file that does
   not validate changes nothing), and asks the `sheet` engine — through the calculators' Pyodide
   worker (calc.js) — for the derived values, which it writes into [data-derived] places.
   Initialised through Material's document$, so instant navigation works and the worker survives.
   Stored characters are repaired one at a time (Schema.parseStore): one that does not validate
   is set aside, named with its reason, to be saved to a file or discarded, while the others stay
   editable; a value that cannot be read at all is copied aside once (or, with no room for a copy,
   never overwritten). A write that fails is said, and stays said until one succeeds: no success
   message follows it. */
(() => {
  "use strict";
  const rb = window.rulebook;
  if (rb.sheet) return;

  const { onPage, storage } = rb.core;
  const h = rb.core.el; // short: this file builds many elements
  const SITE = rb.core.root;
  const STORE = storage("sheet.fatum", { legacy: "rulebook:sheet:fatum" });
  const STORE_VERSION = 1;
  const MAX_FILE = 2 * 1024 * 1024;
  const MINUS = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g; // as the engine reads them (base.MINUS_SIGNS)
  const MAX_CHARACTERS = 50; // as many as one file may hold
  const ASIDE_SHOWN = 10; // entries listed one by one; the rest are counted
  const ID_ATTRS = ["id", "for", "aria-describedby"];
  const Schema = rb.sheetSchema;

  // ---- small helpers --------------------------------------------------------------------------
  function ruleLink(rule) {
    return h("a", { class: "rb-sheet__rule", href: new URL(rule, SITE).href, title: "Правило в книге", text: "§" });
  }
  function newId() {
    return "c" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  }
  function lookup(obj, parts) {
    let cur = obj;
    for (let i = 0; i < parts.length; i++) {
      if (cur === null || cur === undefined) return undefined;
      cur = cur[parts[i]];
    }
    return cur;
  }
  // "weapons[].name" inside row 2 -> ["weapons", 2, "name"]
  function parts(path, index) {
    return path.split(".").reduce((acc, p) => {
      const m = /^(\w+)\[\]$/.exec(p);
      if (m) { acc.push(m[1], index); } else acc.push(p);
      return acc;
    }, []);
  }
  function assign(obj, keys, value) {
    let cur = obj;
    for (let i = 0; i < keys.length - 1; i++) cur = cur[keys[i]];
    cur[keys[keys.length - 1]] = value;
  }
  function displayName(ch) {
    const name = (ch.identity && ch.identity.name || "").trim() || "Без имени";
    return name + ", ур. " + ch.progress.level;
  }
  function fileName(base) {
    return base.replace(/[\\/:*?"<>|\s]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) + ".fatum.json";
  }
  function download(name, text) {
    const blob = new Blob([text], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: name });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => { URL.revokeObjectURL(a.href); }, 10000);
  }
  const WHY_NOT_SAVED = {
    full: "хранилище браузера заполнено",
    unavailable: "браузер не даёт сайту хранить данные (приватный режим или настройки)",
    blocked: "сначала сохраните в файл или удалите повреждённые данные ниже: места для их копии нет",
  };

  // ---- a sheet ------------------------------------------------------------------------------------
  class Sheet {
    constructor(root) {
      this.root = root;
      this.data = JSON.parse(root.querySelector("template.rb-sheet__data").content.textContent);
      this.schema = this.data.schema;
      this.info = { format: this.data.format, book: root.getAttribute("data-rb-sheet"), version: this.data.version };
      this.status = root.querySelector(".rb-sheet__status");
      this.progress = root.querySelector(".rb-sheet__progress");
      this.message = root.querySelector(".rb-sheet__message");
      this.picker = root.querySelector(".rb-sheet__characters");
      this.store = null;
      this.blocked = null; // a stored value that is neither readable nor copied: never overwritten
      this.unsaved = null; // why the last write failed, while it is so
      this.seq = 0;
      this.saveTimer = null;
      this.computeTimer = null;
      this.lastResult = null;
      root.setAttribute("data-rb-ready", "");
    }

    start() {
      // the status line keeps the height of the text the build wrote: shorter messages later do
      // not move the form below it
      this.status.style.minHeight = this.status.offsetHeight + "px";
      this.storageBox = h("div", { class: "rb-sheet__storage", role: "alert", hidden: true });
      this.asideBox = h("div", { class: "rb-sheet__aside", hidden: true });
      this.message.after(this.storageBox, this.asideBox);
      this.loadStore();
      this.writeForm(this.currentCharacter());
      this.renderPicker();
      this.bind();
      this.watchEngine();
    }

    // ---- storage ---------------------------------------------------------------------------------
    blank() {
      const ch = Schema.defaults(this.schema);
      ch.id = newId();
      return ch;
    }

    loadStore() {
      const got = STORE.read();
      this.store = null;
      this.returning = got.state === "ok";
      this.blocked = null;
      let fresh = [];
      if (got.state === "ok" || got.state === "corrupt") {
        const r = got.state === "corrupt" ? { problem: "это не JSON" }
          : Schema.parseStore(this.schema, got.value, { version: STORE_VERSION, max: MAX_CHARACTERS, newId });
        if (r.problem) {
          this.setAsideWhole(got.text, r.problem);
        } else {
          this.store = r.store;
          fresh = r.aside;
          if (!this.store.characters.length) this.addBlank();
          if (r.changed) this.saveStore(); // the repaired list, so the same damage is not met again
        }
      }
      if (!this.store) {
        this.store = { v: STORE_VERSION, current: null, characters: [] };
        this.addBlank();
        if (got.state === "unavailable") this.showStorage("unavailable");
        // the unreadable value is copied aside: the new list takes its place, so it is met once
        else if (got.state !== "missing" && !this.blocked) this.saveStore();
      }
      this.renderAside();
      if (fresh.length) {
        this.say(fresh.length === 1
          ? "Персонаж «" + fresh[0].name + "» отложен: " + this.reason(fresh[0]) + ". Остальные персонажи на месте."
          : "Отложено персонажей: " + fresh.length + " (причины ниже). Остальные персонажи на месте.", true);
      }
    }

    addBlank() {
      const ch = this.blank();
      this.store.characters.push(ch);
      this.store.current = ch.id;
    }

    /* A stored value that cannot be used at all: a copy is kept beside it (once per value) and a
       new list started; with no room for the copy, the value stays where it is, unwritten. */
    setAsideWhole(text, why) {
      const copy = STORE.setAside(text);
      if (copy.ok) {
        if (!copy.existed) this.say("Сохранённые в браузере персонажи не читаются (" + why + "): их данные отложены (ниже). Начат новый лист.", true);
        return;
      }
      this.blocked = { text, why };
      this.showStorage("blocked");
      this.say("Сохранённые в браузере персонажи не читаются (" + why + "), а места для их копии нет: лист не будет сохраняться, пока вы не сохраните эти данные в файл или не удалите их (ниже).", true);
    }

    saveStore() {
      const res = this.blocked ? { ok: false, error: "blocked" } : STORE.set(this.store);
      if (res.ok) {
        if (this.unsaved) this.showStorage(null);
        return true;
      }
      this.showStorage(res.error);
      return false;
    }

    /* The notice that stays while writes fail (`why`: full | unavailable | blocked, or null). */
    showStorage(why) {
      const was = this.unsaved;
      this.unsaved = why;
      const box = this.storageBox;
      clearTimeout(this.storageTimer);
      box.replaceChildren();
      box.classList.toggle("is-ok", !why);
      box.hidden = !why && !was;
      if (!why) {
        // writes work again: said for a moment, where the problem was said
        if (was) {
          box.textContent = "Лист снова сохраняется в браузере.";
          this.storageTimer = setTimeout(() => { box.hidden = true; }, 6000);
        }
        return;
      }
      const text = "Лист не сохранён в браузере: " + (WHY_NOT_SAVED[why] || WHY_NOT_SAVED.unavailable) +
        ". Изменения пропадут при перезагрузке страницы — сохраните персонажей в файл.";
      box.append(why === "unavailable" ? text : rb.core.fullNotice(text, "Лист персонажа не сохранён."));
    }

    // ---- characters set aside -------------------------------------------------------------------
    reason(a) {
      return (a.field ? this.describeField(a.field) + " — " : "") + (a.message || "не читается");
    }

    /* Everything set aside: characters (in the store), copies of unreadable lists, the blocked one. */
    asideEntries() {
      const out = (this.store.aside || []).map((a) => {
        return {
          label: "«" + a.name + "»: " + this.reason(a),
          file: fileName(a.name + "-отложен"),
          text: () => JSON.stringify(this.fileDocument([a.character]), null, 1),
          drop: () => { this.store.aside = this.store.aside.filter((x) => x !== a); if (!this.store.aside.length) delete this.store.aside; return this.saveStore(); },
        };
      });
      STORE.asides().forEach((c) => {
        out.push({
          label: "Все персонажи, сохранённые раньше (копия " + Math.ceil(c.bytes / 1024) + " КБ): " + this.problemOf(c.text),
          file: fileName("лист-повреждённые-данные"),
          text: () => c.text,
          drop: () => STORE.dropAside(c.key).ok,
        });
      });
      if (this.blocked) {
        const b = this.blocked;
        out.push({
          label: "Все персонажи, сохранённые раньше: " + b.why + " (копию сделать негде)",
          file: fileName("лист-повреждённые-данные"),
          text: () => b.text,
          drop: () => {
            if (!STORE.remove().ok) return false;
            this.blocked = null;
            return this.saveStore();
          },
        });
      }
      return out;
    }

    problemOf(text) {
      let raw;
      try { raw = JSON.parse(text); } catch { return "это не JSON"; }
      const r = Schema.parseStore(this.schema, raw, { version: STORE_VERSION, max: MAX_CHARACTERS, newId });
      return r.problem || "список читается, но был отложен";
    }

    renderAside() {
      const box = this.asideBox;
      const entries = this.asideEntries();
      box.hidden = !entries.length;
      box.replaceChildren();
      if (!entries.length) return;
      const exportAll = () => { entries.forEach((e) => { download(e.file, e.text()); }); };
      const dropAll = () => {
        if (!window.confirm("Удалить все отложенные данные (" + entries.length + ")? Вернуть их будет нельзя.")) return;
        const ok = entries.every((e) => e.drop());
        this.renderAside();
        this.say(ok ? "Отложенные данные удалены." : "Не все отложенные данные удалось удалить.", !ok);
      };
      const button = (text, fn) => {
        const b = h("button", { type: "button", class: "md-button", text });
        b.addEventListener("click", fn);
        return b;
      };
      box.append(h("p", { class: "rb-sheet__aside-title", text: "Отложено: этот лист не может прочитать " +
        (entries.length === 1 ? "одну запись" : "записей: " + entries.length) +
        ". Остальные персонажи доступны. Сохраните отложенное в файл (его можно исправить и загрузить) или удалите." }));
      const list = h("ul", { class: "rb-sheet__aside-list" });
      entries.slice(0, ASIDE_SHOWN).forEach((e) => {
        list.append(h("li", {}, [
          h("span", { text: e.label + " " }),
          button("Сохранить в файл", () => { download(e.file, e.text()); this.say("Отложенная запись сохранена в файл «" + e.file + "»."); }),
          button("Удалить", () => {
            if (!window.confirm("Удалить отложенную запись? Вернуть её будет нельзя.")) return;
            const ok = e.drop();
            this.renderAside();
            this.say(ok ? "Отложенная запись удалена." : "Отложенную запись удалить не удалось.", !ok);
          }),
        ]));
      });
      box.append(list);
      if (entries.length > ASIDE_SHOWN) box.append(h("p", { text: "И ещё " + (entries.length - ASIDE_SHOWN) + "." }));
      if (entries.length > 1) {
        box.append(h("p", { class: "rb-sheet__aside-all" }, [button("Сохранить всё отложенное в файлы", exportAll), " ", button("Удалить всё отложенное", dropAll)]));
      }
    }

    currentCharacter() {
      const id = this.store.current;
      return this.store.characters.filter((c) => { return c.id === id; })[0];
    }

    replaceCurrent(ch) {
      const id = this.store.current;
      this.store.characters = this.store.characters.map((c) => { return c.id === id ? ch : c; });
    }

    renderPicker() {
      const sel = this.picker, cur = this.store.current;
      sel.replaceChildren.apply(sel, this.store.characters.map((c) => {
        return h("option", { value: c.id, text: displayName(c) });
      }));
      sel.value = cur;
    }

    // ---- the form <-> a character -------------------------------------------------------------------
    rowsOf(name) {
      return Array.from(this.root.querySelectorAll("[data-rows='" + name + "'] > .rb-sheet__row"));
    }

    addRow(name) {
      const box = this.root.querySelector("[data-rows='" + name + "']");
      const max = parseInt(box.getAttribute("data-max"), 10);
      if (this.rowsOf(name).length >= max) return null;
      const tpl = this.root.querySelector("template[data-row='" + name + "']");
      const row = tpl.content.firstElementChild.cloneNode(true);
      // ids in the template hold "-N-" where the row's number goes; keep them to renumber later
      row.querySelectorAll("[id], [for], [aria-describedby]").forEach((el) => {
        ID_ATTRS.forEach((a) => { if (el.hasAttribute(a)) el.setAttribute("data-tpl-" + a, el.getAttribute(a)); });
      });
      box.appendChild(row);
      this.numberRows(name);
      return row;
    }

    numberRows(name) {
      const rows = this.rowsOf(name);
      rows.forEach((row, i) => {
        row.setAttribute("data-index", String(i));
        row.querySelector(".rb-sheet__n").textContent = String(i + 1);
        ID_ATTRS.forEach((a) => {
          row.querySelectorAll("[data-tpl-" + a + "]").forEach((el) => {
            el.setAttribute(a, el.getAttribute("data-tpl-" + a).replace("-N-", "-" + i + "-"));
          });
        });
      });
      const add = this.root.querySelector("[data-add-row='" + name + "']");
      const box = this.root.querySelector("[data-rows='" + name + "']");
      if (add) add.disabled = rows.length >= parseInt(box.getAttribute("data-max"), 10);
    }

    writeForm(ch) {
      this.root.querySelectorAll("[data-rows]").forEach((box) => {
        const name = box.getAttribute("data-rows");
        box.replaceChildren();
        (ch[name] || []).forEach(() => { this.addRow(name); });
        this.numberRows(name);
      });
      this.root.querySelectorAll("[data-path]").forEach((el) => {
        const row = el.closest(".rb-sheet__row");
        const index = row ? parseInt(row.getAttribute("data-index"), 10) : null;
        const value = lookup(ch, parts(el.getAttribute("data-path"), index));
        this.writeField(el, value);
      });
      this.syncOrigins();
      this.syncCategories();
      this.clearErrors();
    }

    syncCategories() {
      this.rowsOf("weapons").forEach((row) => {
        const sel = row.querySelector("[data-path='weapons[].category']");
        if (sel) row.setAttribute("data-category", sel.value);
      });
    }

    writeField(el, value) {
      const type = el.getAttribute("data-type");
      if (type === "slots") {
        el.querySelectorAll("input[type=checkbox]").forEach((box, i) => { box.checked = i < (value || 0); });
      } else if (el.type === "checkbox") {
        el.checked = !!value;
      } else {
        el.value = value === null || value === undefined ? "" : String(value);
      }
    }

    // the form's values as a raw character (not yet validated), plus fields whose input is not a number
    readForm() {
      const ch = Schema.defaults(this.schema);
      const bad = [];
      ch.id = this.store.current;
      this.root.querySelectorAll("[data-rows]").forEach((box) => {
        const name = box.getAttribute("data-rows");
        const item = this.schema.fields.filter((f) => { return f.name === name; })[0].item;
        ch[name] = this.rowsOf(name).map(() => { return Schema.defaults(item); });
      });
      this.root.querySelectorAll("[data-path]").forEach((el) => {
        const row = el.closest(".rb-sheet__row");
        const index = row ? parseInt(row.getAttribute("data-index"), 10) : null;
        const path = el.getAttribute("data-path");
        const keys = parts(path, index);
        const type = el.getAttribute("data-type");
        let value;
        if (type === "slots") {
          value = el.querySelectorAll("input[type=checkbox]:checked").length;
        } else if (el.type === "checkbox") {
          value = el.checked;
        } else if (type === "int") {
          if (el.validity && el.validity.badInput) { bad.push(keys); return; }
          const v = el.value.trim();
          if (v === "") {
            const d = el.getAttribute("data-default");
            value = d === null ? null : parseInt(d, 10);
          } else {
            // past 2^53 the value goes as typed: as a JS number the message would quote «1e+23»
            const n = /^[+-]?\d+$/.test(v.replace("−", "-")) ? parseInt(v.replace("−", "-"), 10) : NaN;
            value = Number.isSafeInteger(n) ? n : v;
          }
        } else {
          value = el.value;
        }
        assign(ch, keys, value);
      });
      return { character: ch, bad };
    }

    elementFor(path) {
      const p = path.replace(/^(character|characters\[\d+\])\./, "");
      const m = /^(\w+)\[(\d+)\]\.(.+)$/.exec(p);
      if (m) {
        const row = this.rowsOf(m[1])[parseInt(m[2], 10)];
        return row ? row.querySelector("[data-path='" + m[1] + "[]." + m[3] + "']") : null;
      }
      return this.root.querySelector("[data-path='" + p + "']");
    }

    clearErrors() {
      this.root.querySelectorAll(".rb-sheet__error").forEach((e) => { e.hidden = true; e.textContent = ""; });
      this.root.querySelectorAll("[aria-invalid]").forEach((e) => { e.removeAttribute("aria-invalid"); });
    }

    showFieldError(path, message) {
      const el = this.elementFor(path);
      if (!el) { this.say(path + ": " + message, true); return; }
      el.setAttribute("aria-invalid", "true");
      const slot = el.id ? this.root.querySelector("#" + CSS.escape(el.id + "-error")) : null;
      if (slot) { slot.textContent = message; slot.hidden = false; } else this.say(message, true);
    }

    // ---- editing ------------------------------------------------------------------------------------
    onEdit() {
      this.syncCategories();
      const read = this.readForm();
      this.clearErrors();
      if (read.bad.length) {
        read.bad.forEach((keys) => {
          this.showFieldError(keys.join(".").replace(/\.(\d+)\./g, "[$1]."), "нужно целое число");
        });
        return;
      }
      let ch;
      try {
        ch = Schema.parseCharacter(this.schema, read.character, "character");
      } catch (e) {
        if (!(e instanceof Schema.SchemaError)) throw e;
        this.showFieldError(e.field, e.message);  // the last valid state stays saved
        return;
      }
      this.replaceCurrent(ch);
      this.scheduleSave();
      this.scheduleCompute();
      const opt = this.picker.querySelector("option[value='" + CSS.escape(ch.id) + "']");
      if (opt) opt.textContent = displayName(ch);
    }

    scheduleSave() {
      clearTimeout(this.saveTimer);
      this.saveTimer = setTimeout(() => { this.saveTimer = null; this.saveStore(); }, 250);
    }

    flush() {
      if (this.saveTimer) { clearTimeout(this.saveTimer); this.saveTimer = null; this.saveStore(); }
    }

    syncOrigins() {
      const nation = (this.root.querySelector("[data-path='identity.nation']").value || "").trim();
      const list = this.root.querySelector("#rb-sheet-origins");
      const nations = this.data.nations;
      const paths = nations[nation] || [].concat.apply([], Object.keys(nations).map((n) => { return nations[n]; }));
      const seen = {};
      list.replaceChildren.apply(list, paths.filter((p) => {
        if (seen[p[0]]) return false;
        seen[p[0]] = true;
        return true;
      }).map((p) => { return h("option", { value: p[0], text: "+1 " + p[1][0] + ", +1 " + p[1][1] }); }));
    }

    applyPreset(sel) {
      const key = sel.value;
      if (!key) return;
      const kind = sel.getAttribute("data-preset");
      const items = this.data.presets[kind === "weapon" ? "weapons" : "armors"];
      const item = items.filter((i) => { return i.key === key; })[0];
      if (!item) return;
      const values = kind === "weapon" ? item.row : item.record;
      const scope = kind === "weapon" ? sel.closest(".rb-sheet__row") : this.root;
      const prefix = kind === "weapon" ? "weapons[]." : "armor.";
      Object.keys(values).forEach((k) => {
        const el = scope.querySelector("[data-path='" + prefix + k + "']");
        if (el) this.writeField(el, values[k]);
      });
      sel.value = "";
      this.onEdit();
    }

    // ---- characters -----------------------------------------------------------------------------------
    /* Shows character `id`; false when the choice could not be saved. */
    select(id) {
      this.flush();
      this.store.current = id;
      const ok = this.saveStore();
      this.writeForm(this.currentCharacter());
      this.renderPicker();
      this.clearDerived();
      this.scheduleCompute();
      return ok;
    }

    create() {
      if (this.store.characters.length >= MAX_CHARACTERS) {
        this.say("Новый персонаж не создан: в браузере можно держать не больше " + MAX_CHARACTERS +
          " персонажей. Сохраните лишних в файл и удалите их.", true);
        return;
      }
      const before = this.store.current;
      const ch = this.blank();
      this.store.characters.push(ch);
      if (!this.select(ch.id)) {
        // nothing is made that the next reload would lose
        const why = WHY_NOT_SAVED[this.unsaved] || WHY_NOT_SAVED.unavailable;
        this.store.characters = this.store.characters.filter((c) => c !== ch);
        if (this.select(before)) this.storageBox.hidden = true; // the list as it was is saved: no news
        this.say("Новый персонаж не создан: " + why + ".", true);
        return;
      }
      const name = this.root.querySelector("[data-path='identity.name']");
      if (name) name.focus();
      this.say("Новый персонаж создан.");
    }

    remove() {
      const ch = this.currentCharacter();
      const ok = window.confirm("Удалить персонажа «" + displayName(ch) + "» из этого браузера? " +
        "Если он ещё нужен, сначала сохраните его в файл.");
      if (!ok) return;
      const id = ch.id;
      this.store.characters = this.store.characters.filter((c) => { return c.id !== id; });
      if (!this.store.characters.length) this.store.characters.push(this.blank());
      if (this.select(this.store.characters[0].id)) this.say("Персонаж «" + displayName(ch) + "» удалён.");
      else this.say("Персонаж «" + displayName(ch) + "» удалён только в этой вкладке: браузер не сохранил изменение, после перезагрузки он вернётся.", true);
    }

    fileDocument(characters) {
      return {
        format: this.info.format, book: this.info.book, version: this.info.version,
        exported: new Date().toISOString(), characters,
      };
    }

    exportFile(all) {
      this.flush();
      const chars = all ? this.store.characters : [this.currentCharacter()];
      const name = fileName(all ? "персонажи" : ((chars[0].identity.name || "").trim() || "персонаж"));
      download(name, JSON.stringify(this.fileDocument(chars), null, 1));
      this.say(all ? "Все персонажи (" + chars.length + ") сохранены в файл «" + name + "»." : "Персонаж сохранён в файл «" + name + "».");
    }

    importFile(file) {
      if (!file) return;
      const refuse = (why) => {
        this.say("Файл «" + file.name + "» не загружен: " + why + " Сохранённые персонажи не изменились.", true);
      };
      if (file.size > MAX_FILE) { refuse("он слишком большой для листа персонажа."); return; }
      const which = " Выберите файл, записанный кнопкой «Сохранить в файл» или «Сохранить всех в файл».";
      file.text().then((text) => {
        // the browser's own words («Unexpected token…», in English) tell a reader nothing
        if (!text.trim()) { refuse("файл пуст." + which); return; }
        let raw;
        try { raw = JSON.parse(text); } catch { refuse("это не JSON, то есть не файл листа персонажа." + which); return; }
        let chars;
        try {
          chars = Schema.parseDocument(this.schema, this.info, raw);
        } catch (e) {
          if (!(e instanceof Schema.SchemaError)) throw e;
          if (/^characters\[/.test(e.field)) refuse(this.describePath(e.field) + " — " + e.message + " (поле " + e.field + ").");
          else if (/^(file|format)$/.test(e.field)) refuse(e.message + "." + which);  // another kind of file
          else refuse(e.message + " (поле " + e.field + ").");
          return;
        }
        if (this.store.characters.length + chars.length > MAX_CHARACTERS) {
          refuse("вместе с ним персонажей было бы " + (this.store.characters.length + chars.length) + " (в браузере " +
            this.store.characters.length + ", в файле " + chars.length + "), а можно не больше " + MAX_CHARACTERS +
            ". Сохраните лишних в файл и удалите их, затем загрузите этот файл снова.");
          return;
        }
        const ids = new Set(this.store.characters.map((c) => c.id));
        chars.forEach((c) => { if (!c.id || ids.has(c.id)) c.id = newId(); ids.add(c.id); });
        this.flush();
        this.store.characters = this.store.characters.concat(chars);
        if (this.select(chars[0].id)) {
          this.say(chars.length === 1 ? "Загружен персонаж «" + displayName(chars[0]) + "»." : "Загружено персонажей: " + chars.length + ".");
        } else {
          const why = WHY_NOT_SAVED[this.unsaved] || WHY_NOT_SAVED.unavailable;
          this.say((chars.length === 1
            ? "Персонаж «" + displayName(chars[0]) + "» открыт только в этой вкладке: " + why + ", и после перезагрузки его здесь не будет"
            : "Персонажи из файла (" + chars.length + ") открыты только в этой вкладке: " + why + ", и после перезагрузки их здесь не будет") +
            " (файл у вас остался).", true);
        }
      }, () => { refuse("браузер не смог его прочитать."); });
    }

    // "characters[0].traits.och.vigilant" -> "персонаж 1: Черты › Основные черты (ОЧ) › Бдительный"
    describePath(path) {
      const m = /^characters\[(\d+)\](?:\.(.*))?$/.exec(path || "");
      if (!m) return path;
      const labels = this.labels(m[2] || "");
      return "персонаж " + (parseInt(m[1], 10) + 1) + (labels.length ? ": " + labels.join(" › ") : "");
    }

    // "traits.och.vigilant" -> "Черты › Основные черты (ОЧ) › Бдительный"
    describeField(field) {
      return this.labels(field).join(" › ") || field;
    }

    labels(dotted) {
      let node = this.schema;
      const labels = [];
      dotted.split(".").filter(Boolean).forEach((part) => {
        const r = /^(\w+)(?:\[(\d+)\])?$/.exec(part);
        if (!node || !r) { node = null; return; }
        const child = (node.fields || []).filter((f) => { return f.name === r[1]; })[0];
        if (!child) { node = null; labels.push(r[1]); return; }
        labels.push(child.label + (r[2] !== undefined ? " " + (parseInt(r[2], 10) + 1) : ""));
        node = child.kind === "rows" ? child.item : child;
      });
      return labels;
    }

    say(text, problem) {
      const m = this.message;
      m.textContent = text;
      m.hidden = false;
      m.classList.toggle("is-problem", !!problem);
    }

    // ---- the engine ---------------------------------------------------------------------------------
    watchEngine() {
      if (!rb.calc) {
        this.showEngine({ state: "failed", reason: "load" });
        return;
      }
      this.unsubscribe = rb.calc.subscribe((engine) => {
        if (!this.root.isConnected) { if (this.unsubscribe) this.unsubscribe(); return; }
        this.showEngine(engine);
      });
      // Python (Pyodide, tens of MB the first time) starts when the reader first touches the
      // sheet, not when it is shown: a first visit downloads the form only. A returning reader,
      // whose character is saved here, gets the derived values once the page is idle; a browser
      // that cannot run it is told at once (nothing to download).
      const start = () => { rb.calc.start(); this.scheduleCompute(); };
      for (const type of ["pointerdown", "focusin", "keydown"]) this.root.addEventListener(type, start, { once: true });
      if (!rb.calc.supported()) start();
      else if (this.returning) (window.requestIdleCallback || setTimeout)(start, { timeout: 2000 });
    }

    showEngine(engine) {
      const s = this.status, p = this.progress;
      s.setAttribute("data-state", engine.state);
      this.root.setAttribute("data-engine", engine.state);
      if (engine.state === "loading") {
        s.textContent = rb.calc.showLoading(p, "Запуск движка правил…") + ". Лист уже можно заполнять.";
        clearTimeout(this.tick);
        this.tick = setTimeout(() => { if (engine.state === "loading") this.showEngine(engine); }, 250);
      } else if (engine.state === "ready") {
        p.hidden = true;
        s.textContent = "Движок правил готов: производные значения пересчитываются при каждом изменении.";
        if (!this.lastResult) this.scheduleCompute();
      } else if (engine.state === "failed") {
        p.hidden = true;
        s.textContent = engine.reason === "nowasm" || engine.reason === "noworker"
          ? "Этот браузер не может запустить движок правил: нужен WebAssembly (и Web Worker). Лист можно заполнять, сохранять и печатать, но производные значения не считаются."
          : engine.reason === "offline"
          ? "Нет связи с сайтом, а среда Python не сохранена для работы без сети: производные значения посчитаются, когда связь появится. Лист можно заполнять, сохранять и печатать." + rb.calc.offlineAdvice()
          : "Движок правил не загрузился. Лист можно заполнять, сохранять и печатать; обновите страницу, чтобы посчитать производные значения.";
      }
    }

    scheduleCompute(action) {
      clearTimeout(this.computeTimer);
      this.computeTimer = setTimeout(() => { this.compute(action); }, action ? 0 : 60);
    }

    compute(action) {
      const calc = rb.calc;
      if (!calc || calc.engine.state === "failed") return;
      if (calc.engine.state === "idle") calc.start();
      const seq = ++this.seq;
      const id = this.store.current;
      const inputs = { character: this.currentCharacter() };
      if (action) inputs.action = action;
      this.root.setAttribute("aria-busy", "true");
      calc.compute("sheet", inputs).then((res) => {
        if (seq !== this.seq || id !== this.store.current) return;  // a newer edit is on its way
        this.root.removeAttribute("aria-busy");
        if (!res.ok) { this.showFieldError(res.field, res.message); return; }
        if (action && res.result.character) {
          this.replaceCurrent(res.result.character);
          this.saveStore();
          this.writeForm(res.result.character);
        }
        this.renderDerived(res.result);
      }).catch(() => {
        this.root.removeAttribute("aria-busy");
      });
    }

    clearDerived() {
      this.lastResult = null;
      this.root.querySelectorAll("[data-derived]").forEach((el) => { el.textContent = "—"; });
    }

    renderDerived(r) {
      const d = r.derived;
      this.lastResult = r;
      this.root.querySelectorAll("[data-derived]").forEach((el) => {
        const row = el.closest(".rb-sheet__row");
        const index = row ? parseInt(row.getAttribute("data-index"), 10) : null;
        const v = lookup(d, parts(el.getAttribute("data-derived"), index));
        const empty = v === null || v === undefined || v === "";
        el.textContent = empty ? "—" : String(v);
        if (el.parentElement.classList.contains("rb-sheet__derived-text")) el.parentElement.hidden = empty;
      });
      // wound slots: as many boxes as the limit (ticked ones stay visible even above it)
      const limits = d.wounds.limits;
      this.root.querySelectorAll("[data-slot-group]").forEach((g) => {
        const key = g.getAttribute("data-slot-group");
        const limit = limits[key];
        let ticked = 0;
        g.querySelectorAll(".rb-sheet__box").forEach((box, i) => {
          const input = box.querySelector("input");
          if (input.checked) ticked++;
          box.hidden = i >= limit && !input.checked;
        });
        g.querySelector("[data-slot-count]").textContent = "(" + ticked + " из " + limit + ")";
      });
      this.renderList("abilities", d.abilities, (a) => {
        return [h("strong", { text: a.name }), " — " + a.source + (a.value ? ": " + a.value : "") + " ", ruleLink(a.rule)];
      }, "Способностей от черт пока нет.");
      this.renderList("effects", d.effects, (e) => { return [e.text + " ", ruleLink(e.rule)]; }, "Штрафов и особых состояний нет.");
      this.renderList("warnings", r.warnings, (w) => {
        return [h("span", { class: "rb-sheet__level", text: w.level === "info" ? "Заметка: " : "Внимание: " }), w.text + " ", ruleLink(w.rule)];
      }, "Лист не противоречит правилам.", (w) => { return w.level; });
      const problems = r.warnings.filter((w) => { return w.level !== "info"; }).length;
      const notes = r.warnings.length - problems;
      const summary = this.root.querySelector(".rb-sheet__summary");
      summary.hidden = false;
      summary.firstElementChild.textContent = problems || notes
        ? "Проверка листа: " + (problems ? "расхождений с правилами — " + problems : "расхождений нет") + (notes ? ", заметок — " + notes : "")
        : "Проверка листа: расхождений с правилами нет";
      summary.classList.toggle("has-problems", problems > 0);
      this.renderList("steps", r.steps, (s) => { return [s.text + " ", ruleLink(s.rule)]; }, "—");
      this.root.setAttribute("data-computed", String(this.seq));
    }

    renderList(name, items, make, empty, kind) {
      const list = this.root.querySelector("[data-derived-list='" + name + "']");
      if (!list) return;
      if (!items || !items.length) {
        list.replaceChildren(h("li", { class: "rb-sheet__placeholder", text: empty }));
        return;
      }
      list.replaceChildren.apply(list, items.map((it) => {
        return h("li", { "data-level": kind ? kind(it) : null }, make(it));
      }));
    }

    // ---- events -------------------------------------------------------------------------------------
    bind() {
      const root = this.root;
      root.addEventListener("input", (e) => {
        const t = e.target;
        if (t.hasAttribute("data-preset") || t === this.picker || t.type === "file") return;
        if (t.getAttribute("data-path") === "identity.nation") this.syncOrigins();
        this.onEdit();
        const cut = this.cut;
        this.cut = null;
        const slot = cut && cut.field === t && t.id ? this.root.querySelector("#" + CSS.escape(t.id + "-error")) : null;
        if (slot) {
          slot.textContent = "Вставлено не всё: поле вмещает до " + t.maxLength + " знаков, а в тексте было " + cut.length + "; конец не поместился.";
          slot.hidden = false;
        }
      });
      // A paste longer than the field's room was cut by the browser without a word (a character's
      // notes lost their end): it is said under the field once the paste is in.
      root.addEventListener("beforeinput", (e) => {
        const t = e.target;
        this.cut = null;
        if (!(t.maxLength > 0) || !/^insert/.test(e.inputType)) return;
        const text = e.data !== null ? e.data : e.dataTransfer ? e.dataTransfer.getData("text/plain") : "";
        const room = t.maxLength - (t.value.length - (t.selectionEnd - t.selectionStart));
        // a key typed at the limit is simply not taken, as the reader sees
        if (text && text.length > 1 && text.length > room) this.cut = { field: t, length: text.length };
      });
      // A number field drops, without a word, what it cannot hold: «−3» or «–3» (a minus as the
      // book's text or a phone's keyboard gives it) became 3, «2,5» became 25. Such a minus goes
      // in as «-», a comma as «.» (which the sheet then refuses: its numbers are whole).
      root.addEventListener("beforeinput", (e) => {
        if (e.target.type !== "number" || !/^insert/.test(e.inputType)) return;
        const text = e.data !== null ? e.data : e.dataTransfer ? e.dataTransfer.getData("text/plain") : "";
        const fixed = (text || "").replace(MINUS, "-").replace(/,/g, ".");
        if (fixed === text) return;
        e.preventDefault();
        document.execCommand("insertText", false, fixed);
      });
      root.addEventListener("change", (e) => {
        const t = e.target;
        if (t.hasAttribute("data-preset")) { this.applyPreset(t); return; }
        if (t === this.picker) { this.select(t.value); return; }
        if (t.type === "file") { this.importFile(t.files[0]); t.value = ""; return; }
        if (t.type === "checkbox" || t.tagName === "SELECT") this.onEdit();
      });
      root.addEventListener("click", (e) => {
        const b = e.target.closest("button");
        if (!b || !root.contains(b)) return;
        const action = b.getAttribute("data-sheet-action");
        if (action === "new") this.create();
        else if (action === "delete") this.remove();
        else if (action === "export") this.exportFile(false);
        else if (action === "export-all") this.exportFile(true);
        else if (action === "import") root.querySelector(".rb-sheet__file").click();
        else if (action === "print") { this.flush(); window.print(); }
        else if (b.hasAttribute("data-add-row")) {
          const row = this.addRow(b.getAttribute("data-add-row"));
          this.onEdit();
          const first = row && row.querySelector("input:not([type=checkbox]), select");
          if (first) first.focus();
        } else if (b.hasAttribute("data-remove-row")) {
          const r = b.closest(".rb-sheet__row");
          const name = r.getAttribute("data-row-of");
          const next = r.nextElementSibling || r.previousElementSibling;
          r.remove();
          this.numberRows(name);
          this.onEdit();
          const focus = next ? next.querySelector("input, select") : root.querySelector("[data-add-row='" + name + "']");
          if (focus) focus.focus();
        } else if (b.hasAttribute("data-engine-action")) {
          this.flush();
          this.scheduleCompute(b.getAttribute("data-engine-action"));
        }
      });
      window.addEventListener("pagehide", () => { this.flush(); });
      // room was made (the storage dialog): what failed is saved now
      window.addEventListener("rulebook:storage-freed", () => {
        if (!this.root.isConnected) return;
        if (this.blocked && STORE.setAside(this.blocked.text).ok) this.blocked = null; // room for the copy now
        this.renderAside();
        if (this.unsaved) this.saveStore();
      });
      STORE.watch(() => {
        if (!this.root.isConnected) return;
        this.loadStore();  // another tab saved: show its version
        this.writeForm(this.currentCharacter());
        this.renderPicker();
        this.scheduleCompute();
      });
    }
  }

  // ---- start -------------------------------------------------------------------------------------
  function init() {
    const root = document.querySelector(".rb-sheet");
    if (!root || root.hasAttribute("data-rb-ready")) return;
    if (!Schema) return;
    const sheet = new Sheet(root);
    sheet.start();
    rb.sheet.current = sheet;
  }

  rb.sheet = { init, current: null, store: STORE.key };
  onPage(init);
})();
