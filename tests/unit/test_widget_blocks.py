"""The rulebook's blocks refuse what they do not understand: every bad header is reported with
its reason (the build turns each into one error line), nothing is left on the page as text, and
the report finds the block's line in the Markdown source."""

from __future__ import annotations

import markdown
import pytest
from rulebook.html import tree
from rulebook.widgets import strict
from rulebook.widgets.blocks import RulebookBlocksExtension

CALC, CARD = "/// calculator", "/// card | a.md#b"
BAD = [  # (Markdown, the block's first line, what the report says)
    (f"{CALC} | nosuch\n///\n", f"{CALC} | nosuch", "unknown calculator 'nosuch' (known: check,"),
    (f"{CALC} | sheet\n///\n", f"{CALC} | sheet", "has a block of its own: /// sheet"),
    (f"{CALC}\n///\n", CALC, "give a calculator's name (check, attack, damage) after '|'"),
    (f"{CALC} | damage\n    compakt: true\n///\n", f"{CALC} | damage", "unknown option 'compakt'"),
    (f"{CALC} | check\n    compact: maybe\n///\n", f"{CALC} | check", "write true or false"),
    ("/// card\n///\n", "/// card", "give a reference after '|' (page.md#id) or a 'slot' option"),
    (f"{CARD}\n    colour: red\n///\n", CARD, "unknown option 'colour' (known: title,"),
    (f"{CARD}\n    slot: 'a b'\n///\n", CARD, "option 'slot': slot names are letters"),
    (f"{CARD}\n    exclude: 5\n///\n", CARD, "option 'exclude': expected a list of ids"),
    (f"{CARD}\n    title: Броня: классы\n///\n", CARD, "are its options YAML?"),
    ("/// sheet | fatum\n///\n", "/// sheet | fatum", "takes nothing after '|', got 'fatum'"),
    ("/// sheet-link\n    to: x\n///\n", "/// sheet-link", "unknown option 'to' (known: none)"),
    ("/// books | all\n///\n", "/// books | all", "takes nothing after '|'"),
    ("/// calcualtor | check\n///\n", "/// calcualtor | check", "no block is called 'calcualtor'"),
    (f"- item\n\n    {CARD}\n        titel: x\n    ///\n", CARD, "unknown option 'titel'"),
]


def problems(text: str) -> list[strict.Problem]:
    md = markdown.Markdown(extensions=[RulebookBlocksExtension(registry=[]), "pymdownx.superfences"])
    return strict.problems(tree.parse(md.convert(text)))


@pytest.mark.parametrize(("text", "header", "message"), BAD, ids=[b[1] + " " + b[2][:20] for b in BAD])
def test_a_bad_block_is_reported_with_its_header_and_reason(text: str, header: str, message: str) -> None:
    (found,) = problems(text)
    assert found.header == header and found.nth == 1
    assert message in found.message


def test_good_blocks_have_no_problems_and_text_that_merely_mentions_them_is_not_one() -> None:
    text = (
        "/// calculator | check\n    compact: true\n///\n\n/// card | a.md#b\n    wide: true\n///\n\n"
        "/// card\n    slot: calculators\n///\n\nA paragraph about `/// card` blocks.\n\n"
        "```\n/// calculator | nosuch\n```\n\n/// Примечание редактора\n"
    )
    assert problems(text) == []


def test_the_second_of_two_blocks_with_the_same_header_is_found_on_its_line() -> None:
    text = "/// calculator | check\n///\n\ntext\n\n/// calculator | check\n    compakt: 1\n///\n"
    (found,) = problems(text)
    assert found.nth == 2
    assert strict.locate("---\ntitle: x\n---\n\n" + text, found.header, found.nth) == 10


def test_blocks_in_fenced_code_are_not_located() -> None:
    source = "```\n/// card | a.md#b\n```\n\n/// card | a.md#b\n///\n"
    assert strict.locate(source, "/// card | a.md#b") == 5
    assert strict.locate_block(source, "card", 1) == 5
    assert strict.locate_block("//// card\n    slot: x\n\n/// card | a.md#b\n", "card", 2) == 4
