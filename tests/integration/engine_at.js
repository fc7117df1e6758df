// The browser's search engine in Node over a built site's search/ folder (or the build's export
// folder), reading the shards from disk as the palette fetches them; `read` replaces the reader.
"use strict";
const fs = require("fs");
const path = require("path");
const assets = path.join(__dirname, "..", "..", "plugins", "rulebook", "assets");
const { Engine } = require(path.join(assets, "search-engine.js"));

function readJson(dir, p) {
  return JSON.parse(fs.readFileSync(path.join(dir, p), "utf8"));
}

function engineAt(dir, read) {
  return new Engine(readJson(dir, "manifest.json"), read || ((p) => Promise.resolve(readJson(dir, p))));
}

module.exports = { engineAt, readJson };
