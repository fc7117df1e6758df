/* rulebook: the search palette (Ctrl+K / Cmd+K, "/", or the header button).
   The index and the engine load on first use (or when the browser is idle), from files the
   browser may cache; they survive Material's instant navigation, since this script runs once.
   All text from the index reaches the page through textContent, never as HTML. */
(() => {
  "use strict";

  const rb = window.rulebook;
  const { el, loadScript, onPage, overlay, storage } = rb.core;
  const ROOT = rb.core.root;
  const RECENT = storage("search.recent", { legacy: "rulebook.search.recent" });
  const RECENT_MAX = rb.repair.LIMITS.recent;
  let recentFailed = null; // why the last recent search could not be kept, while it is so
  const LIMIT = 12;
  const state = {
    engine: null, // answers queries (fetching the index shards each one needs)
    loading: null, // resolves with the engine once the manifest and the engine's scripts are in
    books: [], // {slug, title} from the manifest
    filter: new Set(), // chosen book slugs; empty = all books
    results: [],
    active: -1,
    lastFocus: null,
    timings: [],
    loadStarted: null, // performance.now() when the index started loading
    shownQuery: null, // the query whose results are on screen
    moved: false, // the reader moved the selection in these results
    seq: 0, // the latest query sent to the engine (older answers are dropped)
    dir: null, // the index's folder, as the manifest named it
    replaced: null, // the folder a shard was missing from (a new build replaced the index)
  };
  let ui = null;

  // ---- loading -------------------------------------------------------------------------------
  /* A request that gets no answer (a phone between cells, a captive portal) is given up after
     `fetchTimeoutMs`, so that the search fails, says so and runs again, rather than wait forever:
     an index file is a few kilobytes. */
  let fetchTimeoutMs = 10000;

  /* `promise`, or a TimeoutError once it has taken too long (`giveUp` then runs: a request is
     aborted; a script may still arrive, and the next try waits on the same load). A timer, not
     AbortSignal.timeout, which older phones lack. */
  function inTime(promise, giveUp) {
    let timer = null;
    const late = new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        if (giveUp) giveUp();
        reject(Object.assign(new Error("no answer"), { name: "TimeoutError" }));
      }, fetchTimeoutMs);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  }

  function fetchJSON(url, cache) {
    const ctl = new AbortController();
    const read = fetch(url, { credentials: "same-origin", signal: ctl.signal, cache: cache || "default" }).then((r) => {
      if (!r.ok) throw Object.assign(new Error(url + ": " + r.status), { status: r.status });
      return r.json();
    });
    read.catch(() => {}); // the abort after a time-out rejects it too, with nobody waiting
    return inTime(read, () => ctl.abort());
  }

  /* The book of the page being read (its slug is the first part of the page's path), if any. */
  function currentBook() {
    const path = location.pathname.startsWith(ROOT.pathname) ? location.pathname.slice(ROOT.pathname.length) : "";
    const slug = decodeURIComponent(path.split("/")[0] || "");
    return state.books.some((b) => { return b.slug === slug; }) ? slug : null;
  }

  /* Starts loading the index (once): the small manifest and the engine's scripts. The engine
     then fetches, per query, only the shards of the index that the query needs (and keeps them),
     so nothing large is downloaded or parsed up front, whatever the number of books. */
  function ensureLoaded() {
    if (state.loading) return state.loading;
    state.loadStarted = performance.now();
    // asked of the server each time (a 304 when unchanged): it names the folder of the index's
    // shards, which each build renames, and a copy the browser kept from before a deploy would
    // send every query to a folder the deploy removed. With no network, the copy it kept is the
    // one to use (the shards it names were kept with it)
    const manifestURL = new URL("search/manifest.json", ROOT).href;
    const manifestP = fetchJSON(manifestURL, "no-cache")
      .catch((err) => (err.status ? Promise.reject(err) : fetchJSON(manifestURL, "force-cache")));
    state.loading = Promise.all([
      // the engine looks the stemmers up when it first stems, so the two load side by side
      rb.stemmers ? null : inTime(loadScript("search-stemmers.js")),
      rb.searchEngine ? null : inTime(loadScript("search-engine.js")),
      manifestP,
    ])
      // a task of its own after the scripts': evaluating the engine and building it from the
      // manifest in one task came to 50 ms on a phone's CPU at fifty books
      .then((parts) => new Promise((ok) => { setTimeout(() => ok(parts), 0); }))
      .then((parts) => {
        const manifest = parts[2];
        const read = (path) => fetchJSON(new URL("search/" + path, ROOT).href);
        state.engine = new rb.searchEngine.Engine(manifest, read);
        state.dir = manifest.dir;
        state.books = state.engine.books.map((b) => ({ slug: b.slug, title: b.title }));
        renderChips();
        return state.engine;
      });
    // the search that waits on it says so, and tries again (`failed`)
    state.loading.catch(() => { state.loading = null; });
    return state.loading;
  }

  // ---- recent searches -------------------------------------------------------------------------
  /* The stored list cut to its limit on every read (repair.js), and written back cut, so that a
     list grown by another build or tool costs what eight entries do. */
  function recent() {
    const got = RECENT.read();
    if (got.state === "missing" || got.state === "unavailable") return [];
    const r = rb.repair.recent(got.value, RECENT_MAX);
    if (r.changed) RECENT.set(r.list);
    return r.list;
  }
  function remember(q) {
    q = q.trim();
    if (!q) return;
    const res = RECENT.set(rb.repair.recent([q, ...recent()], RECENT_MAX).list);
    recentFailed = res.ok ? null : res.error; // said when the palette next shows the recent searches
    // a full page load follows: the session remembers that it failed
    const flag = storage("search.recent.failed", { session: true });
    if (res.ok) flag.remove(); else flag.set(res.error);
  }
  // room was made (the storage dialog): the next search is tried again before anything is said
  window.addEventListener("rulebook:storage-freed", () => {
    recentFailed = null;
    storage("search.recent.failed", { session: true }).remove();
  });
  function recentProblem() {
    return recentFailed || storage("search.recent.failed", { session: true }).get(null);
  }

  // ---- DOM -------------------------------------------------------------------------------------
  const KEYS = [["↑↓", "выбрать"], ["Enter", "открыть"], ["Ctrl+Enter", "в новой вкладке"], ["Alt+P", "закрепить"], ["Esc", "закрыть"]];
  const TOUCH = "Нажмите на результат — откроется нужный абзац";
  const NARROW = window.matchMedia("(max-width: 44.984375em)");
  const CLOSE_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"/></svg>';
  const entry = overlay(() => hide()); // Back closes the palette

  function placeholder() {
    return NARROW.matches ? "Искать правило…" : "Искать правило… (@книга — только в ней)";
  }

  /* On a phone the dialog fills the visual viewport: the part of the screen the on-screen
     keyboard leaves, so the end of the list can be scrolled into view above it. */
  function fitViewport() {
    const vv = window.visualViewport;
    if (!ui || ui.root.hidden || !vv) return;
    ui.root.style.setProperty("--rb-vv-top", vv.offsetTop + "px");
    ui.root.style.setProperty("--rb-vv-height", vv.height + "px");
    ui.root.classList.toggle("is-keyboard", vv.height < window.innerHeight - 120);
  }

  function build() {
    const input = el("input", {
      class: "rb-palette__input", type: "search", id: "rb-palette-input",
      placeholder: placeholder(), autocomplete: "off", spellcheck: "false", enterkeyhint: "search",
      role: "combobox", "aria-expanded": "false", "aria-controls": "rb-palette-list",
      "aria-autocomplete": "list", "aria-label": "Поиск по правилам",
    });
    const close = el("button", { class: "rb-palette__close", type: "button", "aria-label": "Закрыть поиск", title: "Закрыть (Esc)", html: CLOSE_ICON },
      [el("span", { class: "rb-palette__close-key", "aria-hidden": "true", text: "Esc" })]);
    const chips = el("div", { class: "rb-palette__chips", role: "group", "aria-label": "Книги" });
    const status = el("div", { class: "rb-palette__status", "aria-live": "polite" });
    const list = el("ul", { class: "rb-palette__list", id: "rb-palette-list", role: "listbox", "aria-label": "Результаты поиска" });
    const footer = el("div", { class: "rb-palette__footer" }, [
      ...KEYS.map(([key, what]) => el("span", { class: "rb-palette__keys" }, [el("kbd", { text: key }), " " + what])),
      el("span", { class: "rb-palette__touch", text: TOUCH }),
    ]);
    // «@slug» names a book of this library (the one being read), once the manifest says which
    const bookHint = el("span", { class: "rb-palette__touch", hidden: true });
    footer.append(bookHint);
    const dialog = el("div", { class: "rb-palette__dialog", role: "dialog", "aria-modal": "true", "aria-label": "Поиск по правилам" }, [
      el("div", { class: "rb-palette__bar" }, [input, close]), chips, status, list, footer,
    ]);
    const backdrop = el("div", { class: "rb-palette__backdrop" });
    const root = el("div", { class: "rb-palette", hidden: true }, [backdrop, dialog]);
    document.body.append(root);

    input.addEventListener("input", (e) => update(e.timeStamp));
    input.addEventListener("keydown", onKey);
    close.addEventListener("click", hide);
    backdrop.addEventListener("click", hide);
    list.addEventListener("mousedown", (e) => e.preventDefault()); // keep focus in the input
    // the page behind stays put: wheel and touch scrolling outside the result list is dropped (a
    // class on <html> with overflow: hidden would restyle the whole page, tens of ms on a long one)
    const still = (e) => { if (!list.contains(e.target)) e.preventDefault(); };
    root.addEventListener("wheel", still, { passive: false });
    root.addEventListener("touchmove", still, { passive: false });
    list.addEventListener("click", (e) => {
      const li = e.target.closest("[data-index]");
      if (!li) return;
      const i = +li.dataset.index;
      if (li.dataset.recent !== undefined) { input.value = state.results[i].query; update(); return; }
      openResult(i, e.ctrlKey || e.metaKey);
    });
    ui = { root, input, list, status, chips, bookHint };
    renderChips();
    NARROW.addEventListener("change", () => { input.placeholder = placeholder(); });
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", fitViewport);
      window.visualViewport.addEventListener("scroll", fitViewport);
    }
  }

  function chip(text, pressed, onClick, attrs) {
    const c = el("button", { class: "rb-chip", type: "button", "aria-pressed": String(pressed), text, ...attrs });
    c.addEventListener("click", () => {
      onClick();
      renderChips();
      update();
      ui.input.focus();
    });
    return c;
  }

  function renderChips() {
    if (!ui) return;
    ui.chips.textContent = "";
    ui.bookHint.hidden = state.books.length < 2;
    if (state.books.length < 2) { ui.chips.hidden = true; return; }
    ui.bookHint.textContent = "@" + (currentBook() || state.books[0].slug) + " в запросе — искать в одной книге";
    ui.chips.hidden = false;
    ui.chips.append(chip("Все книги", state.filter.size === 0, () => state.filter.clear()));
    for (const b of state.books) {
      ui.chips.append(chip(b.title, state.filter.has(b.slug), () => {
        if (state.filter.has(b.slug)) state.filter.delete(b.slug); else state.filter.add(b.slug);
      }, { "data-book": b.slug, title: "@" + b.slug }));
    }
  }

  /* The chips show the books a search is limited to, by a chip or by an @name typed in the query
     («кровотечение @fatum» presses FATUM's chip, not «Все книги»); `slugs`: the books searched
     (the named ones, where they had no answer and the other books' are shown). */
  function showScope(slugs) {
    if (!ui || ui.chips.hidden) return;
    const limited = Array.isArray(slugs) && slugs.length > 0 && slugs.length < state.books.length;
    for (const c of ui.chips.querySelectorAll(".rb-chip")) {
      const slug = c.dataset.book;
      const on = slug ? state.filter.has(slug) || (limited && slugs.includes(slug)) : !limited && state.filter.size === 0;
      if (c.getAttribute("aria-pressed") !== String(on)) c.setAttribute("aria-pressed", String(on));
    }
  }

  /* The same words again (most keys of a word being typed) leave the status as it is: no new
     layout for the frame that shows the results. */
  function setStatus(text) {
    const now = ui.status.firstChild;
    const same = now ? now === ui.status.lastChild && now.nodeType === Node.TEXT_NODE && now.data === text : text === "";
    if (!same) ui.status.textContent = text;
  }

  /* `reveal`: scroll the item into view (the reader moved to it, or the list may be scrolled);
     the first item of a list at its top is in view already, and asking would lay the page out
     before the frame does. */
  function setActive(i, reveal = true) {
    const items = ui.list.querySelectorAll("[role=option]");
    if (!items.length) { state.active = -1; ui.input.removeAttribute("aria-activedescendant"); return; }
    i = Math.max(0, Math.min(items.length - 1, i));
    items.forEach((li, j) => {
      const selected = String(j === i);
      if (li.getAttribute("aria-selected") !== selected) li.setAttribute("aria-selected", selected);
    });
    state.active = i;
    ui.input.setAttribute("aria-activedescendant", items[i].id);
    if (reveal) items[i].scrollIntoView({ block: "nearest" });
  }

  /* What each item of the list shows, as one string (showItems). */
  const itemKeys = new WeakMap();

  /* The list made to show `items` ([key, make]: what the item shows, and how to build its <li>).
     An item that already shows the same at the same place is kept as it is: typing the rest of a
     word mostly finds the same results again, and an unchanged list needs no new layout. */
  function showItems(items) {
    const shown = ui.list.children;
    items.forEach(([key, make], i) => {
      const li = shown[i];
      if (li && itemKeys.get(li) === key) return;
      const made = make();
      itemKeys.set(made, key);
      if (li) li.replaceWith(made); else ui.list.append(made);
    });
    while (shown.length > items.length) ui.list.lastElementChild.remove();
  }

  function marked(text, marks) {
    const frag = document.createDocumentFragment();
    let pos = 0;
    for (const m of marks) {
      if (m[0] > pos) frag.append(text.slice(pos, m[0]));
      frag.append(el("mark", { text: text.slice(m[0], m[1]) }));
      pos = m[1];
    }
    frag.append(text.slice(pos));
    return frag;
  }

  function option(i, cls, children, attrs) {
    return el("li", { class: cls, id: "rb-opt-" + i, "data-index": String(i), role: "option", ...attrs }, children);
  }

  function renderRecent() {
    showScope(null); // no query, no @name: the chips say only what they hold themselves
    const items = recent();
    const scrolled = ui.list.scrollTop > 0;
    state.results = items.map((q) => ({ query: q }));
    showItems([]);
    const problem = recentProblem();
    if (problem) {
      const text = "Недавние запросы не сохраняются: " + (problem === "full" ? "хранилище браузера заполнено." : "браузер не даёт сайту хранить данные.");
      ui.status.replaceChildren(problem === "full" ? rb.core.fullNotice(text, "Недавние запросы поиска не сохраняются.") : text);
      if (!items.length) return;
    } else if (!items.length) { setStatus("Начните вводить: слово, сокращение (ОД), кубик (к20)…"); return; }
    else setStatus("Недавние запросы");
    showItems(items.map((q, i) => ["recent\u0000" + q, () => option(i, "rb-result rb-result--recent",
      [el("span", { class: "rb-result__title", text: q })], { "data-recent": "" })]));
    ui.input.setAttribute("aria-expanded", "true");
    setActive(0, scrolled);
  }

  /* The query without its @names when it is small words only («сколько», «можно ли»), else "". */
  function smallWordsOnly(q) {
    const A = state.engine.A;
    const rest = state.engine.unfiltered(q);
    const words = A.surfaces(rest);
    return words.length > 0 && words.every((w) => A.isOptional(w)) ? rest.trim() : "";
  }

  /* Everything a result's item shows (resultItem). */
  function resultKey(r) {
    return [r.title, r.original || "", r.tag || "", r.book_title, r.path.slice(1).join(" › "), r.snippet, r.highlights.join(";")].join("\u0000");
  }

  function resultItem(r, i) {
    const head = el("div", { class: "rb-result__head" }, [
      el("span", { class: "rb-result__title", text: r.title }),
      r.original ? el("span", { class: "rb-result__original", text: r.original }) : null,
      r.tag ? el("span", { class: "rb-result__tag", text: r.tag }) : null,
      el("span", { class: "rb-result__book", text: r.book_title }),
    ]);
    const crumbs = el("div", { class: "rb-result__crumbs", text: r.path.slice(1).join(" › ") });
    const snip = el("div", { class: "rb-result__snippet" }, [marked(r.snippet, r.highlights)]);
    return option(i, "rb-result", [head, crumbs, snip]);
  }

  function render(out, q) {
    showScope(out.elsewhere || out.books);
    // the same query again (its results now from every book): a result the reader moved to stays
    // chosen; otherwise the new first result is
    const before = q === state.shownQuery && state.moved && state.results[state.active];
    const keep = before && before.url ? before.url : null;
    if (q !== state.shownQuery) state.moved = false;
    // read before the list changes, while the page is laid out
    const scrolled = ui.list.scrollTop > 0;
    state.results = out.results;
    state.shownQuery = q;
    const notes = [];
    const small = !out.results.length && !out.elsewhere ? smallWordsOnly(q) : "";
    if (out.unknown_books && out.unknown_books.length) {
      notes.push("Нет книги «@" + out.unknown_books.join("», «@") + "» — книги: " +
        state.books.map((b) => "@" + b.slug).join(", "));
    }
    if (out.cut) notes.push("Длинный запрос: учтены только первые слова (" + state.engine.P.max_words + ")");
    if (out.suggestion && out.suggestion !== q.trim().toLowerCase()) {
      // results «for» the corrected words only where they were searched, not merely offered
      notes.push((out.results.length && !out.offered ? "Показаны результаты для «" : "Возможно, вы искали «") + out.suggestion + "»");
    }
    if (out.elsewhere) {
      const titles = state.books.filter((b) => out.elsewhere.includes(b.slug)).map((b) => "«" + b.title + "»");
      notes.push("Ничего не найдено в " + (titles.length === 1 ? "книге " + titles[0] : "книгах " + titles.join(", ")) + " — найдено в других книгах");
    } else if (small) {
      // «сколько», «можно ли»: the start of a question, not yet what it asks about
      notes.push("«" + small + "» — только служебные слова: допишите, о чём вопрос");
    } else if (!out.results.length && /^\s*@\s*$/.test(q)) {
      // a bare «@»: the start of a book's name, so the names it can be
      notes.push("Фильтр по книге — допишите её имя: " + state.books.map((b) => "@" + b.slug).join(", "));
    } else if (!out.results.length) notes.push("Ничего не найдено" + (state.filter.size ? " в выбранных книгах" : ""));
    else if (out.missing && out.missing.length) notes.push("Нет совпадений для «" + out.missing.join("», «") + "»");
    setStatus(notes.join(". "));
    showItems(out.results.map((r, i) => [resultKey(r), () => resultItem(r, i)]));
    ui.input.setAttribute("aria-expanded", String(out.results.length > 0));
    const again = keep ? out.results.findIndex((r) => r.url === keep) : -1;
    setActive(again > 0 ? again : 0, again > 0 || scrolled);
  }

  // ---- trying a failed search again ---------------------------------------------------------------
  /* A search that failed (a phone that lost the network, a server still writing the index) runs
     again while its query is in the open palette: after a second, then after twice as long each
     time up to half a minute, and at once when the browser says it is back online. The reader
     need not type another key to find out whether it works now. */
  const RETRY_FIRST_MS = 1000;
  const RETRY_MAX_MS = 30000;
  const retry = { timer: null, delay: 0, query: null };

  function cancelRetry() {
    if (retry.timer) clearTimeout(retry.timer);
    retry.timer = null;
  }

  function scheduleRetry(q) {
    cancelRetry();
    retry.delay = retry.query === q && retry.delay ? Math.min(RETRY_MAX_MS, retry.delay * 2) : RETRY_FIRST_MS;
    retry.query = q;
    retry.timer = setTimeout(() => {
      retry.timer = null;
      if (ui && !ui.root.hidden && ui.input.value === q) update();
    }, retry.delay);
    return retry.delay;
  }

  window.addEventListener("online", () => {
    if (!retry.timer) return;
    cancelRetry();
    if (ui && !ui.root.hidden) update();
  });

  function failed(err, q) {
    // a shard missing from the folder the manifest named: a new build was deployed while this
    // page was open. The engine goes, and the query runs again on the new build's manifest; once
    // per folder, so that a build really missing a file fails as any other error does
    if (err.status === 404 && state.engine && state.dir && state.replaced !== state.dir) {
      state.replaced = state.dir;
      state.engine = null;
      state.loading = null;
      update();
      return;
    }
    showScope(null);
    const what = state.engine ? "Поиск не удался" : "Не удалось загрузить поисковый индекс";
    // fetch rejects with a TypeError when no answer came at all, a TimeoutError when it took too long
    const why = err.status ? "сервер ответил " + err.status
      : err.name === "TimeoutError" ? "сайт не ответил"
      : err instanceof TypeError ? "нет связи с сайтом" : err.message;
    const wait = Math.round(scheduleRetry(q) / 1000);
    setStatus(what + ": " + why + ". Повторю через " + wait + " с.");
  }

  /* Runs the query in the input and renders its results; an answer that arrives after a newer
     query was typed is dropped. */
  function update(t0) {
    if (!ui) return;
    cancelRetry();
    const start = typeof t0 === "number" ? t0 : performance.now();
    const q = ui.input.value;
    const seq = ++state.seq;
    // until the answer is on screen, no query counts as rendered (tests and the benchmark wait on it)
    delete ui.root.dataset.renderedQuery;
    if (!q.trim()) { renderRecent(); return; }
    const filter = Array.from(state.filter);
    if (!state.engine) setStatus("Загрузка индекса…");
    ensureLoaded().then((engine) => {
      if (seq !== state.seq) return null;
      const e0 = performance.now();
      const stale = () => seq !== state.seq;
      return engine.search(q, LIMIT, filter, currentBook(), stale).then((out) => {
        // nothing in the chosen books (a chip, an @name): the other books' answers, said to be
        // theirs, rather than an empty list; the engine itself keeps a filter strict
        if (!out || out.results.length || out.books.length === state.books.length) return out;
        const all = engine.unfiltered(q);
        if (!all.trim()) return out;
        return engine.search(all, LIMIT, [], currentBook(), stale).then((other) => {
          if (!other || !other.results.length) return out;
          other.elsewhere = out.books;
          other.unknown_books = out.unknown_books;
          return other;
        });
      }).then((out) => {
        if (!out) return;
        const e1 = performance.now();
        if (seq !== state.seq || !ui || ui.input.value !== q) return;
        retry.delay = 0;
        render(out, q);
        requestAnimationFrame(() => {
          const at = performance.now();
          state.timings.push({ query: q, engine: e1 - e0, render: at - start, at });
          if (state.timings.length > 500) state.timings.shift();
          if (ui.input.value !== q) return;
          ui.root.dataset.renderedQuery = q;
        });
        ui.root.dataset.query = q;
      });
    }).catch((err) => {
      if (seq === state.seq && ui) failed(err, q);
    });
  }

  // ---- actions ---------------------------------------------------------------------------------
  function openResult(i, newTab) {
    const r = state.results[i];
    if (!r || r.url === undefined) return;
    remember(ui.input.value);
    const url = new URL(r.url, ROOT);
    if (newTab) { window.open(url.href, "_blank", "noopener"); return; }
    // once the palette's history entry is gone, so that Back then returns from the result
    hide(() => {
      if (url.pathname === location.pathname && url.search === location.search) {
        // a block of this page: a new entry (Back returns) and the landing, as a pin opens one,
        // with no navigation for Material to take (its scroll to the fragment would race ours)
        if (location.hash !== url.hash) history.pushState(null, "", url.hash);
        rb.highlight();
        return;
      }
      // a real link click, so that Material's instant navigation (if on) takes it
      const a = el("a", { href: url.href, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
    });
  }

  function pin(i) {
    const r = state.results[i];
    if (!r || r.url === undefined) return;
    const id = r.url.split("#")[1] || "";
    document.dispatchEvent(new CustomEvent("rulebook:pin", {
      // the snippet the reader saw is the pin's excerpt: the pins need not fetch the page for one
      // (offline, an uncached page has none to give)
      detail: { id, url: r.url, title: r.title, book: r.book, breadcrumb: r.breadcrumb, excerpt: r.snippet },
    }));
    setStatus("Закреплено: " + r.title);
  }

  function onKey(e) {
    const n = ui.list.querySelectorAll("[role=option]").length;
    if (e.key === "ArrowDown") { e.preventDefault(); state.moved = true; setActive(state.active + 1 < n ? state.active + 1 : 0); }
    else if (e.key === "ArrowUp") { e.preventDefault(); state.moved = true; setActive(state.active > 0 ? state.active - 1 : n - 1); }
    else if (e.key === "Enter") {
      e.preventDefault();
      if (state.active < 0) return;
      const r = state.results[state.active];
      if (r && r.query !== undefined) { ui.input.value = r.query; update(); return; }
      openResult(state.active, e.ctrlKey || e.metaKey);
    } else if (e.key === "Escape") { e.preventDefault(); hide(); }
    else if (e.altKey && e.code === "KeyP") { e.preventDefault(); pin(state.active); }
  }

  function show(query) {
    // the index's requests first: building and laying out the palette takes a page's frame or
    // two, which the requests spend on the way
    ensureLoaded();
    if (!ui || !document.body.contains(ui.root)) build();
    if (!ui.root.hidden) { ui.input.focus(); return; }
    state.lastFocus = document.activeElement;
    ui.root.hidden = false;
    fitViewport();
    entry.opened();
    if (typeof query === "string") ui.input.value = query;
    ui.input.focus();
    ui.input.select();
    update();
  }

  /* `then`: what to do once the palette is closed (and its history entry gone). */
  function hide(then) {
    const next = typeof then === "function" ? then : null;
    if (!ui || ui.root.hidden) { if (next) next(); return; }
    cancelRetry();
    ui.root.hidden = true;
    ui.input.setAttribute("aria-expanded", "false");
    if (state.lastFocus && state.lastFocus.focus && document.body.contains(state.lastFocus)) state.lastFocus.focus();
    entry.closed(next);
  }

  function editable(t) {
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  }

  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === "k" || e.key === "K" || e.code === "KeyK")) {
      e.preventDefault();
      if (ui && !ui.root.hidden) hide(); else show();
    } else if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !editable(e.target)) {
      if (ui && !ui.root.hidden) return;
      e.preventDefault();
      show();
    }
  }, true);

  // ---- the header button -------------------------------------------------------------------------
  // in the page's header as served, so it is where it stays from the first paint
  onPage(() => rb.core.headerButton(".rb-search-button", () => show()));

  // warm up (the manifest and the engine's scripts, a few kilobytes) when the browser is idle
  const idle = window.requestIdleCallback || function (f) { return setTimeout(f, 2000); };
  window.addEventListener("load", () => { idle(() => { ensureLoaded(); }, { timeout: 5000 }); });

  rb.search = {
    open: show,
    close: () => hide(),
    load: ensureLoaded,
    /* The results of a query from every book, as the palette would show them on this page. */
    query(q, limit, books) {
      return ensureLoaded().then((e) => { return e.search(q, limit || LIMIT, books || [], currentBook()); });
    },
    /* The engine's own time (ms) per query, for the benchmark: every query once to fetch its
       shards, then timed from the shards in memory. */
    async bench(queries, limit) {
      const e = await ensureLoaded();
      for (const q of queries) await e.search(q, limit || LIMIT, []);
      const out = [];
      for (const q of queries) {
        const t = performance.now();
        await e.search(q, limit || LIMIT, []);
        out.push(performance.now() - t);
      }
      return out;
    },
    timings: state.timings,
    /* How long one index file may take (ms) before the search is given up and tried again. */
    get fetchTimeoutMs() { return fetchTimeoutMs; },
    set fetchTimeoutMs(ms) { fetchTimeoutMs = ms; },
    get loadStarted() { return state.loadStarted; },
    get engine() { return state.engine; },
    get fetched() { return state.engine ? state.engine.store.fetched.slice() : []; },
  };
})();
