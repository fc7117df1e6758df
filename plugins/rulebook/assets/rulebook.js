/* rulebook: scroll to and highlight the block named in the URL fragment (on first load, on hash
   changes and after Material's instant navigation, which swaps pages without a reload and does
   not update :target); keep the first column of wide tables in view on narrow screens. */
(() => {
  "use strict";
  const rb = window.rulebook;

  function highlight() {
    const id = decodeURIComponent(location.hash.slice(1));
    document.querySelectorAll(".rb-target").forEach((n) => n.classList.remove("rb-target"));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.classList.add("rb-target");
    if (target.tagName === "DT" || target.tagName === "LI" || target.hasAttribute("data-rb-block")) {
      target.setAttribute("tabindex", "-1");
    }
    target.scrollIntoView({ block: "start" });
  }

  /* A table wider than the screen keeps its first column in view while it scrolls sideways
     (position: sticky, no change of layout), unless that column is itself most of the screen. */
  function markWideTables() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach((wrap) => {
      const table = wrap.querySelector("table");
      if (!table) return;
      const first = table.querySelector("tr > :first-child");
      const wide = wrap.scrollWidth > wrap.clientWidth + 1 && first && first.offsetWidth < wrap.clientWidth * 0.45;
      wrap.classList.toggle("rb-sticky-first", Boolean(wide)); // not on the table: Material styles table:not([class])
    });
  }
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(markWideTables, 150);
  });

  rb.highlight = highlight;
  window.addEventListener("hashchange", highlight);
  rb.core.onPage(() => {
    highlight();
    requestAnimationFrame(markWideTables);
  });
})();
