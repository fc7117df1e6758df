/* rulebook calculators: the engine worker (a module Web Worker).
   Loads the self-hosted Pyodide runtime from ./pyodide/ on the first request, writes the
   engine's Python files (./engine/, listed in manifest.json) into its file system and imports
   rulebook.mechanics: the same code the CLI and the tests run. No micropip, no network beyond
   this site. Messages in:  {type: "boot"} | {type: "compute", id, name, inputs (JSON text)}
   Messages out: {type: "progress", stage, label} | {type: "ready", ms} | {type: "result", id,
   out (JSON text), ms} | {type: "failed", reason, message} | {type: "error", id, message}. */

const BASE = new URL("./", self.location.href);
let booting = null;
let calc = null;

function progress(stage, label) {
  self.postMessage({ type: "progress", stage, label });
}

/* A static host with no type for `.mjs` or `.wasm` (nginx's default mime.types has no `.mjs`)
   sends them as application/octet-stream, and the browser then refuses to run the one as a
   module and to compile the other as a stream. So a runtime module is imported from a Blob of
   its text when the host's type is not JavaScript (Pyodide is handed its second module the same
   way, and finds its other files by `indexURL`, not by the module's address), and the worker's
   fetch gives a .wasm answer its proper type. */
async function importModule(url) {
  try {
    return await import(url);
  } catch (err) {
    const res = await fetch(url);
    if (!res.ok || /javascript/i.test(res.headers.get("content-type") || "")) throw err;
    const blob = URL.createObjectURL(new Blob([await res.text()], { type: "text/javascript" }));
    try {
      return await import(blob);
    } finally {
      URL.revokeObjectURL(blob);
    }
  }
}

const hostFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const res = await hostFetch(input, init);
  const url = new URL(res.url || (input && input.url) || String(input), self.location.href);
  if (!res.ok || !url.pathname.endsWith(".wasm") || /^application\/wasm\b/i.test(res.headers.get("content-type") || "")) return res;
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/wasm");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
};

async function boot() {
  const t0 = performance.now();
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    const err = new Error("WebAssembly is not available");
    err.reason = "nowasm";
    throw err;
  }
  progress(1, "Загрузка среды Python (WebAssembly)…");
  const timings = {};
  const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };
  const loaded = await Promise.all([
    // asked of the server each time (a 304 when unchanged): it names the build's engine, whose
    // files and snapshot are fetched by that name, and a copy the browser kept from before a
    // deploy would run the previous build's rules under this build's forms; with no network,
    // the copy kept is the one to use
    fetch(new URL("engine/manifest.json", BASE), { cache: "no-cache" })
      .catch(() => fetch(new URL("engine/manifest.json", BASE), { cache: "force-cache" })).then((r) => {
      if (!r.ok) throw new Error("engine manifest: HTTP " + r.status);
      return r.json();
    }),
    importModule(new URL("pyodide/pyodide.mjs", BASE).href),
    importModule(new URL("pyodide/pyodide.asm.mjs", BASE).href),
  ]);
  const manifest = loaded[0], mod = loaded[1];
  mark("module");
  const options = {
    indexURL: new URL("pyodide/", BASE).href,
    createPyodideModule: loaded[2].default,
    stdout: () => {},
    stderr: (line) => console.warn("[pyodide]", line),
  };
  let pyodide = null;
  if (manifest.snapshot) {
    // a booted interpreter with the engine imported, made at build time; fall back if refused
    try {
      const snap = fetch(new URL(manifest.snapshot, BASE)).then((r) => {
        if (!r.ok) throw new Error("snapshot: HTTP " + r.status);
        return r.arrayBuffer();
      });
      pyodide = await mod.loadPyodide(Object.assign({ _loadSnapshot: snap }, options));
      timings.snapshot = true;
    } catch (err) {
      console.warn("rulebook calculator: snapshot not usable, booting Python", err);
      pyodide = null;
    }
  }
  if (!pyodide) pyodide = await mod.loadPyodide(options);
  mark("pyodide");
  const current = pyodide.runPython("globals().get('_rb_engine_version')");
  if (current !== manifest.version) {
    progress(2, "Загрузка правил…");
    const files = await Promise.all(manifest.files.map(async (rel) => {
      const r = await fetch(new URL("engine/" + rel + "?v=" + manifest.version, BASE));
      if (!r.ok) throw new Error(rel + ": HTTP " + r.status);
      return [rel, await r.text()];
    }));
    for (const [rel, text] of files) {
      const target = "/rulebook-engine/" + rel;
      pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      pyodide.FS.writeFile(target, text);
    }
    // a stale snapshot's modules must not shadow the files just written
    pyodide.runPython("import sys\nfor _m in [m for m in sys.modules if m == 'rulebook' or m.startswith('rulebook.')]:\n    del sys.modules[_m]");
    mark("engine_files");
  }
  progress(3, "Запуск правил…");
  pyodide.runPython([
    "import json, sys",
    "if '/rulebook-engine' not in sys.path: sys.path.insert(0, '/rulebook-engine')",
    "from rulebook.mechanics import InputError, run",
    "def _rb_calc(name, text):",
    "    try:",
    "        return json.dumps({'ok': True, 'result': run(name, json.loads(text))}, ensure_ascii=False)",
    "    except InputError as err:",
    "        return json.dumps({'ok': False, 'field': err.field, 'message': err.message, 'error': str(err)}, ensure_ascii=False)",
  ].join("\n"));
  mark("import");
  calc = pyodide.globals.get("_rb_calc");
  calc("check", "{}");  // warm the import caches: the first real answer is then as fast as the rest
  mark("warm");
  progress(4, "Готово");
  self.postMessage({ type: "ready", ms: performance.now() - t0, timings });
}

function ensureBooted() {
  if (!booting) {
    booting = boot().catch((err) => {
      self.postMessage({
        type: "failed",
        reason: (err && err.reason) || (typeof WebAssembly !== "object" ? "nowasm" : "load"),
        message: String((err && err.message) || err),
      });
      throw err;
    });
  }
  return booting;
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.type === "boot") {
    ensureBooted().catch(() => {});
    return;
  }
  if (msg.type !== "compute") return;
  try {
    await ensureBooted();
  } catch (err) {
    self.postMessage({ type: "error", id: msg.id, message: "engine unavailable" });
    return;
  }
  const t0 = performance.now();
  try {
    const out = calc(msg.name, msg.inputs);
    self.postMessage({ type: "result", id: msg.id, out, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ type: "error", id: msg.id, message: String((err && err.message) || err) });
  }
};
