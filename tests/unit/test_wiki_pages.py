"""Pages saved from a wiki (MediaWiki, DokuWiki, Wiki.js, a GitHub wiki): the article's text is
read from its element (`chrome.root`), and what the wiki prints around it still names the page
and links the saved pages together."""

from __future__ import annotations

from pathlib import Path

from rulebook.ingest import coverage, pipeline

ENTRY = """[books.wiki]
title = "Вики группы"
system = "Пример"
source = "wiki"

[books.wiki.chrome]
root = ".mw-parser-output"
"""


def _page(title: str, body: str, head: str = "") -> str:
    return (
        f"<html><head><title>{title} — Вики группы</title>{head}</head><body>"
        '<div id="p-logo"></div><div id="content">'
        f'<h1 id="firstHeading" class="firstHeading">{title}</h1>'
        f'<div id="mw-content-text"><div class="mw-parser-output">{body}</div></div>'
        "</div></body></html>"
    )


def _run(tmp_path: Path, pages: dict[str, str], entry: str = ENTRY) -> pipeline.BookResult:
    src = tmp_path / "sources"
    (src / "wiki").mkdir(parents=True)
    (src / "books.toml").write_text(entry, encoding="utf-8")
    for name, text in pages.items():
        (src / "wiki" / name).write_text(text, encoding="utf-8")
    (result,) = pipeline.run(tmp_path, check=True)
    return result


def test_each_saved_page_is_titled_by_the_wiki_s_heading_above_its_article(tmp_path):
    r = _run(
        tmp_path,
        {
            "a.html": _page("Проверки", "<p>Бросьте 2к6.</p>"),
            "b.html": _page("Ранения", "<p>Выносливость кончилась.</p>"),
        },
    )
    assert list(r.files) == ["00-proverki.md", "01-raneniia.md", "index.md"]
    assert "\n# Ранения {#raneniia}\n" in r.files["01-raneniia.md"]


def test_saved_pages_that_link_each_other_by_their_address_on_the_wiki_link_on_the_site(tmp_path):
    site = "https://wiki.example/wiki/"
    saved = f"<!-- saved from url=(0043){site}%D0%A0%D0%B0%D0%BD%D0%B5%D0%BD%D0%B8%D1%8F -->\n"
    canonical = f'<link rel="canonical" href="{site}%D0%9F%D1%80%D0%BE%D0%B2%D0%B5%D1%80%D0%BA%D0%B8">'
    r = _run(
        tmp_path,
        {
            "a.html": _page(
                "Проверки",
                f'<p>При провале — <a href="{site}Ранения#Отдых">отдых</a>, '
                '<a href="/wiki/Ранения">ранения</a>, <a href="https://other.example/x">форум</a>.</p>',
                canonical,
            ),
            "b.html": saved
            + _page("Ранения", '<p>См. <a href="/wiki/Проверки">проверки</a>.</p><h2 id="Отдых">Отдых</h2>'),
        },
    )
    assert "[отдых](01-raneniia.md#otdykh)" in r.files["00-proverki.md"]
    assert "[ранения](01-raneniia.md)" in r.files["00-proverki.md"]  # read against its address
    assert "[форум](https://other.example/x)" in r.files["00-proverki.md"]
    assert "[проверки](00-proverki.md)" in r.files["01-raneniia.md"]


def test_a_list_item_s_text_in_a_wrapper_block_is_the_item_s_text(tmp_path):
    """DokuWiki's `<li><div class="li">`: the item keeps its text, and a nested list its place."""
    body = (
        '<ul><li class="level1"><div class="li"><strong>Сила</strong> — удар.</div></li>'
        '<li class="level1 node"><div class="li">Ловкость</div>'
        '<ul><li class="level2"><div class="li">бег</div></li></ul></li></ul>'
    )
    entry = ENTRY.replace('".mw-parser-output"', '".page"')
    r = _run(
        tmp_path,
        {"a.html": f'<html><body><div class="page"><h1>Характеристики</h1>{body}</div></body></html>'},
        entry,
    )
    text = r.files["00-kharakteristiki.md"]
    assert "- **Сила** — удар.\n\n- Ловкость\n\n    - бег\n" in text  # as from plain <li>


def test_a_control_the_page_draws_as_a_button_is_chrome_and_reported(tmp_path):
    """MediaWiki's collapsible table: its «развернуть» toggle ran into the table's title."""
    body = (
        '<table class="wikitable mw-collapsible mw-collapsed"><tr><th colspan="2">Пример ранения '
        '<span class="mw-collapsible-toggle" role="button" tabindex="0">[<a class="mw-collapsible-text">'
        "развернуть</a>]</span></th></tr><tr><td>Бросок</td><td>Перелом.</td></tr></table>"
    )
    r = _run(tmp_path, {"a.html": _page("Ранения", body)})
    text = r.files["00-raneniia.md"]
    assert "Пример ранения" in text and "развернуть" not in text
    assert [t for _, t in r.doc.report.dropped] == ["[ развернуть ]"]
    assert coverage.measure(r.doc).ratio == 1.0


def test_dokuwiki_s_footnotes_are_a_list_of_notes_each_one_item(tmp_path):
    body = (
        '<h1>Проверки</h1><p>Успех<sup><a href="#fn__1" id="fnt__1" class="fn_top">1)</a></sup>.</p>'
        '<h2 id="prim">Примечания</h2><div class="footnotes"><div class="fn"><sup>'
        '<a href="#fnt__1" id="fn__1" class="fn_bot">1)</a></sup> \n<div class="content">Раньше строже.</div>'
        "</div></div>"
    )
    entry = ENTRY.replace('".mw-parser-output"', '".page"')
    r = _run(tmp_path, {"a.html": f'<html><body><div class="page">{body}</div></body></html>'}, entry)
    text = r.files["00-proverki.md"]
    assert 'Успех<sup markdown="span">[1)](#primechaniia)</sup>.' in text
    assert "\n1. Раньше строже. [1)](#proverki)\n" in text
    assert coverage.measure(r.doc).ratio == 1.0


def test_the_items_of_a_list_in_a_table_cell_stay_apart_words(tmp_path):
    """A navbox's links: «Ранения» and «Путь» ran into «РаненияПуть», lost to the coverage."""
    body = (
        "<table><tr><th>Основы</th><td><div><ul><li><a href='/wiki/A'>Ранения</a></li>"
        "<li><a href='/wiki/B'>Путь</a></li></ul></div></td></tr></table>"
    )
    r = _run(tmp_path, {"a.html": _page("Ранения", body)})
    assert coverage.measure(r.doc).ratio == 1.0
    assert "РаненияПуть" not in r.files["00-raneniia.md"]


def test_an_image_alone_in_a_list_item_keeps_its_alt_text_as_the_item(tmp_path):
    icon = '<img src="p.png" alt="Powered by MediaWiki">'
    body = f'<ul><li><a href="https://www.mediawiki.org/">{icon}</a></li></ul>'
    r = _run(tmp_path, {"a.html": _page("Ранения", body)})
    assert coverage.measure(r.doc).ratio == 1.0
    assert "- [Powered by MediaWiki](https://www.mediawiki.org/)" in r.files["00-raneniia.md"]


def test_the_wiki_s_edit_links_beside_headings_are_chrome_and_reported(tmp_path):
    """Inside the heading (MediaWiki to 1.39) or beside it (1.40+), with its brackets."""
    edit = (
        '<span class="mw-editsection"><span class="mw-editsection-bracket">[</span>'
        '<a href="/index.php?title=X&amp;action=edit&amp;section={n}">править код</a>'
        '<span class="mw-editsection-bracket">]</span></span>'
    )
    body = (
        f'<h2><span class="mw-headline" id="Бой">Бой</span>{edit.format(n=1)}</h2><p>Раунд.</p>'
        f'<div class="mw-heading mw-heading2"><h2 id="Отдых">Отдых</h2>{edit.format(n=2)}</div>'
        '<p>Ночь. <a href="/index.php?title=X&amp;action=history">История</a></p>'
    )
    r = _run(tmp_path, {"a.html": _page("Правила", body)})
    text = r.files["00-pravila.md"]
    assert "\n## Бой {#boi}\n" in text and "\n## Отдых {#otdykh}\n" in text
    assert "править" not in text and "История" in text
    assert [t for _, t in r.doc.report.dropped] == ["[ править код ]"] * 2


def test_a_wikis_categories_source_line_notice_and_navbox_are_told_as_chrome(tmp_path):
    """A page saved with no chrome declared: MediaWiki's categories, its «Источник — …» line,
    the site notice and a navigation box are named for chrome.drop, not published unnoticed."""
    entry = '[books.wiki]\ntitle = "Вики группы"\nsystem = "Пример"\nsource = "wiki"\n'
    page = (
        '<html><head><title>Ранения — Вики группы</title></head><body><div id="siteNotice">'
        "Вики переезжает в мае.</div><h1>Ранения</h1><p>Лёгкое ранение проходит за ночь.</p>"
        '<div class="navbox">Правила: Бой · Ранения · Погоня</div><div class="printfooter">'
        'Источник — https://wiki.example/Ранения</div><div id="catlinks" class="catlinks">'
        "Категории: Правила</div></body></html>"
    )
    r = _run(tmp_path, {"a.html": page}, entry)
    (warning,) = [m for _, m in r.doc.report.warnings if "look like site chrome" in m]
    for sel in ("#siteNotice", "div.navbox", "div.printfooter", "#catlinks"):
        assert sel in warning, sel


def test_a_footnote_mark_whose_note_is_on_another_page_links_to_that_page(tmp_path):
    """A mark linked only when its note was on the same page: a book whose notes are a page of
    their own (an e-book's) lost every mark's link."""
    text = _page("Бой", '<p>Успех<sup><a href="Notes.html#n1">1</a></sup>.</p>')
    notes = _page("Сноски", '<ol><li id="n1">Раньше строже.</li></ol>')
    r = _run(tmp_path, {"Boi.html": text, "Notes.html": notes})
    assert 'Успех<sup markdown="span">[1](01-snoski.md#snoski)</sup>.' in r.files["00-boi.md"]
