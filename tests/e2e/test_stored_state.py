"""What the site keeps in the reader's browser, damaged or full: a damaged character is set aside
(once) while the others stay editable, a damaged pins value is announced once and never shows
object text, and with localStorage full (filled here through page.evaluate) no write is followed
by a success message: the sheet, the pins, the damage stepper and recent searches say that the
storage is full, and the storage dialog frees room, after which what failed is saved.

The session's site; the tests share one browser profile, whose storage is wiped before each
(tests/e2e/conftest.py), hence an empty localStorage every time."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.shared_profile

BOOT = 90_000  # ms for Pyodide to start on a busy machine
SHEET = "rulebook.core.storage('sheet.fatum').key"
PINS = "rulebook.core.storage('pins.v1').key"
DAMAGE = "#rb-calc-damage-1"

# Fills localStorage under keys `prefix`0, 1, … until not even 16 more characters fit.
FILL = """(prefix) => {
  const chunk = "x".repeat(512 * 1024);
  let n = 0, size = chunk.length;
  for (;;) {
    try { localStorage.setItem(prefix + n, chunk.slice(0, size)); n++; }
    catch (e) { if (size <= 16) return n; size = Math.floor(size / 2); }
  }
}"""
OTHER_APP = "another-app-"  # data of the origin that is not this site's


def put(page: Page, key_js: str, value: object) -> str:
    key = page.evaluate(key_js)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
    return key


def keys(page: Page, prefix_js: str) -> list[str]:
    return page.evaluate(
        "p => Object.keys(localStorage).filter(k => k.startsWith(p))", page.evaluate(prefix_js)
    )


def open_sheet(page: Page, server: str) -> None:
    page.goto(server + "/sheet/")
    expect(page.locator(".rb-sheet[data-rb-ready]")).to_be_attached()


def names(page: Page) -> list[str]:
    return page.locator("#rb-sheet-character option").all_inner_texts()


def character(cid: str, name: str, **fields: object) -> dict:
    return {"id": cid, "identity": {"name": name}, **fields}


# ---- the sheet ----------------------------------------------------------------------------------------
def test_one_damaged_character_is_set_aside_once_and_the_others_stay_editable(
    page: Page, server: str, shot: Path
) -> None:
    open_sheet(page, server)
    bad = character("b", "Плохой", traits={"och": {"vigilant": 9}})
    store = {"v": 1, "current": "b", "characters": [character("a", "Первый"), bad, character("c", "Третий")]}
    key = put(page, SHEET, store)
    for _ in range(3):  # every load: the same one set aside, one copy, no copy per load
        page.reload()
        expect(page.locator(".rb-sheet[data-rb-ready]")).to_be_attached()
        assert names(page) == ["Первый, ур. 1", "Третий, ур. 1"]
        aside = page.locator(".rb-sheet__aside")
        expect(aside).to_contain_text("«Плохой»")
        expect(aside).to_contain_text("Бдительный — число должно быть от 0 до 6, получено 9")
        saved = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
        assert [a["character"] for a in saved["aside"]] == [bad]
        assert keys(page, SHEET) == [key]
    page.locator(".rb-sheet__bar").screenshot(path=str(shot / "set-aside.png"))

    # the others are editable, and the one set aside can be saved to a file, fixed and loaded
    page.locator("[data-path='identity.name']").fill("Первый, правка")
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).characters[0].identity.name === 'Первый, правка'", arg=key
    )
    with page.expect_download() as info:
        aside.get_by_role("button", name="Сохранить в файл").click()
    doc = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert doc["format"] == "rulebook-character-sheet" and doc["characters"] == [bad]
    page.once("dialog", lambda d: d.accept())
    aside.get_by_role("button", name="Удалить").click()
    expect(aside).to_be_hidden()
    assert "aside" not in json.loads(page.evaluate("k => localStorage.getItem(k)", key))


def test_an_unreadable_list_of_characters_is_copied_aside_once_and_can_be_discarded(
    page: Page, server: str
) -> None:
    open_sheet(page, server)
    key = put(page, SHEET, '{"v": 1, "characters": [')
    page.reload()
    expect(page.locator(".rb-sheet__message")).to_contain_text("не читаются (это не JSON)")
    page.reload()
    page.reload()
    copies = [k for k in keys(page, SHEET) if k != key]
    assert (
        len(copies) == 1
        and page.evaluate("k => localStorage.getItem(k)", copies[0]) == '{"v": 1, "characters": ['
    )
    expect(page.locator(".rb-sheet__message")).to_be_hidden()  # said once, listed below since
    aside = page.locator(".rb-sheet__aside")
    expect(aside).to_contain_text("это не JSON")
    page.once("dialog", lambda d: d.accept())
    aside.get_by_role("button", name="Удалить").click()
    expect(aside).to_be_hidden()
    assert keys(page, SHEET) == [key]


def test_with_the_storage_full_the_sheet_never_says_saved_and_loses_nothing(
    page: Page, server: str, tmp_path: Path, shot: Path
) -> None:
    open_sheet(page, server)
    page.locator("[data-path='identity.name']").fill("Сохранённый")
    page.wait_for_function(f"() => (localStorage.getItem({SHEET}) || '').includes('Сохранённый')")
    assert page.evaluate(FILL, OTHER_APP) > 0

    page.locator("[data-sheet-action='new']").click()
    message = page.locator(".rb-sheet__message")
    expect(message).to_have_text("Новый персонаж не создан: хранилище браузера заполнено.")
    assert names(page) == ["Сохранённый, ур. 1"]

    file = tmp_path / "import.fatum.json"
    doc = {
        "format": "rulebook-character-sheet",
        "book": "fatum",
        "version": 1,
        "characters": [{"identity": {"name": "Из файла"}}],
    }
    file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    page.locator("#rb-sheet-file").set_input_files(str(file))
    expect(message).to_contain_text("«Из файла, ур. 1» открыт только в этой вкладке")
    expect(message).not_to_contain_text("Загружен")
    notice = page.locator(".rb-sheet__storage")
    expect(notice).to_contain_text("Лист не сохранён в браузере: хранилище браузера заполнено")
    page.locator(".rb-sheet__bar").screenshot(path=str(shot / "full.png"))

    # the way out: the dialog says what takes the room and offers to save the characters
    notice.get_by_role("button", name="Освободить место…").click()
    dialog = page.locator("#rb-storage")
    expect(dialog).to_contain_text("Хранилище браузера заполнено")
    expect(dialog).to_contain_text("Персонажи листа: 1")
    expect(dialog).to_contain_text("Данные других сайтов на этом адресе")
    with page.expect_download() as info:
        dialog.get_by_role("button", name="Сохранить всех в файл").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert [c["identity"]["name"] for c in exported["characters"]] == ["Сохранённый", "Из файла"]
    page.screenshot(path=str(shot / "dialog.png"))

    page.reload()  # what was saved before the storage filled up is all there
    expect(page.locator(".rb-sheet[data-rb-ready]")).to_be_attached()
    assert names(page) == ["Сохранённый, ур. 1"]


def test_the_storage_dialog_frees_room_and_what_failed_is_saved_then(page: Page, server: str) -> None:
    open_sheet(page, server)
    # the room is taken by an old copy of damaged data of this site's own
    page.evaluate(FILL, page.evaluate(SHEET) + ".damaged.old-")
    page.locator("[data-path='identity.name']").fill("После очистки")
    notice = page.locator(".rb-sheet__storage")
    expect(notice).to_contain_text("хранилище браузера заполнено")
    notice.get_by_role("button", name="Освободить место…").click()
    dialog = page.locator("#rb-storage")
    row = dialog.locator("li", has_text="Копии повреждённых данных")
    page.once("dialog", lambda d: d.accept())
    row.get_by_role("button", name="Удалить").click()
    expect(dialog.locator("li", has_text="Копии повреждённых данных")).to_have_count(0)
    expect(notice).to_have_text("Лист снова сохраняется в браузере.")
    page.keyboard.press("Escape")
    page.reload()
    expect(page.locator("[data-path='identity.name']")).to_have_value("После очистки")


# ---- pins ---------------------------------------------------------------------------------------------
def test_a_damaged_pins_value_is_announced_once_not_on_every_load(page: Page, server: str) -> None:
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_function("window.rulebook && window.rulebook.pins")
    key = put(page, PINS, "{broken")
    page.reload()
    toast = page.locator(".rb-toast")
    expect(toast).to_contain_text("Сохранённые закрепы повреждены (это не JSON)")
    copies = [k for k in keys(page, PINS) if ".damaged." in k]
    assert len(copies) == 1
    for _ in range(2):
        page.reload()
        page.wait_for_function("window.rulebook && window.rulebook.pins")
        page.wait_for_timeout(300)  # a notice would be up by now
        expect(toast).to_be_hidden()
    assert [k for k in keys(page, PINS) if ".damaged." in k] == copies
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", key))["scenes"][0]["pins"] == []


def test_pins_with_fields_of_the_wrong_type_never_show_object_text_and_bad_entries_go_once(
    page: Page, server: str, shot: Path
) -> None:
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_function("window.rulebook && window.rulebook.pins")
    good = {
        "path": "fatum/03-boi/",
        "id": "3-2-deistviia-v-boiu",
        "title": {"t": 1},
        "excerpt": ["a"],
        "book": 5,
        "t": 1,
    }
    scene = {"id": "s1", "name": "Общие", "pins": [good, {"id": 7}, "мусор"]}
    key = put(page, PINS, {"v": 1, "current": "s1", "scenes": [scene]})
    page.reload()
    expect(page.locator(".rb-toast")).to_contain_text("Повреждённых записей в закрепах: 2")
    page.locator("#rb-pins-toggle").click()
    item = page.locator("#rb-pins .rb-pinned")
    expect(item).to_have_count(1)
    expect(item).not_to_contain_text("[object Object]")
    expect(item.locator(".rb-pinned__title")).to_have_text("3-2-deistviia-v-boiu")
    # the palette's pin event with objects for its texts
    detail = {
        "url": "fatum/03-boi/#3-3-ukrytiia-i-zona-obstrela",
        "title": {"a": 1},
        "excerpt": {"b": 2},
        "book": [],
    }
    page.evaluate("d => rulebook.pins.add(d)", detail)
    expect(item).to_have_count(2)
    expect(page.locator("#rb-pins")).not_to_contain_text("[object Object]")
    page.locator("#rb-pins").screenshot(path=str(shot / "pins.png"))
    saved = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
    assert all(isinstance(p["title"], str) for p in saved["scenes"][0]["pins"])
    page.reload()
    page.wait_for_timeout(300)
    expect(page.locator(".rb-toast")).to_be_hidden()  # the bad entries went once, with one copy
    assert len([k for k in keys(page, PINS) if ".damaged." in k]) == 1


def test_with_the_storage_full_pins_say_they_are_not_saved(page: Page, server: str) -> None:
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_function("window.rulebook && window.rulebook.pins")
    page.evaluate(FILL, OTHER_APP)
    page.evaluate(
        "() => rulebook.pins.add({url: 'fatum/03-boi/#3-3-ukrytiia-i-zona-obstrela', title: 'Укрытия'})"
    )
    toast = page.locator(".rb-toast")
    expect(toast).to_contain_text("Закрепы не сохранены: хранилище браузера заполнено")
    expect(toast).not_to_contain_text("Закреплено")
    expect(toast.get_by_role("button", name="Освободить место…")).to_be_visible()


def test_the_storage_dialog_counts_the_theme_chosen_as_this_sites_not_another_sites(
    page: Page, server: str
) -> None:
    """The theme chosen (Material's entry, «/.__palette») was listed as «Данные других сайтов на
    этом адресе… Этот сайт их не трогает»: the reader was sent to the browser's settings for this
    site's own setting."""
    page.goto(server + "/fatum/03-boi/")
    page.wait_for_function("localStorage.getItem(rulebook.core.scope.pathname + '.__palette')")
    page.evaluate("() => rulebook.core.storageHelp('Закрепы не сохранены.')")
    dialog = page.locator("#rb-storage")
    expect(dialog).to_contain_text("Настройки сайта")
    expect(dialog).not_to_contain_text("других сайтов")
    page.evaluate("() => localStorage.setItem('another-app-1', 'x'.repeat(2000))")
    page.keyboard.press("Escape")
    page.evaluate("() => rulebook.core.storageHelp('Закрепы не сохранены.')")
    expect(dialog).to_contain_text("Данные других сайтов на этом адресе")  # what is not the site's still is


# ---- recent searches and the damage stepper -------------------------------------------------------------
def test_with_the_storage_full_recent_searches_say_they_are_not_kept(page: Page, server: str) -> None:
    page.goto(server + "/fatum/")
    page.evaluate(FILL, OTHER_APP)
    page.keyboard.press("Control+k")
    box = page.locator(".rb-palette__input")
    box.fill("кровотечение")
    page.wait_for_function("document.querySelector('.rb-palette').dataset.renderedQuery === 'кровотечение'")
    box.press("Enter")
    page.wait_for_url(re.compile(r"#"))
    page.keyboard.press("Control+k")
    box.fill("")  # where the recent searches are shown
    status = page.locator(".rb-palette__status")
    expect(status).to_contain_text("Недавние запросы не сохраняются: хранилище браузера заполнено.")
    expect(status.get_by_role("button", name="Освободить место…")).to_be_visible()


def test_with_the_storage_full_the_stepper_says_the_fight_is_not_saved(page: Page, server: str) -> None:
    page.goto(server + "/fatum/03-boi/")
    widget = page.locator(DAMAGE)
    widget.scroll_into_view_if_needed()
    page.wait_for_function(
        "window.rulebook.calc && window.rulebook.calc.engine.state === 'ready'", timeout=BOOT
    )
    page.evaluate(FILL, OTHER_APP)
    widget.locator("button[data-action=hit]").click()
    widget.locator(".rb-calc__log li.is-latest").wait_for(timeout=BOOT)
    notice = widget.locator(".rb-calc__storage")
    expect(notice).to_contain_text("Ход боя не сохранён: хранилище браузера заполнено")
    expect(notice.get_by_role("button", name="Освободить место…")).to_be_visible()


def test_copies_of_damaged_values_are_kept_once_each_and_ten_at_most(page: Page, server: str) -> None:
    page.goto(server + "/fatum/")
    page.wait_for_function("window.rulebook && window.rulebook.core")
    got = page.evaluate(
        """() => {
          const s = rulebook.core.storage("probe");
          localStorage.setItem(s.key + ".damaged.1700000000000", "старая копия");  // an older build's
          const again = s.setAside("старая копия");
          const first = s.setAside("{битое");
          const same = s.setAside("{битое");
          for (let i = 0; i < 12; i++) s.setAside("{битое " + i);
          const kept = s.asides().map((c) => c.text);
          return { again, first, same, kept };
        }"""
    )
    assert got["again"]["existed"] and got["again"]["key"].endswith(".damaged.1700000000000")
    assert got["first"]["ok"] and not got["first"]["existed"]
    assert got["same"] == {**got["first"], "existed": True}
    assert got["kept"] == [f"{{битое {i}" for i in range(2, 12)]  # the ten newest
