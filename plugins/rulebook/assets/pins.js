/* rulebook: pins. Any heading or block can be pinned to a panel on the right (a drawer on narrow
   screens) and reopened with one click. Pins are grouped into named scenes, reordered by drag or
   keyboard, and kept in localStorage by stable id (site-relative page URL + element id), so they
   survive reloads and rebuilds. After a rebuild each pin is checked against the build's list of
   ids (assets/rulebook/targets.json) and against the page itself when opened: a pin whose target
   is gone stays in the list, marked as missing, with its saved title and excerpt.

   The panel lives outside Material's container, so it survives instant navigation; the pin
   buttons are added to each page through Material's document$.

   Other scripts: document.dispatchEvent(new CustomEvent("rulebook:pin", {detail: {id, url,
   title, book, excerpt?}})) pins a result; `url` is absolute or relative to the site root (a
   leading ./ or ../ means relative to the current page). window.rulebook.pins is the API.

   Stored pins are read back entry by entry (repair.js): an entry that is no pin is dropped, a
   field of the wrong type emptied, the oldest pins beyond the limit trimmed; what is dropped is
   copied aside once (a notice says so once, not on every load) and the repaired list written
   back. With no room for the copy nothing is overwritten until room is made. A failed write is
   said, with the way to free room. */
(() => {
  "use strict";
  const rb = window.rulebook;
  const { el, onPage, overlay, pathOf, storage } = rb.core;
  const repair = rb.repair;
  const MAX_PINS = repair.LIMITS.pins, MAX_SCENES = repair.LIMITS.scenes;

  const STORE = storage("pins.v1", { legacy: "rulebook.pins.v1" });
  const OPEN = storage("pins.open", { legacy: "rulebook.pins.open" });
  const PENDING = storage("pins.pending", { session: true });
  const WIDE = window.matchMedia("(min-width: 76.25em)");
  // Icons: Material Design Icons (Apache 2.0), as shipped with Material for MkDocs.
  const HEADINGS = "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]";
  const INSIDE = { P: 1, LI: 1, DT: 1, BLOCKQUOTE: 1, H1: 1, H2: 1, H3: 1, H4: 1, H5: 1, H6: 1 };
  const ICON_PIN = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M16 12V4h1V2H7v2h1v8l-2 2v2h5.2v6h1.6v-6H18v-2z"/></svg>';
  const ICON_PIN_OFF = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M16 12V4h1V2H7v2h1v8l-2 2v2h5.2v6h1.6v-6H18v-2zm-7.2 2 1.2-1.2V4h4v8.8l1.2 1.2z"/></svg>';
  const ICON_GRIP = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M7 19v-2h2v2zm4 0v-2h2v2zm4 0v-2h2v2zm-8-4v-2h2v2zm4 0v-2h2v2zm4 0v-2h2v2zm-8-4V9h2v2zm4 0V9h2v2zm4 0V9h2v2zM7 7V5h2v2zm4 0V5h2v2zm4 0V5h2v2z"/></svg>';
  const ICON_DELETE = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z"/></svg>';
  const ICON_CLOSE = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"/></svg>';

  /* An icon as a node, cloned from one parsed copy: the panel draws two per pin, and parsing
     SVG markup hundreds of times per click is what made a long list slow. */
  const icons = new Map();
  function icon(svg) {
    if (!icons.has(svg)) icons.set(svg, el("span", { html: svg }).firstChild);
    return icons.get(svg).cloneNode(true);
  }

  // ---- where we are ----------------------------------------------------------------------
  const ROOT = rb.core.root;
  // the current page's path, worked out once per address (it is asked for every pin and button)
  let hereFor = "", herePath = "";
  function here() {
    if (location.href !== hereFor) { hereFor = location.href; herePath = pathOf(hereFor); }
    return herePath;
  }
  function hrefOf(pin) { return new URL(encodeURI(pin.path) + "#" + encodeURIComponent(pin.id), ROOT).href; }
  function keyOf(path, id) { return path + "#" + id; }

  // ---- storage ---------------------------------------------------------------------------
  function fresh() { return { v: 1, current: "s1", scenes: [{ id: "s1", name: "Общие", pins: [] }] }; }

  let blocked = null; // stored text neither usable nor copied aside: not overwritten
  let unsaved = null; // why the last write failed, while it is so

  /* The stored pins, repaired; what had to go is copied aside first (once per distinct value). */
  function load() {
    const got = STORE.read();
    blocked = null;
    if (got.state === "missing" || got.state === "unavailable" || !got.text) return fresh();
    const r = got.state === "corrupt"
      ? { data: fresh(), changed: true, problem: "это не JSON", dropped: [], trimmed: [] }
      : repair.pins(got.value, { maxPins: MAX_PINS, maxScenes: MAX_SCENES });
    if (!r.changed) return r.data;
    // damage is copied aside; pins beyond the limit are not (the limit is the point), only said
    const lost = r.problem ? got.text : r.dropped.length ? JSON.stringify(r.dropped) : null;
    const copy = lost ? STORE.setAside(lost) : { ok: true, existed: true };
    if (!copy.ok) {
      blocked = got.text;
      notice([rb.core.fullNotice("Сохранённые закрепы повреждены, а места для их копии нет: " +
        "закрепы не будут сохраняться, пока место не освободится.", "Закрепы не сохраняются.")], true);
      return r.data;
    }
    const wrote = STORE.set(r.data).ok; // so that the same damage is not met (nor announced) again
    const said = [];
    if (!copy.existed) {
      if (r.problem) said.push("Сохранённые закрепы повреждены (" + r.problem + "): начат новый список");
      if (r.dropped.length) said.push("Повреждённых записей в закрепах: " + r.dropped.length + "; они убраны из списка");
      if (said.length) said[said.length - 1] += " (копия сохранена)";
    }
    if (r.trimmed.length && wrote) said.push("Закрепов было больше " + MAX_PINS + ": самые старые (" + r.trimmed.length + ") убраны");
    if (said.length) notice(said.join(". ") + ".");
    return r.data;
  }

  // the panel and its notices (built on the first page)
  let live, toast, toastTimer;
  let panel, list, toggleBtn, countEl, focusAfter = null;

  let data = load();
  let index = null; // "path#id" -> {scene, pin, index}, rebuilt after a change

  function save() {
    index = null;
    const res = blocked ? { ok: false, error: "full" } : STORE.set(data);
    if (res.ok) {
      if (unsaved) { unsaved = null; notice("Закрепы снова сохраняются."); }
    } else {
      unsaved = res.error;
      notice(res.error === "full"
        ? [rb.core.fullNotice("Закрепы не сохранены: хранилище браузера заполнено, после перезагрузки изменений не будет.", "Закрепы не сохранены.")]
        : "Закрепы не сохранены: браузер не даёт сайту хранить данные, после перезагрузки изменений не будет.", true);
    }
    render();
    syncButtons();
    return res.ok;
  }

  window.addEventListener("rulebook:storage-freed", () => {
    if (blocked && STORE.setAside(blocked).ok) blocked = null; // the copy fits now
    if (unsaved) save();
  });

  function allPins() {
    const out = [];
    data.scenes.forEach((s) => { s.pins.forEach((p) => { out.push({ scene: s, pin: p }); }); });
    return out;
  }
  function find(key) {
    if (!index) {
      index = new Map();
      data.scenes.forEach((s) => {
        s.pins.forEach((p, i) => { index.set(keyOf(p.path, p.id), { scene: s, pin: p, index: i }); });
      });
    }
    return index.get(key) || null;
  }
  function sceneById(id) { return data.scenes.filter((s) => { return s.id === id; })[0]; }
  function newId() {
    let n = data.scenes.length + 1;
    while (sceneById("s" + n)) n++;
    return "s" + n;
  }

  // ---- the build's list of ids -------------------------------------------------------------
  let targets = null; // {books, pages: {path: {t, b, h, s, x}}}

  /* The list is read when the panel first shows pins (to tell which lost their target after a
     rebuild), not on every page: it grows with the library (half a megabyte at fifty books), and
     a reader with no pins, or with the panel closed, never needs it. */
  let targetsAsked = false;
  function needTargets() {
    if (targetsAsked || !allPins().length) return;
    targetsAsked = true;
    // the panel says when the list has been read (or could not be): its pins are drawn anew then
    const told = (how) => { if (panel) panel.dataset.targets = how; };
    fetch(new URL("assets/rulebook/targets.json", ROOT), { cache: "no-cache" })
      .then((r) => { return r.ok ? r.json() : null; })
      .then((t) => { if (t && t.pages) { targets = t; render(); told("read"); } else told("none"); })
      .catch(() => { told("none"); /* offline without the service worker: pins are simply not checked */ });
  }

  /* true / false, or null when we cannot tell. The page itself, when it is the current one,
     is the authority. */
  function exists(pin) {
    if (pin.path === here() && article()) return Boolean(document.getElementById(pin.id));
    if (!targets) return null;
    const p = targets.pages[pin.path];
    if (!p) return false;
    if (!p.ids) p.ids = new Set([...(p.h || []), ...(p.x || [])]);
    if (p.ids.has(pin.id)) return true;
    const m = /^(.*)--(\d+)$/.exec(pin.id);
    if (!m || !p.s || !(m[1] in p.s)) return false;
    const s = p.s[m[1]], n = +m[2];
    return Array.isArray(s) ? s.indexOf(n) >= 0 : n >= 1 && n <= s;
  }
  function bookTitle(pin) {
    if (targets && targets.books && targets.books[pin.book]) return targets.books[pin.book];
    return pin.book || "";
  }

  // ---- reading a target in the page --------------------------------------------------------
  function article() { return document.querySelector("article.md-content__inner"); }

  function textOf(el) {
    if (!el) return "";
    const c = el.cloneNode(true);
    c.querySelectorAll(".rb-pin, .rb-pin-row, .headerlink").forEach((n) => { n.remove(); });
    return c.textContent.replace(/\s+/g, " ").trim();
  }
  function clip(s, n) { return s.length > n ? s.slice(0, n - 1).replace(/\s+\S*$/, "") + "…" : s; }
  function isHeading(el) { return /^H[1-6]$/.test(el.tagName); }

  function topLevel(el, root) {
    while (el.parentElement && el.parentElement !== root) el = el.parentElement;
    return el;
  }
  function sectionHeading(el, root) {
    let n = topLevel(el, root).previousElementSibling;
    while (n && !isHeading(n)) n = n.previousElementSibling;
    return n;
  }
  /* The first block of a heading's section, its subsections' too («3.9» opens with «Шкала
     ранений»): null only when the section has none. */
  function nextBlock(h) {
    const level = Number(h.tagName[1]);
    for (let n = h.nextElementSibling; n; n = n.nextElementSibling) {
      if (isHeading(n)) {
        if (Number(n.tagName[1]) <= level) return null;
      } else if (!n.classList.contains("rb-pin-row") && (n.hasAttribute("data-rb-block") || n.querySelector("[data-rb-block]"))) {
        return n;
      }
    }
    return null;
  }

  /* What a pin saves about an element of the current page. */
  function describe(el) {
    const root = article();
    const src = el.getAttribute("data-rb-pin-src");
    let path = here(), id = el.id;
    if (src) { path = src.split("#")[0]; id = src.split("#").slice(1).join("#"); }
    let title, excerpt;
    if (isHeading(el)) {
      title = textOf(el);
      const body = el.closest(".rb-card") ? el.closest(".rb-card").querySelector(".rb-card__body p, .rb-card__body li") : nextBlock(el);
      excerpt = textOf(body);
    } else {
      const h = sectionHeading(el, root);
      title = h ? textOf(h) : document.title;
      excerpt = textOf(el);
    }
    // the book and the page's title as this page says them (the list of targets may not be read;
    // a card's pin names another page, whose are shown from that list when the panel opens)
    const mine = path === here();
    const badge = mine ? document.querySelector(".rb-book-badge[data-book]") : null;
    const h1 = mine && root ? root.querySelector("h1") : null;
    return {
      path, id, title: clip(title, 120), excerpt: clip(excerpt, 160),
      book: badge ? badge.getAttribute("data-book") : "", page: h1 ? clip(textOf(h1), 120) : "", t: Date.now()
    };
  }

  // ---- model operations --------------------------------------------------------------------
  function add(raw, quiet) {
    const pin = repair.pinOf(raw);
    if (!pin) return false;
    const key = keyOf(pin.path, pin.id);
    if (find(key)) { if (!quiet) notice("Уже закреплено: " + (pin.title || pin.id)); return false; }
    const scene = sceneById(data.current) || data.scenes[0];
    scene.pins.push(pin);
    const all = allPins();
    if (all.length > MAX_PINS) {
      // the limit: the oldest pin makes room
      const old = all.reduce((a, b) => (b.pin.t < a.pin.t ? b : a));
      old.scene.pins.splice(old.scene.pins.indexOf(old.pin), 1);
      notice("Закрепов больше " + MAX_PINS + ": убран самый старый — «" + (old.pin.title || old.pin.id) + "».");
    }
    const saved = save();
    // a failed write has said so; no success message follows it
    if (saved) announce("Закреплено: «" + (pin.title || pin.id) + "» в сцене «" + scene.name + "»");
    if (!pin.excerpt) hydrate(pin);
    return saved;
  }
  function remove(key) {
    const hit = find(key);
    if (!hit) return false;
    hit.scene.pins.splice(hit.index, 1);
    if (save()) announce("Откреплено: «" + (hit.pin.title || hit.pin.id) + "»");
    return true;
  }
  function toggle(el) {
    const d = describe(el);
    if (!remove(keyOf(d.path, d.id))) add(d);
  }

  /* Move a pin one step through the scenes' combined order (crossing into the next scene at an end). */
  function step(key, delta) {
    const hit = find(key);
    if (!hit) return;
    const si = data.scenes.indexOf(hit.scene);
    const pins = hit.scene.pins;
    const to = hit.index + delta;
    pins.splice(hit.index, 1);
    if (to < 0 || to > pins.length) {
      const ns = data.scenes[si + delta];
      if (!ns) { pins.splice(hit.index, 0, hit.pin); announce("«" + (hit.pin.title || hit.pin.id) + "» уже " + (delta < 0 ? "первый" : "последний")); return; }
      if (delta < 0) ns.pins.push(hit.pin); else ns.pins.unshift(hit.pin);
    } else {
      pins.splice(to, 0, hit.pin);
    }
    focusAfter = "handle:" + key;
    save();
    const now = find(key);
    announce("«" + hit.pin.title + "»: позиция " + (now.index + 1) + " из " + now.scene.pins.length + ", сцена «" + now.scene.name + "»");
  }

  /* Fill in the title/excerpt of a pin made elsewhere (the palette) from its page. */
  function hydrate(pin) {
    fetch(hrefOf(pin).split("#")[0]).then((r) => { return r.ok ? r.text() : ""; }).then((html) => {
      if (!html) return;
      const doc = new DOMParser().parseFromString(html, "text/html");
      const el = doc.getElementById(pin.id);
      if (!el) return;
      const root = doc.querySelector("article.md-content__inner") || doc.body;
      const hit = find(keyOf(pin.path, pin.id));
      if (!hit) return;
      if (isHeading(el)) {
        hit.pin.title = hit.pin.title || clip(textOf(el), 120);
        hit.pin.excerpt = clip(textOf(nextBlock(el)), 160);
      } else {
        const h = sectionHeading(el, root);
        hit.pin.title = hit.pin.title || (h ? clip(textOf(h), 120) : "");
        hit.pin.excerpt = clip(textOf(el), 160);
      }
      save();
    }).catch(() => { /* offline and uncached: the pin keeps what it has */ });
  }

  // ---- notices ---------------------------------------------------------------------------
  function announce(msg) {
    if (!live) return;
    live.textContent = "";
    setTimeout(() => { live.textContent = msg; }, 30);
  }
  /* A toast; `msg` is text or a list of nodes; `stay`: shown until the next one. */
  function notice(msg, stay) {
    if (!toast) { setTimeout(() => { notice(msg, stay); }, 50); return; }
    toast.replaceChildren(...(Array.isArray(msg) ? msg : [msg]));
    toast.hidden = false;
    clearTimeout(toastTimer);
    if (!stay) toastTimer = setTimeout(() => { toast.hidden = true; }, 7000);
  }

  // ---- panel -----------------------------------------------------------------------------
  function buildPanel() {
    panel = document.getElementById("rb-pins");
    if (panel) return;
    panel = el("aside", { id: "rb-pins", class: "rb-pins", "aria-labelledby": "rb-pins-title", hidden: true });
    const head = el("div", { class: "rb-pins__head" }, [
      el("h2", { id: "rb-pins-title", class: "rb-pins__title", tabindex: "-1", text: "Закрепы" }),
      el("button", { type: "button", class: "rb-pins__close", "aria-label": "Закрыть панель закрепов", title: "Закрыть", html: ICON_CLOSE })
    ]);
    // the keys only where there are keys: a phone's reader was told to press ↑ ↓
    const help = el("p", { id: "rb-pins-help", class: "rb-pins__help" }, [
      "Порядок: перетащите за ⠿", el("span", { class: "rb-keys-only", text: " или выберите ⠿ и нажимайте ↑ ↓" }), ".",
    ]);
    list = el("div", { class: "rb-pins__scenes" });
    const form = el("form", { class: "rb-pins__new" }, [
      el("label", { for: "rb-pins-new-name", text: "Новая сцена" }),
      el("input", { id: "rb-pins-new-name", type: "text", placeholder: "Бой в траншее", maxlength: "60", autocomplete: "off" }),
      el("button", { type: "submit", class: "rb-btn", text: "Создать" })
    ]);
    const foot = el("div", { class: "rb-pins__foot" }, [
      el("button", { type: "button", class: "rb-pins__clear rb-btn", text: "Очистить всё" })
    ]);
    live = el("div", { class: "rb-sr-only", role: "status", "aria-live": "polite" });
    panel.appendChild(head); panel.appendChild(help); panel.appendChild(list);
    panel.appendChild(form); panel.appendChild(foot); panel.appendChild(live);
    document.body.appendChild(panel);
    toast = el("div", { class: "rb-toast", role: "status", hidden: true });
    document.body.appendChild(toast);

    head.querySelector(".rb-pins__close").addEventListener("click", () => { close(true); });
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = form.querySelector("input");
      const name = input.value.trim();
      if (!name) { input.focus(); announce("Введите название сцены"); return; }
      if (data.scenes.length >= MAX_SCENES) { notice("Сцен не может быть больше " + MAX_SCENES + ": удалите ненужную."); return; }
      const s = { id: newId(), name, pins: [] };
      data.scenes.push(s);
      data.current = s.id;
      input.value = "";
      save();
      announce("Создана сцена «" + name + "»; новые закрепы попадут в неё");
    });
    foot.querySelector(".rb-pins__clear").addEventListener("click", () => {
      if (!allPins().length && data.scenes.length === 1) return;
      if (!window.confirm("Убрать все закрепы и сцены?")) return;
      data = fresh();
      blocked = null; // the reader chose to drop everything, the unreadable value too
      save();
      announce("Все закрепы убраны");
      panel.querySelector(".rb-pins__title").focus();
    });
    panel.addEventListener("keydown", onPanelKey);
    list.addEventListener("pointerdown", onDragStart);
    render();
  }

  /* The toggle is in the page's header as served. */
  function buildToggle() {
    toggleBtn = rb.core.headerButton("#rb-pins-toggle", () => { isOpen() ? close(true) : open(true); });
    countEl = toggleBtn && toggleBtn.querySelector(".rb-pins-toggle__count");
  }

  function isOpen() { return panel && !panel.hidden; }

  function modal() { return !WIDE.matches; }

  function setInert(on) {
    document.querySelectorAll(".md-container, .md-header, .md-skip").forEach((n) => {
      if (on) n.setAttribute("inert", ""); else n.removeAttribute("inert");
    });
  }

  const entry = overlay(() => close(true)); // Back closes the drawer

  function open(focus) {
    buildPanel();
    panel.hidden = false;
    document.body.classList.add("rb-pins-open");
    document.body.classList.toggle("rb-pins-modal", modal());
    if (modal()) { setInert(true); panel.setAttribute("role", "dialog"); panel.setAttribute("aria-modal", "true"); entry.opened(); }
    else { panel.removeAttribute("role"); panel.removeAttribute("aria-modal"); OPEN.set(1); }
    if (toggleBtn) toggleBtn.setAttribute("aria-expanded", "true");
    render();
    if (focus) panel.querySelector(".rb-pins__title").focus();
  }

  /* `then`: what to do once the panel is closed (and the drawer's history entry gone). */
  function close(returnFocus, then) {
    if (!panel || panel.hidden) { if (then) then(); return; }
    const had = panel.contains(document.activeElement);
    panel.hidden = true;
    document.body.classList.remove("rb-pins-open", "rb-pins-modal");
    setInert(false);
    panel.removeAttribute("role"); panel.removeAttribute("aria-modal");
    if (!modal()) OPEN.remove();
    if (toggleBtn) toggleBtn.setAttribute("aria-expanded", "false");
    if (returnFocus && had && toggleBtn) toggleBtn.focus();
    entry.closed(then || null);
  }

  WIDE.addEventListener("change", () => {
    if (!isOpen()) return;
    setInert(false);
    open(false);
  });

  function render() {
    if (toggleBtn && countEl) {
      const n = allPins().length;
      countEl.textContent = n ? String(n) : "";
      toggleBtn.setAttribute("aria-label", "Закрепы" + (n ? ": " + n : ""));
    }
    // a hidden panel is drawn when it opens (open() renders): a long list costs nothing meanwhile
    if (!panel || panel.hidden) return;
    needTargets();
    const active = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.getAttribute("data-focus") : null;
    const want = focusAfter || active;
    focusAfter = null;
    // the scenes and pins already drawn are kept and moved, only changed ones are drawn anew: a
    // click on a list of hundreds touches a node or two, not all of them
    const shownPins = new Set();
    const shownScenes = new Set(place(list, data.scenes.map((scene) => renderScene(scene, shownPins))));
    sceneNodes.forEach((v, id) => { if (!shownScenes.has(v.sec)) sceneNodes.delete(id); });
    pinNodes.forEach((v, key) => { if (!shownPins.has(v.li)) pinNodes.delete(key); });
    if (want) {
      const target = panel.querySelector('[data-focus="' + cssEscape(want) + '"]');
      if (target) target.focus();
    }
  }

  function cssEscape(s) { return window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, "\\$&"); }

  /* Makes `nodes` the children of `box`, in order, moving or inserting only what differs (the
     ones gone are removed first, so that dropping the first of many moves none). */
  function place(box, nodes) {
    const wanted = new Set(nodes);
    Array.from(box.children).forEach((n) => { if (!wanted.has(n)) n.remove(); });
    let at = box.firstElementChild;
    nodes.forEach((n) => {
      if (n === at) at = at.nextElementSibling;
      else box.insertBefore(n, at);
    });
    return nodes;
  }

  const sceneNodes = new Map(); // scene id -> {sec, ol, empty}
  const pinNodes = new Map(); // "path#id" -> {li, sig}

  /* A scene's section: kept between renders (its head drawn anew, its pins kept by key). */
  function renderScene(scene, shownPins) {
    const hid = "rb-scene-" + scene.id;
    const current = scene.id === data.current;
    let node = sceneNodes.get(scene.id);
    if (!node) {
      const sec = el("section", { class: "rb-scene", "data-scene": scene.id, "aria-labelledby": hid });
      node = { sec, ol: el("ol", { class: "rb-scene__pins", "aria-labelledby": hid }), empty: el("p", { class: "rb-scene__empty" }) };
      sec.append(el("div"), node.ol, node.empty);
      sceneNodes.set(scene.id, node);
    }
    const sec = node.sec;
    sec.classList.toggle("is-current", current);
    const name = el("h3", { id: hid, class: "rb-scene__name", text: scene.name });
    const radio = el("input", { type: "radio", name: "rb-current-scene", id: hid + "-cur", "data-focus": "cur:" + scene.id, checked: current });
    radio.addEventListener("change", () => { data.current = scene.id; save(); announce("Новые закрепы попадут в сцену «" + scene.name + "»"); });
    const curLabel = el("label", { for: hid + "-cur", class: "rb-scene__current" }, [radio, el("span", { text: "сюда" })]);
    curLabel.setAttribute("title", "Новые закрепы попадают в эту сцену");
    radio.setAttribute("aria-label", "Закреплять в сцену «" + scene.name + "»");
    const rename = el("button", { type: "button", class: "rb-scene__btn", "data-focus": "ren:" + scene.id, "aria-label": "Переименовать сцену «" + scene.name + "»", title: "Переименовать", text: "✎" });
    rename.addEventListener("click", () => { startRename(sec, scene); });
    const tools = data.scenes.length > 1 ? [curLabel, rename] : [rename];
    if (data.scenes.length > 1) {
      const del = el("button", { type: "button", class: "rb-scene__btn", "data-focus": "del:" + scene.id, "aria-label": "Удалить сцену «" + scene.name + "»", title: "Удалить сцену", html: ICON_DELETE });
      del.addEventListener("click", () => {
        if (scene.pins.length && !window.confirm("Удалить сцену «" + scene.name + "» вместе с её закрепами (" + scene.pins.length + ")?")) return;
        data.scenes.splice(data.scenes.indexOf(scene), 1);
        if (data.current === scene.id) data.current = data.scenes[0].id;
        save();
        announce("Сцена «" + scene.name + "» удалена");
        panel.querySelector(".rb-pins__title").focus();
      });
      tools.push(del);
    }
    sec.firstElementChild.replaceWith(el("div", { class: "rb-scene__head" }, [name, el("div", { class: "rb-scene__tools" }, tools)]));
    place(node.ol, scene.pins.map((pin) => renderPin(pin))).forEach((li) => { shownPins.add(li); });
    node.empty.hidden = scene.pins.length > 0;
    const empty = current ? "Пусто. Нажмите булавку у заголовка или абзаца, чтобы закрепить его здесь." : "Пусто.";
    if (node.empty.textContent !== empty) node.empty.textContent = empty;
    return sec;
  }

  /* A pin's item, the one drawn before while nothing it shows has changed. */
  function renderPin(pin) {
    const key = keyOf(pin.path, pin.id);
    const ok = exists(pin);
    const missing = ok === false;
    const info = targets && targets.pages[pin.path];
    const meta = [bookTitle(pin) || (info && bookTitle({ book: info.b })), pin.page || (info && info.t)].filter(Boolean).join(" · ");
    const sig = [pin.title, pin.excerpt, meta, missing].join("\u0001");
    const had = pinNodes.get(key);
    if (had && had.sig === sig) return had.li;
    const li = el("li", { class: "rb-pinned" + (missing ? " is-missing" : ""), "data-key": key });
    const handle = el("button", {
      type: "button", class: "rb-pinned__handle", "data-focus": "handle:" + key,
      "aria-label": "Переместить «" + (pin.title || pin.id) + "»", "aria-describedby": "rb-pins-help"
    }, [icon(ICON_GRIP)]);
    const link = el("a", { class: "rb-pinned__link", href: hrefOf(pin), "data-focus": "link:" + key }, [
      el("span", { class: "rb-pinned__title", text: pin.title || pin.id }),
      meta ? el("span", { class: "rb-pinned__meta", text: meta }) : null,
      pin.excerpt ? el("span", { class: "rb-pinned__excerpt", text: pin.excerpt }) : null,
      missing ? el("span", { class: "rb-pinned__missing", text: "Не найдено в текущей версии книги" }) : null
    ]);
    link.addEventListener("click", (ev) => { const hit = find(key); if (hit) onOpen(ev, hit.pin); });
    const rm = el("button", {
      type: "button", class: "rb-pinned__remove", "data-focus": "rm:" + key,
      "aria-label": "Убрать закреп «" + (pin.title || pin.id) + "»", title: "Убрать"
    }, [icon(ICON_CLOSE)]);
    rm.addEventListener("click", () => {
      const next = li.nextElementSibling || li.previousElementSibling;
      // render() (in remove) takes focusAfter and empties it: whether a neighbour is left is
      // asked of `next`, not of focusAfter, or the focus always went to the title
      focusAfter = next ? "link:" + next.getAttribute("data-key") : null;
      remove(key);
      if (!next) panel.querySelector(".rb-pins__title").focus();
    });
    li.appendChild(handle); li.appendChild(link); li.appendChild(rm);
    pinNodes.set(key, { li, sig });
    return li;
  }

  function startRename(sec, scene) {
    const h = sec.querySelector(".rb-scene__name");
    const input = el("input", { type: "text", class: "rb-scene__rename", value: scene.name, maxlength: "60", "aria-label": "Название сцены" });
    h.textContent = "";
    h.appendChild(input);
    input.focus();
    input.select();
    let done = false;
    function finish(commit) {
      if (done) return;
      done = true;
      const v = input.value.trim();
      if (commit && v && v !== scene.name) { scene.name = v; announce("Сцена переименована: «" + v + "»"); }
      focusAfter = "ren:" + scene.id;
      save();
    }
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") { ev.preventDefault(); finish(true); }
      else if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); finish(false); }
    });
    input.addEventListener("blur", () => { finish(true); });
  }

  function onPanelKey(ev) {
    const t = ev.target;
    const li = t.closest && t.closest(".rb-pinned");
    if (li && (ev.key === "ArrowUp" || ev.key === "ArrowDown") &&
        (t.classList.contains("rb-pinned__handle") || ev.altKey)) {
      ev.preventDefault();
      step(li.getAttribute("data-key"), ev.key === "ArrowUp" ? -1 : 1);
      return;
    }
    if (ev.key === "Escape") { ev.preventDefault(); close(true); return; }
    if (ev.key === "Tab" && modal()) trapFocus(ev);
  }

  function trapFocus(ev) {
    const f = Array.from(panel.querySelectorAll("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])"))
      .filter((n) => !n.disabled && n.offsetParent !== null);
    if (!f.length) return;
    const first = f[0], last = f[f.length - 1];
    if (ev.shiftKey && (document.activeElement === first || document.activeElement === panel.querySelector(".rb-pins__title"))) { ev.preventDefault(); last.focus(); }
    else if (!ev.shiftKey && document.activeElement === last) { ev.preventDefault(); first.focus(); }
  }

  // ---- drag ------------------------------------------------------------------------------
  let drag = null;

  function onDragStart(ev) {
    const handle = ev.target.closest && ev.target.closest(".rb-pinned__handle");
    if (!handle || ev.button !== 0) return;
    const li = handle.closest(".rb-pinned");
    // Listen on the document, not with pointer capture: moving the item in the DOM would
    // release a capture.
    drag = { li, key: li.getAttribute("data-key"), y: ev.clientY, started: false, id: ev.pointerId };
    document.addEventListener("pointermove", onDragMove);
    document.addEventListener("pointerup", onDragEnd);
    document.addEventListener("pointercancel", onDragEnd);
    ev.preventDefault();
  }

  function onDragMove(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.started) {
      if (Math.abs(ev.clientY - drag.y) < 4) return;
      drag.started = true;
      drag.li.classList.add("is-dragging");
      panel.classList.add("is-sorting");
    }
    const x = ev.clientX, y = ev.clientY;
    drag.li.style.pointerEvents = "none";
    const under = document.elementFromPoint(x, y);
    drag.li.style.pointerEvents = "";
    if (!under || !panel.contains(under)) return;
    const other = under.closest(".rb-pinned");
    if (other && other !== drag.li) {
      const r = other.getBoundingClientRect();
      if (y < r.top + r.height / 2) other.parentNode.insertBefore(drag.li, other);
      else other.parentNode.insertBefore(drag.li, other.nextSibling);
    } else if (!other) {
      const sec = under.closest(".rb-scene");
      if (sec) {
        const ol = sec.querySelector(".rb-scene__pins");
        const items = ol.querySelectorAll(".rb-pinned");
        const lastItem = items[items.length - 1];
        if (!items.length || y > lastItem.getBoundingClientRect().bottom) ol.appendChild(drag.li);
        else if (y < items[0].getBoundingClientRect().top) ol.insertBefore(drag.li, items[0]);
      }
    }
    const box = list.getBoundingClientRect();
    if (y < box.top + 24) panel.scrollTop -= 12; else if (y > box.bottom - 24) panel.scrollTop += 12;
  }

  function onDragEnd(ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    document.removeEventListener("pointermove", onDragMove);
    document.removeEventListener("pointerup", onDragEnd);
    document.removeEventListener("pointercancel", onDragEnd);
    panel.classList.remove("is-sorting");
    d.li.classList.remove("is-dragging");
    if (!d.started) return;
    // The DOM order is the new order.
    const byKey = {};
    allPins().forEach((e) => { byKey[keyOf(e.pin.path, e.pin.id)] = e.pin; });
    list.querySelectorAll(".rb-scene").forEach((sec) => {
      const s = sceneById(sec.getAttribute("data-scene"));
      s.pins = Array.from(sec.querySelectorAll(".rb-pinned"), (li) => byKey[li.getAttribute("data-key")]).filter(Boolean);
    });
    focusAfter = "handle:" + d.key;
    save();
    const now = find(d.key);
    if (now) announce("«" + now.pin.title + "»: позиция " + (now.index + 1) + " из " + now.scene.pins.length + ", сцена «" + now.scene.name + "»");
  }

  // ---- opening a pin -----------------------------------------------------------------------
  function onOpen(ev, pin) {
    if (ev.defaultPrevented || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    if (exists(pin) === false && targets && !targets.pages[pin.path]) {
      ev.preventDefault();
      notice("«" + (pin.title || pin.id) + "»: этой страницы больше нет в книге. Закреп сохранён с прежним текстом.");
      return;
    }
    if (modal() && isOpen()) {
      // the drawer's history entry goes first, so that Back then returns from the pin's page;
      // go() follows the link then (Material's instant navigation must not take this click)
      ev.preventDefault();
      ev.stopPropagation();
      close(false, () => go(pin));
    } else if (pin.path === here()) {
      ev.preventDefault();
      reveal(pin);
    } else {
      PENDING.set(keyOf(pin.path, pin.id));
    }
  }

  function go(pin) {
    if (pin.path === here()) { reveal(pin); return; }
    PENDING.set(keyOf(pin.path, pin.id));
    // a real link click outside the panel, so that Material's instant navigation (if on) takes it
    const a = el("a", { href: hrefOf(pin), hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
  }

  /* Scroll to the pin's target on the current page, highlight and focus it, or say it is gone. */
  function reveal(pin) {
    const target = document.getElementById(pin.id);
    if (!target) {
      notice("«" + (pin.title || pin.id) + "» не найдено на странице: текст книги изменился после сборки. Закреп сохранён с прежним текстом.");
      render();
      return;
    }
    if (location.hash !== "#" + pin.id) history.pushState(null, "", "#" + encodeURIComponent(pin.id));
    rb.highlight();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }

  function checkPending() {
    const key = PENDING.get(null);
    if (typeof key !== "string") return;
    PENDING.remove();
    const hit = find(key);
    if (hit && hit.pin.path === here()) reveal(hit.pin);
  }

  // ---- pin buttons in the page ---------------------------------------------------------------
  let proto = null; // one parsed button, cloned for each target (parsing SVG 1000+ times is slow)

  /* A chapter has a thousand targets. Their buttons are added where the reader is: around the
     screen at once, then around the screen as the page scrolls, or around the element that takes
     the focus (Tab finds the next button). Adding all of them, even in idle slices, had the
     browser restyle and lay out the chapter after every slice: long tasks on a phone for seconds
     after the page appeared. */
  let current = null; // this page's targets, in document order: { root, todo: [element, ...] }
  function decorate() {
    const root = article();
    if (!root) return;
    if (!proto) proto = el("button", { type: "button", class: "rb-pin", "aria-pressed": "false", title: "Закрепить", html: ICON_PIN_OFF });
    const todo = [];
    let section = "";
    // Document order: the last heading met is the section of the blocks that follow.
    root.querySelectorAll(HEADINGS + ", [data-rb-block][id]").forEach((t) => {
      const heading = isHeading(t);
      if (heading) section = clip(textOf(t), 60);
      if (t.closest(".rb-card__body")) return;
      if (!t.__rbLabel) t.__rbLabel = heading ? "Закрепить раздел «" + section + "»" : "Закрепить абзац" + (section ? " из «" + section + "»" : "");
      todo.push(t);
    });
    current = { root, todo };
    attachAround(onScreen(root, todo));
  }

  const NEAR_BEFORE = 30, NEAR_AFTER = 60;
  function attachAround(at) {
    const todo = current.todo;
    const end = Math.min(todo.length, at + NEAR_AFTER);
    for (let i = Math.max(0, at - NEAR_BEFORE); i < end; i++) attach(todo[i]);
  }

  /* The index in `todo` (document order) of the first target at or after `node`: a binary search
     on document positions, which reads no box (reading each target's box would lay out the
     blocks skipped while off screen, the whole chapter). */
  function indexOf(todo, node) {
    let lo = 0, hi = todo.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = todo[mid];
      const before = t !== node && !t.contains(node) && (t.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (before) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  /* The index of the first target at or after the top of the screen: a hit test below the
     header, past what floats over the text (Material's «back to top» button) and the gaps
     between blocks. */
  function onScreen(root, todo) {
    if (!todo.length) return 0;
    const box = root.getBoundingClientRect();
    const x = (box.left + box.right) / 2;
    for (let y = Math.max(box.top, 0) + 80; y < window.innerHeight; y += 60) {
      const hit = document.elementsFromPoint(x, y).find((e) => e !== root && root.contains(e));
      if (hit) return indexOf(todo, hit);
    }
    return 0;
  }

  // While the page scrolls: at most every 100 ms, the buttons around the screen.
  let scrolled = 0;
  function onScroll() {
    if (scrolled || !current) return;
    scrolled = setTimeout(() => {
      scrolled = 0;
      if (current && current.root.isConnected) attachAround(onScreen(current.root, current.todo));
    }, 100);
  }

  function onFocus(ev) {
    if (current && current.root.isConnected && current.root.contains(ev.target)) {
      attachAround(Math.max(0, indexOf(current.todo, ev.target) - 1));
    }
  }

  function attach(t) {
    if (t.__rbButton || !t.isConnected) return;
    t.__rbButton = true;
    const b = proto.cloneNode(true);
    b.setAttribute("aria-label", t.__rbLabel);
    b.__rbTarget = t;
    paint(b);
    if (INSIDE[t.tagName]) {
      t.appendChild(b);
    } else {
      const anchor = t.closest(".md-typeset__scrollwrap") || t;
      const row = document.createElement("div");
      row.className = "rb-pin-row";
      row.appendChild(b);
      anchor.parentNode.insertBefore(row, anchor);
    }
  }

  /* A button shows whether its target is pinned. */
  function paint(b) {
    const t = b.__rbTarget;
    const src = t.getAttribute("data-rb-pin-src");
    const on = Boolean(find(src || keyOf(here(), t.id)));
    if (b.getAttribute("aria-pressed") === String(on)) return;
    b.setAttribute("aria-pressed", String(on));
    b.innerHTML = on ? ICON_PIN : ICON_PIN_OFF;
    b.title = on ? "Открепить" : "Закрепить";
  }

  function syncButtons() {
    const root = article();
    if (!root) return;
    root.querySelectorAll(".rb-pin").forEach((b) => { if (b.__rbTarget) paint(b); });
  }

  function onPageClick(ev) {
    const b = ev.target.closest && ev.target.closest(".rb-pin");
    // the tap that showed it is the one click it holds back: a key pressed on the button then (a
    // tablet's keyboard; a click with no pointer has no detail) or any later click pins
    const shown = b && b === unseen && ev.detail > 0;
    unseen = null;
    if (b && b.__rbTarget) {
      ev.preventDefault();
      if (shown) return;
      toggle(b.__rbTarget);
    }
  }

  /* Touch screens have no hover: a tap on a block shows its pin button. The unseen button lies
     over the end of its block's first line, and a tap there (to show it, to read on) pinned the
     block, or unpinned it, with no button to be seen: the tap that shows a button does only that. */
  let touched = null, unseen = null;
  function onTouch(ev) {
    unseen = null;
    if (ev.pointerType === "mouse") return; // a finger or a stylus: a stylus's tap is a tap too
    const root = article();
    if (!root || !root.contains(ev.target)) return;
    const hit = ev.target.closest(".rb-pin");
    if (hit && getComputedStyle(hit).opacity === "0") unseen = hit;
    const t = ev.target.closest("[data-rb-block][id], h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]");
    let holder = null;
    if (t && t.__rbLabel) attach(t); // a block the buttons have not reached yet
    if (t) holder = t.querySelector(":scope > .rb-pin") ? t : (t.closest(".md-typeset__scrollwrap") || t).previousElementSibling;
    else if (hit && hit.parentElement.classList.contains("rb-pin-row")) holder = hit.parentElement; // over its box's edge
    if (touched && touched !== holder) touched.classList.remove("rb-touch");
    if (holder) holder.classList.add("rb-touch");
    touched = holder;
  }

  // ---- wiring ----------------------------------------------------------------------------
  function showPage() {
    buildToggle();
    buildPanel();
    decorate();
    render();
    checkPending();
  }

  document.addEventListener("click", onPageClick);
  window.addEventListener("scroll", onScroll, { passive: true });
  document.addEventListener("focusin", onFocus);
  document.addEventListener("pointerdown", onTouch, { passive: true });
  document.addEventListener("rulebook:pin", (ev) => {
    const d = ev.detail || {};
    if (!d.url && !d.id) return;
    const base = /^\.\.?\//.test(d.url || "") ? location.href : ROOT;
    const u = new URL(d.url || "", base);
    const id = d.id || decodeURIComponent(u.hash.slice(1));
    if (!id) return;
    const path = pathOf(u.href);
    const page = targets && targets.pages[path];
    // only strings are taken from the event: an object never becomes "[object Object]"
    const str = (v) => (typeof v === "string" ? v : "");
    const pin = {
      path, id, title: clip(str(d.title), 120), excerpt: clip(str(d.excerpt), 160),
      book: str(d.book) || (page ? page.b : ""), page: page ? page.t : "", t: Date.now()
    };
    const inPage = path === here() ? document.getElementById(id) : null;
    if (inPage) {
      const seen = describe(inPage);
      pin.excerpt = pin.excerpt || seen.excerpt;
      pin.title = pin.title || seen.title;
    }
    if (add(pin)) notice("Закреплено: «" + (pin.title || id) + "»");
  });
  STORE.watch(() => {
    data = load();
    index = null;
    render();
    syncButtons();
  });

  rb.pins = {
    list: () => JSON.parse(JSON.stringify(data)),
    add: (detail) => document.dispatchEvent(new CustomEvent("rulebook:pin", { detail })),
    remove: (url, id) => remove(keyOf(pathOf(new URL(url, ROOT).href), id)),
    open: () => open(true),
    close: () => close(true),
    store: STORE.key,
  };

  onPage(showPage);
  if (OPEN.get(0) === 1 && WIDE.matches) {
    const whenReady = () => { buildToggle(); open(false); };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", whenReady); else whenReady();
  }
})();
