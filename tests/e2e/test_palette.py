"""The search palette in Chromium: open, type, land on the paragraph; `/` rules; escaping;
offline use from the HTTP cache; the book filter."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support import site as support

pytestmark = [pytest.mark.e2e, pytest.mark.devices("desktop", "phone")]
SHOTS = Path(os.environ.get("RULEBOOK_SHOTS", "test-output/screenshots"))
XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def base(built_site):
    with support.serve(built_site[0]) as url:
        yield url


@pytest.fixture(scope="module")
def two_books(tmp_path_factory, runtime_cache):
    """Chapter 3 of FATUM and a small second book whose text holds an HTML injection attempt."""
    tmp = tmp_path_factory.mktemp("two-books")
    demo = (
        '---\ntitle: "Демо"\nbook: "demo"\n---\n\n# Демо-книга\n\n## Кровотечение в демо\n\n'
        "Демонстрационное кровотечение останавливает жгут.\n\n## Опасный текст\n\n"
        "Разметка &lt;img src=x onerror=alert(1)&gt; ксссопасность должна остаться текстом.\n"
    )
    cfg = support.project(
        tmp,
        ["fatum/03-boi.md"],
        {"demo/index.md": demo},
        books='[books.demo]\ntitle = "Демо"\nsystem = "Демо"\nsource = "demo.txt"\n'
        'description = "Проверочная книга."\n',
        runtime_cache=runtime_cache,
    )
    support.build(cfg, tmp / "site")
    with support.serve(tmp / "site") as url:
        yield url


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def rendered(page: Page, q: str) -> None:
    """The results of `q` are on screen."""
    page.wait_for_function("(q) => document.querySelector('.rb-palette').dataset.renderedQuery === q", arg=q)


def ask(page: Page, q: str) -> None:
    """Ctrl+K, `q` typed, and its results on screen."""
    page.keyboard.press("Control+k")
    page.keyboard.type(q)
    rendered(page, q)


def test_ctrl_k_typo_query_enter_lands_on_the_highlighted_paragraph(new_page, base):
    page = new_page()
    page.goto(base + "fatum/01-bazovye-pravila/")
    ask(page, "кравотечение")
    first = page.locator(".rb-result").first
    assert first.locator(".rb-result__title").inner_text() == "Кровотечение"
    assert page.locator(".rb-palette__input").get_attribute("aria-activedescendant") == "rb-opt-0"
    shot(page, "palette-typo")
    page.keyboard.press("Enter")
    page.wait_for_url("**/fatum/03-boi/#krovotechenie")
    page.wait_for_selector("#krovotechenie.rb-target")
    assert page.locator(".rb-palette").is_hidden()
    assert page.evaluate("document.getElementById('krovotechenie').getBoundingClientRect().top") < 200
    shot(page, "landed")
    page.close()


def test_the_note_says_whether_results_are_for_the_corrected_words_or_only_a_guess(new_page, base):
    page = new_page()
    page.goto(base + "fatum/01-bazovye-pravila/")
    status = page.locator(".rb-palette__status")
    ask(page, "кравотечение")  # corrected and searched
    assert "Показаны результаты для «кровотечение»" in status.inner_text()
    page.fill(".rb-palette__input", "")
    # three letters off: only offered, the results are for «кровотечение» alone
    page.keyboard.type("кровотечение стибелизацея")
    rendered(page, "кровотечение стибелизацея")
    text = status.inner_text()
    assert "Возможно, вы искали «кровотечение стабилизация»" in text
    assert "Нет совпадений для «стибелизацея»" in text and "Показаны результаты" not in text
    page.fill(".rb-palette__input", "")
    page.keyboard.type("хочу убежать")  # «ходу» is not what the list is for
    rendered(page, "хочу убежать")
    assert status.inner_text() == "Нет совпадений для «хочу»"
    page.close()


def test_arrow_keys_move_and_enter_opens_a_paragraph_block(new_page, base):
    page = new_page()
    page.goto(base + "fatum/03-boi/")
    page.keyboard.press("/")
    page.keyboard.type("перевязочный комплект")
    rendered(page, "перевязочный комплект")
    page.keyboard.press("ArrowDown")
    second = page.locator(".rb-result").nth(1)
    assert second.get_attribute("aria-selected") == "true"
    target = page.evaluate(
        "window.rulebook.search.query('перевязочный комплект', 12).then((o) => o.results[1].url)"
    )
    page.keyboard.press("Enter")
    anchor = target.split("#")[1]
    page.wait_for_selector(f"[id='{anchor}'].rb-target")
    page.close()


def test_slash_opens_the_palette_but_not_while_typing_in_a_field(new_page, base):
    page = new_page()
    page.goto(base + "fatum/03-boi/")
    page.evaluate(
        "() => { const i = document.createElement('input'); i.id = 'other';"
        " document.querySelector('article').prepend(i); }"
    )
    page.click("#other")
    page.keyboard.type("1/2")
    assert page.input_value("#other") == "1/2"
    assert page.locator(".rb-palette").count() == 0 or page.locator(".rb-palette").is_hidden()
    page.click("h1")
    page.keyboard.press("/")
    assert page.locator(".rb-palette__input").is_visible()
    assert page.evaluate("document.activeElement.id") == "rb-palette-input"
    page.keyboard.press("Escape")
    assert page.locator(".rb-palette").is_hidden()
    page.click(".rb-search-button")
    assert page.locator(".rb-palette__input").is_visible()
    page.close()


def test_injected_markup_in_the_text_renders_as_text(new_page, two_books):
    page = new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(two_books + "demo/")
    ask(page, "ксссопасность")
    snippet = page.locator(".rb-result__snippet").first
    assert XSS in snippet.inner_text()
    assert page.locator(".rb-palette img").count() == 0
    shot(page, "palette-xss")
    assert dialogs == []
    page.close()


def test_the_book_filter_returns_only_that_book(new_page, two_books):
    page = new_page()
    page.goto(two_books + "fatum/03-boi/")
    ask(page, "кровотечение")
    # all books by default
    assert page.locator(".rb-chip", has_text="Все книги").get_attribute("aria-pressed") == "true"
    assert "FATUM" in page.locator(".rb-result__book").all_inner_texts()
    page.fill(".rb-palette__input", "ксссопасность")
    rendered(page, "ксссопасность")
    assert page.locator(".rb-result__book").all_inner_texts()[0] == "Демо"
    page.fill(".rb-palette__input", "кровотечение")
    rendered(page, "кровотечение")
    page.click(".rb-chip[data-book='demo']")
    rendered(page, "кровотечение")
    assert set(page.locator(".rb-result__book").all_inner_texts()) == {"Демо"}
    shot(page, "palette-book-chip")
    page.click(".rb-chip[data-book='demo']")
    page.fill(".rb-palette__input", "кровотечение @fatum")
    rendered(page, "кровотечение @fatum")
    assert set(page.locator(".rb-result__book").all_inner_texts()) == {"FATUM"}
    # the chips show the book the @name limits the search to
    assert page.locator(".rb-chip[data-book='fatum']").get_attribute("aria-pressed") == "true"
    assert page.locator(".rb-chip", has_text="Все книги").get_attribute("aria-pressed") == "false"
    page.fill(".rb-palette__input", "")  # the query gone, its @name goes with it
    expect(page.locator(".rb-chip", has_text="Все книги")).to_have_attribute("aria-pressed", "true")
    assert page.locator(".rb-chip[data-book='fatum']").get_attribute("aria-pressed") == "false"
    page.fill(".rb-palette__input", "кровотечение @fatum")
    rendered(page, "кровотечение @fatum")
    # a book named as a reader half remembers it: in Cyrillic letters, or a word of its title
    for q, book in (("кровотечение @фатум", "FATUM"), ("кровотечение @демо", "Демо")):
        page.fill(".rb-palette__input", q)
        rendered(page, q)
        assert set(page.locator(".rb-result__book").all_inner_texts()) == {book}, q
    # a name of no book: every book answers, and the palette says which names it knows
    for q, book in (("кровотечение @zzz", "FATUM"), ("ксссопасность @zzz", "Демо")):
        page.fill(".rb-palette__input", q)
        rendered(page, q)
        assert page.locator(".rb-result__book").all_inner_texts()[0] == book, q
    assert "Нет книги «@zzz» — книги: @fatum, @demo" in page.locator(".rb-palette__status").inner_text()
    assert page.locator(".rb-chip", has_text="Все книги").get_attribute("aria-pressed") == "true"
    assert page.locator(".rb-chip[data-book='fatum']").get_attribute("aria-pressed") == "false"
    # a bare «@» is the start of a book's name: the palette lists the names, not «nothing found»
    page.fill(".rb-palette__input", "@")
    rendered(page, "@")
    status = page.locator(".rb-palette__status").inner_text()
    assert "Фильтр по книге" in status and "@fatum, @demo" in status and "Ничего не найдено" not in status
    page.close()


def test_an_empty_answer_says_why_and_shows_what_the_other_books_have(new_page, two_books):
    page = new_page()
    page.goto(two_books + "fatum/03-boi/")
    ask(page, "ксссопасность @fatum")
    status = page.locator(".rb-palette__status").inner_text()
    assert "Ничего не найдено в книге «FATUM» — найдено в других книгах" in status
    assert page.locator(".rb-result__book").all_inner_texts()[0] == "Демо"
    shot(page, "palette-elsewhere")
    # the same through a chip
    page.fill(".rb-palette__input", "")
    page.click(".rb-chip[data-book='fatum']")
    page.keyboard.type("ксссопасность")
    rendered(page, "ксссопасность")
    assert "найдено в других книгах" in page.locator(".rb-palette__status").inner_text()
    assert page.locator(".rb-result__book").all_inner_texts()[0] == "Демо"
    # where the chosen book answers, only it answers
    page.fill(".rb-palette__input", "кровотечение")
    rendered(page, "кровотечение")
    assert set(page.locator(".rb-result__book").all_inner_texts()) == {"FATUM"}
    assert "других книгах" not in page.locator(".rb-palette__status").inner_text()
    # the start of a question is not «nothing found»
    page.fill(".rb-palette__input", "сколько")
    rendered(page, "сколько")
    assert "«сколько» — только служебные слова" in page.locator(".rb-palette__status").inner_text()
    page.close()


def test_a_late_answer_to_an_earlier_query_never_replaces_the_answer_to_the_last(new_context, base):
    ctx = new_context()  # an empty cache: every keystroke's shards are fetched
    page = ctx.new_page()
    page.goto(base + "fatum/03-boi/")
    page.keyboard.press("Control+k")
    page.keyboard.type("кровотечение", delay=5)
    rendered(page, "кровотечение")
    page.wait_for_timeout(300)  # answers to the shorter prefixes may still arrive
    assert page.locator(".rb-palette").get_attribute("data-rendered-query") == "кровотечение"
    assert page.locator(".rb-result__title").first.inner_text() == "Кровотечение"
    ctx.close()


def test_the_palette_answers_again_offline_from_the_http_cache(new_context, base):
    """After one online search, with the network cut, a fresh page load (so nothing is kept in
    memory) gets the page, scripts and the index shards that search read from Chromium's HTTP
    cache (the test server sends Cache-Control: max-age, as a static host would). A service
    worker is not involved: it caches the whole index for any query (test_offline.py)."""
    ctx = new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(base + "fatum/03-boi/")
    ask(page, "кровотечение")
    page.wait_for_load_state("networkidle")  # the browser has stored what it fetched
    ctx.set_offline(True)
    page.goto(base + "fatum/03-boi/")  # a normal navigation: fresh cache entries are used as they are
    ask(page, "кровотечение")
    assert page.locator(".rb-result").count() > 0
    shot(page, "palette-offline")
    ctx.close()


def test_a_failed_search_runs_again_by_itself_once_the_index_can_be_read(new_context, base):
    """A phone that lost the network, or a server still writing the index: the palette says the
    search failed and when it will try again, and then shows the answer without another key."""
    ctx = new_context(service_workers="block")  # an empty cache: the shards must be fetched
    page = ctx.new_page()
    page.goto(base + "fatum/03-boi/")
    down = {"on": True, "refused": 0}

    def shards(route) -> None:  # type: ignore[no-untyped-def]
        if down["on"]:
            down["refused"] += 1
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(r"/search/[^/]+/[vprlf]\d+\.json$"), shards)
    page.keyboard.press("Control+k")
    page.keyboard.type("кровотечение")
    status = page.locator(".rb-palette__status")
    status.filter(has_text="Повторю через").wait_for()
    assert "Поиск не удался: нет связи с сайтом" in status.inner_text() and down["refused"] > 0
    assert page.locator(".rb-palette").get_attribute("data-rendered-query") is None
    down["on"] = False
    rendered(page, "кровотечение")  # no key pressed: the retry found the shards
    assert page.locator(".rb-result__title").first.inner_text() == "Кровотечение"
    assert "Повторю" not in status.inner_text()
    ctx.close()


def test_an_index_not_yet_written_is_read_again_until_it_is(new_context, base):
    """`make serve` answers before the index is written: the manifest is 404 for a few seconds.
    The palette says so and reads it again by itself."""
    ctx = new_context(service_workers="block")
    page = ctx.new_page()
    down = {"on": True}

    def manifest(route) -> None:  # type: ignore[no-untyped-def]
        if down["on"]:
            route.fulfill(status=404, body="not found")
        else:
            route.continue_()

    page.route(re.compile(r"/search/manifest\.json$"), manifest)
    page.goto(base + "fatum/03-boi/")
    page.keyboard.press("Control+k")
    page.keyboard.type("укрытие")
    status = page.locator(".rb-palette__status")
    status.filter(has_text="сервер ответил 404").wait_for()
    assert "Не удалось загрузить поисковый индекс" in status.inner_text()
    down["on"] = False
    rendered(page, "укрытие")
    assert page.locator(".rb-result").count() > 0
    ctx.close()


def test_a_request_that_gets_no_answer_is_given_up_and_tried_again(new_context, base):
    """A phone between cells: an index file's request hangs. The search is given up after the
    palette's time limit (lowered here from 10 s), said to have failed, and run again."""
    ctx = new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(base + "fatum/03-boi/")
    page.wait_for_function("window.rulebook && window.rulebook.search")
    page.evaluate("window.rulebook.search.fetchTimeoutMs = 500")
    hung: list = []

    def shards(route) -> None:  # type: ignore[no-untyped-def]
        if not hung:
            hung.append(route)  # never answered
        else:
            route.continue_()

    page.route(re.compile(r"/search/[^/]+/v\d+\.json$"), shards)
    page.evaluate("window.rulebook.search.open('укрытие')")  # one search (keys would make several)
    status = page.locator(".rb-palette__status")
    status.filter(has_text="сайт не ответил").wait_for()
    rendered(page, "укрытие")  # the retry reads the file that hung
    assert page.locator(".rb-result").count() > 0
    ctx.close()


def test_an_engine_script_that_hangs_is_given_up_and_waited_for_again(new_context, base):
    """The engine's script gets no answer: the palette says so instead of «Загрузка индекса…» for
    ever, and shows the answer once the script arrives."""
    ctx = new_context(service_workers="block")
    page = ctx.new_page()
    held: list = []
    page.route(re.compile(r"/search-engine\.js(\?v=\w+)?$"), lambda route: held.append(route))
    page.goto(base + "fatum/03-boi/", wait_until="domcontentloaded")
    page.evaluate("window.rulebook.search.fetchTimeoutMs = 500")
    page.evaluate("window.rulebook.search.open('укрытие')")
    status = page.locator(".rb-palette__status")
    status.filter(has_text="сайт не ответил").wait_for()
    assert held
    held[0].continue_()
    rendered(page, "укрытие")
    assert page.locator(".rb-result").count() > 0
    ctx.close()


def test_recent_searches_are_remembered(new_page, base):
    page = new_page()
    page.goto(base + "fatum/03-boi/")
    ask(page, "зона обстрела")
    page.keyboard.press("Enter")
    page.wait_for_selector(".rb-target")
    page.keyboard.press("Control+k")
    page.fill(".rb-palette__input", "")
    assert "зона обстрела" in page.locator(".rb-result--recent").first.inner_text()
    page.close()


def test_pin_key_dispatches_an_event_with_the_result(new_page, base):
    page = new_page()
    page.goto(base + "fatum/03-boi/")
    page.evaluate(
        "window.__pins = []; document.addEventListener('rulebook:pin', e => window.__pins.push(e.detail))"
    )
    ask(page, "перегруппировка")
    page.keyboard.press("Alt+p")
    pins = page.evaluate("window.__pins")
    first = page.locator(".rb-result").first.locator(".rb-result__title").inner_text()
    assert len(pins) == 1 and pins[0]["book"] == "fatum" and "#" in pins[0]["url"] and pins[0]["id"]
    assert pins[0]["title"] == first == "Перегруппировка"
    # the pin keeps the snippet the reader saw as its excerpt, with no fetch of the page for one
    shown = page.locator(".rb-result").first.locator(".rb-result__snippet").inner_text()
    assert pins[0]["excerpt"] == shown
    page.close()


def test_the_palette_fits_a_phone_screen(browser, base):
    page = browser.new_page(viewport={"width": 390, "height": 780}, service_workers="block")
    page.goto(base + "fatum/03-boi/")
    page.click(".rb-search-button")
    page.keyboard.type("мораль")
    rendered(page, "мораль")
    box = page.locator(".rb-palette__dialog").bounding_box()
    assert box and box["width"] <= 390
    shot(page, "palette-phone")
    page.close()


def test_the_hint_for_one_book_names_the_book_being_read(new_page, base, phone_device):
    """A tap's hint says how to search one book with a book of this library, the one being read
    (a library without FATUM was told «@fatum»)."""
    page = new_page()
    page.goto(base + "sf2e/vedenie-igry/")
    ask(page, "укрытие")
    hint = page.locator(".rb-palette__touch", has_text="в одной книге")
    assert hint.text_content() == "@sf2e в запросе — искать в одной книге"
    assert hint.is_visible() == phone_device  # a keyboard's reader is shown the keys instead
    page.keyboard.press("Escape")
    page.goto(base)  # no book is being read: the library's first
    ask(page, "укрытие")
    assert hint.text_content() == "@fatum в запросе — искать в одной книге"


def test_a_query_fetches_a_few_small_shards_not_every_books_text(new_context, base):
    ctx = new_context(service_workers="block")  # an empty cache; no precaching worker
    page = ctx.new_page()
    fetched: list[tuple[str, int]] = []
    page.on("requestfinished", lambda r: fetched.append((r.url, r.sizes()["responseBodySize"])))
    page.goto(base + "sf2e/vedenie-igry/", wait_until="networkidle")
    # idle, the page has warmed up the manifest and the engine, no shard (the idle callback may
    # come after the network went quiet on a busy machine)
    page.wait_for_function(
        "performance.getEntriesByType('resource').some((e) => e.name.endsWith('/search/manifest.json'))"
    )
    page.wait_for_timeout(200)
    assert any(u.endswith("/search/manifest.json") for u, _ in fetched)
    assert not [u for u, _ in fetched if "/search/" in u and not u.endswith("manifest.json")]
    fetched.clear()
    page.evaluate("performance.clearResourceTimings()")
    page.evaluate("window.rulebook.search.open('кровотечение')")
    rendered(page, "кровотечение")
    # the page has the responses before this process hears of them: wait for every one it read
    read = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.includes('/search/'))"
    )
    for _ in range(100):
        if set(read) <= {u for u, _ in fetched}:
            break
        page.wait_for_timeout(50)
    search = [(u, n) for u, n in fetched if "/search/" in u]
    manifest = page.evaluate("fetch('/search/manifest.json').then((r) => r.json())")
    shards = sum(manifest["shards"].values())
    assert 2 < len(search) < shards / 4  # a few shards of many
    assert sum(n for _, n in search) < 400_000
    assert "FATUM" in page.locator(".rb-result__book").all_inner_texts()
    ctx.close()


def test_the_page_behind_the_open_palette_neither_scrolls_nor_restyles(new_page, base):
    page = new_page()
    page.goto(base + "fatum/03-boi/")
    page.mouse.wheel(0, 600)
    page.wait_for_function("window.scrollY > 0")
    before = page.evaluate("[window.scrollY, document.documentElement.className]")
    ask(page, "броня")
    page.mouse.move(10, 700)  # over the backdrop
    page.mouse.wheel(0, 800)
    page.wait_for_timeout(200)
    assert page.evaluate("[window.scrollY, document.documentElement.className]") == before
    page.close()


@pytest.mark.devices("desktop")
def test_the_search_buttons_icon_and_label_stand_on_one_line(page: Page, server: str) -> None:
    """Material's header button rule set the button inline-block: the icon sat 6 px above «Поиск»."""
    page.goto(server + "/fatum/03-boi/")
    button = page.locator(".rb-search-button")
    icon = button.locator("svg").bounding_box()
    label = button.locator(".rb-search-button__label").bounding_box()
    assert icon and label
    assert abs((icon["y"] + icon["height"] / 2) - (label["y"] + label["height"] / 2)) <= 2
