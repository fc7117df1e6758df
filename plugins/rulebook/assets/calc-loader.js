/* rulebook: load the calculators' script and style only on pages that have a calculator or the
   character sheet (which runs its engine through the same worker), and the sheet's own script
   and style only on the sheet's page. Runs on every page (it is a few lines); with Material's
   instant navigation it checks each new page through the document$ observable, so the worker
   started by calc.js survives page changes. */
(function () {
  "use strict";
  var here = document.currentScript && document.currentScript.src;
  var loaded = {};

  function add(name) {
    if (loaded[name]) return;
    loaded[name] = true;
    if (/\.css$/.test(name)) {
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = new URL(name, here).href;
      document.head.appendChild(css);
      return;
    }
    var js = document.createElement("script");
    js.src = new URL(name, here).href;
    js.async = false;  // in insertion order: calc.js (the engine bridge) before sheet.js
    document.head.appendChild(js);
  }

  function load() {
    if (!here) return;
    var sheet = document.querySelector(".rb-sheet");
    if (document.querySelector(".rb-calc")) add("calc.css");
    if (document.querySelector(".rb-calc") || sheet) add("calc.js");
    if (sheet) { add("sheet.css"); add("sheet-schema.js"); add("sheet.js"); }
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(function () { load(); });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", load);
  } else {
    load();
  }
})();
