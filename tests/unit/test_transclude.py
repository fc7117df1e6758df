"""GM-screen cards: what a reference pulls in, how it is adapted, and how a bad one fails."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from rulebook.widgets.cards import CardSpec
from rulebook.widgets.transclude import CardError, RenderedPage, Sources, _rebase, _relative, fill

CHAPTER = """\
<h1 id="glava-3-boi">Глава 3. Бой<a class="headerlink" href="#glava-3-boi">¶</a></h1>
<h2 id="3-2-deistviia">3.2. Действия<a class="headerlink" href="#3-2-deistviia">¶</a></h2>
<p id="3-2-deistviia--1" data-rb-block="">Каждое действие тратит ОД (см. <a href="#3-3-ukrytiia">3.3</a>).</p>
<ol>
<li id="3-2-deistviia--2" data-rb-block="">Атака — 2 ОД.</li>
<li id="3-2-deistviia--3" data-rb-block="">Рывок — 2 ОД.</li>
</ol>
<div class="admonition example" id="3-2-deistviia--4" data-rb-block=""><p>Пример хода.</p></div>
<h3 id="blok">Блок<a class="headerlink" href="#blok">¶</a></h3>
<p id="blok--1" data-rb-block="">Блок стоит 1 ОД; см. <a href="../01-osnovy/#glava-1">Главу 1</a>.</p>
<h3 id="otkhod">Отход</h3>
<p id="otkhod--1" data-rb-block="">Отход стоит 2 ОД.</p>
<h2 id="3-3-ukrytiia">3.3. Укрытия</h2>
<p id="3-3-ukrytiia--1" data-rb-block="">МЗ укрытия = 5 + размер + материал.</p>
"""


def sources(extra: dict[str, str] | None = None) -> Sources:
    pages = [
        RenderedPage("fatum/03-boi.md", "fatum/03-boi/", "Глава 3. Бой", CHAPTER, "FATUM"),
        RenderedPage(
            "fatum/01-osnovy.md", "fatum/01-osnovy/", "Глава 1", "<h1 id='glava-1'>Глава 1</h1>", "FATUM"
        ),
    ]
    for src, html in (extra or {}).items():
        pages.append(RenderedPage(src, src.removesuffix(".md") + "/", "Экран", html))
    return Sources(pages)


def card(*refs: str, **opts: object) -> str:
    spec = CardSpec(refs=list(refs), **opts)  # type: ignore[arg-type]
    return f"<div class=\"rb-card\" data-rb-card='{spec.dump()}'></div>"


def render(body: str) -> BeautifulSoup:
    gm = RenderedPage("gm-screen.md", "gm-screen/", "Экран Мастера", body)
    src = sources({"gm-screen.md": body})
    return BeautifulSoup(fill(body, gm, src), "html.parser")


def test_a_heading_reference_brings_its_section_with_subsections_and_takes_its_title() -> None:
    soup = render("<h1 id='e'>Экран</h1>" + card("fatum/03-boi.md#3-2-deistviia"))
    c = soup.select_one("section.rb-card")
    assert c.select_one(".rb-card__title").get_text() == "3.2. Действия"
    assert c.select_one(".rb-card__title").name == "h2"
    body = c.select_one(".rb-card__body")
    assert "Каждое действие тратит ОД" in body.get_text()
    assert [h.get_text() for h in body.find_all(["h3", "h4"])] == ["Блок", "Отход"]
    assert body.find("h3") is not None  # subsections sit one level under the card title
    assert "МЗ укрытия" not in body.get_text()  # stops at the next section of the same level


def test_the_copy_has_no_ids_no_permalinks_and_no_examples_by_default() -> None:
    soup = render(card("fatum/03-boi.md#3-2-deistviia"))
    body = soup.select_one(".rb-card__body")
    assert body.find(id=True) is None
    assert body.find(attrs={"data-rb-block": True}) is None
    assert body.select("a.headerlink") == []
    assert "Пример хода" not in body.get_text()
    assert "Пример хода" in render(card("fatum/03-boi.md#3-2-deistviia", examples=True)).get_text()


def test_links_are_rebased_from_the_source_page_to_the_card_page() -> None:
    soup = render(card("fatum/03-boi.md#3-2-deistviia"))
    hrefs = [a["href"] for a in soup.select(".rb-card__body a")]
    assert "../fatum/03-boi/#3-3-ukrytiia" in hrefs  # a same-page anchor of the source
    assert "../fatum/01-osnovy/#glava-1" in hrefs  # a link to another chapter


def test_the_card_links_back_to_each_source_and_pins_the_first() -> None:
    soup = render(card("fatum/03-boi.md#blok", "fatum/03-boi.md#3-3-ukrytiia--1", title="Блок и укрытия"))
    source = soup.select_one(".rb-card__source")
    assert [a["href"] for a in source.find_all("a")] == [
        "../fatum/03-boi/#blok",
        "../fatum/03-boi/#3-3-ukrytiia--1",
    ]
    assert "FATUM, Глава 3. Бой" in source.get_text()
    assert soup.select_one(".rb-card__title")["data-rb-pin-src"] == "fatum/03-boi/#blok"
    # a block reference brings just that block; a heading shown under a different title
    body = soup.select_one(".rb-card__body")
    assert body.find("h3").get_text() == "Блок"
    assert "МЗ укрытия = 5" in body.get_text()


def test_a_list_item_reference_keeps_its_list_and_number() -> None:
    soup = render(card("fatum/03-boi.md#3-2-deistviia--3"))
    ol = soup.select_one(".rb-card__body ol")
    assert ol is not None and ol["start"] == "2"
    assert ol.get_text(strip=True) == "Рывок — 2 ОД."
    assert soup.select_one(".rb-card__title").get_text() == "3.2. Действия"  # the block's section


def test_sections_false_and_exclude_trim_the_card() -> None:
    only = render(card("fatum/03-boi.md#3-2-deistviia", sections=False)).select_one(".rb-card__body")
    assert "Блок стоит" not in only.get_text() and "Атака — 2 ОД" in only.get_text()
    trimmed = render(card("fatum/03-boi.md#3-2-deistviia", exclude=["blok", "3-2-deistviia--2"]))
    text = trimmed.select_one(".rb-card__body").get_text()
    assert "Блок стоит" not in text and "Атака — 2 ОД" not in text
    assert "Отход стоит" in text and "Рывок" in text


def test_consecutive_cards_share_a_grid_and_a_heading_splits_grids() -> None:
    one = card("fatum/03-boi.md#blok")
    two = card("fatum/03-boi.md#otkhod")
    soup = render(one + two + "<h2 id='x'>Ещё</h2>" + one)
    grids = soup.select("div.rb-cards")
    assert [len(g.select("section.rb-card")) for g in grids] == [2, 1]
    ids = [h["id"] for h in soup.select(".rb-card__title")]
    assert len(ids) == len(set(ids))  # the same card twice still has unique ids


def test_a_missing_id_fails_naming_the_card_the_reference_and_a_close_id() -> None:
    with pytest.raises(CardError) as e:
        render(card("fatum/03-boi.md#3-2-deistviia") + card("fatum/03-boi.md#blokk", title="Блок"))
    msg = str(e.value)
    assert "gm-screen.md: card 2 «Блок»" in msg
    assert "reference 'fatum/03-boi.md#blokk'" in msg
    assert "no heading or block with id 'blokk' on fatum/03-boi.md" in msg
    assert "did you mean: blok" in msg


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("fatum/99-net.md#x", "no page fatum/99-net.md in the docs"),
        ("fatum/03-boi.md", "names no heading or block"),
        ("fatum/03-boi.md#3-2-deistviia", "exclude 'nope' is not inside the card's references"),
    ],
)
def test_other_bad_references_fail_with_a_reason(ref: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        render(card(ref, exclude=["nope"]))


def test_a_page_not_rendered_in_this_build_is_reported() -> None:
    src = Sources([RenderedPage("fatum/03-boi.md", "fatum/03-boi/", "Глава 3", None)])
    gm = RenderedPage("gm-screen.md", "gm-screen/", "Экран", "")
    with pytest.raises(CardError, match="was not rendered in this build"):
        fill(card("fatum/03-boi.md#blok"), gm, src)


@pytest.mark.parametrize(
    ("target", "from_url", "expected"),
    [
        ("fatum/03-boi/", "gm-screen/", "../fatum/03-boi/"),
        ("", "gm-screen/", "../"),
        ("fatum/03-boi/", "fatum/03-boi/", "./"),
        ("fatum/03-boi.html", "gm-screen.html", "fatum/03-boi.html"),
        ("gm-screen/", "", "gm-screen/"),
    ],
)
def test_relative_urls(target: str, from_url: str, expected: str) -> None:
    assert _relative(target, from_url) == expected


def test_absolute_links_are_left_alone() -> None:
    assert _rebase("https://example.org/a#b", "fatum/03-boi/", "gm-screen/") == "https://example.org/a#b"
    assert _rebase("../../assets/i.png?v=1", "fatum/03-boi/", "gm-screen/") == "../assets/i.png?v=1"


def test_a_table_is_transcluded_whole_and_without_ids() -> None:
    table = (
        '<h2 id="bronia">Броня</h2><p id="bronia--1" data-rb-block="">Классы:</p>'
        '<table id="bronia--2" data-rb-block=""><thead><tr><th>Класс</th><th>Эффект</th></tr></thead>'
        '<tbody><tr><td>Лёгкая</td><td id="yakor">−1 ступень</td></tr></tbody></table>'
    )
    src = Sources([RenderedPage("fatum/03-boi.md", "fatum/03-boi/", "Глава 3", table, "FATUM")])
    gm = RenderedPage("gm-screen.md", "gm-screen/", "Экран", "")
    for ref in ("fatum/03-boi.md#bronia", "fatum/03-boi.md#bronia--2"):
        soup = BeautifulSoup(fill(card(ref), gm, src), "html.parser")
        t = soup.select_one(".rb-card__body table")
        assert t is not None, ref
        assert [c.get_text() for c in t.find_all(["th", "td"])] == ["Класс", "Эффект", "Лёгкая", "−1 ступень"]
        assert t.find(id=True) is None and not t.has_attr("id")
