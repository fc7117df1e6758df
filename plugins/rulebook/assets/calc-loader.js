/* rulebook: load the calculators' script and style only on pages that have a calculator or the
   character sheet (which runs its engine through the same worker), and the sheet's own script
   and style only on the sheet's page. Runs on every page (it is a few lines); with Material's
   instant navigation it checks each new page, so the worker started by calc.js survives page
   changes. */
(() => {
  "use strict";
  const { loadScript, loadStyle, onPage } = window.rulebook.core;

  const quiet = () => {}; // a file that fails to load leaves the page as the build wrote it

  onPage(() => {
    const calc = document.querySelector(".rb-calc");
    const sheet = document.querySelector(".rb-sheet");
    if (calc) loadStyle("calc.css").catch(quiet);
    // in this order: calc.js (the engine bridge), then the sheet's validator, then the sheet
    if (calc || sheet) loadScript("calc.js", { ordered: true }).catch(quiet);
    if (sheet) {
      loadStyle("sheet.css").catch(quiet);
      loadScript("sheet-schema.js", { ordered: true }).catch(quiet);
      loadScript("sheet.js", { ordered: true }).catch(quiet);
    }
  });
})();
