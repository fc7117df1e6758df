/* rulebook: land on the block named in the URL fragment (on first load, on hash changes and after
   Material's instant navigation, which swaps pages without a reload and does not update :target),
   highlight it; keep the first column of wide tables in view on narrow screens.

   Where a page Material shows lands is decided here, not left to Material: it takes
   history.state for the sign of a Back/Forward (restore the saved offset) and a null state for a
   link followed (go to the fragment), but two of its own debounced writers of the page being
   left run after the link's entry was pushed when the reader scrolled within a quarter second
   before (a tap during a flick, a link focused by Tab, an overlay closed first): the offset saver
   (100 ms) puts the old page's offset into the new entry, so Material scrolls there, and the
   anchor tracker (navigation.tracking, 250 ms) puts an anchor of the old page into the new URL,
   so the fragment names nothing. So each navigation's entry (URL and state) is noted when it
   starts, put back when the page is shown, and the page lands from that.

   Back and Forward return to the paragraph the reader was reading, not to a pixel offset: the
   blocks above it are drawn at an estimate until they come near the screen (content-visibility),
   so a saved offset names another paragraph on a page shown afresh, and Material's anchor tracker
   replaces the saved offset with the section's fragment, which is the section's start. So the
   block at the top of the screen is noted whenever the page holds still, and a Back or Forward
   to the page puts it back where it was. */
(() => {
  "use strict";
  const rb = window.rulebook;
  const SETTLE_MS = 2000; // a landed target is kept in place until the page has held still this long
  const SETTLE_MAX_MS = 10000; // and no longer than this
  const NOTE_MS = 400; // the block read is noted once scrolling has stopped this long

  function targetOf(hash) {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      /* keep it encoded */
    }
    return id ? document.getElementById(id) : null;
  }

  /* The block landed on is marked by the class rb-target, a table by an attribute: Material
     styles only the tables that have no class (table:not([class])), and a table landed on lost
     its cells' padding, its rules and its header's look for as long as it stayed the target. */
  const MARK = "data-rb-target";
  function mark(target) {
    document.querySelectorAll(".rb-target").forEach((n) => n.classList.remove("rb-target"));
    document.querySelectorAll(`[${MARK}]`).forEach((n) => n.removeAttribute(MARK));
    if (target && target.tagName === "TABLE") target.setAttribute(MARK, "");
    else if (target) target.classList.add("rb-target");
  }
  function isMarked(el) {
    return el.classList.contains("rb-target") || el.hasAttribute(MARK);
  }

  /* …and a table keeps no class. Material's focus-visible polyfill gives an element focused after
     a key, or before any pointer was used, its class, and leaves `class=""` on blur: a table
     focused so (a pin opened by the keyboard; Material's own scroll to a fragment, which
     focuses a table wider than the screen, a scroller) lost its look, and one focused by that
     scroll before Material set up the page it swapped in was left out of the box that scrolls it
     sideways. So the class is taken back at once, in the focus or key event that gave it: these
     listeners run after the polyfill's (Material's bundle runs before this script). */
  function unclass() {
    const t = document.activeElement;
    if (t && t.tagName === "TABLE" && t.classList.length === 1 && t.classList.contains("focus-visible")) {
      t.removeAttribute("class");
    }
  }
  ["focus", "keydown"].forEach((e) => document.addEventListener(e, unclass, true));

  /* Marks the block of the URL fragment; `scroll`: and brings it to the top, below the header. */
  function highlight(scroll = true) {
    const target = targetOf(location.hash);
    mark(target);
    if (!target) return null;
    if (target.tagName === "DT" || target.tagName === "LI" || target.hasAttribute("data-rb-block")) {
      target.setAttribute("tabindex", "-1");
    }
    if (scroll) {
      holdBackToTop();
      target.scrollIntoView({ block: "start" });
      settle(target);
    }
    return target;
  }

  /* Material shows its «back to top» button while the page moves up, and a landing moves it up
     (from further down the page left, or as what is above the target settles): the button then
     sat on the block landed on. It stays away until the reader moves the page themselves (an
     input, then a scroll), when Material's rule (shown while going up) is the reader's again. */
  const READER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"];
  let readerMoved = false; // since the last landing
  function holdBackToTop() {
    readerMoved = false; // an input before this landing (the tap that followed the link) is not one after it
    document.body.classList.add("rb-landed");
  }
  READER_INPUT.forEach((e) =>
    window.addEventListener(
      e,
      () => {
        readerMoved = true;
      },
      { capture: true, passive: true },
    ),
  );
  window.addEventListener(
    "scroll",
    () => {
      if (readerMoved) document.body.classList.remove("rb-landed");
    },
    { passive: true },
  );

  /* Scripts that mount after the landing (calculators, pin buttons, wide tables), late fonts and
     blocks drawn at their height for the first time change the height of what is above the
     target: it is kept where it landed until the reader moves the page, or until the page has
     held still for SETTLE_MS (a busy phone fills a page in for longer than any fixed time), and
     for SETTLE_MAX_MS at most. */
  let unsettle = null;
  function settle(target) {
    if (unsettle) unsettle();
    const content = document.querySelector(".md-content") || document.body;
    if (typeof ResizeObserver !== "function") return;
    const top = target.getBoundingClientRect().top;
    let timer = 0;
    const observer = new ResizeObserver(() => {
      if (target.isConnected) {
        const off = target.getBoundingClientRect().top - top;
        if (Math.abs(off) > 1) window.scrollBy(0, off);
      }
      clearTimeout(timer);
      timer = setTimeout(stop, SETTLE_MS);
    });
    const events = ["wheel", "touchstart", "keydown", "pointerdown"];
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(cap);
      events.forEach((e) => window.removeEventListener(e, stop, true));
      unsettle = null;
    };
    timer = setTimeout(stop, SETTLE_MS);
    const cap = setTimeout(stop, SETTLE_MAX_MS);
    events.forEach((e) => window.addEventListener(e, stop, true));
    observer.observe(content);
    unsettle = stop;
  }

  /* The block at the top of the screen, below the header: a child of the page's content (a
     paragraph, a heading, a list, a table's box), named by its id or its first descendant's (a
     list's first item, the table inside its box; the scripts of a page add children of their own,
     so a place among the children names another block on the page shown again). Found by the
     blocks' boxes, not by what is under a point: an open palette or drawer covers the page. */
  function childOf(inner, el) {
    while (el && el.parentElement !== inner) el = el.parentElement;
    return el;
  }
  function blockAtTop() {
    const inner = document.querySelector(".md-content__inner");
    if (!inner) return null;
    const below = rb.core.headerBottom();
    for (const el of inner.children) {
      const box = el.getBoundingClientRect();
      if (box.height === 0 || box.bottom <= below) continue;
      const named = el.id ? el : el.querySelector("[id]");
      if (named) return { id: named.id, top: box.top, y: window.scrollY };
    }
    return null;
  }

  /* Where the reader was on each page of this tab (a few dozen kept): the block at the top when
     the page last held still or a link was followed from it, and the offset it was at then. A
     page is shown afresh only by another page's link or by Back and Forward, and the history
     entry it comes back to has that offset saved (Material's, unless its anchor tracker replaced
     it), which tells that the entry is the one the block was read in. */
  const READING_KEPT = 50;
  const reading = new Map();
  let noting = 0;
  // the page on screen: from a link followed or a Back until the next page arrives, the URL is
  // already the next page's while this one is still read
  let shown = location.pathname;
  function noteReading() {
    const mark = blockAtTop();
    if (!mark) return;
    reading.delete(shown);
    reading.set(shown, mark);
    if (reading.size > READING_KEPT) reading.delete(reading.keys().next().value);
  }
  /* The place is noted only while the page shown is the one the URL names. From a link followed
     or a Back until the next page arrives, the URL is that page's, and Material scrolls the page
     still shown to the next entry's saved offset (a landing still settling may scroll it back): a
     place noted then is not the reader's, and it replaced theirs, so a Forward back to the page
     found no place matching its entry and landed by the pixel offset, which on the page shown
     afresh (the blocks above drawn at an estimate) can name another paragraph. */
  function noteShownReading() {
    if (location.pathname === shown) noteReading();
  }
  window.addEventListener(
    "scroll",
    () => {
      clearTimeout(noting);
      noting = setTimeout(noteShownReading, NOTE_MS);
    },
    { passive: true },
  );

  /* Back or Forward to a page read before, shown afresh: its block put back where it was. */
  function restoreReading(want) {
    const mark = reading.get(new URL(want.href).pathname);
    const y = offsetOf(want.state);
    if (!mark || (y !== null && Math.abs(y - mark.y) > 1)) return false;
    const inner = document.querySelector(".md-content__inner");
    const el = inner && childOf(inner, document.getElementById(mark.id));
    if (!el) return false;
    window.scrollBy(0, el.getBoundingClientRect().top - mark.top);
    settle(el);
    return true;
  }

  /* A saved offset ({x, y}) is what Material's Back/Forward restores; a new entry has none. */
  function offsetOf(state) {
    return state && typeof state.y === "number" ? state.y : null;
  }

  /* The page is shown (`afresh`: another page's document swapped in): its entry back to what the
     navigation asked for, then where it lands (on a Back or Forward to a page shown afresh, the
     block read there; else a saved offset, which on the page still shown names the same place,
     else the fragment's block, else the top). */
  function land(want, afresh) {
    if (location.href !== want.href || history.state !== want.state) {
      rb.ownReplace = true; // not the anchor tracker's (main.html lets it pass)
      try {
        history.replaceState(want.state, "", want.href);
      } finally {
        rb.ownReplace = false;
      }
    }
    const y = offsetOf(want.state);
    if (afresh && want.state !== null && restoreReading(want)) {
      highlight(false);
    } else if (y !== null) {
      window.scrollTo(0, y);
      highlight(false);
    } else if (!highlight(true)) {
      window.scrollTo(0, 0);
    }
  }

  /* Material emits every location it navigates to on location$ (a link followed, after it pushed
     the entry; Back/Forward and a fragment typed, at the popstate), then scrolls: for a page it
     fetches once document$ shows it (this subscriber runs after Material's), for a fragment of the
     shown page at once (its subscriber comes after this one: the landing waits a task). It
     fetches a location whose path differs from the one it was given last, and the first it is
     given: so the first Back, Forward or typed fragment on a page the browser loaded swaps in a
     fresh copy of that same page, which drops the mark of a block landed on before it arrives
     and is scrolled to Material's offset. The same rule, read off the same emissions, tells a
     location that lands again when its page is shown; one of the shown page lands at once too. */
  let want = null;
  let given = null; // the path of the location Material was given last
  if (window.location$ && window.document$) {
    window.location$.subscribe((url) => {
      const at = { href: String(url), state: history.state };
      const path = new URL(at.href).pathname;
      const fetched = path !== given || want !== null; // a page on its way: Material shows it afresh
      given = path;
      // the shown page lands at once (a reader on a slow network sees the section now), and again
      // when a fetched copy of it is shown: the copy drops the mark and Material scrolls it to the
      // entry's saved offset, which its anchor tracker may by then have replaced with none (the top)
      if (path === shown) setTimeout(() => land(at), 0);
      want = fetched ? at : null; // the latest location given for the page on its way
    });
    window.document$.subscribe(() => {
      shown = location.pathname;
      if (!want) return; // the first page: the browser has placed it
      const at = want;
      want = null;
      land(at, true);
    });

    /* A second tap on a link whose page is still on its way (on a slow network nothing seems to
       happen, so people tap again) is dropped: Material takes a click on the URL it is already
       at for a tap on the same anchor and goes Back to undo the entry it just pushed, which
       leaves the reader on the page they were leaving. */
    document.addEventListener(
      "click",
      (ev) => {
        if (ev.target instanceof Element && ev.target.closest("a[href]")) noteShownReading(); // leaving, maybe
        if (!want || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
        const link = ev.target instanceof Element ? ev.target.closest("a[href]") : null;
        if (link && !link.target && link.href === want.href) {
          ev.preventDefault();
          ev.stopPropagation();
        }
      },
      true,
    );
  }

  /* A table wider than the screen keeps its first column in view while it scrolls sideways
     (position: sticky, no change of layout), unless that column is itself most of the screen.
     A table is measured when it comes near the screen, where the browser has just laid it out:
     measuring them all at once would lay out every block skipped while off screen
     (content-visibility), the whole chapter, and each measure after another script's change
     would restyle the page again. */
  let nearing = null;
  function measureWide(wrap) {
    const table = wrap.querySelector("table");
    if (!table) return;
    const first = table.querySelector("tr > :first-child");
    const wide = wrap.scrollWidth > wrap.clientWidth + 1 && first && first.offsetWidth < wrap.clientWidth * 0.45;
    wrap.classList.toggle("rb-sticky-first", Boolean(wide)); // not on the table: Material styles table:not([class])
  }
  function markWideTables() {
    const wraps = document.querySelectorAll(".md-typeset__scrollwrap");
    if (nearing) nearing.disconnect();
    if (typeof IntersectionObserver !== "function") return wraps.forEach(measureWide);
    nearing = new IntersectionObserver((entries) => {
      entries.forEach((e) => {
        if (!e.isIntersecting) return;
        nearing.unobserve(e.target);
        measureWide(e.target);
      });
    }, { rootMargin: "50% 0px" });
    wraps.forEach((w) => nearing.observe(w));
  }
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(markWideTables, 150);
  });

  /* Whether a replacement of the URL by `url` would take the fragment away from the block
     landed on while it is still on screen (main.html keeps the fragment then): the address names
     what the reader was brought to until they scroll it away. */
  rb.keepsFragment = (url) => {
    let next;
    try {
      next = new URL(url, location.href);
    } catch {
      return false;
    }
    if (next.pathname !== location.pathname || next.search !== location.search || next.hash === location.hash) return false;
    const target = targetOf(location.hash);
    if (!target || !isMarked(target)) return false;
    const box = target.getBoundingClientRect();
    return box.bottom > rb.core.headerBottom() && box.top < window.innerHeight;
  };

  rb.highlight = () => highlight(true);
  window.addEventListener("hashchange", () => highlight(true));
  let first = true;
  rb.core.onPage(() => {
    if (first) highlight(true); // later pages landed when document$ showed them
    first = false;
    markWideTables();
  });
})();
