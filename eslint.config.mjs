// ESLint for the browser code (plugins/rulebook/assets), the build-time node helpers and the
// test runners written in JavaScript. One dialect: const/let, arrow callbacks, classes rather
// than prototypes, modules or strict-mode IIFEs.
import js from "@eslint/js";
import globals from "globals";

const dialect = {
  "no-var": "error",
  "prefer-const": "error",
  "prefer-arrow-callback": "error",
  "object-shorthand": ["error", "properties"],
  eqeqeq: ["error", "smart"],
  "no-restricted-syntax": [
    "error",
    {
      selector: "AssignmentExpression[left.property.name='prototype'], AssignmentExpression[left.object.property.name='prototype']",
      message: "Use a class instead of a constructor's prototype.",
    },
  ],
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
};

export default [
  {
    // search-stemmers.js is generated from Snowball by scripts/gen_stemmers_js.py
    ignores: ["node_modules/", "site/", ".venv/", ".cache/", "test-output/", "plugins/rulebook/assets/search-stemmers.js"],
  },
  js.configs.recommended,
  {
    files: ["plugins/rulebook/assets/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
    rules: dialect,
  },
  {
    // runs in the page and, for the parity test, in node
    files: ["plugins/rulebook/assets/sheet-schema.js", "plugins/rulebook/assets/repair.js"],
    languageOptions: { globals: { module: "readonly" } },
  },
  {
    files: ["plugins/rulebook/assets/calc-worker.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.worker } },
  },
  {
    files: ["plugins/rulebook/assets/sw/*.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // the search runtime works in node too (module/require) for the parity tests
    // and keeps its older dialect until its rewrite (a sharded index)
    files: ["plugins/rulebook/assets/search-*.js"],
    languageOptions: { globals: { ...globals.browser, ...globals.commonjs } },
    rules: { ...Object.fromEntries(Object.keys(dialect).map((rule) => [rule, "off"])), "no-useless-assignment": "off" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
    rules: dialect,
  },
  {
    files: ["tests/**/*.js", "scripts/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
    rules: dialect,
  },
];
