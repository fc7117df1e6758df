// Build-time helper (run by the MkDocs plugin with node, never shipped as a page asset):
// start the pinned Pyodide, import the rules engine from the site's engine folder, warm every
// calculator once and write a memory snapshot. The browser then restores that memory instead of
// booting Python from scratch (about 0.5 s instead of 3 s on a modest machine).
//
//   node pyodide-snapshot.mjs <pyodide dir> <site engine dir> <engine version> <out file>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, engineDir, version, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node pyodide-snapshot.mjs <pyodide dir> <engine dir> <engine version> <out file>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// The snapshot is the interpreter's memory, published with the site: nothing of this machine may
// be in it. Emscripten takes the program's name (sys.executable, the environment's `_`) from
// process.argv[1], this script's absolute path, unless told one: the name it uses in a browser.
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  _makeSnapshot: true,
  _sysExecutable: "./this.program",
  stdout: () => {},
});
const manifest = JSON.parse(fs.readFileSync(path.join(engineDir, "manifest.json"), "utf8"));
if (manifest.version !== version) {
  console.error(`engine version ${manifest.version} in ${engineDir}, expected ${version}`);
  process.exit(1);
}
for (const rel of manifest.files) {
  const target = "/rulebook-engine/" + rel;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, fs.readFileSync(path.join(engineDir, rel), "utf8"));
}
pyodide.runPython(`
import json, sys
sys.path.insert(0, "/rulebook-engine")
from rulebook.mechanics import run
run("check", {"success_die": 8, "bonus": 1, "rolled": {"success": 2, "difficulty": 3}})
run("attack", {"cover": "half"})
run("damage", {"character": {"armor": "medium", "bz_max": 3}, "actions": [
    {"type": "hit", "damage": 4}, {"type": "end_turn"}, {"type": "stop_bleeding", "kit": True}]})
_rb_engine_version = ${JSON.stringify(version)}
`);
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
