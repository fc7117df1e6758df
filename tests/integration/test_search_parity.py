"""The two runtimes of the query engine (Python for the CLI, JS for the palette) give the same
results on the built site's index: every query set, prefixes of queries as typing sends them,
book filters, the book being read, and edge cases; the top five must be identical, scores,
snippets and "did you mean" included."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from rulebook.search import analysis, engine
from rulebook.search.store import Store, decode_words, rule_books

pytestmark = pytest.mark.build
ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("search_runner.js")
ENGINE_AT = Path(__file__).with_name("engine_at.js")
QUERY_FILES = [
    ROOT / "scripts" / "search_queries.toml",
    *sorted((ROOT / "scripts" / "queries").glob("*.toml")),
]

EXTRA = [
    "<script>alert(1)</script>",
    "к",
    "кр",
    "кро",
    "кров",
    "крово",
    "стаб",
    "стабил ",
    "ОД ",
    "ов",  # the beginning of a heading's initials (овп), which no completion reaches
    "@fatum ОД",
    "хиты @fatum",
    "d6",
    "1к6",
    "2к6 урона",
    "ё",
    "Лёгкое ранение",
    "лёгкое ранение",
    "-1 к атаке",
    "«Натиск»",
    "a",
    "the attack",
    "zzzzzz",
    "кровотечение кровотечение",
    "NPC",
    "нип",
    "ГМ",
    "ghbcnhtkrf",
    "баб в проверке борьбы",
    "хп",
    "бафнуть союзника",
    "как посчитать мз укрытия",
    "кастанул заклинание",
    "лутанули врагов",
    "хочу убежать",
    "стибелизацея",
    "кровотечение стибелизацея",
    "@fatum стибелизацея",
    "хочу вырубить стражника дубинкой, а не убивать его",
    "выпала двадцатка",
    "20 на кубе двадцатки",
    "rhjd",
    # exact titles of one stem in several books: the form as typed first
    "Классы брони",
    "Состояния",
    "Заклинания",
    "Критические Попадания",
    # typing slips, layouts and loans a correction must not misread
    "сокрось",
    "скор",
    "аоо",
    "АоО ",
    "борск атаки",
    "подсчека",
    "истошение штраф к броскам",
    "кравт",
    "save vs fireball",
    "спасбросок vs огонь",
    "30 ft",
    "страйд",
    "rfr",
    "ь",
    "p",
    "pjy",
    "<img src=x>",
    "   ",
    "страйк",
    "что такое зона",
    "сколько ОБ у персонажа",
    "мораль НПСов",  # a declined abbreviation, and in small letters a typo
    "мораль нпсов",
    "стрельба с дву рук",
    "броня не защищает",  # «не» is no «НЭ» spelt with «е»
    "ОО",  # no stem of one letter
    "30фт",  # a number with its unit glued on
    "КАК РАБОТАЕТ УКРЫТИЕ",  # caps lock on
    "krovotechenie",  # Russian typed in Latin letters
    "skolko OD stoit perezaryadka",
    "boevoy pozitsiya",
    "save vs fireball",
    "krovotech",
    "issledovat",
    "корвотечене",
    "создание пресонжа",
    "эффекты зевиной формы",
    "влаедне оружием",
    "встаешь с пола провоцирует ли",
    "спринт 30 футов сколько пробегу",
    "сколко од стоит перезарядка",
    "пачему нельзя стрелять в упор",
    "сколко",
    "враг пропал из виду машу мечом наугад",
    "крово течение",
    "крово-течение",
    "пере зарядка ",
    "стои мость действий",
    "палный срыв",
    "кровоте ение",
    "пров рки навыков ",
    "стабили ация",
    "патеря хитов",
    "звер иная форма",
    "с пасбросок",
    "lomat dver",
    "СКОЛЬКО ОД СТОИТ ПЕРЕЗАРЯДКА",
    "ОД ОБ",
    "перезарядка 2ОД",
    "шаг 5фт.",
    "трёх раундов",
    "3 раунда",  # digits find number words
    "0 хитов",
    "разговаривать не в свой ход",  # a long stem's short kindred
    "ранить",  # a verb and its action noun
    "метать нож",
    "отравление",
    "ткровотечение",
    "кубсложности",
    "кубсложн",
    "приатаке",
    "спасброскирефлекса",
    "штраф множествиной атаки",
    "множествиной",
    "инит",
    "инит ",
    "хилка",
    "dying",
    "saving throw",
    "body ",
    "стоимость действий",
    "трата",
    "доктирны",
    "0 ож",
    "ов",
    "укрытие @dnd",
    "@фатум ОД",
    "хиты @starfinder",
    "@афегь ОД",
    "@zzz хиты",
    "@старфайндер инициатива",
    "@Старварс атака",
    "@старф",
    "инициатива в днд",
    "инициатива днд 3.5",
    "крит по фатуму",
    "кровотечение в днд",
    "атака стар варс",
    "днд 2024 иници",
    "covr",
    "stike",
    "wrek",
    "хиты @f",
    "пpoвepкa",
    "пёс",
    "угол",
    "бойца",
    "модиф ловкости",  # clipped words, typed whole
    "иниц бросок ",
    "сопротив огню ",
    "удар ",
    "персонаж " * 30 + "кровотечение",  # cut to its first words
    "2.2",  # a section number
    "4.1.5",
    "3.3 укрытия",
    "2.2.",
    "\u0662.\u0662",  # section numbers in other scripts' digits: none in either runtime
    "\uff12.\uff12",
    # «э» and «е» in loans and slang
    "флэтфутед",
    "флэт футед атака",
    "нокбек",
    "сэйв на рефлекс",
    "флэ",
    "эффект",
    # a glossary word misspelt, and real words that must stay as typed
    "вааншот",
    "хедшоот в голову",
    "дизенгейдж чтобы свалить",
    "персонаж всю ночь не спал",
    "таска",
    "инниц",
    "бафат",
    # a glossary's English term no book prints, spelt in Russian
    "адвантейдж на атаку",
    "дизадвантейдж",
    "сюрпрайз раунд",
    "инспирейшн",
    "атлетикс проверка",
    "шотган в упор",
    "витдроу",
    # a verb players make of an English word
    "свапнуть пушку",
    "свапнул оружие",
    "дизармить противника",
    "кастанул",
    "танковать за союзника",
    "лутаем врагов",
    "паниковать",
]


def queries() -> list[dict]:
    qs: list[dict] = []
    for f in QUERY_FILES:
        for q in tomllib.loads(f.read_text(encoding="utf-8"))["query"]:
            qs.append({k: q[k] for k in ("q", "book", "prefer") if q.get(k)})
    qs += [{"q": q} for q in EXTRA]
    # what typing sends: every prefix of some queries
    for q in [x["q"] for x in qs[:: max(1, len(qs) // 40)]]:
        qs += [{"q": q[:i]} for i in range(1, len(q))]
    qs += [{"q": q["q"], "book": "fatum"} for q in qs[:10]]
    qs += [
        {"q": q, "prefer": slug}
        for q in ("кровотечение", "хиты", "КБ", "атака")
        for slug in ("fatum", "sf2e")
    ]
    return qs


@pytest.fixture(scope="module")
def both(site, tmp_path_factory):
    if not shutil.which("node"):
        pytest.fail("node is needed for the parity test")
    qs = queries()
    f = tmp_path_factory.mktemp("parity") / "q.json"
    f.write_text(json.dumps(qs, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(
        ["node", str(RUNNER), str(site / "search"), str(f)], capture_output=True, text=True, check=True
    )
    js = json.loads(out.stdout)["results"]
    store = Store(site / "search")
    py = [
        engine.search(
            store, q["q"], limit=5, book_filter=[q["book"]] if q.get("book") else None, prefer=q.get("prefer")
        )
        for q in qs
    ]
    return qs, py, js, store


def test_the_query_set_is_large_enough(both):
    qs, *_ = both
    assert len(qs) >= 800


def test_both_runtimes_return_the_same_top_five(both):
    qs, py, js, _ = both
    diffs = []
    for q, p, j in zip(qs, py, js, strict=True):
        pu = [(r["url"], r["score"]) for r in p["results"]]
        ju = [(r["url"], r["score"]) for r in j["results"]]
        keys = ("suggestion", "missing", "offered", "unknown_books", "books", "cut")
        if pu != ju or [p[k] for k in keys] != [j[k] for k in keys]:
            diffs.append((q, pu, ju, p["suggestion"], j["suggestion"]))
    assert not diffs, diffs[:3]


def test_both_runtimes_cut_and_highlight_the_same_snippets(both):
    qs, py, js, _ = both
    for q, p, j in zip(qs, py, js, strict=True):
        for a, b in zip(p["results"], j["results"], strict=True):
            assert (a["snippet"], a["highlights"], a["breadcrumb"], a["title"]) == (
                b["snippet"],
                [list(x) for x in b["highlights"]],
                b["breadcrumb"],
                b["title"],
            ), q


def test_a_word_that_matches_nothing_is_told_once_however_often_it_was_typed(both):
    qs, py, js, _ = both
    i = next(n for n, q in enumerate(qs) if q["q"] == "<script>alert(1)</script>")
    assert py[i]["missing"] == js[i]["missing"] == ["script", "alert"]


def test_most_queries_find_something(both):
    """A parity test over empty answers would prove nothing."""
    qs, py, *_ = both
    assert sum(1 for p in py if p["results"]) >= 0.9 * len(qs)


def _vocabulary(store: Store) -> list[str]:
    out = []
    for i in range(store.manifest["shards"]["v"]):
        store.ensure([("v", i)])
        out += store.get(("v", i)).words
    return out


def test_the_js_stemmers_and_loan_sounds_agree_with_python_on_the_whole_vocabulary(both, tmp_path):
    *_, store = both
    words = _vocabulary(store)
    f = tmp_path / "words.json"
    f.write_text(json.dumps(words, ensure_ascii=False), encoding="utf-8")
    script = (
        "const {Analysis}=require(process.argv[1]);"
        "const spec=require(process.argv[2]);const A=new Analysis(spec);"
        "const w=require(process.argv[3]);"
        "process.stdout.write(JSON.stringify(w.map(x=>[A.stem(x),A.skeleton(x),A.sounds(x)])));"
    )
    out = subprocess.run(
        [
            "node",
            "-e",
            script,
            str(ROOT / "plugins/rulebook/assets/search-engine.js"),
            str(ROOT / "plugins/rulebook/search/analysis.json"),
            str(f),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    js = json.loads(out.stdout)
    bad = [
        (w, (s, k, v))
        for w, (s, k, v) in zip(words, js, strict=True)
        if (analysis.stem(w), analysis.skeleton(w), analysis.sounds(w)) != (s, k, v)
    ]
    assert len(words) > 10_000 and not bad, bad[:10]


def test_the_generated_js_stemmers_are_up_to_date():
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_stemmers_js.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr


STALE = r"""
const { engineAt } = require(process.argv[1]);
const engine = engineAt(process.argv[2]);
(async () => {
  let asked = 0;
  const typedOn = await engine.search("кровотечение", 5, [], null, () => ++asked > 0);
  const kept = await engine.search("кровотечение", 5, [], null, () => false);
  const plain = await engine.search("кровотечение", 5, [], null);
  const same = JSON.stringify(kept) === JSON.stringify(plain);
  process.stdout.write(JSON.stringify({ typedOn, asked, same, n: plain.results.length }));
})();
"""


def test_a_search_the_reader_typed_past_stops_and_answers_nothing(site):
    """The palette passes `stale`: a search superseded by the next keystroke gives up at its next
    wait (its ranking is the costly part in a large library); one that is not answers as usual."""
    cmd = ["node", "-e", STALE, str(ENGINE_AT), str(site / "search")]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    assert got["typedOn"] is None and got["asked"] >= 1
    assert got["same"] and got["n"] > 0


EARLY = r"""
const path = require("path");
const { engineAt, readJson } = require(process.argv[1]);
const dir = process.argv[2];
const log = [];
const read = (p) => {
  const id = path.basename(p, ".json");
  log.push("ask " + id);
  return new Promise((ok) => setTimeout(ok, 5)).then(() => {
    log.push("got " + id);
    return readJson(dir, p);
  });
};
const engine = engineAt(dir, read);
engine.search(process.argv[3], 5, [], null).then((out) => {
  process.stdout.write(JSON.stringify({ log, n: out.results.length }));
});
"""


def test_the_postings_of_words_found_are_read_while_a_rules_words_are_looked_up(site):
    """«ОД» is a glossary rule: its words («очки действия») are looked up in the vocabulary only
    after the rule is read. The postings of the words found in the first read are fetched in the
    meantime, so that wait is not followed by a second one (on a phone network, a round trip)."""
    cmd = ["node", "-e", EARLY, str(ENGINE_AT), str(site / "search"), "сколько ОД стоит перезарядка"]
    got = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    log = got["log"]
    at = {kind: [i for i, e in enumerate(log) if e.startswith(kind)] for kind in ("ask v", "got v", "ask p")}
    assert at["ask v"][-1] > at["got v"][0], log  # the rule's words: a second vocabulary read
    assert at["ask p"][0] < at["got v"][-1], log
    assert got["n"] > 0


def test_a_rules_postings_are_read_with_its_words_not_after_them(site):
    """A glossary rule («ОД»: «очки действия»; slang, «крит», «хилка»; an abbreviation beside a
    word) is read in the first vocabulary read; the second names the forms of its words, whose
    postings the results need. Their postings shards are named by the rule itself (a word of
    intent's, «стоит»: «стоимость», «цена», by the manifest), so they are fetched beside that
    second read, and no postings read waits for it: after it, only the text of the best blocks
    is asked."""
    for q in ("ОД", "крит", "хилка", "МЗ укрытия", "сколько ОД стоит перезарядка", "сколько стоит рывок"):
        cmd = ["node", "-e", EARLY, str(ENGINE_AT), str(site / "search"), q]
        got = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        log = got["log"]
        last_v = max(i for i, e in enumerate(log) if e.startswith("got v"))
        assert [e for e in log[last_v:] if e.startswith("ask") and not e.startswith("ask f")] == [], (q, log)
        assert got["n"] > 0


def test_the_browser_engine_reads_an_index_written_before_its_newest_keys(site, tmp_path):
    """A phone may hold a manifest from the build before (its HTTP cache) when the new engine
    script arrives: the keys the older index lacks (the section-number pattern, the slips, the
    condition words, the abbreviation cases and length, the reading of Latin letters, the count
    of Latin words, the search of the closest words beyond the typo budget, the reading of a
    misspelt small word, the letter a space took, the rules' postings shards; the rules' books as
    arrays) leave their features off, and the search still answers."""
    old = tmp_path / "search"
    shutil.copytree(site / "search", old)
    m = json.loads((old / "manifest.json").read_text(encoding="utf-8"))
    a = m["analysis"]
    conditions = a["condition_words"]
    del a["section_number"], a["slips"], a["condition_words"], a["abbreviation_cases"], a["latin_reading"]
    del a["engine"]["abbreviation_max"], a["engine"]["typo_wider_from"], a["engine"]["typo_wider_terms"]
    del a["engine"]["small_typo_from"], a["engine"]["gap_join_min"]
    del m["stats"]["latin_words"], m["stats"]["words"]
    # word lists as arrays and number words by word, as the analysis was shipped before
    for key in ("stop_words", "question_words", "define_words"):
        a[key] = decode_words(a[key])
    a["numbers"] = {w: n for n, words in a["numbers"].items() for w in decode_words(words)}
    (old / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    # the rules' and the intents' postings shards, and the rules' books as arrays
    del m["intent_posts"]
    (old / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    for v in old.glob("*/v*.json"):
        shard = json.loads(v.read_text(encoding="utf-8"))
        del shard["gp"]
        for rule in shard["g"]:
            rule[2] = rule_books(rule[2])
        v.write_text(json.dumps(shard, ensure_ascii=False), encoding="utf-8")
    f = tmp_path / "q.json"
    qs = [
        {"q": "2.2"},
        {"q": "укрытие"},
        {"q": "мораль НПСов"},
        {"q": "КАК РАБОТАЕТ УКРЫТИЕ"},
        {"q": "krovotechenie"},
        {"q": "3 раунда"},
        {"q": "сколько ОД стоит рывок"},
        {"q": "влаедне оружием"},
    ]
    f.write_text(json.dumps(qs, ensure_ascii=False), encoding="utf-8")

    def run(folder: Path) -> list[dict]:
        out = subprocess.run(["node", str(RUNNER), str(folder), str(f)], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr[-500:]
        return json.loads(out.stdout)["results"]

    got = run(old)
    assert all(r["results"] for i, r in enumerate(got) if i != 4)  # Latin letters read as typed
    # the lists below are compared with the condition words back: without them a rule that opens
    # with «Если» ranks as any other block, which may reorder two close results
    a["condition_words"] = conditions
    (old / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    got = run(old)
    # the small words and the number words read alike from either form
    now = run(site / "search")

    def urls(rs: list[dict]) -> list[list[str]]:
        return [[x["url"] for x in r["results"]] for r in rs]

    assert urls(got[5:7]) == urls(now[5:7])
    # the form between: each list joined by spaces, the number words by number
    for key in ("stop_words", "question_words", "define_words"):
        a[key] = " ".join(a[key])
    by_number: dict[str, list[str]] = {}
    for w, n in a["numbers"].items():
        by_number.setdefault(n, []).append(w)
    a["numbers"] = {n: " ".join(ws) for n, ws in by_number.items()}
    (old / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    assert urls(run(old)[5:7]) == urls(now[5:7])
