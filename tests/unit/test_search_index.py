"""The build side of search: the whoosh index of each book, the sharded export made from its
reader, and what a query reads of it."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rulebook.search import analysis, build, engine, export, windex
from rulebook.search.library import Block
from rulebook.search.store import Store

from tests.support.books import book, index

ROOT = Path(__file__).resolve().parents[2]

NESTED = book(
    "nested",
    [
        ("Глава 3. Бой", 1, ["Бой идёт раундами."]),
        ("Раны и бой", 2, ["Раны бывают лёгкие и тяжёлые."]),
        ("Кровотечение", 3, ["Кровь теряется каждый ход.", "Кровотечение — это потеря крови."]),
        ("Бой в темноте", 3, ["Темнота мешает."]),
        ("Снаряжение", 1, ["Оружие и броня."]),
        ("Броня", 2, ["Броня снижает раны."]),
    ],
    glossary='[[synonym]]\nterms = ["ОД", "Очки Действий"]\n',
)
OTHER = book("other", [("Бой", 1, ["Бой и раны в другой игре."]), ("Магия", 2, ["Заклинания."])])


def words(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    letters = "абвгдежзиклмнопрстуфхцчшэюя"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(4, 9))) for _ in range(n)]


# A book with a few thousand distinct words, so that the export has many shards of each kind.
VOCAB = words(3000, 1)
MANY = book(
    "many",
    [
        (f"Раздел {w}", 2, [" ".join(VOCAB[i : i + 12]) + "."])
        for i, w in zip(range(0, 3000, 12), VOCAB, strict=False)
    ],
)


@pytest.fixture
def small_shards(monkeypatch):
    monkeypatch.setattr(export, "VOCAB_WORDS", 200)
    monkeypatch.setattr(export, "POST_BYTES", 3000)
    monkeypatch.setattr(export, "FRAG_BYTES", 2000)


def test_whoosh_holds_every_block_with_its_section(tmp_path):
    windex.write(tmp_path / "nested", NESTED, "s1")
    back = windex.read(tmp_path / "nested")
    # «кровь» is in the first block (k = 1) of section 2, once
    assert back["text"]["кровь"] == [2, 1, 1]
    # every token counted once: lengths are exact, not whoosh's rounded ones
    assert back["text_len"]["2 1"] == len(analysis.surfaces("Кровь теряется каждый ход."))
    # the heading of «Кровотечение» (k = 0) is a document with the heading's text
    assert back["text"]["кровотечение"][:3] == [2, 0, 1]
    assert back["stem_df"][analysis.stem("кровотечение")] == 2


def test_heading_paths_hold_the_ancestors_headings(tmp_path):
    windex.write(tmp_path / "nested", NESTED, "s1")
    back = windex.read(tmp_path / "nested")
    post = back["path"]["бой"]
    pairs = dict(zip(post[0::2], post[1::2], strict=True))
    assert pairs[3] == 2  # «Бой в темноте» sits under «Глава 3. Бой» › «Раны и бой»
    assert 4 not in pairs  # «Снаряжение» is not under a «бой» heading


def test_a_block_that_defines_a_term_is_indexed_as_defining_it(tmp_path):
    windex.write(tmp_path / "nested", NESTED, "s1")
    back = windex.read(tmp_path / "nested")
    assert back["defines"]["кровотечение"] == [2, 2]


def test_an_unchanged_book_is_not_indexed_again(tmp_path, monkeypatch):
    build.write_index(tmp_path, [NESTED, OTHER], build.Glossary())
    calls = []
    monkeypatch.setattr(build, "index_book", lambda *a: calls.append(a[1].slug))
    build.write_index(tmp_path, [NESTED, OTHER], build.Glossary())
    assert calls == []


def test_a_changed_exporter_rewrites_the_export_of_unchanged_books(tmp_path, monkeypatch):
    before = build.write_index(tmp_path, [NESTED, OTHER], build.Glossary())
    monkeypatch.setattr(export, "VOCAB_WORDS", 3)
    after = build.write_index(tmp_path, [NESTED, OTHER], build.Glossary())
    assert after["shards"]["v"] > before["shards"]["v"]


def test_a_changed_book_glossary_rewrites_the_export(tmp_path):
    """A book's own glossary is applied from the export: a glossary added or changed while the
    book's text stayed the same left the export as it was, and the new words found nothing."""
    plain = book("gloss", [("Stress", 2, ["Three boxes."])])
    glossed = book(
        "gloss", [("Stress", 2, ["Three boxes."])], glossary='[[synonym]]\nterms = ["напряжение", "stress"]\n'
    )
    build.write_index(tmp_path, [plain, OTHER], build.Glossary())
    build.write_index(tmp_path, [glossed, OTHER], build.Glossary())
    lib = Store(tmp_path / build.EXPORT)
    found = engine.search(lib, "напряжение", limit=3)["results"]
    assert [r["title"] for r in found] == ["Stress"]
    build.write_index(tmp_path, [plain, OTHER], build.Glossary())  # and taken away again
    assert engine.search(Store(tmp_path / build.EXPORT), "напряжение", limit=3)["results"] == []


# two books that translate one term, each in two spellings of one wording: bridged rules
FLANK_A = book(
    "flank-a",
    [("Взятие в тиски", 2, ["Союзники по обе стороны."])],
    glossary='[[synonym]]\nterms = ["Взятие в тиски", "взятие в тиски", "flanking"]\n',
)
FLANK_B = book(
    "flank-b",
    [("Атака с фланга", 2, ["Бонус к атаке."])],
    glossary='[[synonym]]\nterms = ["Атака с фланга", "атака с фланга", "flanking"]\n',
)


def test_every_build_process_exports_the_same_folder_for_the_same_books(tmp_path):
    # a set iterates in another order in each process (hash randomisation): a build that let it
    # choose would publish a new index folder for unchanged books, and every reader's cache would
    # fetch it again
    code = (
        "import sys; from pathlib import Path; from rulebook.search import build\n"
        "from tests.unit.test_search_index import NESTED, OTHER, FLANK_A, FLANK_B\n"
        "m = build.write_index(Path(sys.argv[1]), [NESTED, OTHER, FLANK_A, FLANK_B], build.Glossary())\n"
        "print(m['dir'])\n"
    )
    dirs = {
        subprocess.run(
            [sys.executable, "-c", code, str(tmp_path / str(seed))],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in (1, 2, 3)
    }
    assert len(dirs) == 1


def test_the_export_is_the_same_bytes_for_the_same_books(tmp_path):
    a = build.write_index(tmp_path / "a", [NESTED, OTHER], build.Glossary())
    b = build.write_index(tmp_path / "b", [NESTED, OTHER], build.Glossary())
    assert a["dir"] == b["dir"]
    for f in (tmp_path / "a" / "export" / a["dir"]).iterdir():
        assert f.read_bytes() == (tmp_path / "b" / "export" / b["dir"] / f.name).read_bytes()


def test_rarity_and_lengths_are_counted_over_the_whole_library():
    lib = index(NESTED, OTHER)
    alone = index(NESTED)
    assert lib.stats["records"] == alone.stats["records"] + index(OTHER).stats["records"]
    # «бой» weighs the same in either book: its document frequency is the library's
    st = analysis.stem("бой")
    lib.ensure([("v", lib.shard_of("v", "бой"))])
    v = lib.get(("v", lib.shard_of("v", "бой")))
    df = v.df[v.words.index("бой")]
    assert df == sum(s.get(st, 0) for s in (_stem_df(NESTED), _stem_df(OTHER)))


def _stem_df(b) -> dict[str, int]:
    out: dict[str, int] = {}
    for sec in b.sections:
        texts = ([sec.title] if sec.titled else []) + [x.text for x in sec.blocks]
        for t in texts:
            for st in {analysis.stem(w) for w in analysis.surfaces(t)}:
                out[st] = out.get(st, 0) + 1
    return out


def test_a_query_reads_only_the_shards_its_words_need(small_shards):
    lib = index(MANY)
    m = lib.manifest
    assert m["shards"]["v"] > 10 and m["shards"]["p"] > 10 and m["shards"]["f"] > 10
    w = VOCAB[1234]
    out = engine.search(lib, w + " ")
    assert out["results"] and w in out["results"][0]["snippet"]
    kinds = [k for k, _ in lib.fetched]
    assert kinds.count("v") <= 3 and kinds.count("p") <= 2 and kinds.count("f") <= 4
    assert "r" not in kinds  # a known word needs no typo structure


def test_every_word_is_in_the_shard_its_short_name_points_to(small_shards):
    # the manifest names a vocabulary shard by the shortest beginning of its first word that
    # sorts after the shard before it: shorter than the words, and no word is looked for in the
    # wrong shard
    lib = index(MANY)
    firsts = lib.manifest["vocab"]
    for i in range(len(firsts)):
        lib.ensure([("v", i)])
        words = lib.get(("v", i)).words
        assert words[0].startswith(firsts[i])
        assert all(lib.shard_of("v", w) == i for w in words)
    assert sum(map(len, firsts)) < sum(len(lib.get(("v", i)).words[0]) for i in range(len(firsts))) / 2


def test_a_one_letter_word_reads_its_own_shard_not_the_whole_letter(small_shards):
    # the first key typed: every word that begins with «з» is no form of the word «з», and at a
    # library's size they fill a letter's worth of shards
    z = ["з" + w for w in words(900, 4)]
    b = book(
        "letters",
        [
            ("Приложение З", 2, ["Лист персонажа."]),
            *((f"Раздел {i}", 2, [" ".join(z[i : i + 12]) + "."]) for i in range(0, 900, 12)),
        ],
    )
    lib = index(b)
    assert lib.shard_of("v", z[0]) != lib.shard_of("v", max(z))
    assert engine.search(lib, "з")["results"][0]["title"] == "Приложение З"
    assert sum(k == "v" for k, _ in lib.fetched) <= 2


def test_a_query_typed_right_reads_nothing_of_the_other_layout(small_shards):
    lib = index(MANY)
    w = VOCAB[1234]
    other = lib.shard_of("v", analysis.stem(analysis.layout_swap(w) or ""))
    assert other != lib.shard_of("v", w)
    assert engine.search(lib, w + " ")["results"]
    assert ("v", other) not in lib.fetched


def test_a_typo_is_found_without_reading_the_whole_vocabulary(small_shards):
    lib = index(MANY)
    w = VOCAB[2222]
    typo = w[:3] + w[4:] if len(w) > 5 else w + "а"
    out = engine.search(lib, typo + " ", limit=20)
    assert any(w in r["snippet"] for r in out["results"])
    kinds = [k for k, _ in lib.fetched]
    assert (
        kinds.count("v") + kinds.count("r") <= 8 < lib.manifest["shards"]["v"] + lib.manifest["shards"]["r"]
    )


def test_a_typo_in_the_first_letter_is_found_through_the_reversed_words(small_shards):
    lib = index(MANY)
    w = next(x for x in VOCAB[500:] if len(x) >= 7)
    out = engine.search(lib, "ы" + w[1:] + " ", limit=20)
    assert any(w in r["snippet"] for r in out["results"])
    assert any(k == "r" for k, _ in lib.fetched)


def test_results_are_the_same_whichever_shards_were_read_before(small_shards):
    queries = [VOCAB[i] + " " + VOCAB[i + 7] for i in range(0, 600, 60)]
    exported = index(MANY).folder.parent  # the manifest's folder (the shards are in a subfolder)
    # each query on a store of its own, that has read no shard before (the index is built once)
    fresh = [engine.search(Store(exported), q)["results"] for q in queries]
    warm = Store(exported)
    keys = [(k, i) for k in "vrpf" for i in range(warm.manifest["shards"][k])]
    random.Random(3).shuffle(keys)
    warm.ensure(keys[: len(keys) // 2])
    assert [engine.search(warm, q)["results"] for q in reversed(queries)][::-1] == fresh


def test_postings_shards_stay_near_their_size(small_shards):
    lib = index(MANY)
    for i in range(lib.manifest["shards"]["p"]):
        raw = (lib.folder / f"p{i}.json").read_bytes()
        d = json.loads(raw)
        assert len(raw) <= 2 * export.POST_BYTES or len(d["w"]) == 1


def test_an_abbreviation_that_is_also_a_stop_word_is_read_in_full(small_shards):
    # «ОБ» (очки боезапаса) is the preposition «об» in lower case: a word in capitals is read as
    # a term from the first round, in a library whose vocabulary spans many shards
    ob = ["об" + w for w in words(600, 9)]  # words beginning with «об» fill several shards
    ammo = book(
        "ammo",
        [
            ("Восстановление ОБ", 2, ["ОБ восстанавливаются после боя."]),
            *(
                (f"Раздел {w}", 2, [" ".join(ob[i : i + 12]) + "."])
                for i, w in zip(range(0, 600, 12), ob, strict=False)
            ),
        ],
        glossary='[[synonym]]\nterms = ["ОБ", "Очки Боезапаса"]\n',
    )
    lib = index(ammo)
    assert lib.shard_of("v", ob[0]) != lib.shard_of("v", ob[-1])
    assert engine.search(lib, "восстановление ОБ")["results"][0]["title"] == "Восстановление ОБ"
    assert engine.search(lib, "об на восстановление")["results"][0]["title"] == "Восстановление ОБ"


def test_a_long_glossary_of_originals_spreads_over_vocabulary_shards():
    # a book's glossary of English originals (also printed in its text) puts hundreds of rules
    # in the Latin range: the vocabulary shards there are cut by size, so one lookup reads one
    ru = words(800, 5)
    rng = random.Random(6)
    en = ["".join(rng.choice("bcdfghklmnprstvz") + rng.choice("aeiou") for _ in range(4)) for _ in ru]
    glossary = "".join(f'[[synonym]]\nterms = ["{e} strike", "{r}"]\n' for e, r in zip(en, ru, strict=True))
    b = book(
        "orig",
        [(f"Раздел {r}", 2, [f"{r} ({e}) делает что-то."]) for r, e in zip(ru, en, strict=True)],
        glossary=glossary,
    )
    lib = index(b)
    sizes = [len((lib.folder / f"v{i}.json").read_bytes()) for i in range(lib.manifest["shards"]["v"])]
    assert len(sizes) >= 12 and max(sizes) <= 2 * export.VOCAB_BYTES
    out = engine.search(lib, f"{en[123]} strike")
    assert out["results"][0]["title"] == f"Раздел {ru[123]}"
    # the two words typed, the target's word, and their neighbours: a handful of a dozen or more
    assert sum(k == "v" for k, _ in lib.fetched) <= 5 < len(sizes) // 2


def test_a_headings_initials_find_it_unless_the_library_uses_them_as_a_word():
    b = book("b", [("Очки Геройства", 2, ["Тратятся на переброс."]), ("Прочее", 2, ["Текст."])])
    assert engine.search(index(b), "ог")["results"][0]["title"] == "Очки Геройства"
    c = book("c", [("Огонь", 2, ["ОГ — это огнемёт по-местному."])])
    out = engine.search(index(b, c), "ог ")["results"]
    assert out and out[0]["book"] == "c"


def test_a_missing_or_old_index_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="build the site"):
        Store(tmp_path)
    (tmp_path / export.MANIFEST).write_text(json.dumps({"format": 1}), encoding="utf-8")
    with pytest.raises(FileNotFoundError, match="another version"):
        Store(tmp_path)


def _text_places(lib: Store, word: str) -> list[int]:
    """The places of `word` in the blocks' text, as exported."""
    at = lib.locate(word)
    assert at is not None, word  # the word stays in the vocabulary
    lib.ensure([("p", lib.post_shard(at))])
    post = lib.postings(word)
    return post.lists().text if post is not None else []


def test_function_words_places_are_not_written_unless_a_glossary_stands_on_them():
    b = book(
        "b",
        [
            ("Очки Боезапаса", 2, ["Запас ОБ и патроны: об этом ниже, и по правилам."]),
            ("Прочее", 2, ["Текст и ещё текст."]),
        ],
        glossary='[[synonym]]\nterms = ["ОБ", "очки боезапаса"]\n',
    )
    lib = index(b)
    lib.ensure([("v", i) for i in range(lib.manifest["shards"]["v"])])
    assert _text_places(lib, "и") == [] and _text_places(lib, "по") == []
    assert _text_places(lib, "об") and _text_places(lib, "патроны")  # ОБ is a term here
    assert engine.search(lib, "ОБ")["results"][0]["title"] == "Очки Боезапаса"
    # the words around a function word still stand as a phrase: the bonus reads the text
    assert engine.search(lib, "патроны об этом")["results"][0]["title"] == "Очки Боезапаса"


def test_a_bold_run_in_that_names_a_situation_defines_no_term():
    """«**При 0 ПЗ:** персонаж теряет сознание» says what happens at 0 hit points: it is no
    definition of «ПЗ» (which the heading «Пункты здоровья (ПЗ)» defines), as «**Натиск.** …»
    is of «Натиск». A run-in opening with «При», «Если», «Когда», «When» names a situation."""
    situation = Block("p", "s--1", "При 0 ПЗ: персонаж теряет сознание.", lead="При 0 ПЗ")
    term = Block("p", "s--2", "Натиск. Бросок вперёд на врага.", lead="Натиск")
    english = Block("p", "s--3", "When you fall: you take damage.", lead="When you fall")
    assert windex.definition(situation) == ("", False)
    assert windex.definition(english) == ("", False)
    assert windex.definition(term) == ("Натиск", False)
