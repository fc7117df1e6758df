"""Where a PDF's lines stand (pdfgeometry): each line's type size, and whether it stopped short
of its column's edge, from the boxes of pdftotext's words."""

from __future__ import annotations

from rulebook.ingest import pdfgeometry

Box = tuple[str, float, float, float, float]


def _bbox(pages: list[list[Box]]) -> str:
    """pdftotext -raw -bbox's output: per page, its words as (word, left, right, foot, height)."""
    out = []
    for words in pages:
        out.append('<page width="612" height="792">')
        out += [
            f'<word xMin="{x0}" yMin="{y - h}" xMax="{x1}" yMax="{y}">{w}</word>' for w, x0, x1, y, h in words
        ]
        out.append("</page>")
    return "<doc>" + "".join(out) + "</doc>"


def _line(text: str, x0: float, x1: float, y: float, h: float = 10.0) -> list[Box]:
    """A line's words spread evenly from x0 to x1, their foot at y."""
    words = text.split()
    step = (x1 - x0) / len(words)
    return [(w, x0 + k * step, x0 + (k + 1) * step - 3, y, h) for k, w in enumerate(words)]


def _column(rows: list[tuple[str, float, float]], top: float = 100.0) -> list[Box]:
    """Lines (text, left, right) one under another, 12 points apart."""
    return [w for k, (t, a, b) in enumerate(rows) for w in _line(t, a, b, top + 12 * k)]


def test_a_line_that_stops_where_the_next_word_would_fit_is_short():
    text = [
        ("Hit Dice: 1d12 per level", 50, 150),  # the next line's first word would have fitted
        ("Hit Points at 1st Level: twelve plus your Constitution", 50, 300),  # full
        ("modifier and more words that fill this line up to the edge", 50, 270),  # «Hit» does not fit
        ("Huge words here and", 50, 300),
        ("a last line.", 50, 120),  # the page's last line: the next is on another page
    ]
    second = [("Next page starts here with text", 50, 300)]
    pages = [_column(text), _column(second)]
    lines = [t for t, _, _ in text] + [t for t, _, _ in second]
    lines[3] = "Huge words here and"
    got = pdfgeometry.measure("\n".join(lines), _bbox(pages))
    assert got is not None
    assert got.short == [True, False, False, False, False, False]
    assert got.sizes == [10.0] * 6


def test_a_quote_set_in_on_both_sides_has_its_own_edge():
    body = [("Body text runs the whole column width here", 50, 300) for _ in range(4)]
    quote = [
        ("A quote set in from both margins of", 80, 270),
        ("the column, each line full to its edge", 80, 270),
    ]
    rows = body[:2] + quote + body[2:]
    got = pdfgeometry.measure("\n".join(t for t, _, _ in rows), _bbox([_column(rows)]))
    assert got is not None and not any(got.short)


def test_boxes_that_are_not_the_texts_give_no_geometry():
    assert (
        pdfgeometry.measure("Barbarian\nAs a rule.", _bbox([[("Barbarian", 50, 150, 130.0, 30.0)]])) is None
    )


def test_a_line_set_on_its_side_has_no_type_size():
    # a thumb tab «ГЛАВА» turned at the page's edge: its box is taller than wide, its height its length
    words = [
        *_line("Body text runs the whole column width here", 50, 300, 100),
        ("ГЛАВА", 560.0, 575.0, 200.0, 60.0),
    ]
    got = pdfgeometry.measure("Body text runs the whole column width here\nГЛАВА", _bbox([words]))
    assert got is not None and got.sizes == [10.0, pdfgeometry.SIDEWAYS]
    assert [(w.text, w.size) for w in got.words[1]] == [("ГЛАВА", pdfgeometry.SIDEWAYS)]  # the text's still


def test_the_pages_last_line_over_its_footer_is_no_paragraphs_end():
    # the page number under the page's last line, small and a little below: the next word it
    # would fit is no line of the paragraph, which goes on on the next page
    rows = [("Body text runs the whole column width here", 50, 300)] * 5 + [
        ("and stops short of the", 50, 250)
    ]
    page = [*_column(rows), *_line("3", 50, 55, 160 + 23, h=7.0)]  # set small, 2.3 lines below
    got = pdfgeometry.measure("\n".join([*(t for t, _, _ in rows), "3"]), _bbox([page]))
    assert got is not None and got.short == [False] * 7


def test_a_short_word_tied_to_the_next_moves_with_it():
    # «и 5» starts the next line: «и» would fit after the line, «и 5» would not, and a no-break
    # space (written by pdftotext as any space) ties them: the paragraph goes on
    rows = [("Body text runs the whole column width here", 50, 300)] * 4 + [("and stops short of", 50, 288)]
    tied = [
        ("и", 50.0, 55.0, 160.0, 10.0),
        ("5", 57.5, 62.5, 160.0, 10.0),
        ("характеристики", 65.0, 135.0, 160.0, 10.0),
    ]
    text = "\n".join([*(t for t, _, _ in rows), "и 5 характеристики"])
    got = pdfgeometry.measure(text, _bbox([[*_column(rows), *tied]]))
    assert got is not None and got.short[4] is False


def test_a_paragraphs_space_ends_its_last_line():
    # the last line ends its sentence at the column's edge, and the next paragraph stands a
    # little further down than the lines step: the white parts them
    rows = [("Body text runs the whole column width here", 50, 300)] * 4
    page = [*_column(rows), *_line("A new paragraph starts here again", 50, 300, 100 + 12 * 3 + 17)]
    got = pdfgeometry.measure(
        "\n".join([*(t for t, _, _ in rows), "A new paragraph starts here again"]), _bbox([page])
    )
    assert got is not None and got.short[3] is True and not any(got.short[:3])
