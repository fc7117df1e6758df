"""The GM screen in the browser: cards carry the book's current text, link back, pin their source,
follow an edit of the source after a rebuild, and print on A4 landscape."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.support import site as support

ACTIONS_P1 = "3-2-deistviia-v-boiu--1"


def card(page: Page, title: str):
    return page.locator("section.rb-card", has=page.locator(".rb-card__title", has_text=title))


def paragraph_text(page: Page, url: str, block_id: str) -> str:
    page.goto(url)
    return page.locator(f"[id='{block_id}']").evaluate(
        "el => { const c = el.cloneNode(true); c.querySelectorAll('.rb-pin').forEach(n => n.remove());"
        " return c.textContent.replace(/\\s+/g, ' ').trim(); }"
    )


def first_card_paragraph(page: Page, url: str, title: str) -> str:
    page.goto(url)
    return (
        card(page, title)
        .locator(".rb-card__body > p")
        .first.evaluate("el => el.textContent.replace(/\\s+/g, ' ').trim()")
    )


@pytest.mark.devices("desktop", "phone")
def test_a_card_shows_the_source_paragraph_links_back_and_pins_its_source(
    page: Page, fresh_server: str, shot: Path
) -> None:
    # a full page load follows the source link: with Material's instant navigation the landing on
    # the section is not reliable yet (it sometimes stays at the top of the page)
    server = fresh_server
    source = paragraph_text(page, f"{server}/fatum/03-boi/", ACTIONS_P1)
    assert source.startswith("В бою каждое действие тратит")
    assert first_card_paragraph(page, f"{server}/gm-screen/", "3.2. Действия в бою") == source
    expect(page.locator(".rb-cards")).to_have_count(3)
    page.screenshot(path=str(shot / "gm-screen.png"))
    page.screenshot(path=str(shot / "gm-screen-full.png"), full_page=True)

    # the card's pin pins the rule in the book, not the card
    c = card(page, "Урон и ранения")
    c.locator(".rb-card__title").hover()
    c.locator(".rb-card__title .rb-pin").click()
    saved = page.evaluate("JSON.parse(localStorage.getItem(rulebook.pins.store)).scenes[0].pins[0]")
    assert (saved["path"], saved["id"]) == ("fatum/03-boi/", "shkala-ranenii")
    assert saved["title"] == "Урон и ранения" and saved["excerpt"]

    # a screen reader's list of regions names each card by its title alone, not also by the
    # label of the pin button its heading holds («Урон и ранения Закрепить раздел «…»»)
    names = page.locator("section.rb-card").evaluate_all(
        "cs => cs.map(c => c.querySelector('.rb-card__title').firstChild.textContent)"
    )
    for name in names:
        expect(page.get_by_role("region", name=name, exact=True)).to_have_count(1)

    card(page, "3.2. Действия в бою").locator(".rb-card__source a").first.click()
    page.wait_for_url(re.compile(r"/fatum/03-boi/#3-2-deistviia-v-boiu$"))
    expect(page.locator("[id='3-2-deistviia-v-boiu']")).to_have_class(re.compile(r"\brb-target\b"))


def test_the_gm_screen_prints_on_a4_landscape(context: BrowserContext, server: str, shot: Path) -> None:
    page = context.new_page()
    page.goto(f"{server}/gm-screen/")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    (shot / "gm-screen.pdf").write_bytes(pdf)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert boxes, "no page in the PDF"
    for w, h in boxes:
        assert abs(float(w) - 841.9) < 2 and abs(float(h) - 595.3) < 2, (w, h)  # A4 landscape, points
    # three dense columns: 9 pages now (8 before the dying and bleeding cards gave every outcome
    # and NPC morale came); one column takes more
    assert len(boxes) <= 9, f"{len(boxes)} pages: the screen should stay compact"
    # what the paper shows, as a screenshot at A4 landscape size (96 dpi)
    page.set_viewport_size({"width": 1123, "height": 794})
    page.emulate_media(media="print")
    page.screenshot(path=str(shot / "gm-screen-print.png"), full_page=True)
    expect(page.locator(".rb-pins-toggle")).to_be_hidden()
    expect(page.locator(".md-header")).to_be_hidden()
    assert page.locator(".rb-cards").first.evaluate("e => getComputedStyle(e).columnCount") == "3"
    page.close()


def test_editing_a_source_paragraph_changes_its_card_after_a_rebuild(
    context: BrowserContext, tmp_path: Path, runtime_cache: Path, shot: Path
) -> None:
    cfg = support.gm_screen_project(tmp_path / "project", runtime_cache=runtime_cache)
    chapter = tmp_path / "project/docs/fatum/03-boi.md"
    old = "В бою каждое действие тратит Очки Действий (ОД)."
    new = "В бою каждое действие, даже перезарядка, тратит Очки Действий (ОД)."
    text = chapter.read_text(encoding="utf-8")
    assert text.count(old) == 1
    chapter.write_text(text.replace(old, new), encoding="utf-8")
    support.build(cfg, tmp_path / "site")
    with support.serve(tmp_path / "site") as url:
        page = context.new_page()
        source = paragraph_text(page, f"{url}fatum/03-boi/", ACTIONS_P1)
        assert source.startswith(new)
        shown = first_card_paragraph(page, f"{url}gm-screen/", "3.2. Действия в бою")
        assert shown == source
        assert old not in shown
        card(page, "3.2. Действия в бою").screenshot(path=str(shot / "edited-card.png"))
        page.close()
