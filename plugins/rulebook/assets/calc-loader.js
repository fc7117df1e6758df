/* rulebook: load the calculators' script and style only on pages that have a calculator.
   Runs on every page (it is a few lines); with Material's instant navigation it checks each
   new page through the document$ observable, so the worker started by calc.js survives page
   changes. */
(function () {
  "use strict";
  var here = document.currentScript && document.currentScript.src;
  var loaded = false;

  function load() {
    if (loaded || !here || !document.querySelector(".rb-calc")) return;
    loaded = true;
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL("calc.css", here).href;
    document.head.appendChild(css);
    var js = document.createElement("script");
    js.src = new URL("calc.js", here).href;
    js.defer = true;
    document.head.appendChild(js);
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(function () { load(); });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", load);
  } else {
    load();
  }
})();
