"""The character sheet in Chromium: filled in, kept across reloads, exported and imported (a
broken file changes nothing), derived values from the Python engine, several characters, paper,
phones, Material's instant navigation, no WebAssembly, and offline use.

The session's site is used (built with its server's site_url: Material's instant navigation
needs one). The sheet's tests share one kept page per device (tests/e2e/kept.py): between tests it
is taken away and back by instant navigation with the site's storage wiped, and must then read as
its first fresh load did, so the sheet starts from no stored character every time while Python,
once started, keeps running; the first test loads the page from nothing, and the offline test
takes a fresh profile.
Screenshots go to test-output/e2e/<test>/ (look at them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from rulebook.mechanics import run

from tests.e2e.kept import KeptPages, checked, visit

pytestmark = [pytest.mark.e2e, pytest.mark.devices("desktop", "phone"), pytest.mark.shared_profile]

BOOT = 90_000  # ms for Pyodide to start on a busy machine
RECOMPUTE = 30_000  # ms for one recompute in the worker on a busy machine
STORE = "rulebook.core.storage('sheet.fatum').key"  # JS: the stored characters' key
READY = (
    "document.querySelector('.rb-sheet') && document.querySelector('.rb-sheet').dataset.engine === 'ready'"
)


@pytest.fixture(scope="module")
def sheet_site(server: str) -> str:
    """The session's site: built with its server's site_url, as instant navigation needs."""
    return server


@pytest.fixture
def page(context: BrowserContext, sheet_site: str) -> Iterator[Page]:
    """A page of this module's site that must not ask any other host for anything."""
    p = context.new_page()
    foreign: list[str] = []
    p.on(
        "request",
        lambda r: None if r.url.startswith((sheet_site, "data:", "blob:")) else foreign.append(r.url),
    )
    yield p
    assert not foreign, f"requests outside the site: {foreign}"


# The sheet's state as a reader meets it (values of every field, rows, the characters offered, the
# stored characters without their random ids): a kept page is compared with the first fresh load.
STATE = f"""() => {{
    const root = document.querySelector('.rb-sheet');
    const fields = [...root.querySelectorAll('input, select, textarea')].map((e) =>
        [e.id || e.name || e.dataset.path || '', e.type === 'checkbox' ? e.checked
            : e.id === 'rb-sheet-character' ? '*' : e.value, e.disabled]);
    const stored = JSON.parse(localStorage.getItem({STORE}) || 'null');
    if (stored) {{ stored.current = '*'; (stored.characters || []).forEach((c) => {{ c.id = '*'; }}); }}
    return {{
        fields: JSON.stringify(fields), rows: root.querySelectorAll('.rb-sheet__row').length,
        picker: [...root.querySelectorAll('#rb-sheet-character option')].map((o) => o.textContent),
        message: (root.querySelector('.rb-sheet__message') || {{}}).textContent || '',
        stored: JSON.stringify(stored),
        // Material's own keys (its colour scheme: `<scope>.__palette`) are written by a full load only
        keys: Object.keys(localStorage).filter((k) => !k.includes('.__')).sort(),
    }};
}}"""


class KeptSheets(KeptPages):
    """The sheet's kept pages (tests/e2e/kept.py), each compared, once back on /sheet/, with the
    device's first fresh load (STATE): the form must read exactly as it did then."""

    def __init__(self, browser: Browser, site: str) -> None:
        super().__init__(browser, site)
        self.first: dict[str, dict] = {}  # STATE of the device's first fresh load

    def fresh_sheet(self, device: str) -> Page:
        """/sheet/ loaded from nothing, Python not started."""
        p = self.fresh(device, self.site + "/sheet/")
        expect(p.locator(".rb-sheet[data-rb-ready]")).to_be_attached()
        self.first.setdefault(device, p.evaluate(STATE))
        self.same_as_first(p, device)
        return p

    def kept_sheet(self, device: str) -> Page:
        """/sheet/ as a fresh load shows it, reached by instant navigation, the engine kept."""
        if device not in self.first:
            return self.fresh_sheet(device)
        p = self.kept(device)
        visit(p, self.site + "/sheet/")
        expect(p.locator(".rb-sheet[data-rb-ready]")).to_be_attached()
        self.same_as_first(p, device)
        return p

    def same_as_first(self, p: Page, device: str) -> None:
        now, first = p.evaluate(STATE), self.first[device]
        diff = {k: (now[k], first[k]) for k in first if now[k] != first[k]}
        assert not diff, f"the sheet does not read as its first fresh load did (now, then): {diff}"


@pytest.fixture(scope="module")
def kept_sheets(browser: Browser, sheet_site: str) -> Iterator[KeptSheets]:
    with KeptSheets(browser, sheet_site) as sheets:
        yield sheets


@pytest.fixture
def sheet(kept_sheets: KeptSheets, device: str) -> Iterator[Page]:
    """/sheet/ with nothing stored: the device's kept page, brought back as a fresh load would be.
    No uncaught error, no request outside the site."""
    yield from checked(kept_sheets.kept_sheet(device))


@pytest.fixture
def first_sheet(kept_sheets: KeptSheets, device: str) -> Iterator[Page]:
    """/sheet/ loaded from nothing, Python not started: a reader's first visit."""
    yield from checked(kept_sheets.fresh_sheet(device))


def field(page: Page, path: str, row: int | None = None):
    if row is None:
        return page.locator(f".rb-sheet [data-path='{path}']")
    return page.locator(f".rb-sheet [data-rows] > .rb-sheet__row[data-index='{row}'] [data-path='{path}']")


def derived(page: Page, path: str, row: int | None = None):
    if row is None:
        return page.locator(f".rb-sheet [data-derived='{path}']").first
    return page.locator(f".rb-sheet [data-rows] > .rb-sheet__row[data-index='{row}'] [data-derived='{path}']")


def saved(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({STORE})") or "null")


def wait_saved(page: Page, predicate: str) -> None:
    """Until the stored current character satisfies `predicate` (JS, `c` is the character)."""
    page.wait_for_function(
        f"""() => {{ const s = JSON.parse(localStorage.getItem({STORE}) || 'null');
                   if (!s) return false; const c = s.characters.find(x => x.id === s.current);
                   return !!c && ({predicate}); }}"""
    )


def fill_character(page: Page) -> None:
    field(page, "identity.name").fill("Элиза Деллаж")
    field(page, "identity.nation").fill("Тевриец")
    field(page, "identity.origin").fill("Военная подготовка")
    field(page, "progress.level").fill("3")
    field(page, "traits.och.vigilant").fill("4")
    field(page, "traits.och.agile").fill("2")
    field(page, "traits.nch.healthy").fill("2")
    field(page, "traits.nch.brave").fill("1")
    field(page, "skills.marksmanship.professional").check()
    field(page, "proficiency.carbines").fill("2")
    page.locator("[data-add-row='weapons']").click()
    page.locator(".rb-sheet__row[data-index='0'] select[data-preset='weapon']").select_option("army_carbine")
    page.locator("#rb-sheet-armor-preset").select_option("army_vest")
    page.locator("#rb-sheet-wound-light-1").check()
    field(page, "inventory.credits").fill("1000")
    wait_saved(page, "c.weapons.length === 1 && c.inventory.credits === 1000 && c.wounds.light === 1")


def expect_filled(page: Page) -> None:
    expect(field(page, "identity.name")).to_have_value("Элиза Деллаж")
    expect(field(page, "traits.och.vigilant")).to_have_value("4")
    expect(field(page, "skills.marksmanship.professional")).to_be_checked()
    expect(field(page, "weapons[].name", 0)).to_have_value("Армейский карабин")
    expect(field(page, "weapons[].threshold", 0)).to_have_value("2")
    expect(field(page, "armor.profile")).to_have_value("Армейский бронежилет")
    expect(page.locator("#rb-sheet-wound-light-1")).to_be_checked()
    expect(field(page, "inventory.credits")).to_have_value("1000")


def test_a_filled_sheet_survives_a_reload_with_its_derived_values(first_sheet: Page, shot: Path) -> None:
    sheet = first_sheet
    expect(sheet.locator(".rb-sheet__status")).to_contain_text("Лист")  # readable before Python
    fill_character(sheet)
    sheet.wait_for_function(READY, timeout=BOOT)
    # Тевриец «Военная подготовка» +1, Бдительный 4 +2; professional 1к8 → 1к10; 2 + ⌊3/2⌋ − 2 = +1
    expect(derived(sheet, "skills.marksmanship.total_label")).to_have_text("+3", timeout=BOOT)
    expect(derived(sheet, "skills.marksmanship.die_label")).to_have_text("1к10")
    expect(derived(sheet, "weapons[].hit_label", 0)).to_have_text("+1")
    sheet.screenshot(path=str(shot / "filled.png"), full_page=True)

    sheet.reload()
    expect_filled(sheet)
    expect(derived(sheet, "weapons[].hit_label", 0)).to_have_text("+1", timeout=BOOT)
    expect(derived(sheet, "combat.morale_max")).to_have_text("23")  # 10 + Воля 3 + Храбрый 10
    expect(sheet.locator("[data-slot-group='light'] .rb-sheet__box:not([hidden])")).to_have_count(3)
    assert not sheet.errors  # type: ignore[attr-defined]


def test_the_derived_success_die_updates_when_a_trait_level_changes(sheet: Page, shot: Path) -> None:
    die = derived(sheet, "skills.marksmanship.die_label")
    trait_die = derived(sheet, "traits.vigilant.die")
    field(sheet, "traits.och.vigilant").fill("2")
    expect(die).to_have_text("1к6", timeout=BOOT)
    field(sheet, "traits.och.vigilant").fill("3")
    expect(die).to_have_text("1к8")
    expect(trait_die).to_have_text("1к8")
    field(sheet, "skills.marksmanship.professional").check()
    expect(die).to_have_text("1к10")
    engine = run(
        "sheet",
        {
            "character": {
                "traits": {"och": {"vigilant": 3}},
                "skills": {"marksmanship": {"professional": True}},
            }
        },
    )
    assert engine["derived"]["skills"]["marksmanship"]["die_label"] == "1к10"
    # an out-of-range level is refused next to the field and never saved
    wait_saved(sheet, "c.traits.och.vigilant === 3 && c.skills.marksmanship.professional")
    field(sheet, "traits.och.vigilant").fill("9")
    error = sheet.locator("#rb-sheet-traits-och-vigilant-error")
    expect(error).to_contain_text("от 0 до 6")
    expect(field(sheet, "traits.och.vigilant")).to_have_attribute("aria-invalid", "true")
    sheet.wait_for_timeout(500)  # longer than the save delay
    assert saved(sheet)["characters"][0]["traits"]["och"]["vigilant"] == 3
    sheet.locator(".rb-sheet__section[data-section='traits']").screenshot(path=str(shot / "traits.png"))
    field(sheet, "traits.och.vigilant").fill("5")
    expect(error).to_be_hidden()
    expect(die).to_have_text("1к12")


def test_a_level_too_long_for_javascript_is_quoted_as_typed(sheet: Page) -> None:
    """Past 2^53 the digits went to the engine as a JS number, and the message quoted «1e+23»."""
    field(sheet, "traits.och.vigilant").fill("99999999999999999999999")
    error = sheet.locator("#rb-sheet-traits-och-vigilant-error")
    expect(error).to_contain_text("от 0 до 6", timeout=BOOT)
    expect(error).to_contain_text("'99999999999999999999999'")


def test_a_minus_or_a_comma_typed_in_a_number_field_is_not_dropped(sheet: Page) -> None:
    """A number field drops what it cannot hold, and nothing was said: «−3» (the book's minus)
    and «–3» (the dash a phone's keyboard offers) were saved as 3, «2,5» as 25."""
    extra = field(sheet, "skills.strength.extra")
    for minus in ("\u2212", "\u2013"):
        extra.fill("")
        extra.focus()
        sheet.keyboard.type(f"{minus}3")
        expect(extra).to_have_value("-3")
        wait_saved(sheet, "c.skills.strength.extra === -3")
        extra.fill("0")
        wait_saved(sheet, "c.skills.strength.extra === 0")
    xp = field(sheet, "progress.xp")
    xp.fill("")
    xp.focus()
    sheet.keyboard.insert_text("2,5")  # as a paste or a keyboard's suggestion puts it in
    expect(sheet.locator("#rb-sheet-progress-xp-error")).to_contain_text("нужно целое число")
    sheet.wait_for_timeout(500)  # longer than the save delay
    assert saved(sheet)["characters"][0]["progress"]["xp"] == 0


def test_a_paste_longer_than_the_field_says_that_its_end_was_cut(sheet: Page) -> None:
    """The browser keeps a field's first `maxlength` characters of a paste and drops the rest
    without a word: a character's notes lost their end unseen."""
    notes = field(sheet, "notes")
    notes.focus()
    sheet.keyboard.insert_text("ж" * 8100)  # as a paste from a phone keyboard's clipboard puts it in
    expect(sheet.locator("#rb-sheet-notes-error")).to_have_text(
        "Вставлено не всё: поле вмещает до 8000 знаков, а в тексте было 8100; конец не поместился."
    )
    wait_saved(sheet, "c.notes.length === 8000")
    notes.press("Backspace")
    expect(sheet.locator("#rb-sheet-notes-error")).to_be_hidden()


def test_wound_slots_follow_healthy_and_the_hit_modifier_follows_proficiency(sheet: Page) -> None:
    boxes = sheet.locator("[data-slot-group='light'] .rb-sheet__box:not([hidden])")
    field(sheet, "traits.nch.healthy").fill("3")
    expect(boxes).to_have_count(4, timeout=BOOT)
    medium = sheet.locator("[data-slot-group='medium'] .rb-sheet__box:not([hidden])")
    expect(medium).to_have_count(2, timeout=RECOMPUTE)
    field(sheet, "traits.nch.healthy").fill("0")
    expect(boxes).to_have_count(2, timeout=RECOMPUTE)
    sheet.locator("[data-add-row='weapons']").click()
    sheet.locator(".rb-sheet__row[data-index='0'] select[data-preset='weapon']").select_option("heavy_pistol")
    hit = derived(sheet, "weapons[].hit_label", 0)
    expect(hit).to_have_text("−2", timeout=RECOMPUTE)  # 0 + ⌊0/2⌋ − 2
    field(sheet, "proficiency.pistols").fill("1")
    field(sheet, "skills.marksmanship.extra").fill("2")
    expect(hit).to_have_text("+0", timeout=RECOMPUTE)  # the second example of 3.7: 1 + 1 − 2
    expect(derived(sheet, "weapons[].note", 0)).to_contain_text("Владение 1", timeout=RECOMPUTE)


def test_export_clear_import_brings_the_character_back(sheet: Page, tmp_path: Path, shot: Path) -> None:
    fill_character(sheet)
    with sheet.expect_download() as info:
        sheet.locator("[data-sheet-action='export']").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name.endswith(".fatum.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "rulebook-character-sheet" and doc["version"] == 1 and len(doc["characters"]) == 1

    sheet.once("dialog", lambda d: d.accept())
    sheet.locator("[data-sheet-action='delete']").click()
    expect(field(sheet, "identity.name")).to_have_value("")
    expect(field(sheet, "weapons[].name", 0)).to_have_count(0)
    assert len(saved(sheet)["characters"]) == 1  # a fresh blank one

    sheet.locator("#rb-sheet-file").set_input_files(str(path))
    expect(sheet.locator(".rb-sheet__message")).to_contain_text("Загружен персонаж «Элиза Деллаж")
    expect_filled(sheet)
    assert [c["identity"]["name"] for c in saved(sheet)["characters"]] == ["", "Элиза Деллаж"]
    expect(derived(sheet, "weapons[].hit_label", 0)).to_have_text("+1", timeout=BOOT)
    sheet.screenshot(path=str(shot / "imported.png"))


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (
            '{"format": "rulebook-character-sheet", "book": "fatum", "version": 1, "characters": [',
            "это не JSON",
        ),
        ('{"name": "Конан", "class": "варвар"}', "это не файл листа персонажа"),
        ("", "файл пуст"),
        ("\x89PNG\r\n\x1a\n", "Выберите файл, записанный кнопкой «Сохранить в файл»"),
        ("[1, 2]", "Выберите файл, записанный кнопкой «Сохранить в файл»"),
        (
            '{"format": "rulebook-character-sheet", "book": "fatum", "version": 1, '
            '"characters": [{"traits": {"och": {"vigilant": 9}}}]}',
            "characters[0].traits.och.vigilant",
        ),
        (
            '{"format": "rulebook-character-sheet", "book": "fatum", "version": 7, "characters": [{}]}',
            "версии 7",
        ),
    ],
    ids=["syntax", "foreign", "empty", "image", "list", "out-of-range", "newer"],
)
def test_a_broken_or_foreign_file_changes_nothing_and_says_why(
    sheet: Page, tmp_path: Path, shot: Path, content: str, needle: str
) -> None:
    field(sheet, "identity.name").fill("Остаётся")
    wait_saved(sheet, "c.identity.name === 'Остаётся'")
    before = sheet.evaluate(f"localStorage.getItem({STORE})")
    bad = tmp_path / "broken.json"
    bad.write_text(content, encoding="utf-8")
    sheet.locator("#rb-sheet-file").set_input_files(str(bad))
    message = sheet.locator(".rb-sheet__message")
    expect(message).to_contain_text(needle)  # first: this file's answer, not the case before's
    expect(message).to_contain_text("не загружен")
    expect(message).to_contain_text("не изменились")
    # the browser's own words («Unexpected end of JSON input») and the file's keys were shown
    raw = r"Unexpected|JSON input|is not valid|(file|format) —|поле (file|format)"
    assert not re.search(raw, message.inner_text())
    assert sheet.evaluate(f"localStorage.getItem({STORE})") == before
    expect(field(sheet, "identity.name")).to_have_value("Остаётся")
    expect(sheet.locator("#rb-sheet-character option")).to_have_count(1)
    sheet.locator(".rb-sheet__bar").screenshot(path=str(shot / "refused.png"))


def test_a_file_that_would_pass_the_limit_of_characters_says_how_many_and_what_to_do(
    sheet: Page, tmp_path: Path
) -> None:
    """The refusal said «в браузере уже 1 персонажей, а можно не больше 50», the number against
    the wrong one and nothing of what to do."""
    fifty = tmp_path / "fifty.json"
    doc = {"format": "rulebook-character-sheet", "book": "fatum", "version": 1, "characters": [{}] * 50}
    fifty.write_text(json.dumps(doc), encoding="utf-8")
    sheet.locator("#rb-sheet-file").set_input_files(str(fifty))
    message = sheet.locator(".rb-sheet__message")
    expect(message).to_contain_text("персонажей было бы 51 (в браузере 1, в файле 50), а можно не больше 50")
    expect(message).to_contain_text("Сохраните лишних в файл и удалите их")
    expect(sheet.locator("#rb-sheet-character option")).to_have_count(1)


def test_several_characters_are_kept_apart(sheet: Page) -> None:
    field(sheet, "identity.name").fill("Первый")
    wait_saved(sheet, "c.identity.name === 'Первый'")
    sheet.locator("[data-sheet-action='new']").click()
    expect(field(sheet, "identity.name")).to_have_value("")
    field(sheet, "identity.name").fill("Второй")
    field(sheet, "traits.och.smart").fill("3")
    wait_saved(sheet, "c.identity.name === 'Второй'")
    picker = sheet.locator("#rb-sheet-character")
    expect(picker.locator("option")).to_have_count(2)
    picker.select_option(label="Первый, ур. 1")
    expect(field(sheet, "identity.name")).to_have_value("Первый")
    expect(field(sheet, "traits.och.smart")).to_have_value("0")
    sheet.reload()
    expect(field(sheet, "identity.name")).to_have_value("Первый")  # the current one is remembered
    picker.select_option(label="Второй, ур. 1")
    expect(field(sheet, "traits.och.smart")).to_have_value("3")


def test_a_new_scene_restores_fortune_and_once_per_scene_abilities(sheet: Page) -> None:
    field(sheet, "traits.bch.lucky").fill("4")
    sheet.locator("[data-add-row='specialisations']").click()
    field(sheet, "specialisations[].name", 0).fill("Медик")
    field(sheet, "specialisations[].used", 0).check()
    field(sheet, "resources.fortune").fill("0")
    field(sheet, "resources.support_used").check()
    expect(derived(sheet, "specialisations[].frequency_label", 0)).to_have_text(
        "1 раз за сцену (по таблице)", timeout=BOOT
    )
    sheet.locator("[data-engine-action='new_fight']").click()
    sheet.wait_for_timeout(300)
    expect(field(sheet, "specialisations[].used", 0)).to_be_checked()  # once per scene, not per fight
    sheet.locator("[data-engine-action='new_scene']").click()
    expect(field(sheet, "resources.fortune")).to_have_value("2")
    expect(field(sheet, "specialisations[].used", 0)).not_to_be_checked()
    expect(field(sheet, "resources.support_used")).not_to_be_checked()
    wait_saved(sheet, "c.resources.fortune === 2")


@pytest.mark.devices("desktop")  # paper is paper
def test_the_sheet_prints_on_one_or_two_a4_pages(sheet: Page, shot: Path) -> None:
    fill_character(sheet)
    sheet.locator("[data-add-row='weapons']").click()
    sheet.locator(".rb-sheet__row[data-index='1'] select[data-preset='weapon']").select_option("light_melee")
    expect(derived(sheet, "weapons[].hit_label", 1)).not_to_have_text("—", timeout=BOOT)
    sheet.emulate_media(media="print")
    sheet.screenshot(path=str(shot / "print-media.png"), full_page=True)
    expect(sheet.locator(".rb-sheet__bar")).to_be_hidden()
    expect(sheet.locator(".md-header")).to_be_hidden()
    pdf = sheet.pdf(format="A4", print_background=False)
    (shot / "sheet.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 1 <= pages <= 2, f"{pages} pages"


def test_on_a_phone_the_sheet_fits_the_screen(browser: Browser, sheet_site: str, shot: Path) -> None:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="ru-RU",
        service_workers="block",  # as conftest.open_context: no offline copy saved
    )
    pg = ctx.new_page()
    pg.goto(sheet_site + "/sheet/")
    expect(pg.locator(".rb-sheet[data-rb-ready]")).to_be_attached()
    pg.locator("[data-add-row='weapons']").tap()
    pg.wait_for_function(READY, timeout=BOOT)
    pg.screenshot(path=str(shot / "phone-top.png"))
    pg.locator(".rb-sheet__section[data-section='weapons']").screenshot(path=str(shot / "phone-weapons.png"))
    overflow = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px"
    ctx.close()


@pytest.mark.devices("desktop")  # the same on a phone, where the navigation is in the drawer
def test_instant_navigation_initialises_the_sheet_and_keeps_the_worker(page: Page, sheet_site: str) -> None:
    page.goto(sheet_site + "/fatum/01-bazovye-pravila/")
    page.locator("#rb-calc-check-1 input[name=bonus]").fill("1")
    page.wait_for_function(
        "window.rulebook.calc && window.rulebook.calc.engine.state === 'ready'", timeout=BOOT
    )
    page.evaluate("window.__same_document = true")
    page.locator(".md-nav__link[href$='sheet/']").first.click()
    page.wait_for_url("**/sheet/")
    assert page.evaluate("window.__same_document") is True, "instant navigation did not happen"
    expect(page.locator(".rb-sheet[data-rb-ready][data-engine='ready']")).to_be_attached(timeout=BOOT)
    field(page, "traits.och.strong").fill("5")
    expect(derived(page, "skills.strength.die_label")).to_have_text("1к10", timeout=BOOT)
    assert page.evaluate("window.__same_document") is True


def test_without_webassembly_the_sheet_says_so_and_still_saves(
    browser: Browser, sheet_site: str, shot: Path
) -> None:
    ctx = browser.new_context(locale="ru-RU", service_workers="block")
    ctx.add_init_script("delete window.WebAssembly;")
    pg = ctx.new_page()
    pg.goto(sheet_site + "/sheet/")
    status = pg.locator(".rb-sheet__status[data-state=failed]")
    expect(status).to_contain_text("WebAssembly", timeout=20_000)
    expect(status).to_contain_text("можно заполнять, сохранять и печатать")
    field(pg, "identity.name").fill("Без Python")
    wait_saved(pg, "c.identity.name === 'Без Python'")
    pg.reload()
    expect(field(pg, "identity.name")).to_have_value("Без Python")
    pg.locator(".rb-sheet__bar").screenshot(path=str(shot / "no-wasm.png"))
    ctx.close()


@pytest.mark.service_worker
def test_the_sheet_runs_offline_after_the_site_and_runtime_are_cached(
    new_context: Callable[..., BrowserContext], sheet_site: str, shot: Path
) -> None:
    context = new_context()  # a first visit: the site and the runtime are saved in this test
    pg = context.new_page()
    pg.goto(sheet_site + "/")
    pg.wait_for_function(
        "window.rulebook && window.rulebook.offline && window.rulebook.offline.state === 'ready'",
        timeout=60_000,
    )
    pg.locator("#rb-offline-toggle").click()
    runtime = pg.locator("#rb-offline .rb-offline__runtime")
    runtime.get_by_role("button", name=re.compile("Скачать для работы без сети")).click()
    expect(runtime).to_contain_text("сохранена", timeout=120_000)
    pg.keyboard.press("Escape")
    context.set_offline(True)
    try:
        pg.goto(sheet_site + "/sheet/")
        expect(pg.locator(".rb-sheet[data-rb-ready]")).to_be_attached()
        field(pg, "traits.och.smart").fill("3")
        field(pg, "skills.medicine.professional").check()
        expect(derived(pg, "skills.medicine.die_label")).to_have_text("1к10", timeout=BOOT)
        expect(pg.locator(".rb-sheet__status")).to_contain_text("Движок правил готов")
        pg.screenshot(path=str(shot / "offline.png"))
    finally:
        context.set_offline(False)
    pg.close()
