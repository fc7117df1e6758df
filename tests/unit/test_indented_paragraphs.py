"""A typed book indents each paragraph's first line with a TAB: such a TAB parts no cells, so
a block of indented paragraphs is text, not a TAB-separated table of one column and its words."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Paragraph, Table, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.typed]
title = "Вопросы"
system = "Пример"
source = "typed.txt"
"""

TEXT = """\
Вопросы

\tМожно ли бросать кости за другого путника? Нет, но товарищ может
помочь и добавить одну кость к проверке, если описывает, как именно
помогает.
\tКак быть, если все путники упали? Сцена заканчивается, и ведущий
решает, кто их нашёл: разбойники, духи или охотники из зимовья, и
что путники потеряли.
\tСколько длится партия? Обычно три-четыре часа, то есть от двух до
пяти переходов.
"""


def test_paragraphs_indented_with_a_tab_are_not_a_table(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"typed.txt": TEXT})
    blocks = [b for p in r.doc.pages for b in walk(p.blocks)]
    assert not any(isinstance(b, Table) for b in blocks)
    texts = [plain(b.inlines) for b in blocks if isinstance(b, Paragraph)]
    assert any(t.startswith("Можно ли бросать кости") for t in texts)
