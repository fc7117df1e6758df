"""The service worker's manifest: every built file with its hash; the version follows the content."""

from __future__ import annotations

import hashlib
import json
import re
import struct
from pathlib import Path

import pytest
from rulebook.offline import manifest, webapp


def site(tmp_path: Path, files: dict[str, bytes]) -> Path:
    for rel, data in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return tmp_path


FILES = {
    "index.html": b"<h1>home</h1>",
    "fatum/03-boi/index.html": "<p>Бой</p>".encode(),
    "assets/javascripts/bundle.js": b"js",
    "assets/javascripts/bundle.js.map": b"map",
    "sitemap.xml.gz": b"gz",
    "assets/rulebook/pyodide/pyodide.asm.wasm": b"\0asm" * 100,
    "assets/rulebook/pyodide/pyodide.mjs": b"export {}",
}


def worker_data(path: Path) -> dict:
    src = path.read_text(encoding="utf-8")
    m = re.search(r"const OFFLINE = (\{.*?\});\n", src)
    assert m, "OFFLINE literal not found in sw.js"
    return json.loads(m.group(1))


def test_every_file_is_listed_with_size_and_hash_and_pyodide_is_a_separate_group(tmp_path: Path) -> None:
    root = site(tmp_path, FILES)
    summary = manifest.write(root)
    data = worker_data(root / "sw.js")
    core = {p: (size, h) for p, size, h in data["core"]}
    assert set(core) == {"index.html", "fatum/03-boi/index.html", "assets/javascripts/bundle.js"}
    body = FILES["fatum/03-boi/index.html"]
    assert core["fatum/03-boi/index.html"] == (len(body), hashlib.sha256(body).hexdigest()[:20])
    pyodide = {p for p, _, _ in data["groups"]["pyodide"]["files"]}
    assert pyodide == {"assets/rulebook/pyodide/pyodide.asm.wasm", "assets/rulebook/pyodide/pyodide.mjs"}
    assert summary["groups"]["pyodide"]["bytes"] == 400 + 9
    assert summary["version"] == data["version"]
    page_side = json.loads((root / "offline-manifest.json").read_text(encoding="utf-8"))
    assert page_side == json.loads(json.dumps(summary))
    assert "@RULEBOOK_OFFLINE@" not in (root / "sw.js").read_text(encoding="utf-8")


def test_the_version_changes_with_any_file_and_only_then(tmp_path: Path) -> None:
    a = manifest.write(site(tmp_path / "a", FILES))["version"]
    b = manifest.write(site(tmp_path / "b", FILES))["version"]
    changed = dict(FILES, **{"fatum/03-boi/index.html": "<p>Бой!</p>".encode()})
    c = manifest.write(site(tmp_path / "c", changed))["version"]
    assert a == b != c
    # the optional group has its own version: a new Pyodide does not change the site's
    runtime = dict(FILES, **{"assets/rulebook/pyodide/pyodide.mjs": b"export {x}"})
    d = manifest.write(site(tmp_path / "d", runtime))
    assert d["version"] == a
    assert d["groups"]["pyodide"]["version"] != manifest.write(tmp_path / "a")["groups"]["pyodide"]["version"]


def test_no_pyodide_means_no_group(tmp_path: Path) -> None:
    files = {k: v for k, v in FILES.items() if "pyodide" not in k}
    root = site(tmp_path, files)
    assert manifest.write(root)["groups"] == {}
    assert worker_data(root / "sw.js")["groups"] == {}


def test_under_mkdocs_serve_the_worker_removes_itself(tmp_path: Path) -> None:
    root = site(tmp_path, FILES)
    assert manifest.write(root, enabled=False) == {"enabled": False}
    assert worker_data(root / "sw.js") == {"enabled": False}


@pytest.mark.parametrize("name", list(webapp.ICONS))
def test_every_icon_the_manifest_names_is_a_committed_png_of_its_size(name: str) -> None:
    data = (webapp.ICON_SOURCE / name).read_bytes()
    w, h = struct.unpack(">II", data[16:24])
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert (w, h) == (webapp.ICONS[name][0],) * 2
