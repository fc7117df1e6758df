"""A `.txt` that is a forum post (BBCode) is read through the HTML its tags stand for: no «[b]»,
«[list]» or «[td]» is published as text, bold-only title lines are headings by kind («Часть»
above «Глава» above the others), «[list][*]» a list, «[table]» a table, «[quote]» a quote, a
spoiler a box, a ruled table in «[code]» a table; an unbalanced tag is an error at its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulebook.ingest.errors import IngestError
from rulebook.ingest.model import Admonition, Heading, ListBlock, Paragraph, Table, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.post]
title = "Пост"
system = "Пример"
source = "post.txt"
"""

POST = """\
[size=5][b]ПРИЛИВ[/b][/size]

[b]Часть первая. Ныряльщики[/b]

[b]Глава I. Бросок[/b]

Бросьте [b]к10[/b] за каждое [i]Дыхание[/i].

[list]
[*]Глубина — сила.
[*]Течение — ловкость.
[/list]

[quote]Ныряльщик живёт, пока помнит, где верх.[/quote]

[spoiler=Пример]Марта бросает 3к10.[/spoiler]

[b]Мурена[/b]
Глубина 2, Течение 3.

[table]
[tr][td]Глубина[/td][td]Цена[/td][/tr]
[tr][td]Отмель[/td][td]1[/td][/tr]
[/table]

[code]
Размер  Цена
------  --------
Искра   2 монеты
[/code]
"""


def blocks(r) -> list:
    return [b for p in r.doc.pages for b in walk(p.blocks)]


def test_a_forum_post_is_read_through_its_tags(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"post.txt": POST})
    got = blocks(r)
    heads = [(b.level, b.text) for b in got if isinstance(b, Heading)]
    assert heads == [(1, "ПРИЛИВ"), (2, "Часть первая. Ныряльщики"), (3, "Глава I. Бросок"), (4, "Мурена")]
    texts = [plain(b.inlines) for b in got if isinstance(b, Paragraph)]
    assert "Бросьте к10 за каждое Дыхание." in texts and "Глубина 2, Течение 3." in texts
    assert not any("[" in t for t in texts)
    assert any(isinstance(b, ListBlock) and len(b.items) == 2 for b in got)
    assert sum(isinstance(b, Table) for b in got) == 2
    assert any(isinstance(b, Admonition) and b.title == "Пример" for b in got)
    assert any("line 1: «[size=5][b]ПРИЛИВ[/b][/size]» is BBCode" in n for n in r.doc.report.notes)
    assert r.doc.report.warnings == []


def test_a_tag_never_closed_is_an_error_at_its_line(tmp_path: Path) -> None:
    broken = POST.replace("[/quote]", "")
    with pytest.raises(IngestError) as err:
        ingest_one(tmp_path, ENTRY, {"post.txt": broken})
    assert "post.txt:14:" in str(err.value) and "[quote] at line 14 is never closed" in str(err.value)


def test_a_list_never_closed_is_named_not_its_item(tmp_path: Path) -> None:
    broken = POST.replace("[/list]\n", "")
    with pytest.raises(IngestError) as err:
        ingest_one(tmp_path, ENTRY, {"post.txt": broken})
    assert "post.txt:9:" in str(err.value) and "[list] at line 9 is never closed" in str(err.value)


RULES = """\
Игра на форуме

Пишите действия жирным: [b]Атакую[/b].

Речь персонажа курсивом: [i]Сдавайся![/i]

Мысли пишите так: [u]думаю[/u].
"""


def test_a_rules_text_quoting_tags_in_its_sentences_stays_a_text(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"post.txt": RULES + "\nКонец.\n"})
    assert not any("BBCode" in n for n in r.doc.report.notes)
    texts = [plain(b.inlines) for b in blocks(r) if isinstance(b, Paragraph)]
    assert "Пишите действия жирным: [b]Атакую[/b]." in texts


def test_a_mention_of_an_unclosed_tag_in_a_rules_text_is_no_error(tmp_path: Path) -> None:
    text = RULES + "\nСписок открывают тегом [list] и пунктами [*].\n"
    r = ingest_one(tmp_path, ENTRY, {"post.txt": text})
    texts = [plain(b.inlines) for b in blocks(r) if isinstance(b, Paragraph)]
    assert "Список открывают тегом [list] и пунктами [*]." in texts


def test_a_text_with_one_bracketed_bold_stays_a_text(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"post.txt": "Бой\n\nСлово [b]жирно[/b] здесь.\n"})
    assert not any("BBCode" in n for n in r.doc.report.notes)
