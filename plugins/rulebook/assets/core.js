/* rulebook core: what every other script of the site builds on, loaded first on every page.
   window.rulebook is the one global; each script adds its part (search, pins, calc, sheet,
   offline, …) and this one adds `core`:
     el(tag, attrs, children)  a DOM element: attrs "class", "text", "html", booleans, null skipped;
                               children are nodes or strings (text), null skipped
     onPage(fn)                fn() after every page Material shows (its document$ observable, so
                               instant navigation re-runs it), or once when the DOM is ready
     loadScript(name, opts)    a script of assets/rulebook/ once per tab; a promise
     loadStyle(name)           a stylesheet of assets/rulebook/ once per tab
     storage(name, opts)       a localStorage (or sessionStorage) entry scoped to the site root;
                               setAside()/asides() keep damaged values beside it, once each
     usage()                   what this site keeps in localStorage, entry by entry, in bytes
     storageHelp(what)         the dialog that says the browser's storage is full and frees it
     fullNotice(text, what)    a notice «… не сохранено» with the button that opens that dialog
     hash(text)                a short fingerprint of a text
     pathOf(url)               a page's path inside the site: "fatum/03-boi/"
     overlay(close)            Back closes a dialog or drawer: {opened(), closed(then)}
     root, assets              the site root and assets/rulebook/ as URLs
   Hand-written rather than a library: these are a few dozen lines, and the site ships no
   framework. */
(() => {
  "use strict";
  const rb = (window.rulebook = window.rulebook || {});
  if (rb.core) return;

  const script = document.currentScript;
  const assets = new URL("./", script ? script.src : location.href); // …/assets/rulebook/
  // the build's mark on the page's own script addresses («?v=…»), given to the ones loaded later
  const version = script ? new URL(script.src).search : "";
  const root = new URL("../../", assets); // the site root

  /* The path of a page URL inside the site, decoded, index.html dropped: "fatum/03-boi/". */
  function pathOf(url) {
    const u = new URL(url, root);
    let p = u.pathname.startsWith(root.pathname) ? u.pathname.slice(root.pathname.length) : u.pathname.replace(/^\//, "");
    try {
      p = decodeURI(p);
    } catch {
      /* keep it encoded */
    }
    return p.replace(/(^|\/)index\.html$/, "$1");
  }

  // ---- DOM -------------------------------------------------------------------------------------
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v;
      else if (k === "html") node.innerHTML = v;
      else if (k === "class") node.className = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children || []) {
      if (c !== null && c !== undefined && c !== false) node.append(c);
    }
    return node;
  }

  // ---- pages -----------------------------------------------------------------------------------
  /* Material emits each page it shows on document$ (the first at DOMContentLoaded, then one per
     instant navigation); fn runs in the next task, once Material has mounted its own parts. */
  function onPage(fn) {
    const run = () => setTimeout(fn, 0);
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(run);
    else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
    else run();
  }

  /* A header button drawn with the page (partials/header-buttons.html): `onClick` wired to it
     once (instant navigation keeps the header, and each page shown calls again). The button, or
     null where the page has none. */
  function headerButton(selector, onClick) {
    const b = document.querySelector(selector);
    if (b && !b.__rbWired) {
      b.__rbWired = true;
      b.addEventListener("click", onClick);
    }
    return b;
  }

  /* Where the page's content starts showing: below Material's sticky header. */
  function headerBottom() {
    const header = document.querySelector(".md-header");
    return Math.max(header ? header.getBoundingClientRect().bottom : 0, 0);
  }

  // ---- assets ----------------------------------------------------------------------------------
  const loading = new Map();

  /* `ordered`: run in the order asked (with others asked so), still downloading side by side. */
  function loadScript(name, { ordered = false } = {}) {
    const url = new URL(name + version, assets).href;
    if (!loading.has(url)) {
      loading.set(url, new Promise((resolve, reject) => {
        const s = el("script", { src: url });
        s.async = !ordered;
        s.onload = resolve;
        s.onerror = () => {
          loading.delete(url); // a later call may try again (back online)
          reject(new Error(name));
        };
        document.head.append(s);
      }));
    }
    return loading.get(url);
  }

  function loadStyle(name) {
    const url = new URL(name + version, assets).href;
    const present = [...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === url);
    if (present && !loading.has(url)) loading.set(url, Promise.resolve()); // the page's head has it
    if (!loading.has(url)) {
      loading.set(url, new Promise((resolve, reject) => {
        const link = el("link", { rel: "stylesheet", href: url });
        link.onload = resolve;
        link.onerror = () => reject(new Error(name));
        document.head.append(link);
      }));
    }
    return loading.get(url);
  }

  // ---- storage ---------------------------------------------------------------------------------
  /* Keys are prefixed with the site root's path, as Material prefixes its own (__md_scope, which
     `extra.scope` may widen): two sites on one origin never read each other's entries. */
  const scope = window.__md_scope instanceof URL ? window.__md_scope : root;
  const PREFIX = scope.pathname + ".rulebook.";
  const MATERIAL = scope.pathname + ".__"; // Material's own entries (the theme chosen): this site's too
  const MAX_COPIES = 10; // copies of damaged values kept beside one entry
  let lastCopy = 0;

  function area(session) {
    try {
      return session ? window.sessionStorage : window.localStorage;
    } catch {
      return null; // blocked by the browser's settings
    }
  }

  /* Why a write failed, in a word other scripts can choose a message by. */
  function failure(err) {
    const full = err && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED" || err.code === 22);
    return { ok: false, error: full ? "full" : "unavailable", message: String((err && err.message) || err) };
  }

  /* A short fingerprint of a text (cyrb53: 53 bits, hex). It names the copy of a damaged value,
     so that the same value is never set aside twice; not cryptographic. */
  function hash(text) {
    let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
  }

  /* What the browser's quota counts of an entry: key and value, two bytes a character. */
  function bytesOf(key, value) { return 2 * (key.length + (value ? value.length : 0)); }

  /* This site's entries in localStorage ({name, key, bytes}, largest first) and the bytes every
     other entry of the origin takes (other sites, other apps: only the browser can clear them). */
  function usage() {
    const s = area(false), mine = [];
    let other = 0;
    if (!s) return { mine, other, available: false };
    try {
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (key === null) continue;
        const bytes = bytesOf(key, s.getItem(key));
        if (key.startsWith(PREFIX)) mine.push({ name: key.slice(PREFIX.length), key, bytes });
        else if (key.startsWith(MATERIAL)) mine.push({ name: key.slice(scope.pathname.length + 1), key, bytes });
        else other += bytes;
      }
    } catch {
      return { mine, other, available: false };
    }
    mine.sort((a, b) => b.bytes - a.bytes);
    return { mine, other, available: true };
  }

  /* One stored entry. Reads never throw: read() says what it found ("ok", "missing",
     "unavailable", "corrupt" with the text kept), get(fallback) gives the value or the
     fallback; writes return {ok: true} or {ok: false, error: "full" | "unavailable", message}.
     `legacy`: the unscoped key an older build used; its entry is copied on first read. */
  function storage(name, { session = false, legacy = null } = {}) {
    const key = PREFIX + name;

    /* The keys of the copies set aside beside this entry, oldest first (named by time). */
    function copyKeys(s) {
      const keys = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k !== null && k.startsWith(key + ".damaged.")) keys.push(k);
      }
      return keys.sort();
    }

    function text() {
      const s = area(session);
      if (!s) return { state: "unavailable", text: null };
      try {
        let t = s.getItem(key);
        if (t === null && legacy) {
          t = s.getItem(legacy);
          if (t !== null) {
            try {
              s.setItem(key, t);
            } catch {
              /* read it from the old key again next time */
            }
          }
        }
        return { state: t === null ? "missing" : "ok", text: t };
      } catch {
        return { state: "unavailable", text: null };
      }
    }

    function read() {
      const got = text();
      if (got.state !== "ok") return { state: got.state, value: undefined, text: got.text };
      try {
        return { state: "ok", value: JSON.parse(got.text), text: got.text };
      } catch {
        return { state: "corrupt", value: undefined, text: got.text };
      }
    }

    function write(t) {
      const s = area(session);
      if (!s) return { ok: false, error: "unavailable", message: "storage is disabled" };
      try {
        s.setItem(key, t);
        return { ok: true };
      } catch (err) {
        return failure(err);
      }
    }

    return {
      key,
      read,
      get(fallback) {
        const r = read();
        return r.state === "ok" && r.value !== null ? r.value : fallback;
      },
      text: () => text().text,
      set: (value) => write(JSON.stringify(value)),
      setText: write,
      remove() {
        const s = area(session);
        try {
          if (s) s.removeItem(key);
          if (s && legacy) s.removeItem(legacy);
          return { ok: true };
        } catch (err) {
          return failure(err);
        }
      },
      /* Keeps `t` (a damaged value) beside the entry, under "<name>.damaged.<time>.<fingerprint>":
         a value already kept is not written again, so loading the same damage twice makes one
         copy; at most MAX_COPIES are kept, the oldest go. {ok, key, existed} or a failure (a full
         storage has no room for it). */
      setAside(t) {
        const s = area(session), h = hash(t);
        if (!s) return { ok: false, error: "unavailable", key: "" };
        try {
          const copies = copyKeys(s);
          // older builds named copies by time alone: theirs are compared by content too
          const legacy = (k) => !k.slice(key.length + ".damaged.".length).includes(".");
          const same = copies.find((k) => (k.endsWith("." + h) || legacy(k)) && s.getItem(k) === t);
          if (same) return { ok: true, key: same, existed: true };
          lastCopy = Math.max(Date.now(), lastCopy + 1); // names in the order copies are made
          const copy = key + ".damaged." + String(lastCopy).padStart(13, "0") + "." + h;
          s.setItem(copy, t);
          copies.slice(0, Math.max(0, copies.length + 1 - MAX_COPIES)).forEach((k) => { s.removeItem(k); });
          return { ok: true, key: copy, existed: false };
        } catch (err) {
          return { ...failure(err), key: "" };
        }
      },
      /* The copies kept beside this entry, oldest first ({key, text, bytes}), older builds' too
         (they made one per page load: copies of one value beyond the first are removed here). */
      asides() {
        const s = area(session), out = [], seen = new Set();
        if (!s) return out;
        try {
          for (const k of copyKeys(s)) {
            const t = s.getItem(k);
            if (t === null) continue;
            if (seen.has(t)) { s.removeItem(k); continue; }
            seen.add(t);
            out.push({ key: k, text: t, bytes: bytesOf(k, t) });
          }
        } catch {
          /* unreadable: nothing to list */
        }
        return out;
      },
      /* Removes one of those copies. */
      dropAside(copy) {
        const s = area(session);
        if (!s || !copy.startsWith(key + ".damaged.")) return { ok: false, error: "unavailable" };
        try {
          s.removeItem(copy);
          return { ok: true };
        } catch (err) {
          return failure(err);
        }
      },
      /* fn() when another tab changes this entry. */
      watch(fn) {
        window.addEventListener("storage", (ev) => {
          if (ev.key === key || ev.key === null) fn();
        });
      },
    };
  }

  // ---- overlays and the Back button -------------------------------------------------------------
  /* On a phone Back is how one leaves a dialog; without a history entry of its own it leaves the
     page instead. An overlay's opened() adds an entry (the same URL, so neither the browser nor
     Material's instant navigation loads anything), Back removes it and calls `close`; closing it
     another way goes back over its entry first, then runs `then` (following a link, say), so the
     history never keeps an entry of a closed overlay. The topmost open overlay closes first. */
  const open = [];
  let swallow = false; // the next popstate is the one history.back() below asked for

  /* Before Material's own listener: a popstate over an overlay's entry is ours alone. Material's
     instant navigation would take the first popstate of a page for a new location and load the
     page again, losing what the reader had typed. Window listeners run in the order they were
     added, so the page template adds one before Material's bundle runs and calls this handler
     (without that template, on another theme, this script adds its own). */
  function onPopstate(ev) {
    if (swallow) {
      swallow = false;
      ev.stopImmediatePropagation();
      return;
    }
    const top = open.pop();
    if (!top) {
      if (ev.state && ev.state.rbOverlay) {
        // Forward onto the entry of an overlay closed since: step back over it, unseen
        ev.stopImmediatePropagation();
        swallow = true;
        history.back();
      }
      return;
    }
    ev.stopImmediatePropagation();
    // the browser restores the scroll position after this event: only then the old mode again
    const restoration = top.restoration;
    setTimeout(() => { history.scrollRestoration = restoration; }, 100);
    top.close();
    keepFocus(document.activeElement);
    const then = top.then;
    top.then = null;
    if (then) then();
  }
  rb.popstate = onPopstate;
  if (!rb.earlyPopstate) window.addEventListener("popstate", onPopstate, { capture: true });

  /* Chromium blurs the focused element after a history traversal: the focus the overlay gave
     back (its opener, say) is given back again. */
  function keepFocus(node) {
    if (!node || node === document.body) return;
    const again = () => setTimeout(() => {
      if (document.activeElement === document.body && node.isConnected) node.focus({ preventScroll: true });
    }, 0);
    node.addEventListener("blur", again, { once: true });
    setTimeout(() => node.removeEventListener("blur", again), 300);
  }

  function overlay(close) {
    const self = { close, then: null, restoration: "auto" };
    return {
      opened() {
        if (open.includes(self)) return;
        open.push(self);
        // going back to the page must not scroll it
        self.restoration = history.scrollRestoration;
        history.scrollRestoration = "manual";
        history.pushState({ ...(history.state || {}), rbOverlay: true }, "", location.href);
      },
      /* After the overlay is hidden: drop its history entry, then run `then`. */
      closed(then) {
        const at = open.indexOf(self);
        if (at < 0) {
          if (then) then();
        } else if (at === open.length - 1) {
          self.then = then || null;
          history.back(); // popstate pops it, calls close (already closed) and then
        } else {
          open.splice(at, 1); // under another overlay: its entry stays, a Back later does nothing
          if (then) then();
        }
      },
    };
  }


  // ---- a full storage ------------------------------------------------------------------------
  /* The dialog that shows what this site keeps and frees room (storage-full.js, loaded when a
     reader first needs it); `what`: the sentence that says what was not saved. */
  function storageHelp(what) {
    return loadScript("storage-full.js").then(() => rb.storageFull.open(what));
  }

  /* "<text> [Освободить место…]": the notice a script shows while its writes fail. */
  function fullNotice(text, what) {
    const button = el("button", { type: "button", class: "rb-storage-help", text: "Освободить место…" });
    button.addEventListener("click", () => { storageHelp(what || text); });
    return el("span", { class: "rb-storage-notice" }, [text + " ", button]);
  }

  rb.core = { el, onPage, headerButton, headerBottom, loadScript, loadStyle, storage, usage, storageHelp, fullNotice, hash, pathOf, overlay, root, assets, version, scope };
})();
