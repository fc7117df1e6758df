"""The query engine (Python runtime; assets/search-engine.js is the same engine in JS).

Every step has a twin in the JS file, in the same order, with the same arithmetic, so that both
return the same results (tests/integration/test_search_parity.py holds them to it). The engine
reads the exported index through a store (store.py here, fetches there) in rounds: the
vocabulary of the query's words, then what their expansions need (typos, loans, glossary
targets), then the postings, then the fragments of the results on screen.

1. The query is split on spaces, and cut to its first `max_words` words; `@name` words filter
   books (a slug, its start or a title word's, in either layout or Cyrillic letters, or spelt in
   Russian as it sounds; a name of no book is reported), and so does a book's name written among
   the words («инициатива в днд», naming.py), unless that book has no answer; the last word is a
   prefix unless the query ends with a space. A chunk that the library does not know is retried
   in the other keyboard layout, then as Russian typed in Latin letters (krovotechenie); a word
   with «э» that the library knows only with «е» is read so (флэт, флет), and a declined
   abbreviation as the abbreviation (НПСов). A query all in capitals (caps lock) tells no
   abbreviation by them; a number with its unit glued on (30фт) is two words, as everywhere; two
   words the books do not both print, whose joining they do, are one word split by a space or a
   hyphen (крово течение), or one whose letter the space took (кровоте ение). (query.py,
   reading.py)
2. Roles: question words («как», «сколько», «можно ли», «что такое») and stop words are dropped
   when the query has words of its own (and so is a misspelt one, «сколко»); «стоит» becomes
   an optional "cost" group; «что такое» asks for a definition. Glossary phrases (the shared
   one and each book's, a book's only for that book's records) become groups with
   alternatives (grouping.py).
3. Each word expands to stems: its own, derivational relatives and fleeting-vowel forms, prefix
   completions (the last word), and, for a word the library does not know, words within the typo
   budget and English words with the same consonant skeleton and their vowels in the same
   places (Russian-spelt loans: грэппл, grapple; not сокрось, seeker); an unknown
   word that no typo explains is split into two library words (a missing space), and one that
   only a larger budget explains is searched by its closest words where they are two edits
   off (влаедне: владение). The typo candidates are the words whose first two letters, or whose
   second typed one place late, or whose last letters are as typed. A word one
   slip of typing from a glossary word that no book prints, and no closer to a book's word, is
   read as that glossary word (the query planned again: «вааншот» is «ваншот»). (expand.py,
   typos.py, distance.py; planner.py runs the rounds)
4. BM25F over the block text, its section heading (with English original and tag) and the
   heading path, rarity and field lengths over the whole library; a record's score is scaled by
   its coverage of the query's words, weighted by their rarity (a graceful OR: a long
   description finds the blocks that hold its rarest words); the best `rerank` get bonuses for
   exact words, phrase and proximity, a heading match, a definition of the query's term and,
   for a query of two words or more, a block that states a rule for a situation («Если …»).
5. Order: exact titles first (literal before glossary, and within them the book being read),
   then exact definitions, then the score (the book being read gains `prefer_book`); a decay for
   more results from one section; identical blocks once.
6. Corrections: a typo correction the first result does not hold is dropped and the list ranked
   again without it (the word is told as unmatched: «хочу» is no misspelt «ходу»); a word over
   the typo budget gets a guess ("did you mean", `offered`) in a query of a word or two, or
   where nothing is found. Nothing found: once more with a larger typo budget, then for the
   guess, which the results are said to be for.
"""

from __future__ import annotations

from typing import Any

from rulebook.search import analysis, naming
from rulebook.search import vocab as V
from rulebook.search.distance import osa
from rulebook.search.naming import resolve_books
from rulebook.search.plan import Plan, Slot
from rulebook.search.planner import Planner, latin_main
from rulebook.search.query import Parsed, parse
from rulebook.search.score import Hit, K, Scorer
from rulebook.search.store import Key, Store
from rulebook.search.vocab import uniq

P = analysis.ENGINE
__all__ = ["osa", "parse", "search", "snippet"]


def snippet(text: str, stems: set[str]) -> tuple[str, list[tuple[int, int]]]:
    toks = analysis.tokens(text)
    hits = [(t.start, t.end) for t in toks if analysis.stem(t.surface) in stems]
    limit = int(P["snippet_chars"])
    ws, we = 0, len(text)
    if len(text) > limit:
        best: tuple[int, int] | None = None
        best_ws = 0
        for h in hits:
            start = max(0, h[0] - 30)
            if start > 0:
                start = next((t.start for t in toks if t.start >= start), h[0])
            end = start + limit
            inside = [x for x in hits if x[0] >= start and x[1] <= end]
            words = {text[a:b].lower() for a, b in inside}
            key = (len(words), len(inside))
            if best is None or key > best:
                best = key
                best_ws = start
        ws = best_ws
        we = ws + limit
        last = ws
        for t in toks:
            if t.start >= ws and t.end <= we:
                last = t.end
        we = last if last > ws else min(len(text), we)
    pre = "…" if ws > 0 else ""
    post = "…" if we < len(text) else ""
    marks = [(a - ws + len(pre), b - ws + len(pre)) for a, b in hits if a >= ws and b <= we]
    return pre + text[ws:we] + post, marks


class Fragments:
    """The sections of the results on screen, from the fragment files."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def needs(self, sections: list[int]) -> list[Key]:
        return uniq([("f", self.store.frag_of(s)) for s in sections])

    def section(self, s: int) -> list[Any]:
        f = self.store.get(("f", self.store.frag_of(s)))
        entry = f["x"][s - f["s"]]
        return [f["pages"][entry[0]], *entry[1:]]


def _block(sec: list[Any], k: int) -> tuple[str, str, str]:
    """(kind, anchor, text) of record k of a fragment section."""
    _page, anchor, title, _o, _t, _c, _titled, blocks = sec
    if k == 0:
        return "h", anchor, title
    kind, a, text = blocks[k - 1]
    if isinstance(a, int):
        a = f"{anchor}--{k if a == 0 else a}"
    return kind, a, text


def _shown(sec: list[Any], k: int) -> str:
    """A heading shows (and is de-duplicated by) the first block of its section."""
    if k == 0:
        blocks = sec[7]
        return blocks[0][2] if blocks else ""
    return _block(sec, k)[2]


def search(
    store: Store,
    query: str,
    limit: int = 10,
    book_filter: list[str] | None = None,
    prefer: str | None = None,
) -> dict[str, Any]:
    """The best `limit` results (statistics over the whole library, whatever the filter).
    `prefer`: the slug of the book being read, whose results rank a little higher."""
    limit = max(0, limit)
    parsed = parse(query)
    books = [(b.slug, b.title) for b in store.books]
    named_in_words = _mentions(store, parsed, books)
    if named_in_words is not parsed:
        # a book named in the words («инициатива в днд») limits the search as @name does;
        # where it has no answer, every book answers
        out = _search(store, named_in_words, limit, book_filter, prefer)
        if out["results"] or not limit:
            return out
        # the named books have no answer: the other books' for the same words, said to be theirs
        # (as the palette does for an @name), not the name searched for as a word
        rest = Parsed(named_in_words.chunks, parsed.books, named_in_words.prefix, parsed.cut)
        other = _search(store, rest, limit, book_filter, prefer)
        if other["results"]:
            other["elsewhere"] = named_in_words.books[len(parsed.books) :]
            return other
    return _search(store, parsed, limit, book_filter, prefer)


def _mentions(store: Store, parsed: Parsed, books: list[tuple[str, str]]) -> Parsed:
    """naming.mentions, with the vocabulary of the words that name a book read to tell whether
    the books print them (read only for a query that names one)."""
    if naming.mentions(parsed, books, lambda w: False) is parsed:
        return parsed
    words = [t for c in parsed.chunks for t in analysis.surfaces(c)]
    store.ensure(uniq([("v", store.shard_of("v", w)) for w in words]))
    return naming.mentions(parsed, books, lambda w: bool(V.stem_df(store, [w])))


def _search(
    store: Store, parsed: Parsed, limit: int, book_filter: list[str] | None, prefer: str | None
) -> dict[str, Any]:
    named, unknown = resolve_books(parsed.books, [(b.slug, b.title) for b in store.books])
    wanted = {s.lower() for s in (book_filter or [])} | {store.books[i].slug for i in named}
    slugs = [b.slug for b in store.books]
    scope = [i for i, b in enumerate(store.books) if not wanted or b.slug in wanted]
    pref = slugs.index(prefer) if prefer in slugs else -1
    out = _run(store, parsed, limit, False, scope, pref)
    if not out["results"] and parsed.chunks and limit:
        again = _run(store, parsed, limit, True, scope, pref)
        if again["results"]:
            out = again
    if not out["results"] and out["offered"] and out["suggestion"] and limit:
        # nothing at all, but a word several letters off is close to one of the library's: the
        # list is never empty where a close word exists; the results are for the guess, and say so
        fixed = _run(store, parse(out["suggestion"]), limit, False, scope, pref)
        if fixed["results"]:
            out = {**fixed, "suggestion": out["suggestion"], "missing": out["missing"], "offered": False}
    out["books"] = [store.books[i].slug for i in scope]
    out["unknown_books"] = unknown
    out["cut"] = parsed.cut
    return out


def _run(
    store: Store, parsed: Parsed, limit: int, relaxed: bool, scope: list[int], prefer: int
) -> dict[str, Any]:
    if not parsed.chunks or not scope:
        return {"results": [], "suggestion": None, "missing": [], "offered": False}
    plan = Planner(store, parsed, relaxed, latin_main(store, scope, prefer)).run()
    results, first = _ranked(store, plan, limit, scope, prefer)
    held = _held(first)
    unused = _unused_corrections(plan, held) if results and plan.suggestion else []
    aside = _matched_otherwise(plan, held) if results and plan.suggestion else []
    if unused or aside:
        # the corrections the first result does not hold are dropped, and the list ranked
        # again without them: «хочу убежать» is not «ходу убежать» (the library lacks «хочу»)
        for sl in plan.corrections():
            if sl.word in unused:
                sl.stems, sl.whole, sl.surfaces = {}, set(), {}
        # a word the first result holds otherwise keeps that match, not its corrections
        for sl in aside:
            for st in sl.fixes:
                sl.stems.pop(st, None)
                sl.whole.discard(st)
                sl.surfaces.pop(st, None)
            sl.fixes, sl.correction = {}, None
            plan.fixes.pop(sl.word, None)
        plan.suggestion = plan.suggest(set(unused))
        results, first = _ranked(store, plan, limit, scope, prefer)
    if results and _held_fixes(plan, _held(first)):
        plan.suggestion = plan.suggest(set(unused))
    # the words that match nothing anywhere: the reader is told, each once however often it
    # was typed («script … script»)
    unmatched = (" ".join(g.words) for g in plan.groups if g.role == "content" and g.idf <= 0)
    missing = list(dict.fromkeys(unmatched))
    missing += [w for w in unused if w not in missing]
    # a correction only offered (over the typo budget, not searched): the results are not «for»
    # the suggestion, which is a guess («Возможно, вы искали»); beside results, only for a query
    # of a word or two: in a longer one the other words carry it, and a word several letters
    # from any of the library's is mostly a word the books do not use («выхожу»: «выбору»)
    guesses = {sl.word for sl in plan.corrections() if not sl.stems and sl.word not in unused}
    if guesses and results and sum(g.role == "content" for g in plan.groups) > P["guess_max_words"]:
        plan.suggestion = plan.suggest(set(unused) | guesses)
        guesses = set()
    return {"results": results, "suggestion": plan.suggestion, "missing": missing, "offered": bool(guesses)}


def _ranked(
    store: Store, plan: Plan, limit: int, scope: list[int], prefer: int
) -> tuple[list[dict[str, Any]], str]:
    """The results of a plan, and the first one's words as a reader sees them."""
    scorer = Scorer(store, plan, scope)
    store.ensure(scorer.needs())
    scorer.load()
    hits = scorer.prerank(prefer)
    frags = Fragments(store)
    # the best candidates' blocks: their words' proximity re-ranks them, their text is shown
    store.ensure(frags.needs([h.rid // K for h in hits[: int(P["rerank"])]]))

    def text_of(rid: int) -> str:
        s = rid // K
        return _block(frags.section(s), rid - s * K)[2]

    hits = scorer.finish(hits, prefer, text_of)
    results: list[dict[str, Any]] = []
    seen: set[str] = set()
    views: set[tuple[int, int]] = set()  # (section, the block shown): what the reader reads
    stems = {st for g in plan.groups for a in g.alts for sl in a.slots for st in sl.stems}
    titled = {h.rid // K for h in hits if h.tier == 4 and h.rid % K == 0}  # exact titles, literal
    best: dict[int, int] = {}  # per section, its block that ranks first
    for h in hits:
        if h.rid % K:
            best.setdefault(h.rid // K, h.rid % K)
    first = ""  # the first result's words as a reader sees them
    i = 0
    batch = max(limit, 1) + 4
    while len(results) < limit and i < len(hits):
        chunk = hits[i : i + batch]
        i += batch
        store.ensure(frags.needs([h.rid // K for h in chunk]))
        for h in chunk:
            s = h.rid // K
            k = h.rid - s * K
            sec = frags.section(s)
            kind, anchor, text = _block(sec, k)
            via = k
            # the section's first block sits right under its heading, the section answers as a
            # whole, or the block defines the term its section's heading names exactly («Доктрина —
            # это …» under «Доктрины»): open the heading (showing the block that answers)
            told_via = h.whole or (h.tier == 5 and s in titled)
            if k > 0 and sec[6] and (told_via or anchor == _block(sec, 1)[1]):
                k = 0
                kind, anchor, text = _block(sec, 0)
            shown = _shown(sec, k)
            if kind == "row":
                key = f"row:{h.book}:{anchor}"
            elif kind == "h":
                key = analysis.dedupe_key(shown) if shown else "h:" + analysis.dedupe_key(text)
            else:
                key = analysis.dedupe_key(text)
            if key in seen:
                continue
            seen.add(key)
            # a heading opened for a block of its section shows that block: a table's rows share
            # the table's anchor, so a row of a table that opens its section opens the heading,
            # and the table's first row (its heading row) is not the row found
            told_k = via if via > 0 and k == 0 else k  # the block whose text is shown
            if via == 0 and not h.strong and s in best:
                # a heading that stands for its section's blocks, not named by the query, shows
                # the block that answers best, not the section's first («…при виде трупа»: the
                # table row of the corpse, not the paragraph on rolling)
                told_k = best[s]
            told = _block(sec, told_k)[2] if told_k != k else shown
            # a heading that shows a block of its section, and that block itself, read alike in the
            # list: the reader gets the second as a repeat («Урон транспорту» and its table's row)
            view = (s, told_k)
            if view in views:
                continue
            views.add(view)
            results.append(_result(store, h, sec, kind, anchor, told, stems))
            if len(results) == 1:
                first = " ".join([sec[2] or "", sec[3] or "", told, *sec[5]])
            if len(results) >= limit:
                break
    return results, first


def _begins(words: set[str], start: str) -> bool:
    return any(w.startswith(start) for w in words)


def _held(first: str) -> set[str]:
    """The stems of the first result's words, as a reader sees them."""
    return {analysis.stem(w) for w in analysis.surfaces(first)}


def _holds(held: set[str], sl: Slot, stem: str) -> bool:
    """The first result holds the slot's stem (the word being typed: a word it begins)."""
    return stem in held or (sl.prefix and _begins(held, stem))


def _held_fixes(plan: Plan, held: set[str]) -> bool:
    """A typed word's correction becomes the one the first result holds, where that is not the
    likeliest («подсчека»: the list led by «Подсчёт» is for «подсчета», not «подсечка»); whether
    any did."""
    changed = False
    for sl in plan.corrections():
        if not sl.stems:
            continue
        found = [u for st, u in sl.fixes.items() if _holds(held, sl, st)]
        if found and sl.correction not in found:
            sl.correction = plan.fixes[sl.word] = found[0]
            changed = True
    return changed


def _matched_otherwise(plan: Plan, held: set[str]) -> list[Slot]:
    """The corrected words the first result holds, but by no correction: by an English original
    they sound like («страйд»: «Stride», not «страдает») or as typed. Their corrections are no
    claim the list bears out."""
    out: list[Slot] = []
    for sl in plan.corrections():
        if not sl.stems or sl.slip:
            continue
        fixes = [st for st in sl.stems if st in sl.fixes]
        others = [st for st in sl.stems if st not in sl.fixes]
        if (
            fixes
            and not any(_holds(held, sl, st) for st in fixes)
            and any(_holds(held, sl, st) for st in others)
        ):
            out.append(sl)
    return out


def _unused_corrections(plan: Plan, held: set[str]) -> list[str]:
    """The typed words whose typo corrections the first result does not hold: results «for» a
    correction the list does not show would be a false claim («хочу убежать» is not «ходу
    убежать» because the library lacks «хочу»), so the word is told as unmatched instead. A
    correction only offered (over the typo budget, not searched) is a guess, not one of these;
    one a single slip of typing away («истошение») is beyond doubt, and stays."""
    out: list[str] = []
    for sl in plan.corrections():
        if not sl.stems or sl.slip or sl.word in out:
            continue
        if not any(_holds(held, sl, st) for st in sl.stems):
            out.append(sl.word)
    return out


def _result(
    store: Store, h: Hit, sec: list[Any], kind: str, anchor: str, shown: str, stems: set[str]
) -> dict[str, Any]:
    (page_url, page_title), _a, title, original, tag, crumbs, _titled, _blocks = sec
    snip, marks = snippet(shown, stems)
    book = store.books[h.book]
    return {
        "url": f"{page_url}#{anchor}",
        "title": title or page_title,
        "original": original,
        "tag": tag,
        "breadcrumb": " › ".join(crumbs),
        "path": crumbs,
        "snippet": snip,
        "highlights": [list(m) for m in marks],
        "book": book.slug,
        "book_title": book.title,
        "kind": kind,
        "score": h.score,
    }
