"""Every documented way to get a block or a calculator input wrong ends in one line that names the
file and the line (or the field), a non-zero exit, and nothing written: never a traceback, never
a page that shows the block as text.

The build cases are real `mkdocs build` runs of a tiny project (a page with the bad block, and a
page a card can take text from); the `rulebook calc` cases run the command in-process."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support import site as support
from tests.support.cli import rulebook

pytestmark = pytest.mark.build

RULES = "# Правила\n\n## Бой {#boi}\n\nВ бою каждое действие стоит ОД.\n\n## Укрытие {#ukrytie}\n\nУкрытие.\n"
CARD = "/// card | rules.md#boi"

# (what is wrong, the bad block as written, what the error line says): found while pages render,
# so one build reports them all, one line each
BLOCKS = [
    ("unknown calculator", "/// calculator | nosuch\n///", "unknown calculator 'nosuch' (known: check,"),
    ("the sheet is not a calculator", "/// calculator | sheet\n///", "has a block of its own: /// sheet"),
    ("calculator without a name", "/// calculator\n///", "give a calculator's name"),
    ("unknown calculator option", "/// calculator | damage\n    compakt: 1\n///", "unknown option 'compakt'"),
    ("option not true/false", "/// calculator | check\n    compact: yes please\n///", "write true or false"),
    ("card without a reference", "/// card\n///", "give a reference after '|' (page.md#id) or a 'slot'"),
    ("unknown card option", f"{CARD}\n    colour: red\n///", "unknown option 'colour'"),
    ("card options that are not YAML", f"{CARD}\n    title: Бой: кратко\n///", "are its options YAML?"),
    ("bad slot name", "/// card\n    slot: два слова\n///", "option 'slot': slot names are letters"),
    ("misspelt block name", "/// calcualtor | check\n///", "no block is called 'calcualtor'"),
    ("sheet with an argument", "/// sheet | fatum\n///", "takes nothing after '|'"),
    ("books list with an option", "/// books\n    sort: title\n///", "unknown option 'sort'"),
]
# found when the cards are filled, after every page rendered: the build stops at the first
CARDS = [
    (
        "reference to a missing id",
        "/// card | rules.md#net\n///",
        "reference 'rules.md#net': no heading or block with id 'net' on rules.md",
    ),
    ("reference to a missing page", "/// card | nosuch.md#boi\n///", "no page nosuch.md in the docs"),
    ("reference without an id", "/// card | rules.md\n///", "names no heading or block: write page.md#id"),
    ("excluding what it does not hold", f"{CARD}\n    exclude: [net]\n///", "exclude 'net' is not inside"),
]


def page(block: str) -> str:
    """A page with `block` on its line 9."""
    return f"---\ntitle: Страница\n---\n\n# Страница\n\nТекст перед блоком.\n\n{block}\n"


def build(tmp: Path, pages: dict[str, str]) -> tuple[int, list[str]]:
    """Build a tiny project holding `pages`: (exit code, the log's error lines); checks that it
    printed no traceback and wrote nothing."""
    cfg = support.project(tmp, [], {"index.md": "# Главная\n", "rules.md": RULES, **pages})
    built = support.run_build(cfg, tmp / "site")
    assert "Traceback" not in built.log, built.log
    assert not (tmp / "site").exists() or not any((tmp / "site").iterdir())  # nothing written
    assert not (tmp / "cache").exists()  # not even the search cache
    return built.returncode, [ln for ln in built.log.splitlines() if ln.startswith("ERROR")]


@pytest.fixture(scope="module")
def bad_pages(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, list[str]]:
    pages = {f"bad-{i}.md": page(b[1]) for i, b in enumerate(BLOCKS)}
    return build(tmp_path_factory.mktemp("bad-blocks"), pages)


def test_one_build_reports_every_bad_block_once_and_fails(bad_pages: tuple[int, list[str]]) -> None:
    code, errors = bad_pages
    assert code != 0 and len(errors) == len(BLOCKS), errors


@pytest.mark.parametrize(
    ("n", "message"), [(i, b[2]) for i, b in enumerate(BLOCKS)], ids=[b[0] for b in BLOCKS]
)
def test_a_bad_block_is_one_line_naming_its_file_and_line(
    bad_pages: tuple[int, list[str]], n: int, message: str
) -> None:
    (line,) = [e for e in bad_pages[1] if f"docs/bad-{n}.md:" in e]
    assert re.search(rf"rulebook: docs/bad-{n}\.md:9: ", line) and message in line, line


@pytest.mark.parametrize(("block", "message"), [c[1:] for c in CARDS], ids=[c[0] for c in CARDS])
def test_a_card_that_cannot_be_filled_is_one_line_naming_its_file_and_line(
    tmp_path: Path, block: str, message: str
) -> None:
    code, errors = build(tmp_path, {"bad.md": page(block)})
    assert code != 0 and len(errors) == 1, errors
    assert re.search(r"rulebook: docs/bad\.md:9: card 1 «", errors[0]) and message in errors[0], errors[0]


INPUTS = [  # (what is wrong, calculator, --input, what the error line says)
    ("not JSON", "check", "{bonus: 1}", "input: not valid JSON"),
    ("not an object", "check", "[1, 2]", "input: нужен объект JSON"),
    ("unknown field", "check", '{"bonsu": 1}', "bonsu: неизвестное поле"),
    ("out of range", "check", '{"modifier": 13}', "modifier: число должно быть от 0 до 12"),
    ("a word for a number", "check", '{"bonus": "три"}', "bonus: нужно целое число"),
    ("a digit that is not ASCII", "check", '{"bonus": "²"}', "bonus: нужно целое число"),
    ("a 5,000-digit integer", "check", '{"bonus": ' + "9" * 5000 + "}", "a number has more than 4300 digits"),
    ("a 5,000-digit string", "check", json.dumps({"bonus": "9" * 5000}), "(5002 знака)"),
    ("deeply nested", "check", "[" * 100_000, "input: nested too deeply"),
    ("infinite", "check", '{"bonus": Infinity}', "bonus: нужно целое число"),
    ("a huge unknown key", "check", json.dumps({"k" * 10_000: 1}), "неизвестное поле"),
    ("a bad action", "damage", '{"actions": [{"type": "fly"}]}', "actions[0].type"),
    ("a hit of 99", "damage", '{"actions": [{"type": "hit", "damage": 99}]}', "actions[0].damage"),
]
COMMANDS = [  # (what is wrong, arguments, stdin bytes, what the error line says)
    ("no calculator named", ["calc"], b"", "name a calculator (see --list)"),
    ("unknown calculator", ["calc", "nosuch"], b"", "unknown calculator 'nosuch'"),
    ("stdin not UTF-8", ["calc", "check", "--input", "-"], b"\xff\xfe{}", "input: not UTF-8 text"),
    *[(what, ["calc", name, "--input", given], b"", message) for what, name, given, message in INPUTS],
]


@pytest.mark.parametrize(
    ("argv", "stdin", "message"), [c[1:] for c in COMMANDS], ids=[c[0] for c in COMMANDS]
)
def test_bad_calculator_input_is_one_line_and_no_output(
    argv: list[str], stdin: bytes, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if stdin:
        monkeypatch.setattr("sys.stdin", _BytesStdin(stdin))
    ran = rulebook(*argv)
    assert ran.returncode == 2 and ran.stdout == ""
    lines = ran.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, ran.stderr[:500]
    assert lines[0].startswith("rulebook calc: error: ") and message in lines[0], lines[0]


class _BytesStdin:
    """A stdin that delivers raw bytes, as a pipe does."""

    def __init__(self, data: bytes) -> None:
        import io

        self.buffer = io.BytesIO(data)

    def read(self) -> str:
        return self.buffer.read().decode("utf-8")


def test_a_bad_shared_glossary_entry_is_one_line_naming_its_file_and_line(tmp_path: Path) -> None:
    cfg = support.project(tmp_path, [], {"index.md": "# Главная\n", "rules.md": RULES})
    glossary = next((tmp_path).rglob("common.glossary.toml"))
    lines = glossary.read_text(encoding="utf-8").splitlines()
    glossary.write_text(
        "\n".join([*lines, "", "[[alias]]", 'from = "хилка"', 'too = ["лечение"]', ""]), encoding="utf-8"
    )
    built = support.run_build(cfg, tmp_path / "site")
    errors = [ln for ln in built.log.splitlines() if ln.startswith("ERROR")]
    assert built.returncode != 0 and "Traceback" not in built.log, built.log
    assert len(errors) == 1 and f"common.glossary.toml:{len(lines) + 4}: " in errors[0], errors
    assert "unknown key 'too'" in errors[0]
    assert not (tmp_path / "site").exists() or not any((tmp_path / "site").iterdir())
