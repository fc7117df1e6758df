// Runs queries through the browser runtime of the search engine in Node, for the parity tests:
//   node search_runner.js SITE_DIR QUERIES_JSON   (queries: [{q, book?, limit?, prefer?}]) -> JSON on stdout
"use strict";
const fs = require("fs");
const path = require("path");
const assets = path.join(__dirname, "..", "..", "plugins", "rulebook", "assets");
const { Engine } = require(path.join(assets, "search-engine.js"));

const [site, queriesFile] = process.argv.slice(2);
const dir = path.join(site, "search");
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
const engine = new Engine(manifest.analysis, manifest.corpus);
const vocab = {};
for (const b of manifest.books) {
  const book = engine.addBook(JSON.parse(fs.readFileSync(path.join(dir, b.file), "utf8")));
  vocab[book.slug] = { mismatch: book.vocabMismatch, surfaces: book.surfaces.length };
}
const queries = JSON.parse(fs.readFileSync(queriesFile, "utf8"));
const out = queries.map((x) => engine.search(x.q, x.limit || 5, x.book ? [x.book] : [], x.prefer || null));
process.stdout.write(JSON.stringify({ vocab, results: out }));
