"""What the calculators need in the built site: the self-hosted Pyodide runtime and the engine's
Python files.

Pyodide comes from the pinned npm package (`npm ci` checks the tarball against the lock's
integrity hash); its five runtime files are copied into `assets/rulebook/pyodide/` and checked
against the SHA-256 recorded here, so a different or damaged runtime never reaches the site.
Upgrading Pyodide = bump package.json, `npm ci`, record the new hashes below.

The engine (`rulebook/mechanics/*.py`, standard library only) is copied into
`assets/rulebook/engine/` with a manifest the worker reads; the browser imports exactly the
files the CLI and the tests run.

Booting Python in WebAssembly takes seconds of CPU; restoring a memory snapshot of a booted
interpreter takes a fraction of that. When node is available (it is wherever `npm ci` ran), the
build makes such a snapshot with the engine already imported (cached in `.cache/rulebook/`, keyed
by the Pyodide version and the engine's content) and the worker restores it; without one, or if
restoring fails, the worker boots normally and imports the copied files.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
from pathlib import Path

from mkdocs.exceptions import PluginError

import rulebook.assets as assets
import rulebook.mechanics as mechanics

log = logging.getLogger("mkdocs.plugins.rulebook")
SNAPSHOT_SCRIPT = Path(assets.__file__).parent / "build" / "pyodide-snapshot.mjs"
SNAPSHOT_TIMEOUT = 300  # seconds; booting Pyodide in node takes a few

PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = {
    "pyodide.mjs": "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109",
    "pyodide.asm.mjs": "f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635",
    "pyodide.asm.wasm": "cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6",
    "python_stdlib.zip": "fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
SITE_DIR = "assets/rulebook"
ENGINE_PACKAGE = "rulebook/mechanics"

# Verified sources, by (path, size, mtime): `mkdocs serve` rebuilds do not re-hash 13 MB each time.
_verified: set[tuple[str, int, int]] = set()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def pyodide_source(root: Path, option: str) -> Path:
    src = (root / option).resolve()
    if not (src / "package.json").exists():
        raise PluginError(
            f"rulebook: the Pyodide runtime is missing ({src}); run `npm ci` in the project root "
            "(it installs the pinned `pyodide` npm package the calculators run on)"
        )
    version = json.loads((src / "package.json").read_text(encoding="utf-8")).get("version")
    if version != PYODIDE_VERSION:
        raise PluginError(
            f"rulebook: {src} holds pyodide {version}, the site is pinned to {PYODIDE_VERSION}; run `npm ci`"
        )
    return src


def copy_pyodide(src: Path, site_dir: Path) -> list[Path]:
    dest = site_dir / SITE_DIR / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    for name, digest in PYODIDE_FILES.items():
        f = src / name
        if not f.exists():
            raise PluginError(f"rulebook: {f} is missing; run `npm ci`")
        st = f.stat()
        key = (str(f), st.st_size, st.st_mtime_ns)
        if key not in _verified:
            actual = _sha256(f)
            if actual != digest:
                raise PluginError(
                    f"rulebook: {f} has SHA-256 {actual}, expected {digest} (pyodide {PYODIDE_VERSION}); "
                    "run `npm ci` to restore the pinned package"
                )
            _verified.add(key)
        target = dest / name
        tst = target.stat() if target.exists() else None
        if tst is None or tst.st_size != st.st_size or tst.st_mtime_ns < st.st_mtime_ns:
            place(f, target)
        out.append(target)
    return out


def place(src: Path, target: Path) -> None:
    """`src` at `target`: a hard link where the file system allows (the runtime is tens of MB and
    never changes in the site, so every build would otherwise copy it and delete the last copy),
    else a copy."""
    target.unlink(missing_ok=True)
    try:
        os.link(src, target)
    except OSError:
        shutil.copy2(src, target)


def copy_engine(site_dir: Path) -> tuple[Path, str]:
    """The engine's .py files plus `engine/manifest.json` (files and a content hash the worker
    uses to cache-bust); returns the folder and that hash."""
    package = Path(mechanics.__file__).parent
    dest = site_dir / SITE_DIR / "engine"
    if dest.exists():
        shutil.rmtree(dest)
    (dest / ENGINE_PACKAGE).mkdir(parents=True)
    files = {"rulebook/__init__.py": '"""rulebook: the rules engines, as shipped to the browser."""\n'}
    for py in sorted(package.glob("*.py")):
        files[f"{ENGINE_PACKAGE}/{py.name}"] = py.read_text(encoding="utf-8")
    h = hashlib.sha256()
    for rel, text in files.items():
        (dest / rel).write_text(text, encoding="utf-8")
        h.update(rel.encode() + b"\0" + text.encode("utf-8"))
    version = h.hexdigest()[:16]
    write_manifest(
        dest, {"files": sorted(files), "version": version, "pyodide": PYODIDE_VERSION, "snapshot": None}
    )
    return dest, version


def write_manifest(engine_dir: Path, manifest: dict[str, object]) -> None:
    (engine_dir / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def make_snapshot(
    cache_dir: Path, pyodide_dir: Path, engine_dir: Path, version: str
) -> tuple[Path, str] | None:
    """A memory snapshot of Pyodide with the engine imported: from the cache, or made with node.
    None (and a warning) when it cannot be made; the site then works without it."""
    key_src = SNAPSHOT_SCRIPT.read_bytes() + f"{PYODIDE_VERSION}:{version}".encode()
    key = hashlib.sha256(key_src).hexdigest()[:16]
    cache = cache_dir / f"pyodide-snapshot-{key}.bin"
    if cache.exists():
        return cache, key
    node = shutil.which("node")
    if node is None:
        log.warning("rulebook: node not found, so no Pyodide snapshot: calculators will start slower")
        return None
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")  # parallel builds must not share it
    cmd = [node, str(SNAPSHOT_SCRIPT), str(pyodide_dir), str(engine_dir), version, str(tmp)]
    try:
        subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=SNAPSHOT_TIMEOUT)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
        detail = getattr(err, "stderr", "") or ""
        log.warning(
            f"rulebook: making the Pyodide snapshot failed ({err}); calculators will start slower\n{detail}"
        )
        tmp.unlink(missing_ok=True)
        return None
    tmp.replace(cache)
    log.info(f"rulebook: made a Pyodide snapshot for engine {version} ({cache.stat().st_size >> 20} MB)")
    return cache, key


def install(
    site_dir: Path,
    root: Path,
    pyodide_option: str,
    snapshot: bool = True,
    cache_option: str = ".cache/rulebook",
) -> dict[str, str]:
    """The runtime and the engine into the site; returns the SHA-256 of the large files placed
    (site-relative path -> hex), which the offline manifest then need not read again."""
    src = pyodide_source(root, pyodide_option)
    copy_pyodide(src, site_dir)
    known = {f"{SITE_DIR}/pyodide/{name}": digest for name, digest in PYODIDE_FILES.items()}
    engine_dir, version = copy_engine(site_dir)
    made = make_snapshot(root / cache_option, src, engine_dir, version) if snapshot else None
    if made is None:
        return known
    cached, key = made
    name = f"snapshot-{key}.bin"
    place(cached, site_dir / SITE_DIR / "pyodide" / name)
    known[f"{SITE_DIR}/pyodide/{name}"] = _cached_sha256(cached)
    manifest = json.loads((engine_dir / "manifest.json").read_text(encoding="utf-8"))
    manifest["snapshot"] = f"pyodide/{name}"
    write_manifest(engine_dir, manifest)
    return known


def _cached_sha256(path: Path) -> str:
    """SHA-256 of a cached snapshot, kept beside it with the file's size and mtime (the cache is
    replaced, never rewritten, so a matching size and mtime is the same content)."""
    st = path.stat()
    stamp = f"{st.st_size} {st.st_mtime_ns}"
    side = path.with_name(path.name + ".sha256")
    if side.exists():
        digest, _, seen = side.read_text(encoding="utf-8").partition(" ")
        if seen.strip() == stamp:
            return digest
    digest = _sha256(path)
    tmp = side.with_name(f"{side.name}.{os.getpid()}.tmp")
    tmp.write_text(f"{digest} {stamp}\n", encoding="utf-8")
    tmp.replace(side)
    return digest
