/* rulebook service worker: the whole site offline, one build at a time, one site among several.
   The build fills OFFLINE with the file list of this build (path, size, content hash), the site's
   version (a hash of that list) and the path the build expects to be served from. Install fills
   the cache "rulebook <scope> core <version>", re-using unchanged files from this site's earlier
   caches and checking every file against its hash, so a cache never mixes two builds; activate
   deletes this site's caches of other builds and nothing else, so other sites on the same origin
   (another sub-path, a preview) keep their offline copies.
   Optional groups (the Pyodide runtime) are cached only after the reader asked for them, and that
   choice is recorded ("rulebook <scope> settings"): a new build refreshes a group only while the
   reader's choice says so, and «Удалить» removes both the files and the choice. A cache is never
   opened (which would create it) to answer a request. A new worker waits until the page asks it
   to take over (the «Обновить» button) or until every tab of the old build is closed. */
"use strict";

const OFFLINE = /*@RULEBOOK_OFFLINE@*/ {};
const SCOPE = self.registration.scope; // the site root, with a trailing slash
const ROOT = new URL(SCOPE).pathname;
// A space cannot occur in a URL path, so no site's names start with another site's prefix.
const PREFIX = "rulebook " + ROOT + " ";
const LEGACY = /^rulebook-(core|pyodide)-/; // names of builds that did not scope their caches
const META = SCOPE + "__rulebook-offline.json"; // per cache: {path: hash} of what it holds
const SETTINGS = PREFIX + "settings";
const CHOICES = SCOPE + "__rulebook-choices.json"; // in SETTINGS: {group: true} asked for
const PARALLEL = 6;

function cacheName(group, version) { return PREFIX + group + " " + version; }
const CORE = cacheName("core", OFFLINE.version);
const GROUPS = OFFLINE.groups || {};

// path -> [cache name, hash]
const INDEX = new Map();
for (const [path, , hash] of OFFLINE.core || []) INDEX.set(path, [CORE, hash]);
for (const [name, g] of Object.entries(GROUPS)) {
  for (const [path, , hash] of g.files) INDEX.set(path, [cacheName(name, g.version), hash]);
}

/* Messages go to this site's pages only: other sites' pages on the origin are not ours. */
async function broadcast(msg) {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of all) if (c.url.startsWith(SCOPE)) c.postMessage({ ...msg, scope: SCOPE });
}

async function sha(buf) {
  const d = await crypto.subtle.digest("SHA-256", buf);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/* Does cache `name` exist? Asked without opening it, which would create an empty one. */
function exists(name) { return caches.has(name); }

/* The caches this site made: its own names, and unscoped ones of older builds that hold this
   site's list of files. */
async function ours() {
  const out = [];
  for (const name of await caches.keys()) {
    if (name === SETTINGS) continue;
    if (name.startsWith(PREFIX)) out.push(name);
    else if (LEGACY.test(name) && (await caches.match(META, { cacheName: name }))) out.push(name);
  }
  return out;
}

// ---- the reader's choices ------------------------------------------------------------------------
async function choices() {
  if (!(await exists(SETTINGS))) return {};
  const res = await caches.match(CHOICES, { cacheName: SETTINGS });
  try {
    return res ? await res.json() : {};
  } catch {
    return {};
  }
}

async function choose(group, wanted) {
  const now = await choices();
  if (wanted) now[group] = true;
  else delete now[group];
  const cache = await caches.open(SETTINGS);
  await cache.put(CHOICES, new Response(JSON.stringify(now), { headers: { "Content-Type": "application/json" } }));
}

// ---- filling caches ------------------------------------------------------------------------------
/* Old copies by hash, from this site's caches: a file unchanged since the last build is not
   downloaded again. */
async function reusable() {
  const out = new Map();
  for (const name of await ours()) {
    const meta = await caches.match(META, { cacheName: name });
    if (!meta) continue;
    let held;
    try { held = await meta.json(); } catch { continue; }
    for (const [path, hash] of Object.entries(held)) out.set(path + "\n" + hash, name);
  }
  return out;
}

/* Fill cache `name` with `files` ([path, size, hash]); reports progress as `group`. Throws
   (and deletes the incomplete cache) if any file fails or does not match. */
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
    if (prev && prev !== name) res = await caches.match(url, { cacheName: prev });
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
  return (await exists(name)) && Boolean(await caches.match(META, { cacheName: name }));
}

async function install() {
  if (!OFFLINE.enabled) return;
  if (!(await complete(CORE))) await fill(CORE, "core", OFFLINE.core);
  const wanted = await choices();
  for (const [group, g] of Object.entries(GROUPS)) {
    const name = cacheName(group, g.version);
    if (!wanted[group] || (await complete(name))) continue;
    // an optional group that fails to download does not hold back the new build of the site
    await fill(name, group, g.files).catch((err) => {
      broadcast({ type: "rulebook-offline-error", group, message: String((err && err.message) || err) });
    });
  }
}

async function activate() {
  const keep = new Set([CORE]);
  for (const [group, g] of Object.entries(GROUPS)) keep.add(cacheName(group, g.version));
  for (const name of await ours()) {
    if (!OFFLINE.enabled || !keep.has(name)) await caches.delete(name);
  }
  if (!OFFLINE.enabled) {
    await caches.delete(SETTINGS);
    await self.registration.unregister();
    return;
  }
  await self.clients.claim();
  broadcast({ type: "rulebook-offline-ready", version: OFFLINE.version });
}

self.addEventListener("install", (e) => {
  e.waitUntil(install().catch((err) => {
    broadcast({ type: "rulebook-offline-error", message: String((err && err.message) || err) });
    throw err;
  }));
  if (!OFFLINE.enabled) self.skipWaiting();
});

self.addEventListener("activate", (e) => { e.waitUntil(activate()); });

// ---- answering requests --------------------------------------------------------------------------
/* The path of a request inside the site, as the build lists it (`dir/` -> `dir/index.html`). */
function pathOf(url) {
  let p = url.href.slice(SCOPE.length).split("#")[0].split("?")[0];
  try { p = decodeURI(p); } catch { /* keep as is */ }
  if (p === "" || p.endsWith("/")) return p + "index.html";
  if (!INDEX.has(p) && INDEX.has(p + "/index.html")) return p + "/index.html";
  return p;
}

/* 404.html names its files from the site root the build was told (site_url); served from
   another root, those addresses are moved to this one, so the page keeps its styles and scripts
   and asks for nothing outside the site. `newer`: marked as the answer for a page of a newer
   build (below). */
async function notFound(newer = false) {
  const page = await caches.match(SCOPE + "404.html", { cacheName: CORE });
  if (!page) return null;
  const built = OFFLINE.root || "/";
  let body = await page.text();
  if (built !== ROOT) {
    const quoted = built.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    body = body.replace(new RegExp("([=(:]\\s?)([\"'])" + quoted, "g"), "$1$2" + ROOT);
  }
  if (newer) body = body.replace("</head>", '<meta name="rulebook-newer-build" content="1"></head>');
  return new Response(body, { status: 404, headers: page.headers });
}

/* A page this build does not have, found on the server: a later deploy's. Shown inside this
   build's session it would mix two builds (its scripts and styles would come from this build's
   cache), so the session stays on its build: the reader gets this build's 404 page marked with
   `rulebook-newer-build`, where offline.js says so and offers the update. */
async function newerBuild(res, url) {
  if (!(res.headers.get("content-type") || "").includes("text/html")) return res;
  // a page of this site loads this site's core.js; another site below this one (a preview
  // under /rules/preview/, say) loads its own and is passed through
  const src = /<script[^>]+src="([^"]*assets\/rulebook\/core\.js)[?"]/.exec(await res.clone().text());
  if (!src || new URL(src[1], url).href !== SCOPE + "assets/rulebook/core.js") return res;
  return (await notFound(true)) || res;
}

async function respond(req) {
  const url = new URL(req.url);
  const path = pathOf(url);
  // A folder asked for without its slash (`fatum/03-boi`) is sent to `fatum/03-boi/`, as a static
  // server does: its page answered at the slash-less address would resolve its relative links
  // (styles, scripts, other pages) one folder too high, outside the site under a sub-path.
  if (path.endsWith("/index.html") && !url.pathname.endsWith("/") && !url.pathname.endsWith("/index.html")) {
    url.pathname += "/";
    return Response.redirect(url.href, 301);
  }
  const hit = INDEX.get(path);
  if (hit && (await exists(hit[0]))) {
    const res = await caches.match(SCOPE + path, { cacheName: hit[0] });
    if (res) return res;
  }
  try {
    const res = await fetch(req);
    return !hit && res.ok && path.endsWith(".html") ? await newerBuild(res, req.url) : res;
  } catch (err) {
    if (req.mode === "navigate") {
      const page = await notFound();
      if (page) return page;
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

// ---- talking to pages ------------------------------------------------------------------------------
async function statusReport() {
  const wanted = await choices();
  const groups = {};
  for (const [group, g] of Object.entries(GROUPS)) {
    groups[group] = {
      cached: await complete(cacheName(group, g.version)),
      chosen: Boolean(wanted[group]),
      files: g.files.length,
      bytes: g.files.reduce((s, f) => s + f[1], 0),
    };
  }
  return { type: "rulebook-offline-status", version: OFFLINE.version, core: await complete(CORE), groups, scope: SCOPE };
}

async function dropGroup(group) {
  await choose(group, false);
  for (const name of await ours()) {
    if (name.startsWith(PREFIX + group + " ") || name.startsWith("rulebook-" + group + "-")) await caches.delete(name);
  }
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
    e.waitUntil(
      choose(msg.group, true)
        .then(() => fill(cacheName(msg.group, g.version), msg.group, g.files))
        .then(() => broadcast({ type: "rulebook-offline-cached", group: msg.group }))
        .catch((err) => {
          broadcast({ type: "rulebook-offline-error", group: msg.group, message: String((err && err.message) || err) });
        })
    );
  } else if (msg.type === "drop-group" && GROUPS[msg.group]) {
    e.waitUntil(dropGroup(msg.group).then(statusReport).then(reply));
  }
});
