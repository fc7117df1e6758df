/* rulebook: scroll to and highlight the block named in the URL fragment.
   Works on first load, on hash changes and after Material's instant navigation
   (which swaps pages without a reload and does not update :target). */
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

  rb.highlight = highlight;
  window.addEventListener("hashchange", highlight);
  rb.core.onPage(highlight);
})();
