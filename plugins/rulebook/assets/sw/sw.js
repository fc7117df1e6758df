/* rulebook service worker: the whole site offline, one build at a time.
   The build fills OFFLINE with the file list of this build (path, size, content hash) and the
   site's version (a hash of that list). Install fills the cache "rulebook-core-<version>",
   re-using unchanged files from the previous build's cache and checking every file against its
   hash, so a cache never mixes two builds; activate deletes the caches of other builds. Optional
   groups (the Pyodide runtime) are cached only when a page asks; once the reader has opted in,
   a new build refreshes them too. A new worker waits until the page asks it to take over (the
   «Обновить» button) or until every tab of the old build is closed. */
"use strict";

const OFFLINE = /*@RULEBOOK_OFFLINE@*/ {};
const PREFIX = "rulebook-";
const SCOPE = self.registration.scope; // the site root, with a trailing slash
const META = SCOPE + "__rulebook-offline.json"; // per-cache: {path: hash} of what it holds
const PARALLEL = 6;

function cacheName(group, version) { return PREFIX + group + "-" + version; }
const CORE = cacheName("core", OFFLINE.version);
const GROUPS = OFFLINE.groups || {};

// path -> [cache name, hash]
const INDEX = new Map();
for (const [path, , hash] of OFFLINE.core || []) INDEX.set(path, [CORE, hash]);
for (const [name, g] of Object.entries(GROUPS)) {
  for (const [path, , hash] of g.files) INDEX.set(path, [cacheName(name, g.version), hash]);
}

async function broadcast(msg) {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of all) c.postMessage(msg);
}

async function sha(buf) {
  const d = await crypto.subtle.digest("SHA-256", buf);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/* Old copies by hash, from every cache of ours: a file unchanged since the last build is not
   downloaded again. */
async function reusable() {
  const out = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    const meta = await cache.match(META);
    if (!meta) continue;
    let held;
    try { held = await meta.json(); } catch (e) { continue; }
    for (const [path, hash] of Object.entries(held)) out.set(path + "\n" + hash, cache);
  }
  return out;
}

/* Fill cache `name` with `files` ([path, size, hash]); reports progress as `group`. Throws
   (and leaves the cache incomplete, hence unused) if any file fails or does not match. */
async function fill(name, group, files) {
  const cache = await caches.open(name);
  const old = await reusable();
  const total = files.reduce((s, f) => s + f[1], 0);
  let done = 0, bytes = 0, last = 0;
  const queue = files.slice();
  const held = {};
  async function one([path, size, hash]) {
    const url = SCOPE + path;
    let res = null;
    const prev = old.get(path + "\n" + hash);
    if (prev && prev !== cache) res = await prev.match(url);
    if (!res) {
      res = await fetch(url, { cache: "reload", credentials: "same-origin" });
      if (!res.ok) throw new Error(path + ": HTTP " + res.status);
      const got = (await sha(await res.clone().arrayBuffer())).slice(0, hash.length);
      if (got !== hash) throw new Error(path + ": content differs from this build (another deploy?)");
    }
    await cache.put(url, res);
    held[path] = hash;
    done += 1; bytes += size;
    const now = Date.now();
    if (now - last > 150 || done === files.length) {
      last = now;
      broadcast({ type: "rulebook-offline-progress", group, done, files: files.length, bytes, total });
    }
  }
  async function worker() {
    while (queue.length) await one(queue.shift());
  }
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } catch (err) {
    queue.length = 0;
    await caches.delete(name);
    throw err;
  }
  await cache.put(META, new Response(JSON.stringify(held), { headers: { "Content-Type": "application/json" } }));
}

async function complete(name) {
  const cache = await caches.open(name);
  return Boolean(await cache.match(META));
}

async function optedIn(group) {
  return (await caches.keys()).some((n) => n.startsWith(cacheName(group, "")));
}

async function install() {
  if (!OFFLINE.enabled) return;
  if (!(await complete(CORE))) await fill(CORE, "core", OFFLINE.core);
  for (const [group, g] of Object.entries(GROUPS)) {
    const name = cacheName(group, g.version);
    if ((await optedIn(group)) && !(await complete(name))) await fill(name, group, g.files);
  }
}

async function activate() {
  const keep = new Set([CORE]);
  for (const [group, g] of Object.entries(GROUPS)) keep.add(cacheName(group, g.version));
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && (!OFFLINE.enabled || !keep.has(name))) await caches.delete(name);
  }
  if (!OFFLINE.enabled) {
    await self.registration.unregister();
    return;
  }
  await self.clients.claim();
  broadcast({ type: "rulebook-offline-ready", version: OFFLINE.version });
}

self.addEventListener("install", (e) => {
  e.waitUntil(install().catch((err) => {
    broadcast({ type: "rulebook-offline-error", message: String(err && err.message || err) });
    throw err;
  }));
  if (!OFFLINE.enabled) self.skipWaiting();
});

self.addEventListener("activate", (e) => { e.waitUntil(activate()); });

/* The path of a request inside the site, as the build lists it (`dir/` -> `dir/index.html`). */
function pathOf(url) {
  let p = url.href.slice(SCOPE.length).split("#")[0].split("?")[0];
  try { p = decodeURI(p); } catch (e) { /* keep as is */ }
  if (p === "" || p.endsWith("/")) return p + "index.html";
  if (!INDEX.has(p) && INDEX.has(p + "/index.html")) return p + "/index.html";
  return p;
}

async function respond(req) {
  const path = pathOf(new URL(req.url));
  const hit = INDEX.get(path);
  if (hit) {
    const res = await (await caches.open(hit[0])).match(SCOPE + path);
    if (res) return res;
  }
  try {
    return await fetch(req);
  } catch (err) {
    if (req.mode === "navigate") {
      const page = await caches.match(SCOPE + "404.html", { cacheName: CORE });
      if (page) return new Response(await page.blob(), { status: 404, headers: page.headers });
    }
    throw err;
  }
}

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (!OFFLINE.enabled || req.method !== "GET" || !req.url.startsWith(SCOPE)) return;
  if (req.headers.has("range")) return;
  e.respondWith(respond(req));
});

async function statusReport() {
  const groups = {};
  for (const [group, g] of Object.entries(GROUPS)) {
    groups[group] = {
      cached: await complete(cacheName(group, g.version)),
      files: g.files.length,
      bytes: g.files.reduce((s, f) => s + f[1], 0),
    };
  }
  return { type: "rulebook-offline-status", version: OFFLINE.version, core: await complete(CORE), groups };
}

self.addEventListener("message", (e) => {
  const msg = e.data || {};
  const reply = (m) => (e.source ? e.source.postMessage(m) : broadcast(m));
  if (msg.type === "skip-waiting") {
    self.skipWaiting();
  } else if (msg.type === "status") {
    e.waitUntil(statusReport().then(reply));
  } else if (msg.type === "cache-group" && GROUPS[msg.group]) {
    const g = GROUPS[msg.group];
    const name = cacheName(msg.group, g.version);
    e.waitUntil(
      fill(name, msg.group, g.files)
        .then(() => broadcast({ type: "rulebook-offline-cached", group: msg.group }))
        .catch((err) => {
          broadcast({ type: "rulebook-offline-error", group: msg.group, message: String(err && err.message || err) });
        })
    );
  } else if (msg.type === "drop-group" && GROUPS[msg.group]) {
    e.waitUntil((async () => {
      for (const n of await caches.keys()) if (n.startsWith(cacheName(msg.group, ""))) await caches.delete(n);
      reply(await statusReport());
    })());
  }
});
