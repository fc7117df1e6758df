import pytest
from rulebook.search.glossary import GlossaryError, load, parse


def test_synonyms_expand_from_every_term():
    g = parse('[[synonym]]\nterms = ["ОД", "Очки Действий"]\n')
    assert ("ОД", ("Очки Действий",)) in g.rules
    assert ("Очки Действий", ("ОД",)) in g.rules


def test_aliases_expand_one_way_only():
    g = parse('[[alias]]\nfrom = "хиты"\nto = ["ранения", "шкала ранений"]\n')
    assert g.rules == (("хиты", ("ранения", "шкала ранений")),)


@pytest.mark.parametrize(
    "text",
    [
        '[[synonym]]\nterms = ["ОД"]\n',
        '[[alias]]\nfrom = "хиты"\n',
        '[[word]]\nterms = ["a", "b"]\n',
        "[[synonym]\n",
    ],
)
def test_malformed_glossaries_are_rejected_with_the_file_name(text):
    with pytest.raises(GlossaryError, match=r"fatum\.glossary\.toml"):
        parse(text, "fatum.glossary.toml")


ALIASES = '[[alias]]\nfrom = "крит"\nto = ["критический успех"]\n\n'


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        (ALIASES + '[[alias]]\nfrom = "хиты"\nto = []\n', 7, "`to`"),
        (ALIASES + '[[alias]]\nfrom = "хиты"\nto = ["раны", " "]\n', 7, "`to`"),
        (ALIASES + '[[alias]]\nfrom = "хиты"\nt0 = ["раны"]\n', 7, "unknown key 't0'"),
        (ALIASES + '[[alias]]\nfrom = "хиты"\nto = ["раны"]\nnote = "?"\n', 8, "unknown key 'note'"),
        (ALIASES + '[[synonym]]\nterms = ["ОД"]\n', 6, "at least two"),
        (ALIASES + '[[aliases]]\nfrom = "хиты"\n', 5, "unknown table 'aliases'"),
        (ALIASES + '[[alias]]\nfrom = "хиты\nto = ["раны"]\n', 6, "invalid TOML"),  # unclosed string
        (ALIASES + '[[alias]]\nfrom = "хиты"\nto = ["раны"\n', 7, "invalid TOML"),  # unclosed array
        (ALIASES + '[[synonym]]\nterms = ["ОВ", "очки выносливости", "ОВ"]\n', 6, "'ОВ' twice"),
        (ALIASES + '[[alias]]\nfrom = "хиты"\nto = ["раны", "раны "]\n', 7, "'раны' twice"),
        (
            ALIASES + '[[alias]]\nfrom = "крит"\nto = ["критический  успех"]\n',
            6,
            "repeats the [[alias]] at line 1",
        ),
        (  # the same set again, in another order: a copy left behind
            ALIASES + '[[synonym]]\nterms = ["ОД", "очки действий"]\n\n'
            '[[synonym]]\nterms = ["очки  действий", "ОД"]\n',
            9,
            "repeats the [[synonym]] at line 5",
        ),
    ],
)
def test_a_mistake_is_reported_at_its_line(text, line, says):
    """One line naming the file and the line of the mistake, not the entry's number: a shared
    glossary has hundreds of entries."""
    with pytest.raises(GlossaryError) as err:
        parse(text, "common.glossary.toml")
    assert str(err.value).startswith(f"common.glossary.toml:{line}: ") and says in str(err.value)
    assert "\n" not in str(err.value)


def test_a_glossary_not_in_utf8_is_named_with_its_line(tmp_path):
    f = tmp_path / "fatum.glossary.toml"
    f.write_bytes('# словарь\n[[alias]]\nfrom = "хиты"\nto = ["раны"]\n'.encode("cp1251"))
    with pytest.raises(GlossaryError, match=r"glossary\.toml:1: not valid UTF-8 .* save the file as"):
        load(f)
    f.write_bytes('\ufeff[[alias]]\nfrom = "хиты"\nto = ["раны"]\n'.encode())  # a BOM is fine
    assert load(f).rules == (("хиты", ("раны",)),)


def test_the_fatum_glossary_parses():
    from pathlib import Path

    g = parse((Path(__file__).parents[2] / "sources" / "fatum.glossary.toml").read_text(encoding="utf-8"))
    srcs = {s for s, _ in g.rules}
    assert {"ОД", "Очки Действий", "МЗ", "БЗ", "хиты", "NPC", "Мастер"} <= srcs
