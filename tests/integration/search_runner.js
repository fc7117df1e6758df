// Runs queries through the browser runtime of the search engine in Node, for the parity tests:
//   node search_runner.js SEARCH_DIR QUERIES_JSON   (queries: [{q, book?, limit?, prefer?}]) -> JSON on stdout
// SEARCH_DIR is a built site's search/ folder (or the build's export folder): the engine reads
// the manifest, then the shards each query needs, as the palette fetches them.
"use strict";
const fs = require("fs");
const { engineAt } = require("./engine_at.js");

const [dir, queriesFile] = process.argv.slice(2);
const engine = engineAt(dir);
const queries = JSON.parse(fs.readFileSync(queriesFile, "utf8"));
(async () => {
  const out = [];
  for (const x of queries) out.push(await engine.search(x.q, x.limit || 5, x.book ? [x.book] : [], x.prefer || null));
  process.stdout.write(JSON.stringify({ results: out }));
})().catch((e) => { process.stderr.write(String(e && e.stack || e) + "\n"); process.exit(1); });
