"""In a hard-wrapped text, a run of terms («Навык — …», «Руна Огня: …») or of speakers
(«Олег: …») puts each on a line of its own: a line that fills the column and ends its sentence
does not draw the next term into its paragraph."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest.model import Paragraph, plain, walk

from tests.support.sources import ingest_one

ENTRY = """[books.terms]
title = "Термины"
system = "Пример"
source = "terms.txt"
"""

TEXT = """\
Термины

Эта глава собирает слова, которые игроки встречают в книге чаще всего,
и объясняет их коротко, чтобы за столом не приходилось листать книгу
в поисках нужного места, пока остальные ждут своего хода у огня.

Ниже перечислены слова, которые в книге используются в особом смысле, и
каждое из них объясняется подробнее в своей главе, где о нём идёт речь.

Путник — персонаж игрока, который идёт через холодные земли на север.
Навык — выученное умение, которое добавляет к проверке одну кость.
Руна Огня: зажигает любой огонь, даже под дождём и в буран; на дереве.
Руна Пути: проводник группы не может сбиться с пути за этот переход.
Олег: Третий день вы идёте вдоль замёрзшей реки, и ветер усиливается.
Саша: Тойво ведёт группу, и я бросаю Чутьё и Выслеживание, три кости.
Стойкость — то, сколько вреда путник выдерживает, прежде чем упасть, и
сколько ран он переживёт.
"""


def test_each_term_of_a_run_is_its_own_paragraph(tmp_path: Path) -> None:
    r = ingest_one(tmp_path, ENTRY, {"terms.txt": TEXT})
    texts = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    starts = [t.split(" ")[0] for t in texts]
    assert starts == ["Эта", "Ниже", "Путник", "Навык", "Руна", "Руна", "Олег:", "Саша:", "Стойкость"]
    assert texts[-1].endswith("прежде чем упасть, и сколько ран он переживёт.")


def test_a_line_set_in_after_a_sentence_starts_a_paragraph(tmp_path: Path) -> None:
    text = TEXT.replace("Навык — выученное", "\tНавык — выученное") + (
        "\nПосле каждой сцены путник восстанавливает единицу Стойкости, если цел.\n"
        "   Ночь у огня возвращает ещё две единицы и одно очко, а ночь без огня\n"
        "не возвращает ничего.\n"
    )
    r = ingest_one(tmp_path, ENTRY, {"terms.txt": text})
    texts = [plain(b.inlines) for p in r.doc.pages for b in walk(p.blocks) if isinstance(b, Paragraph)]
    assert "Навык — выученное умение, которое добавляет к проверке одну кость." in texts
    assert (
        "Ночь у огня возвращает ещё две единицы и одно очко, а ночь без огня не возвращает ничего." in texts
    )
