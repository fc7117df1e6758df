/* rulebook: offline. Registers the service worker (sw.js at the site root), shows its state in a
   header button, and offers to keep the calculators' Python runtime (Pyodide) offline too, with
   the download size. A new build is installed in the background and announced; the page switches
   to it only when the reader clicks «Обновить», so one tab never mixes two builds.
   State for other scripts and tests: window.rulebook.offline.state
   ("unsupported" | "off" | "installing" | "ready" | "update" | "error"); the button and the
   dialog are drawn from it alone, so they never disagree. A new build that fails to download
   is not "error": the build kept offline still works ("ready", with updateError said in both).
   A page only a newer build has is not mixed into this build's session: the worker serves this
   build's 404 page marked `rulebook-newer-build`, and here the reader is told and offered the
   update. */
(() => {
  "use strict";
  const rb = window.rulebook;
  const { el, onPage } = rb.core;

  // Material Design Icons (Apache 2.0), as shipped with Material for MkDocs.
  const ICONS = {
    idle: '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.5 20q-2.28 0-3.89-1.57Q1 16.85 1 14.58q0-1.95 1.17-3.48 1.18-1.53 3.08-1.95.43-1.8 2.13-3.42Q9.07 4.1 11 4.1q.83 0 1.41.59.59.59.59 1.41v6.05l1.6-1.55L16 12l-4 4-4-4 1.4-1.4 1.6 1.55V6.1q-1.9.35-2.95 1.84T7 11h-.5q-1.45 0-2.47 1.03Q3 13.05 3 14.5T4.03 17q1.02 1 2.47 1h12q1.05 0 1.77-.73.73-.72.73-1.77t-.73-1.77Q19.55 13 18.5 13H17v-2q0-1.2-.55-2.24Q15.9 7.73 15 7V4.68q1.85.87 2.93 2.58Q19 9 19 11q1.73.2 2.86 1.5 1.14 1.28 1.14 3 0 1.88-1.31 3.19T18.5 20M12 11.05"/></svg>',
    ready: '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M13 19c0 .34.04.67.09 1H6.5c-1.5 0-2.81-.5-3.89-1.57C1.54 17.38 1 16.09 1 14.58q0-1.95 1.17-3.48C3.34 9.57 4 9.43 5.25 9.15c.42-1.53 1.25-2.77 2.5-3.72S10.42 4 12 4c1.95 0 3.6.68 4.96 2.04S19 9.05 19 11c1.15.13 2.1.63 2.86 1.5.51.57.84 1.21 1 1.92A5.9 5.9 0 0 0 19 13h-2v-2c0-1.38-.5-2.56-1.46-3.54C14.56 6.5 13.38 6 12 6s-2.56.5-3.54 1.46C7.5 8.44 7 9.62 7 11h-.5c-.97 0-1.79.34-2.47 1.03-.69.68-1.03 1.5-1.03 2.47s.34 1.79 1.03 2.5c.68.66 1.5 1 2.47 1h6.59c-.05.33-.09.66-.09 1m4.75.43-1.59-1.59L15 19l2.75 3 4.75-4.75-1.16-1.41z"/></svg>',
    update: '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4.03 12.03C3.34 12.71 3 13.53 3 14.5s.34 1.79 1.03 2.5c.68.66 1.5 1 2.47 1h6.59c-.05.33-.09.66-.09 1s.04.67.09 1H6.5c-1.5 0-2.81-.5-3.89-1.57C1.54 17.38 1 16.09 1 14.58q0-1.95 1.17-3.48C3.34 9.57 4 9.43 5.25 9.15c.42-1.53 1.25-2.77 2.5-3.72S10.42 4 12 4c1.95 0 3.6.68 4.96 2.04S19 9.05 19 11c1.15.13 2.1.63 2.86 1.5.51.57.84 1.21 1 1.92A5.9 5.9 0 0 0 19 13h-2v-2c0-1.38-.5-2.56-1.46-3.54C14.56 6.5 13.38 6 12 6s-2.56.5-3.54 1.46C7.5 8.44 7 9.62 7 11h-.5c-.97 0-1.79.34-2.47 1.03M16 18h2v4h2v-4h2l-3-3z"/></svg>',
    error: '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19.8 22.6 17.15 20H6.5q-2.3 0-3.9-1.6T1 14.5q0-1.92 1.19-3.42 1.19-1.51 3.06-1.93.08-.2.15-.39.1-.19.15-.41L1.4 4.2l1.4-1.4 18.4 18.4M6.5 18h8.65L7.1 9.95q-.05.28-.07.55-.03.23-.03.5h-.5q-1.45 0-2.47 1.03Q3 13.05 3 14.5T4.03 17q1.02 1 2.47 1m15.1.75-1.45-1.4q.43-.35.64-.81T21 15.5q0-1.05-.73-1.77-.72-.73-1.77-.73H17v-2q0-2.07-1.46-3.54Q14.08 6 12 6q-.67 0-1.3.16-.63.17-1.2.52L8.05 5.23q.88-.6 1.86-.92Q10.9 4 12 4q2.93 0 4.96 2.04Q19 8.07 19 11q1.73.2 2.86 1.5 1.14 1.28 1.14 3 0 1-.37 1.81-.38.84-1.03 1.44m-6.77-6.72"/></svg>'
  };

  const ROOT = rb.core.root;
  // Plain http at an address other than localhost (a laptop serving the book over the room's
  // network): the browser gives such a page no service worker, whatever the browser. The reader
  // is told that the address is why, and which address would do.
  const insecure = !window.isSecureContext;
  // the browser refuses this site its storage (site data blocked): no worker may be registered
  let denied = false;

  const api = { state: "off", version: null, groups: {}, updateError: "" };
  rb.offline = api;

  let summary = null, reg = null, button = null, dialog = null, progress = null, updating = false, error = "";
  let wantUpdate = false; // the reader asked for the new build before it was downloaded

  function mb(bytes) {
    if (bytes < 1024 * 1024) return Math.max(1, Math.round(bytes / 1024)) + " КБ";
    return (bytes / 1048576).toLocaleString("ru-RU", { maximumFractionDigits: 1 }) + " МБ";
  }

  function setState(s) {
    api.state = s;
    document.documentElement.setAttribute("data-rb-offline", s);
    paint();
  }

  // ---- header button and dialog ------------------------------------------------------------
  /* The button is in the page's header as served, unseen until `paint` knows the state. */
  function buildButton() {
    button = rb.core.headerButton("#rb-offline-toggle", openDialog);
  }

  function buildDialog() {
    if (dialog) return;
    dialog = el("dialog", { id: "rb-offline", class: "rb-offline md-typeset", "aria-labelledby": "rb-offline-title" });
    dialog.innerHTML =
      '<h2 id="rb-offline-title">Работа без сети</h2>' +
      '<p class="rb-offline__state" role="status"></p>' +
      '<progress class="rb-offline__bar" max="1" value="0" hidden></progress>' +
      '<div class="rb-offline__actions"></div>' +
      '<div class="rb-offline__runtime" hidden>' +
      '<h3>Калькуляторы и лист персонажа</h3><p class="rb-offline__runtime-text"></p><div class="rb-offline__runtime-actions"></div></div>' +
      '<form method="dialog" class="rb-offline__close"><button class="md-button" type="submit">Закрыть</button></form>';
    document.body.appendChild(dialog);
    dialog.addEventListener("close", () => { if (button) button.focus(); });
  }

  function openDialog() {
    buildDialog();
    paint(true);
    if (!dialog.open) dialog.showModal();
    ask("status");
  }

  function actionButton(label, onClick, primary) {
    const b = el("button", { type: "button", class: "md-button" + (primary ? " md-button--primary" : ""), text: label });
    b.addEventListener("click", onClick);
    return b;
  }

  /* The header button, and the dialog while it is open (or `opening`). */
  function paint(opening) {
    if (button) {
      const labels = {
        unsupported: insecure ? "Работа без сети недоступна по этому адресу" : denied ? "Браузер не даёт сайту сохраниться для работы без сети" : "Офлайн-режим недоступен в этом браузере",
        off: "Работа без сети",
        installing: "Сохранение сайта для работы без сети…",
        ready: api.updateError ? "Сайт доступен без сети; новую версию скачать не удалось" : "Сайт доступен без сети",
        update: "Доступна новая версия сайта",
        error: "Не удалось сохранить сайт для работы без сети"
      };
      const icon = api.state === "ready" ? "ready" : api.state === "update" ? "update" : api.state === "error" || api.state === "unsupported" ? "error" : "idle";
      // only what changed: the download's progress repaints many times a second, and a new
      // icon or label each time had the header restyled and laid out with it
      if (button.dataset.icon !== icon) {
        button.innerHTML = ICONS[icon];
        button.dataset.icon = icon;
      }
      const label = labels[api.state] || labels.off;
      if (button.title !== label) {
        button.setAttribute("aria-label", label);
        button.title = label;
      }
      button.classList.toggle("rb-offline-toggle--attention", api.state === "update" || Boolean(api.updateError));
      // unseen but in its place while nothing is known: shown later, it would move the others
      button.toggleAttribute("data-rb-pending", api.state === "off" && !summary);
    }
    if (!dialog || !(dialog.open || opening)) return;
    const core = summary && summary.core ? mb(summary.core.bytes) : "";
    const text = {
      unsupported: insecure
        ? "Сайт открыт по адресу " + location.origin + " без защищённого соединения, а такому адресу браузер не даёт сохранить сайт для работы без сети. " +
          "Пока есть связь, всё работает: поиск, калькуляторы, закрепы, лист персонажа. Чтобы справочник работал и без сети, откройте его по адресу https:// " +
          "(или на том компьютере, где он запущен, по адресу localhost)."
        : denied
        ? "Браузер не даёт этому сайту хранить данные (так бывает, когда запрещены файлы cookie и данные сайтов, или в приватном режиме), " +
          "а без этого сайт не сохранить для работы без сети. Пока есть связь, всё работает. Чтобы справочник работал и без сети, разрешите сайту хранить данные в настройках браузера и обновите страницу."
        : "Этот браузер не поддерживает работу сайта без сети (нет Service Worker).",
      off: "Сохранение для работы без сети выключено.",
      installing: "Сохраняю страницы и поиск для работы без сети" + (core ? " (" + core + ")" : "") + "…",
      ready: "Все страницы, поиск и закрепы доступны без сети" + (core ? " (" + core + " сохранено)" : "") + "." +
        (api.updateError ? " Это сохранённая ранее версия: новую версию сайта скачать не удалось (" + api.updateError + "). Попробуйте ещё раз, когда связь будет стабильной." : ""),
      update: "Вышла новая версия книги: она уже скачана и заработает после обновления страницы.",
      error: "Не удалось сохранить сайт для работы без сети: " + error + ". Попробуйте ещё раз, когда связь будет стабильной."
    }[api.state];
    dialog.querySelector(".rb-offline__state").textContent = text || "";
    const bar = dialog.querySelector(".rb-offline__bar");
    bar.hidden = !progress;
    if (progress) { bar.max = progress.total || 1; bar.value = progress.bytes; bar.setAttribute("aria-label", "Загружено " + mb(progress.bytes) + " из " + mb(progress.total)); }
    const actions = dialog.querySelector(".rb-offline__actions");
    actions.textContent = "";
    if (api.state === "update") actions.appendChild(actionButton("Обновить", applyUpdate, true));
    if (api.state === "error" || (api.state === "ready" && api.updateError)) actions.appendChild(actionButton("Повторить", retry, true));
    paintRuntime();
  }

  function runtimeInfo() {
    const g = (api.groups && api.groups.pyodide) || (summary && summary.groups && summary.groups.pyodide);
    return g && g.files ? g : null;
  }

  function paintRuntime() {
    const box = dialog.querySelector(".rb-offline__runtime");
    const g = runtimeInfo();
    box.hidden = !g || api.state === "unsupported";
    if (box.hidden) return;
    const p = box.querySelector(".rb-offline__runtime-text");
    const acts = box.querySelector(".rb-offline__runtime-actions");
    acts.textContent = "";
    if (g.cached) {
      p.textContent = "Среда Python для калькуляторов сохранена (" + mb(g.bytes) + "): калькуляторы и лист персонажа считают без сети.";
      acts.appendChild(actionButton("Удалить из памяти (" + mb(g.bytes) + ")", () => { ask("drop-group", "pyodide"); }));
    } else if (g.loading) {
      p.textContent = "Скачиваю среду Python для калькуляторов…";
    } else {
      p.textContent = "Калькуляторы и производные значения листа персонажа считаются на Python (Pyodide). Чтобы они считали без сети, скачайте эту среду заранее.";
      const b = actionButton("Скачать для работы без сети (" + mb(g.bytes) + ")", () => {
        g.loading = true;
        ask("cache-group", "pyodide");
        paint();
      }, true);
      b.disabled = api.state !== "ready";
      if (b.disabled) b.title = "Сначала должен сохраниться сам сайт";
      acts.appendChild(b);
    }
  }

  // ---- talking to the worker ---------------------------------------------------------------
  function ask(type, group) {
    const w = reg && (reg.active || reg.waiting || reg.installing);
    if (w) w.postMessage({ type, group });
  }

  function applyUpdate() {
    if (!reg || !reg.waiting) { location.reload(); return; }
    updating = true;
    reg.waiting.postMessage({ type: "skip-waiting" });
  }

  function retry() {
    error = "";
    if (api.updateError) {
      // the build kept offline stays usable while its successor is fetched again
      api.updateError = "";
      paint();
      if (reg) reg.update().catch((e) => { api.updateError = String(e.message || e); paint(); });
      return;
    }
    setState("installing");
    if (reg) reg.update().catch((e) => { error = String(e.message || e); setState("error"); });
    else start();
  }

  /* «Обновить» on a page only the newer build has: take the new build, downloading it first if
     it is not here yet. */
  function update() {
    if (reg && reg.waiting) { applyUpdate(); return; }
    wantUpdate = true;
    newerBuild();
    if (reg) reg.update().catch(() => { wantUpdate = false; newerBuild("Новую версию сейчас не скачать: нет связи. Попробуйте позже."); });
    else location.reload();
  }

  function onMessage(ev) {
    const m = ev.data || {};
    if (m.scope && m.scope !== ROOT.href) return; // the worker of another site on this origin
    if (m.type === "rulebook-offline-progress") {
      if (m.group === "core") {
        progress = m.done < m.files ? { bytes: m.bytes, total: m.total } : null;
        // A first install is shown; a new build downloading behind the current one is not.
        if (!(reg && reg.active)) setState("installing");
      } else {
        const g = runtimeInfo();
        if (g) g.loading = m.done < m.files;
        progress = m.done < m.files ? { bytes: m.bytes, total: m.total } : null;
      }
      paint();
    } else if (m.type === "rulebook-offline-ready") {
      progress = null;
      ask("status");
    } else if (m.type === "rulebook-offline-status") {
      api.version = m.version;
      api.groups = m.groups || {};
      if (reg && reg.waiting) setState("update");
      else if (m.core) setState("ready");
      paint();
    } else if (m.type === "rulebook-offline-cached") {
      progress = null;
      ask("status");
    } else if (m.type === "rulebook-offline-error") {
      progress = null;
      const message = m.message || "ошибка";
      if (m.group) { const gg = runtimeInfo(); if (gg) gg.loading = false; paint(); }
      else if ((reg && reg.active) || navigator.serviceWorker.controller) {
        // a new build failed to download: the one kept offline still answers every page
        api.updateError = message;
        wantUpdate = false;
        if (api.state === "installing" || api.state === "error") setState("ready"); else paint();
        newerBuild();
      } else { error = message; setState("error"); }
    }
  }

  function track(r) {
    reg = r;
    if (r.waiting && r.active) setState("update");
    r.addEventListener("updatefound", () => {
      const w = r.installing;
      if (!w) return;
      if (!r.active) setState("installing");
      w.addEventListener("statechange", () => {
        if (w.state === "installed" && r.active && r.active !== w) {
          api.updateError = "";
          setState("update");
          if (wantUpdate) applyUpdate();
        }
        if (w.state === "activated") ask("status");
        if (w.state === "redundant" && api.state === "installing") { error = error || "загрузка прервалась"; setState("error"); }
      });
    });
    if (r.active) ask("status");
    else if (r.installing) setState("installing");
  }

  function start() {
    // with no network the worker kept from the last visit has the sizes; asking the server only
    // failed, and every page logged the failed request
    (navigator.onLine === false ? Promise.resolve(null) : fetch(new URL("offline-manifest.json", ROOT), { cache: "no-cache" })
      .then((res) => { return res.ok ? res.json() : null; }))
      .catch(() => { return null; })
      .then((s) => {
        summary = s;
        if (s && s.enabled === false) {
          // `mkdocs serve`: drop any worker left by a built copy on this origin.
          navigator.serviceWorker.getRegistrations().then((rs) => { rs.forEach((r) => { r.unregister(); }); });
          setState("off");
          return;
        }
        return navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname }).then(track);
      })
      .catch((e) => {
        // Chromium's words for it: «…: The user denied permission to use Service Worker.»
        if (e && e.name === "SecurityError") { denied = true; setState("unsupported"); return; }
        error = String(e && e.message || e);
        setState("error");
      });
  }

  // ---- a page of a newer build -------------------------------------------------------------------
  /* On the page the worker marked: says that the address belongs to a newer build than this
     session's, and offers to switch (or, `problem`, why that cannot be done now). */
  function newerBuild(problem) {
    if (!document.querySelector("meta[name='rulebook-newer-build']")) return;
    const article = document.querySelector("article.md-content__inner") || document.querySelector(".md-content");
    if (!article) return;
    let box = document.getElementById("rb-newer-build");
    if (!box) {
      box = el("div", { id: "rb-newer-build", class: "admonition warning", role: "status" });
      article.prepend(box);
    }
    const failed = problem || (api.updateError ? "Новую версию сейчас не скачать (" + api.updateError + "); попробуйте позже." : "");
    box.replaceChildren(
      el("p", { class: "admonition-title", text: "Эта страница — из более новой версии сайта" }),
      el("p", { text: "В этой вкладке открыта прежняя версия (её страницы сохранены для работы без сети), а такой страницы в ней нет. " +
        "Чтобы открыть страницу, перейдите на новую версию сайта." }),
      ...(failed ? [el("p", { text: failed })] : []),
      actionButton(wantUpdate ? "Скачиваю новую версию…" : failed ? "Попробовать ещё раз" : "Перейти на новую версию", update, true)
    );
    box.querySelector("button").disabled = wantUpdate;
  }

  // A long session with instant navigation never reloads: look for a new build now and then.
  let lastCheck = Date.now();
  function init() {
    buildButton();
    paint();
    newerBuild();
    if (reg && Date.now() - lastCheck > 10 * 60 * 1000) {
      lastCheck = Date.now();
      reg.update().catch(() => { /* offline: try again later */ });
    }
  }

  if (insecure || !("serviceWorker" in navigator)) {
    api.state = "unsupported";
  } else {
    navigator.serviceWorker.addEventListener("message", onMessage);
    navigator.serviceWorker.addEventListener("controllerchange", () => { if (updating) location.reload(); });
    navigator.serviceWorker.startMessages();
    // Saving the site (megabytes) waits until the page has loaded and the browser is idle, so it
    // never competes with what the reader opened.
    const later = () => (window.requestIdleCallback || setTimeout)(start, { timeout: 3000 });
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  }
  onPage(init);
})();
