"""The browser's index: the books' whoosh postings merged into one library and cut into shards.

Pagefind's layout, with typo tolerance: a small `manifest.json`, then files fetched only when a
query needs them (all under one folder named by a digest of their content, so they can be cached
for good):

- `v<i>.json`  vocabulary shards: every surface form of the library in sorted order (front-coded),
  with its stem and the stem's document frequency over all books, and the glossary rules whose
  first word's stem falls in the shard (each once, with the books whose glossaries hold it, and
  the postings shards of its targets' forms, which a query that meets the rule fetches with the
  targets' vocabulary). A query fetches the shards of its words' ranges: the word, its stem with
  its derivational relatives, prefix completions.
- `r<i>.json`  the same words reversed and sorted: with the forward shards, the typo structure.
  A word within edit distance k of the query keeps either its first two letters or its last
  letters (no edit in that part), so the candidates are a prefix range of the vocabulary or of
  the reversed vocabulary, verified by an exact distance. SymSpell's deletion neighbourhood finds
  the same words in one lookup but weighs several times the vocabulary itself; these two sorted
  lists cost twice the vocabulary and need one or two small shards per misspelt word.
- `p<i>.json`  postings by surface form, in the vocabulary's order (a postings shard is a run of
  one vocabulary shard, so it needs no words of its own), sharded by size: text (section, k,
  and 64 x (tf - 1) + the block's length in one character), heading (section, tf, which part:
  title, English original, tag or initials, and the section's record count, heading length and
  title word counts), heading path (section, tf, path length) and definitions (the blocks that
  define the word, with twice the number of content words of the term they define, plus one
  when the block says «X — это …»). No positions: the proximity of the query's words is
  measured in the text of the best candidates, which the results need anyway (a positional
  index would add two fifths to the index).
- `l<i>.json`  English words of the library by consonant skeleton, for Russian-spelt loans.
- `f<i>.json`  fragments: the text of consecutive sections (titles, breadcrumbs, blocks), for
  the results on screen; a section's breadcrumbs as what differs from the section before
  (`codec.crumbs_delta`).

Rarity and field-length averages are counted over the whole library and shipped in the
manifest and the vocabulary, so a book's results score the same whichever shards arrive first.
Sections are numbered in reading order over all books (library.py); a record is (section, k).
Integers are written as base-64 varints in JSON strings (`varints`): five bits a character,
the sixth saying "more follows"; sections and positions delta-coded, so most numbers take one
character. JSON strings keep the files compressible by any static host (a binary type is served
uncompressed by some) and cost nothing to parse; a word's postings are decoded only when a
query reads them.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from rulebook.search import abbreviations, analysis, bridges, codec, folders, windex
from rulebook.search.codec import CUT as _CUT
from rulebook.search.codec import FORMAT, MANIFEST, crumbs_delta, front_code, rule_books, sort_key, varints
from rulebook.search.glossary import Glossary
from rulebook.search.library import Book

# shard sizes: what one query fetches stays small, and the number of files stays moderate
VOCAB_WORDS = 400
VOCAB_BYTES = 6_000  # words and the glossary rules of their range (a book's glossary of originals)
RVOCAB_WORDS = 2000  # read only for a misspelt word's candidates
POST_BYTES = 6_000  # a query reads a shard per word and form: at fifty books, 8 KB shards put it near 300 KB
FRAG_BYTES = 2_000  # a result reads its section's shard; twelve results span a dozen books at fifty
LOAN_KEYS = 1500
# heading parts (bits of a heading posting)
TITLE, ORIGINAL, TAG, INITIALS = 1, 2, 4, 8


def version() -> str:
    """What the export depends on besides the books: its code (this module and the ones that
    derive glossary rules) and its shard sizes (a changed exporter rewrites the export even when
    no book changed)."""
    sizes = [FORMAT, VOCAB_WORDS, VOCAB_BYTES, RVOCAB_WORDS, POST_BYTES, FRAG_BYTES, LOAN_KEYS]
    files = (__file__, codec.__file__, abbreviations.__file__, bridges.__file__)
    code = b"".join(Path(f).read_bytes() for f in files)
    return hashlib.sha1(code + repr(sizes).encode()).hexdigest()[:12]


def length_code(n: int) -> int:
    """A block's length in one character (0-63): exact below 32, then in steps of 2^(1/8), as
    search engines keep field lengths in a byte; analysis.json's `length_codes` reads it back."""
    if n < 32:
        return n
    return 32 + min(31, int(math.log2(n / 32) * 8))


def _packed(words: list[str]) -> str:
    """A word list in code-unit order, front-coded (a reader of the older form: the words
    joined by spaces, which no front-coded list is, as it begins with «0»)."""
    return front_code(sorted(set(words), key=sort_key))


def content_words(text: str) -> int:
    """Distinct stems of the words that carry content (a letter; not a stop or question word,
    unless written in capitals: «ОБ» in «Что не тратит ОБ» is a term, not the preposition)."""
    return len(
        {
            analysis.stem(t.surface)
            for t in analysis.tokens(text)
            if any(c.isalpha() for c in t.surface)
            and (not analysis.is_optional(t.surface) or analysis.is_capitals(text[t.start : t.end]))
        }
    )


@dataclass
class _Merged:
    text: dict[str, list[int]]
    head: dict[str, list[int]]
    path: dict[str, list[int]]
    defs: dict[str, list[int]]
    initials: set[str]  # the heading initials written into `head`, which are no words of the books


def _merge(books: list[tuple[Book, dict[str, Any]]]) -> tuple[_Merged, dict[str, Any], list[int]]:
    text: dict[str, list[int]] = {}
    head: dict[str, list[int]] = {}
    path: dict[str, list[int]] = {}
    defs: dict[str, list[int]] = {}
    last: dict[tuple[str, str], int] = {}  # (field, surface) -> last global section written
    stats = {"records": 0, "text_len": 0, "sections": 0, "head_len": 0, "path_len": 0}
    stem_df: dict[str, int] = {}
    initials: dict[str, list[tuple[int, list[int]]]] = {}
    offsets = []
    off = 0

    def put(field: str, table: dict[str, list[int]], w: str, s: int, rest: list[int]) -> None:
        flat = table.setdefault(w, [])
        prev = last.get((field, w), 0)
        flat.append(s - prev)
        flat.extend(rest)
        last[(field, w)] = s

    for book, post in books:
        offsets.append(off)
        secs = book.sections
        text_len = {tuple(map(int, k.split())): n for k, n in post["text_len"].items()}
        head_len = {int(k): n for k, n in post["head_len"].items()}
        path_len = {int(k): n for k, n in post["path_len"].items()}
        meta = []  # per section: (nrec2, head_len, path_len, title words, original words)
        for i, sec in enumerate(secs):
            nrec2 = 2 * len(sec.blocks) + (1 if sec.titled else 0)
            meta.append(
                (
                    nrec2,
                    head_len.get(i, 0),
                    path_len.get(i, 0),
                    content_words(analysis.unnumbered(sec.title)),
                    content_words(sec.original),
                )
            )
        stats["records"] += sum(len(s.blocks) + (1 if s.titled else 0) for s in secs)
        stats["text_len"] += sum(text_len.values())
        stats["sections"] += len(secs)
        stats["head_len"] += sum(head_len.values())
        stats["path_len"] += sum(path_len.values())
        for st, n in post["stem_df"].items():
            stem_df[st] = stem_df.get(st, 0) + n
        for w, flat in post["text"].items():
            for i in range(0, len(flat), 3):
                s, k, tf = flat[i], flat[i + 1], flat[i + 2]
                # the block's length code and the term's frequency in one number: 64 x (tf - 1) + code
                put("t", text, w, s + off, [k, 64 * (tf - 1) + length_code(text_len.get((s, k), tf))])
        # heading parts of one surface in one section are one posting
        parts: dict[str, dict[int, list[int]]] = {}
        for w, flat in post.get("initials", {}).items():
            for j in range(0, len(flat), 2):
                s = flat[j]
                n2, hl, _, tw, ow = meta[s]
                initials.setdefault(w, []).append((s + off, [flat[j + 1], INITIALS, n2, hl, tw, ow]))
        for fieldname, bit in (("heading", TITLE), ("original", ORIGINAL), ("tag", TAG)):
            for w, flat in post[fieldname].items():
                per = parts.setdefault(w, {})
                for j in range(0, len(flat), 2):
                    cur = per.setdefault(flat[j], [0, 0])
                    cur[0] += flat[j + 1]
                    cur[1] |= bit
        for w, per in parts.items():
            for s in sorted(per):
                tf, bits = per[s]
                n2, hl, _, tw, ow = meta[s]
                put("h", head, w, s + off, [tf, bits, n2, hl, tw, ow])
        # a heading's number as one word of its title («2.2»: no word of the text is dotted)
        for s, sec in enumerate(secs):
            num = analysis.section_number(sec.title.split(maxsplit=1)[0]) if sec.title.strip() else None
            if num:
                n2, hl, _, tw, ow = meta[s]
                put("h", head, num, s + off, [1, TITLE, n2, hl, tw, ow])
        for w, flat in post["path"].items():
            for j in range(0, len(flat), 2):
                s, tf = flat[j], flat[j + 1]
                put("p", path, w, s + off, [tf, meta[s][2]])
        for w, flat in post["defines"].items():
            for j in range(0, len(flat), 2):
                s, k = flat[j], flat[j + 1]
                term, strong = windex.definition(secs[s].blocks[k - 1])
                put("d", defs, w, s + off, [k, 2 * content_words(term) + (1 if strong else 0)])
        off += len(secs)
    # a heading's initials only where no book uses them as a word, or as a word's stem (an
    # abbreviation must not join the forms of a word: «одо» would stem to «од»)
    stems = {analysis.stem(w) for table in (text, head, path) for w in table}
    written = set()
    for w, rows in initials.items():
        if analysis.stem(w) == w and w not in stems and w not in text and w not in head and w not in path:
            written.add(w)
            for s, rest in rows:
                put("h", head, w, s, rest)
    return _Merged(text, head, path, defs, written), {**stats, "stem_df": stem_df}, offsets


def _stem_code(w: str, st: str) -> tuple[str, str | None]:
    cut = len(w) - len(st)
    if w.startswith(st) and cut < len(_CUT):
        return _CUT[cut], None
    return "~", st


def _dumps(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _vocab_chunks(vocab: list[str], rules: list[tuple[str, list[Any]]]) -> list[list[str]]:
    """The vocabulary cut into shards of at most VOCAB_WORDS words and about VOCAB_BYTES with the
    glossary rules that fall in their range (a rule goes to the shard of its key)."""
    chunks: list[list[str]] = []
    cur: list[str] = []
    size = ri = 0
    for i, w in enumerate(vocab):
        cost = len(w.encode()) + 4
        nxt = sort_key(vocab[i + 1]) if i + 1 < len(vocab) else None
        while ri < len(rules) and (nxt is None or sort_key(rules[ri][0]) < nxt):
            cost += len(_dumps(rules[ri][1]))
            ri += 1
        if cur and (len(cur) >= VOCAB_WORDS or size + cost > VOCAB_BYTES):
            chunks.append(cur)
            cur, size = [], 0
        cur.append(w)
        size += cost
    return [*chunks, cur]


def _chunks_by_count(items: list[Any], n: int) -> list[list[Any]]:
    return [items[i : i + n] for i in range(0, len(items), n)] or [[]]


def _texts(book: Book) -> tuple[list[str], list[str]]:
    """The book's block texts and its headings, as abbreviations.py reads them."""
    return [b.text for s in book.sections for b in s.blocks], [s.title for s in book.sections]


def _derived(
    book: Book, common: Glossary, vocab: set[str], found: list[list[Any]] | None, stems: set[str]
) -> Glossary:
    """The abbreviations the book's text defines or implies (abbreviations.py), as a glossary;
    `found`: the terms initials may shorten, as the build counted them while indexing the book;
    `stems`: the book's own. A shared rule stands in for an abbreviation of the book only where
    it reaches the book's words: «hp» -> «хиты» says nothing of an English book's «Hit Points
    (HP)»."""
    texts, titles = _texts(book)
    shared = [src for src, dst in common.rules if any(_printed(t, stems) for t in dst)]
    hand = {analysis.dedupe_key(src) for src in (*shared, *(src for src, _ in book.glossary.rules))}
    return Glossary(tuple(abbreviations.rules(texts, titles, vocab, hand, found)))


def _printed(phrase: str, stems: set[str]) -> bool:
    """Every word of `phrase` (its function words aside) is a word of the book, in some form."""
    words = [w for w in analysis.surfaces(phrase) if not analysis.is_optional(w)]
    return bool(words) and all(analysis.stem(w) in stems for w in words)


def initial_terms(book: Book) -> list[list[Any]]:
    """The book's terms that initials may shorten (abbreviations.candidates), which the build
    counts while it indexes the book and keeps beside its index."""
    return abbreviations.candidates(*_texts(book))


def _plain_e_key(src: str, vocab: set[str]) -> str:
    """The source spelt with «е» for «э», or the source itself where a word so spelt is a word of
    the books or a small word («не»)."""
    plain = analysis.plain_e(src)
    changed = set(analysis.surfaces(plain)) - set(analysis.surfaces(src))
    if any(w in vocab or analysis.is_optional(w) for w in changed):
        return src
    return plain


def _rules(
    books: list[Book],
    common: Glossary,
    vocab: set[str],
    found: list[list[list[Any]] | None],
    stems: list[set[str]],
    terms: list[set[str] | None],
) -> list[tuple[str, list[Any]]]:
    """Glossary rules keyed by the stem of their first word: [source, [targets], [books]], and a
    last 1 when the books print the source; [books] are the books whose glossaries hold the rule
    (-1: the shared glossary); a book's glossary is its hand-written one, the abbreviations its
    text defines or implies, and the other books' words for the English terms it translates
    (bridges.py). `terms`: per book in English, its headings' words (None for the others). A
    rule several books share (books of one system, copies) is written once."""
    merged: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    glossaries = [(-1, common)]
    for i, b in enumerate(books):
        glossaries += [(i, b.glossary), (i, _derived(b, common, vocab, found[i], stems[i]))]
    # other books' words for an English term, to this book's words for it
    own = [bridges.pairs_of(b.glossary, ((s.title, s.original) for s in b.sections)) for b in books]
    english = [stems[i] if terms[i] is not None else None for i in range(len(books))]
    bridged = [
        bridges.rules(own, english),
        # a book in English: the shared glossary's English terms it prints, by their Russian
        # words, and the words of its headings that the library's Russian words spell
        bridges.shared_into_english(common, english),
        bridges.sounds_into_english(vocab, terms),
    ]
    # and the shared glossary's slang, through the Russian word it means (by these rules, or the
    # book's own glossary: «стресс» = stress)
    per_book = [
        [*(made[i] for made in bridged), books[i].glossary] if terms[i] is not None else []
        for i in range(len(books))
    ]
    bridged.append(bridges.slang_into_english(common, per_book))
    for made in bridged:
        glossaries += list(enumerate(made))
    for bi, g in glossaries:
        for src, dst in g.rules:
            # a source with «э» is also found spelt with «е» (the engine reads a typed «э» as
            # «е» where only that is known: флэт, флет), unless that spelling is a word of its
            # own: «НЭ» (нарративные эффекты) is not every «не»
            for s in dict.fromkeys((src, _plain_e_key(src, vocab))):
                held = merged.setdefault((s, tuple(dst)), [])
                if bi not in held:
                    held.append(bi)
    out = []
    stems = {analysis.stem(w) for w in vocab}
    for (src, dst), held in merged.items():
        words = analysis.surfaces(src)
        if words:
            # a last 1: the books print every word of the source (in some form), so a word near
            # one of them is a typo of a book's word, not the rule's slang in another form
            rule: list[Any] = [src, list(dst), [-1] if -1 in held else held]
            if all(analysis.stem(w) in stems for w in words):
                rule.append(1)
            out.append((analysis.stem(words[0]), rule))
    return out


def _phrases_postings(phrases: list[str], forms: dict[str, list[str]], post_of: dict[str, int]) -> list[int]:
    """The postings shards of the forms of the phrases' words, read as the engine reads a
    glossary target (analysis.target_words, analysis.phrase_stems)."""
    shards: set[int] = set()
    for phrase in phrases:
        for w in analysis.target_words(phrase):
            for st in analysis.phrase_stems(w):
                shards.update(post_of[u] for u in forms.get(st, ()))
    return sorted(shards)


def _counted(lists: list[list[int]]) -> str:
    """Sorted lists of integers in one string of varints: per list, its length, then its items
    delta-coded."""
    out: list[int] = []
    for items in lists:
        out.append(len(items))
        prev = 0
        for i in items:
            out.append(i - prev)
            prev = i
    return varints(out)


def _glossary_loans(rules: list[tuple[str, list[Any]]]) -> dict[str, list[str]]:
    """The glossaries' one-word English sources that no book prints («advantage»), by consonant
    skeleton: a player spells them in Russian («адвантейдж») as often as the books' own English
    words, and only the rule says what they mean."""
    out: dict[str, set[str]] = {}
    for _, (src, _dst, *rest) in rules:
        words = analysis.surfaces(src)
        if rest[1:] or len(words) != 1 or not _is_latin(words[0]):
            continue  # printed by a book: a loan of the books' (w)
        k = analysis.skeleton(words[0])
        if len(k) >= analysis.SPEC["loans"]["min_length"]:
            out.setdefault(k, set()).add(words[0])
    return {k: sorted(v) for k, v in out.items()}


def _function_words(text: dict[str, list[int]], rules: list[tuple[str, list[Any]]]) -> set[str]:
    """The words whose places in the text are not written: prepositions, pronouns and question
    words, a quarter of all places, which the engine drops from any query that has a word of its
    own (the phrase and proximity bonuses read the blocks' text instead). Kept: such a word that a
    glossary rule stands on alone, as its source or a whole target («ОБ» is «об»)."""
    keep: set[str] = set()
    for _, (src, dst, *_rest) in rules:
        for phrase in (src, *dst):
            ws = analysis.surfaces(phrase)
            if len(ws) == 1 or all(analysis.is_optional(w) for w in ws):
                keep.update(ws)
    return {w for w in text if analysis.is_optional(w) and w not in keep}


_LATIN = frozenset(analysis.SPEC["latin"])


def _is_latin(w: str) -> bool:
    """Written in Latin letters only."""
    return set(w) <= _LATIN


def _latin_words(words: set[str] | list[str]) -> int:
    return sum(1 for w in words if _is_latin(w))


def _latin_main(post: dict[str, Any]) -> bool:
    """Most of a book's own words (its postings' surfaces) are Latin."""
    words = set(post["text"]) | set(post["heading"]) | set(post["original"])
    return 2 * _latin_words(words) > len(words)


def _heading_words(post: dict[str, Any]) -> set[str]:
    """A book's Latin words in its headings: its terms (Stress, Aspects, Conflicts), which a
    player says the Russian way; its text's other words («delay», «past») share their letters
    with common Russian words («делает», «пасти») more often than a player means them."""
    return {w for w in post["heading"] if _is_latin(w)}


def write(dest: Path, books: list[tuple[Book, dict[str, Any]]], common: Glossary) -> dict[str, Any]:
    """Write the manifest and the shards into `dest` (replaced atomically); returns the manifest."""
    merged, stats, offsets = _merge(books)
    stem_df = stats.pop("stem_df")
    vocab = sorted(set(merged.text) | set(merged.head) | set(merged.path) | set(merged.defs), key=sort_key)
    with folders.replacing(dest) as tmp:
        tmp.chmod(0o755)  # mkdtemp makes it private; the site must be readable by any server
        files: dict[str, bytes] = {}
        # the library's main script: a short word of the other is a word the books lack, not a typo
        stats["words"] = len(vocab)
        stats["latin_words"] = _latin_words(vocab)
        manifest: dict[str, Any] = {"format": FORMAT, "analysis": analysis.shipped(_packed), "stats": stats}

        # vocabulary, with the glossary rules of its range
        words = set(vocab) - merged.initials  # the books' own words
        rules = sorted(
            _rules(
                [b for b, _ in books],
                common,
                words,
                [p.get("terms") for _, p in books],
                [set(p["stem_df"]) for _, p in books],
                [_heading_words(p) if _latin_main(p) else None for _, p in books],
            ),
            key=lambda r: sort_key(r[0]),
        )
        vchunks = _vocab_chunks(vocab, rules)
        # each shard from the shortest beginning of its first word that sorts after the shard
        # before it (every search downloads this list)
        firsts = [""] + [_separator(a[-1], b[0]) for a, b in pairwise(vchunks)]
        by_shard: list[list[Any]] = [[] for _ in vchunks]
        for key, rule in rules:
            by_shard[_shard_of(firsts, key)].append(rule)
        drop = _function_words(merged.text, rules)
        # postings, in the vocabulary's order, cut by size and at every vocabulary shard's end:
        # a word's postings are found by its place in its vocabulary shard (written before the
        # vocabulary, whose rules name the postings shards of their targets)
        post_at: list[list[int]] = []  # per postings shard: [vocabulary shard, first index]
        post_of: dict[str, int] = {}  # a word's postings shard
        for j, chunk in enumerate(vchunks):
            cur: dict[str, list[str]] = {"t": [], "h": [], "p": [], "d": []}
            start = size = 0
            for idx, w in enumerate(chunk):
                t, h, p, d = (
                    [] if w in drop else merged.text.get(w, []),
                    merged.head.get(w, []),
                    merged.path.get(w, []),
                    merged.defs.get(w, []),
                )
                n = 2 * (len(t) + len(h) + len(p) + len(d)) + 8
                if size and size + n > POST_BYTES:
                    files[f"p{len(post_at)}.json"] = _dumps(cur)
                    post_at.append([j, start])
                    cur = {"t": [], "h": [], "p": [], "d": []}
                    start, size = idx, 0
                for key, v in (("t", t), ("h", h), ("p", p), ("d", d)):
                    cur[key].append(varints(v))
                size += n
                post_of[w] = len(post_at)
            files[f"p{len(post_at)}.json"] = _dumps(cur)
            post_at.append([j, start])
        # a word's forms by stem, for the rules' postings shards
        forms: dict[str, list[str]] = {}
        for w in vocab:
            forms.setdefault(analysis.stem(w), []).append(w)
        for i, chunk in enumerate(vchunks):
            cuts, exc, df = [], [], []
            prev = None
            for w in chunk:
                st = analysis.stem(w)
                c, x = _stem_code(w, st)
                cuts.append(c)
                if x is not None:
                    exc.append(x)
                # the stem's document frequency, 0 for "the same stem as the word before"
                df.append(0 if st == prev else stem_df.get(st, 0) + 1)
                prev = st
            files[f"v{i}.json"] = _dumps(
                {
                    "w": front_code(chunk),
                    "c": "".join(cuts),
                    "x": exc,
                    "df": varints(df),
                    "g": [[r[0], r[1], rule_books(r[2]), *r[3:]] for r in by_shard[i]],
                    # per rule, its targets' postings shards: a query that meets the rule fetches
                    # them with the targets' vocabulary, one wait fewer before its results (the
                    # rule is read in the first read, its targets' forms only in the second)
                    "gp": _counted([_phrases_postings(r[1], forms, post_of) for r in by_shard[i]]),
                }
            )
        manifest["vocab"] = firsts
        # the same for the words of intent («стоит»: «стоимость», «цена»), in the order of the
        # analysis' intents
        intents = analysis.SPEC["intents"]
        manifest["intent_posts"] = _counted(
            [_phrases_postings([w, *intents[w]], forms, post_of) for w in intents]
        )

        # only words a typo can be forgiven in (four letters or more, no digits)
        typo_words = (w for w in vocab if len(w) >= 4 and not any(c.isdigit() for c in w))
        rev = sorted((w[::-1] for w in typo_words), key=sort_key)
        rchunks = _chunks_by_count(rev, RVOCAB_WORDS)
        for i, chunk in enumerate(rchunks):
            files[f"r{i}.json"] = _dumps({"w": front_code(chunk)})
        manifest["rvocab"] = [""] + [c[0] for c in rchunks[1:]]

        # the postings shards' starts, as varints of (vocabulary shard delta, first index)
        flat_post: list[int] = []
        prev_j = 0
        for j, o in post_at:
            flat_post += [j - prev_j, o]
            prev_j = j
        manifest["post"] = varints(flat_post)

        # English words by consonant skeleton: the books' (w), and the glossaries' one-word
        # English terms that no book prints (g), which a Russian spelling names as typed
        loans: dict[str, list[str]] = {}
        for w in vocab:
            if _is_latin(w):
                k = analysis.skeleton(w)
                if len(k) >= analysis.SPEC["loans"]["min_length"]:
                    loans.setdefault(k, []).append(w)
        glossed = _glossary_loans(rules)
        lkeys = sorted(loans.keys() | glossed.keys(), key=sort_key)
        lchunks = _chunks_by_count(lkeys, LOAN_KEYS)
        for i, chunk in enumerate(lchunks):
            files[f"l{i}.json"] = _dumps(
                {"k": chunk, "w": [loans.get(k, []) for k in chunk], "g": [glossed.get(k, []) for k in chunk]}
            )
        manifest["loan"] = [""] + [c[0] for c in lchunks[1:]]

        # fragments and books
        manifest["books"] = []
        frag_first: list[int] = []
        fcur: list[Any] = []
        fpages: list[list[str]] = []
        fpage_idx: dict[tuple[int, int], int] = {}
        fsize = 0
        fstart = 0
        gsec = 0

        fcrumbs: list[str] | None = None  # the breadcrumbs of the fragment's last section

        def fflush() -> None:
            nonlocal fcur, fpages, fpage_idx, fsize, fcrumbs
            if fcur:
                files[f"f{len(frag_first)}.json"] = _dumps({"s": fstart, "pages": fpages, "x": fcur})
                frag_first.append(fstart)
            fcur, fpages, fpage_idx, fsize, fcrumbs = [], [], {}, 0, None

        for bi, (book, post) in enumerate(books):
            entry = [book.slug, book.title, offsets[bi], offsets[bi] + len(book.sections)]
            if _latin_main(post):
                entry.append(1)  # its words are mostly Latin (planner.latin_main)
            manifest["books"].append(entry)
            for si, sec in enumerate(book.sections):
                blocks = []
                for k, b in enumerate(sec.blocks, 1):
                    anchor: Any = b.anchor
                    if b.anchor == f"{sec.anchor}--{k}":
                        anchor = 0
                    elif b.anchor.startswith(sec.anchor + "--") and b.anchor[len(sec.anchor) + 2 :].isdigit():
                        anchor = int(b.anchor[len(sec.anchor) + 2 :])
                    blocks.append([b.kind, anchor, b.text])
                entry_size = sum(len(b[2]) * 2 for b in blocks) + len(sec.title) * 2 + 40
                if fcur and fsize + entry_size > FRAG_BYTES:
                    fflush()
                if not fcur:
                    fstart = gsec
                pk = (bi, sec.page)
                if pk not in fpage_idx:
                    fpage_idx[pk] = len(fpages)
                    fpages.append(list(book.pages[sec.page]))
                crumbs = book.breadcrumb(si)
                fcur.append(
                    [
                        fpage_idx[pk],
                        sec.anchor,
                        sec.title,
                        sec.original,
                        sec.tag,
                        crumbs_delta(fcrumbs, crumbs),
                        1 if sec.titled else 0,
                        blocks,
                    ]
                )
                fcrumbs = crumbs
                fsize += entry_size
                gsec += 1
        fflush()
        # the fragments' first sections, as varints of their differences
        manifest["frag"] = varints([b - a for a, b in zip([0, *frag_first], frag_first, strict=False)])

        manifest["shards"] = {k: sum(1 for name in files if name[0] == k) for k in "vrplf"}
        digest = hashlib.sha1()
        for name in sorted(files):
            digest.update(name.encode())
            digest.update(files[name])
        folder = digest.hexdigest()[:12]
        manifest["dir"] = folder
        (tmp / folder).mkdir()
        for name, data in files.items():
            (tmp / folder / name).write_bytes(data)
        (tmp / MANIFEST).write_bytes(_dumps(manifest))
    return manifest


def _separator(last: str, first: str) -> str:
    """The shortest beginning of `first` that sorts after `last` (last < first)."""
    for n in range(1, len(first)):
        if sort_key(first[:n]) > sort_key(last):
            return first[:n]
    return first


def _shard_of(firsts: list[str], w: str) -> int:
    """The shard whose range holds `w` (firsts: each shard's first word, the first one "")."""
    lo, hi = 0, len(firsts)
    kw = sort_key(w)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if sort_key(firsts[mid]) <= kw:
            lo = mid
        else:
            hi = mid
    return lo
