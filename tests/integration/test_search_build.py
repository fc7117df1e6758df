"""The build writes the whoosh index and the browser export; `rulebook search` answers from it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from rulebook.search import build, engine

from tests.support.cli import Ran, rulebook

pytestmark = pytest.mark.build


def cli(cache: Path, *args: str) -> Ran:
    return rulebook("search", "--index", str(cache), *args)


def test_the_build_exports_a_manifest_and_one_cacheable_file_per_book(built_site):
    site, _ = built_site
    manifest = json.loads((site / "search" / "manifest.json").read_text(encoding="utf-8"))
    assert next(b["slug"] for b in manifest["books"]) == "fatum"
    for b in manifest["books"]:
        assert (site / "search" / b["file"]).exists()
        assert b["file"].count(".") == 2  # slug.<content hash>.json
    assert manifest["analysis"]["engine"]["k1"] > 0


def test_the_browser_index_gzips_to_at_most_one_and_a_half_times_its_text(built_site):
    site, _ = built_site
    manifest = json.loads((site / "search" / "manifest.json").read_text(encoding="utf-8"))
    for b in manifest["books"]:
        data = json.loads((site / "search" / b["file"]).read_text(encoding="utf-8"))
        text = "\n".join([s[4] for s in data["sections"]] + [r[3] for r in data["records"]]).encode()
        raw = (site / "search" / b["file"]).read_bytes()
        assert len(gzip.compress(raw, 9)) <= 1.5 * len(gzip.compress(text, 9))


def test_cli_json_lists_results_best_first_with_urls_to_blocks(built_site):
    _, cache = built_site
    r = cli(cache, "кравотечение", "--json", "--limit", "3")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert len(out) == 3
    assert out[0]["title"] == "Кровотечение"
    assert out[0]["url"].startswith("fatum/03-boi/#")
    assert {"url", "title", "breadcrumb", "snippet", "book", "score"} <= set(out[0])
    assert [x["score"] for x in out] == sorted((x["score"] for x in out), reverse=True)
    assert "did you mean: кровотечение" in r.stderr


def test_cli_book_filter_and_unknown_book(built_site):
    _, cache = built_site
    r = cli(cache, "ОД", "--book", "fatum", "--json")
    assert r.returncode == 0 and all(x["book"] == "fatum" for x in json.loads(r.stdout))
    r = cli(cache, "ОД", "--book", "nosuchbook")
    assert r.returncode == 2 and "nosuchbook" in r.stderr


def test_cli_without_an_index_says_to_build_first(tmp_path):
    r = cli(tmp_path, "ОД")
    assert r.returncode == 2 and "build the site first" in r.stderr


def test_every_result_url_points_at_an_element_of_the_built_page(built_site):
    site, _ = built_site
    r = cli(built_site[1], "броня", "--json", "--limit", "10")
    for x in json.loads(r.stdout):
        page, _, anchor = x["url"].partition("#")
        html = (site / page / "index.html").read_text(encoding="utf-8")
        assert f'id="{anchor}"' in html, x["url"]


def test_the_manifest_ships_the_statistics_the_python_engine_counts_over_all_books(built_site):
    site, cache = built_site
    shipped = json.loads((site / "search" / "manifest.json").read_text(encoding="utf-8"))["corpus"]
    books = build.load_books(cache)
    counted = engine.corpus_of(books)
    assert (shipped["records"], shipped["text_len"], shipped["head_len"], shipped["path_len"]) == (
        counted.records,
        counted.text_len,
        counted.head_len,
        counted.path_len,
    )
    shared = {st for st in counted.df if sum(st in b.stem_id for b in books) > 1}
    assert shipped["df"] == {st: counted.df[st] for st in sorted(shared)}


def test_cli_prefer_ranks_the_book_being_read_a_little_higher(built_site):
    _, cache = built_site
    plain = json.loads(cli(cache, "хиты", "--json", "--limit", "3").stdout)
    read = json.loads(cli(cache, "хиты", "--json", "--limit", "3", "--prefer", "fatum").stdout)
    assert plain[0]["book"] != "fatum" and read[0]["book"] == "fatum"
    assert cli(cache, "хиты", "--prefer", "nosuchbook").returncode == 2
