"""Lines that all start with «- » after no lead-in ending with a colon may be a list or a typed
dialogue: they stay paragraphs, as before, but a warning names the lines and the key that makes
them a list (they were published as «\\- 1: Ар» paragraphs with no word said)."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import ListBlock, walk

from tests.support.sources import ingest_one

ENTRY = '[books.nm]\ntitle = "Имена"\nsystem = "Пример"\nsource = "nm.txt"\n'
TEXT = "Имена\n\nБросьте 1к6 дважды, первый кубик даёт начало имени.\n\n- 1: Ар\n- 2: Бек\n- 3: Сал\n"


def test_hyphen_lines_without_a_lead_in_are_warned_with_the_key(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"nm.txt": TEXT})
    assert (
        5,
        "lines 5–7 start with «- » after no lead-in ending with a colon, so they stay "
        "paragraphs: if they are a list, declare lists.dash = '^- (?P<body>.+)$'",
    ) in [(int(line), text) for line, text in r.doc.report.warnings]


def test_the_key_the_warning_names_makes_them_a_list(tmp_path: Path) -> None:
    entry = ENTRY + "\n[books.nm.lists]\ndash = '^- (?P<body>.+)$'\n"
    r = ingest_one(tmp_path, entry, {"nm.txt": TEXT})
    lists = [b for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, ListBlock)]
    assert len(lists) == 1 and len(lists[0].items) == 3
    assert r.doc.report.warnings == []
