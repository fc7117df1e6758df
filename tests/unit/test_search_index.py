"""The build side of search: the whoosh index, the heading paths, the statistics shipped to the
browser, the parallel writes."""

from __future__ import annotations

import json

import pytest
from rulebook.search import analysis, build, engine, export, windex

from tests.support.books import book

NESTED = book(
    "nested",
    [
        ("Глава 3. Бой", 1, ["Бой идёт раундами."]),
        ("Раны и бой", 2, ["Раны бывают лёгкие и тяжёлые."]),
        ("Кровотечение", 3, ["Кровь теряется каждый ход."]),
        ("Бой в темноте", 3, ["Темнота мешает."]),
        ("Снаряжение", 1, ["Оружие и броня."]),
        ("Броня", 2, ["Броня снижает раны."]),
    ],
    glossary='[[synonym]]\nterms = ["ОД", "Очки Действий"]\n',
)
OTHER = book("other", [("Бой", 1, ["Бой и раны в другой игре."]), ("Магия", 2, ["Заклинания."])])


def test_heading_paths_count_each_stem_as_often_as_the_ancestors_headings_do():
    counted: dict[int, list[tuple[int, int]]] = {}
    for i in range(len(NESTED.sections)):
        c: dict[int, int] = {}
        for w in analysis.surfaces(NESTED.path_text(i)):
            sid = NESTED.surface_stem[w]
            c[sid] = c.get(sid, 0) + 1
        for sid, tf in c.items():
            counted.setdefault(sid, []).append((i, tf))
    assert NESTED.path_post == counted
    boi = NESTED.stem_id[analysis.stem("бой")]
    assert (3, 2) in NESTED.path_post[boi]  # «Бой в темноте» under «Глава 3. Бой» › «Раны и бой»


def test_the_whoosh_index_reads_back_the_book_it_was_given(tmp_path):
    windex.write(tmp_path / "nested", NESTED, "stamp-1")
    back = windex.read(tmp_path / "nested")
    assert windex.stamp_of(tmp_path / "nested") == "stamp-1"
    assert (back.sections, back.records, back.glossary) == (NESTED.sections, NESTED.records, NESTED.glossary)
    assert back.surface_stem == NESTED.surface_stem and back.stems == NESTED.stems
    assert (back.text_post, back.head_post, back.path_post) == (
        NESTED.text_post,
        NESTED.head_post,
        NESTED.path_post,
    )
    assert (back.rec_len, back.head_len, back.path_len) == (NESTED.rec_len, NESTED.head_len, NESTED.path_len)


def test_an_index_of_another_version_asks_for_a_new_build(tmp_path):
    windex.write(tmp_path / "nested", NESTED, "s")
    fmt = windex.FORMAT
    try:
        windex.FORMAT = fmt + 1
        with pytest.raises(FileNotFoundError, match="build the site again"):
            windex.read(tmp_path / "nested")
    finally:
        windex.FORMAT = fmt


def test_indexes_written_side_by_side_read_back_like_those_written_in_turn(tmp_path):
    jobs = [(tmp_path / "a" / b.slug, b, f"s-{b.slug}") for b in (NESTED, OTHER)]
    build._write_indexes(jobs)()
    for target, b, stamp in jobs:
        back = windex.read(target)
        assert windex.stamp_of(target) == stamp
        assert (back.records, back.text_post, back.head_post) == (b.records, b.text_post, b.head_post)


def test_the_statistics_shipped_to_the_browser_are_those_the_python_engine_counts():
    shipped = export.corpus([export.book_stats(NESTED), export.book_stats(OTHER)])
    counted = engine.corpus_of([NESTED, OTHER])
    assert (shipped["records"], shipped["sections"]) == (counted.records, counted.sections)
    assert (shipped["text_len"], shipped["head_len"], shipped["path_len"]) == (
        counted.text_len,
        counted.head_len,
        counted.path_len,
    )
    # a stem of one book only is left out: its count is that book's own
    for stem, n in counted.df.items():
        in_both = stem in NESTED.stem_id and stem in OTHER.stem_id
        assert shipped["df"].get(stem) == (n if in_both else None), stem
    assert json.loads(json.dumps(shipped)) == shipped
