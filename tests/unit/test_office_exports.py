"""Pages an office program writes (Word's «Web Page», LibreOffice's and Google Docs' HTML export)
read as the browser shows them: what Word hides from other browsers stays out, and its list
paragraphs are lists."""

from __future__ import annotations

import re

from rulebook.ingest import coverage

from tests.support.sources import ingest_one

ENTRY = '[books.doc]\ntitle = "Правила"\nsystem = "Пример"\nsource = "doc.htm"\n'


def word_page(body: str) -> str:
    return (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
        '<meta http-equiv=Content-Type content="text/html; charset=utf-8"></head>'
        f"<body lang=RU><div class=WordSection1>\n<h1>Бой</h1>\n{body}\n</div></body></html>"
    )


def test_word_conditional_markup_is_not_text(tmp_path):
    """`<![if !supportLists]>` and `<![endif]>` are markup no browser shows (a bogus comment, as
    `<![CDATA[…]]>` is in HTML); their words («if», «endif», «supportLists») reached the page,
    glued to the heading's or paragraph's first word."""
    page = word_page(
        "<h2 style='mso-list:l0 level2 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>"
        "1.2.<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp; </span></span>"
        "<![endif]>Укрытие<o:p></o:p></h2>\n"
        "<p class=MsoNormal>Стена даёт +5.<![if !supportFootnotes]><br><![endif]><o:p></o:p></p>\n"
        "<p class=MsoNormal><![CDATA[скрыто]]>Видно.</p>"
    )
    r = ingest_one(tmp_path, ENTRY, {"doc.htm": page})
    text = "\n".join(r.files.values())
    assert "## 1.2. Укрытие {#" in text
    assert "\nСтена даёт +5.\n" in text and "\nВидно.\n" in text
    words = set(re.findall(r"\w+", text))
    assert not words & {"if", "endif", "supportLists", "supportFootnotes", "CDATA", "скрыто"}
    assert coverage.measure(r.doc).ratio == 1.0
