"""The build writes the whoosh indexes and the sharded browser index; `rulebook search` answers
from the same files the browser fetches."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rulebook.search import engine
from rulebook.search.store import Store

from tests.support.cli import rulebook

pytestmark = pytest.mark.build
RULEBOOK = Path(sys.executable).with_name("rulebook")


def run(*args: str) -> tuple[int, str, str]:
    """`rulebook ARGS...` in this process: (exit code, stdout, stderr)."""
    r = rulebook(*args)
    return r.returncode, r.stdout, r.stderr


def test_the_build_exports_a_small_manifest_and_a_folder_of_shards(site):
    search = site / "search"
    manifest = json.loads((search / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["books"][0][0] == "fatum"
    folder = search / manifest["dir"]
    names = {p.name for p in folder.iterdir()}
    assert sum(manifest["shards"].values()) == len(names)
    for kind, n in manifest["shards"].items():
        assert {f"{kind}{i}.json" for i in range(n)} <= names
    assert manifest["analysis"]["engine"]["k1"] > 0
    assert "comment" not in json.dumps(manifest["analysis"])  # every first search downloads it
    assert (search / "manifest.json").stat().st_size < 40_000


def test_the_index_gzips_to_at_most_one_and_a_half_times_the_text(site):
    """The postings, vocabulary and typo structure (not the fragments, which are the text
    itself, fetched per result) against the gzip of the indexed text."""
    search = site / "search"
    manifest = json.loads((search / "manifest.json").read_text(encoding="utf-8"))
    folder = search / manifest["dir"]
    index = sum(len(gzip.compress(p.read_bytes(), 9)) for p in folder.iterdir() if not p.name.startswith("f"))
    index += len(gzip.compress((search / "manifest.json").read_bytes(), 9))
    texts = []
    # the text in reading order (the fragments' numbers), which gzips best: the strictest baseline
    for p in sorted(folder.glob("f*.json"), key=lambda p: int(p.stem[1:])):
        for sec in json.loads(p.read_text(encoding="utf-8"))["x"]:
            texts += [sec[2], sec[3], sec[4]] + [b[2] for b in sec[7]]
    text = len(gzip.compress("\n".join(texts).encode("utf-8"), 9))
    assert index <= 1.5 * text


def test_the_published_index_is_a_copy_never_a_link_to_the_build_cache(built_site):
    site, cache = built_site
    manifest = json.loads((site / "search" / "manifest.json").read_text(encoding="utf-8"))
    for p in (site / "search" / manifest["dir"]).iterdir():
        assert p.stat().st_nlink == 1, p
        twin = cache / "export" / manifest["dir"] / p.name
        assert not twin.exists() or not os.path.samefile(p, twin)


def test_cli_json_lists_results_best_first_with_urls_to_blocks(built_site):
    _, cache = built_site
    code, out, err = run("search", "--index", str(cache), "кравотечение", "--json", "--limit", "3")
    assert code == 0, err
    results = json.loads(out)
    assert len(results) == 3
    assert results[0]["title"] == "Кровотечение"
    assert results[0]["url"].startswith("fatum/03-boi/#")
    assert {"url", "title", "breadcrumb", "snippet", "book", "score"} <= set(results[0])
    assert "did you mean: кровотечение" in err


def test_cli_reads_a_built_sites_search_folder_too(site):
    code, out, _ = run("search", "--index", str(site / "search"), "ОД", "--json", "--limit", "1")
    assert code == 0 and json.loads(out)[0]["book"] == "fatum"


def test_cli_book_filter_and_unknown_book(built_site):
    _, cache = built_site
    code, out, _ = run("search", "--index", str(cache), "ОД", "--book", "fatum", "--json")
    assert code == 0 and all(x["book"] == "fatum" for x in json.loads(out))
    code, _, err = run("search", "--index", str(cache), "ОД", "--book", "nosuchbook")
    assert code == 2 and "nosuchbook" in err and len(err.strip().splitlines()) == 1


def test_cli_limit_zero_prints_nothing_and_a_negative_limit_is_an_error(built_site):
    _, cache = built_site
    code, out, _ = run("search", "--index", str(cache), "ОД", "--json", "--limit", "0")
    assert code == 0 and json.loads(out) == []
    code, _, err = run("search", "--index", str(cache), "ОД", "--limit", "-1")
    assert code == 2 and "must be 0 or more" in err


def test_cli_without_an_index_says_to_build_first(tmp_path):
    code, _, err = run("search", "--index", str(tmp_path), "ОД")
    assert code == 2 and "build the site first" in err and len(err.strip().splitlines()) == 1


def test_cli_in_a_subprocess_answers(built_site):
    _, cache = built_site
    r = subprocess.run(
        [str(RULEBOOK), "search", "--index", str(cache), "рывок", "--json", "--limit", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)[0]["url"]


def test_every_result_url_points_at_an_element_of_the_built_page(site):
    store = Store(site / "search")
    for q in ("броня", "кровотечение", "КБ", "атака по возможности"):
        for x in engine.search(store, q, limit=10)["results"]:
            page, _, anchor = x["url"].partition("#")
            html = (site / page / "index.html").read_text(encoding="utf-8")
            assert f'id="{anchor}"' in html, x["url"]


def test_the_manifest_counts_every_book(site):
    store = Store(site / "search")
    books = store.books
    assert [b.first for b in books] == [0, *[b.end for b in books[:-1]]]
    assert store.stats["sections"] == books[-1].end
    assert store.stats["records"] > store.stats["sections"]


def test_cli_prefer_ranks_the_book_being_read_a_little_higher(built_site):
    _, cache = built_site
    base = ["search", "--index", str(cache), "хиты", "--json", "--limit", "3"]
    plain = json.loads(run(*base)[1])
    read = json.loads(run(*base, "--prefer", "fatum")[1])
    assert plain[0]["book"] != "fatum" and read[0]["book"] == "fatum"
    assert run("search", "--index", str(cache), "хиты", "--prefer", "nosuchbook")[0] == 2
