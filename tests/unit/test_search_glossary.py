import pytest
from rulebook.search.glossary import GlossaryError, parse


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


def test_the_fatum_glossary_parses():
    from pathlib import Path

    g = parse((Path(__file__).parents[2] / "sources" / "fatum.glossary.toml").read_text(encoding="utf-8"))
    srcs = {s for s, _ in g.rules}
    assert {"ОД", "Очки Действий", "МЗ", "БЗ", "хиты", "NPC", "Мастер"} <= srcs
