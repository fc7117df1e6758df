/* rulebook: scroll to and highlight the block named in the URL fragment.
   Works on first load, on hash changes and after Material's instant navigation
   (which swaps pages without a reload and does not update :target). */
(function () {
  "use strict";

  function highlight() {
    var id = decodeURIComponent(location.hash.slice(1));
    document.querySelectorAll(".rb-target").forEach(function (el) { el.classList.remove("rb-target"); });
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    el.classList.add("rb-target");
    if (el.tagName === "DT" || el.tagName === "LI" || el.hasAttribute("data-rb-block")) {
      el.setAttribute("tabindex", "-1");
    }
    el.scrollIntoView({ block: "start" });
  }

  window.rulebook = window.rulebook || {};
  window.rulebook.highlight = highlight;

  window.addEventListener("hashchange", highlight);
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(function () { setTimeout(highlight, 0); });
  } else {
    document.addEventListener("DOMContentLoaded", highlight);
  }
})();
