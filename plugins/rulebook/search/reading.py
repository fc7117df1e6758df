"""Round 1 of a plan: the query's words as the library knows them. A chunk it does not know as
typed is tried in the other keyboard layout and as Russian typed in Latin letters, a word split
by a space is joined, a declined abbreviation is read as the abbreviation, and capitals tell
an abbreviation unless the whole query is in them. Apart from the later rounds, which take
these words as given."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from rulebook.search import analysis
from rulebook.search import vocab as V
from rulebook.search.query import Parsed, Word, role_of, typed_tokens
from rulebook.search.store import TOP, Key, Store

P = analysis.ENGINE
_LATIN_MIN = int(analysis.SPEC["latin_reading"]["min_letters"])  # a word read from Latin letters
_LETTER = re.compile(r"[^\W\d_]")


def _per_word(chunk: str, test: Callable[[str], bool]) -> list[bool]:
    """Per word of the chunk (as `analysis.surfaces` gives them), `test` of its raw form."""
    out = []
    for m in analysis.WORD_RE.finditer(chunk):
        raw = m.group()
        out += [test(raw)] * len(analysis.normalize_word(raw))
    return out


def _declined_words(chunk: str) -> list[bool]:
    """Per word of the chunk: written as a declined abbreviation («НПСов»)."""
    return _per_word(chunk, analysis.is_declined_capitals)


def _upper_words(chunk: str) -> list[bool]:
    """Per word of the chunk: written in capitals (two letters or more), as abbreviations are."""
    return _per_word(chunk, analysis.is_capitals)


def _shouted(chunks: list[str]) -> bool:
    """The whole query is written in capitals, a word of it longer than an abbreviation is
    («КАК РАБОТАЕТ УКРЫТИЕ», caps lock on): its capitals tell no abbreviation, and «КАК» is the
    question word."""
    raws = [
        m.group() for c in chunks for m in analysis.WORD_RE.finditer(c) if any(x.isalpha() for x in m.group())
    ]
    return (
        bool(raws)
        and all(analysis.is_capitals(r) for r in raws)
        and any(sum(x.isalpha() for x in r) > P["abbreviation_max"] for r in raws)
    )


def _joinable(a: str, b: str) -> bool:
    """Two words that may be the halves of one: letters both, the second no number's."""
    return bool(a) and bool(b) and all(_LETTER.match(c) for c in a + b)


def prints(store: Store, t: str, is_prefix: bool = False) -> bool:
    """A book prints the word itself (the word being typed: a word begins so); not only a
    word of its stem («ливый» is no word for «лив»)."""
    return any(u == t or is_prefix for u, _, _ in V.words(store, t, t + TOP))


class Reader:
    """Reads one query's words, asking the store for the shards of round 1."""

    def __init__(self, store: Store, parsed: Parsed, latin: bool) -> None:
        self.store = store
        self.parsed = parsed
        self.latin = latin
        self._shouted = _shouted(parsed.chunks)
        self._typed = typed_tokens(parsed)

    def _upper(self, chunk: str) -> list[bool]:
        """Per word of the chunk: written in capitals, where capitals tell an abbreviation."""
        up = _upper_words(chunk)
        return [False] * len(up) if self._shouted else up

    # round 1: the words of the query as typed; then, only for a chunk the library does not know
    # that way, the chunk in the other keyboard layout (a query typed right reads no Latin shard)
    def first_needs(self) -> list[Key]:
        """The vocabulary of every word typed; of a stop or question word only its glossary rules,
        unless the query has nothing else."""
        words: list[str] = []
        small: list[bool] = []  # a stop or question word not written in capitals (ОБ is a term)
        declined: list[bool] = []  # written as a declined abbreviation («НПСов»)
        for chunk in self.parsed.chunks:
            toks = analysis.surfaces(chunk)
            words += toks
            declined += _declined_words(chunk)
            small += [
                analysis.is_optional(t) and not u for t, u in zip(toks, self._upper(chunk), strict=True)
            ]
        only_small = all(small)
        ranges: list[tuple[str, str]] = []
        for t, sm, de in zip(words, small, declined, strict=True):
            if sm and not only_small:
                st = analysis.stem(t)
                ranges.append((st, st))
            else:
                ranges += V.word_ranges(t)
                ranges += [(b, b + TOP) for b in analysis.verb_bases(analysis.stem(t))]
                if "э" in t:
                    ranges += V.word_ranges(analysis.plain_e(t))
                if de:
                    ranges += [r for b in analysis.abbreviation_bases(t) for r in V.word_ranges(b)]
        for chunk in self.parsed.chunks:
            num = analysis.section_number(chunk)
            if num:
                ranges += V.word_ranges(num)
        return V.need(self.store, ranges)

    def swap_needs(self) -> list[Key]:
        """The vocabulary, in the other layout and read as Russian in Latin letters, of each chunk
        the library does not know as typed (known after round 1)."""
        ranges: list[tuple[str, str]] = []
        for ci, chunk in enumerate(self.parsed.chunks):
            if self._all_known(ci, list(analysis.surfaces(chunk))):
                continue
            swapped = analysis.layout_swap(chunk)
            others = ([swapped] if swapped is not None else []) + self._latin_readings(chunk)
            ranges += [r for o in others for t in analysis.surfaces(o) for r in V.word_ranges(t)]
        # a word split by a space or a hyphen («крово течение»): the two halves joined
        for (a, pa), (b, pb) in itertools.pairwise(self._typed):
            if _joinable(a, b) and not (self._as_typed(a, pa) and self._as_typed(b, pb)):
                ranges += V.word_ranges(a + b)
        return V.need(self.store, ranges)

    def _latin_readings(self, chunk: str) -> list[str]:
        """The chunk read as Russian typed in Latin letters, where the words searched are not
        mostly Latin themselves: in an English book's search, «road» is English, not «род»."""
        return [] if self.latin else analysis.latin_readings(chunk)

    def _as_typed(self, t: str, is_prefix: bool) -> bool:
        """`prints`, or a small word (its vocabulary is not read; it is a word)."""
        return analysis.is_optional(t) or prints(self.store, t, is_prefix)

    def _gap_join(self, a: str, b: str, is_prefix: bool) -> str | None:
        """The word the books print that the space took one letter of («кровоте ение»: the
        space bar sits under «ч» and its row), read from the words that begin as the first half
        does (round 1 read them): the most frequent, where the halves are long enough to tell
        (`gap_join_min` letters the first, two the second)."""
        if len(a) < P["gap_join_min"] or len(b) < 2 or analysis.is_optional(a):
            return None
        n = len(a) + 1 + len(b)
        best: tuple[int, str] | None = None
        for u, _st, df in V.words(self.store, a, a + TOP):
            tail = u[len(a) + 1 :]
            if (tail.startswith(b) if is_prefix else (len(u) == n and tail == b)) and (
                best is None or df > best[0]
            ):
                best = (df, u)
        return best[1] if best else None

    def _join_split(self, out: list[Word], shown: list[str]) -> bool:
        """Two neighbouring words that the books do not both print, and whose joining they do,
        are one word split by a space or a hyphen («пере зарядка», «крово-течение»: a phone's
        space bar sits under the letters), or one whose letter the space took (`_gap_join`):
        they are read as that word. Whether any was joined."""
        joined = False
        pairs = {(a, b) for (a, _), (b, _) in itertools.pairwise(self._typed)}
        i = 0
        while i + 1 < len(out):
            a, b = out[i], out[i + 1]
            j = None
            if (
                (a.surface, b.surface) in pairs  # as typed (not read in another layout)
                and _joinable(a.surface, b.surface)
                and not (self._as_typed(a.surface, a.prefix) and self._as_typed(b.surface, b.prefix))
            ):
                j = a.surface + b.surface
                if not self._as_typed(j, b.prefix):
                    j = self._gap_join(a.surface, b.surface, b.prefix)
            if j:
                out[i : i + 2] = [Word(j, b.prefix, role_of(j))]
                for k in range(len(shown) - 1):
                    if shown[k] == a.surface and shown[k + 1] == b.surface:
                        shown[k : k + 2] = [j]
                        break
                joined = True
            i += 1
        return joined

    def _all_known(self, ci: int, toks: list[str], whole: bool = False) -> bool:
        """Every word of chunk `ci` is in the library (the query's last word as a prefix, unless
        `whole`)."""
        last = self.parsed.prefix and ci == len(self.parsed.chunks) - 1 and not whole
        return bool(toks) and all(
            self._spelt(t, last and ti == len(toks) - 1) is not None for ti, t in enumerate(toks)
        )

    def _spelt(self, t: str, is_prefix: bool) -> str | None:
        """The word as the library knows it: as typed, or with its «э» written «е» (a typed
        «флэтфутед» is the glossary's «флетфутед», «хэлс» a book's «хелс»), or None."""
        if V.known(self.store, t, is_prefix):
            return t
        e = analysis.plain_e(t)
        return e if e != t and V.known(self.store, e, is_prefix) else None

    def _declined(self, t: str) -> str | None:
        """The abbreviation a word written as a declined one declines («НПСов»: «нпс»), where
        the library has it."""
        return next((b for b in analysis.abbreviation_bases(t) if self._as_is(b)), None)

    def _as_is(self, w: str) -> bool:
        """The library has the word itself, printed or as a glossary's word (not only a word of
        its stem: «дв» of «дву» is no abbreviation because «две» stems so)."""
        return prints(self.store, w) or any(
            analysis.surfaces(r[0]) == (w,) for r in V.rules_at(self.store, analysis.stem(w))
        )

    def words(self) -> tuple[list[Word], list[str], bool]:
        """The query's words: a chunk the library does not know is taken in the other keyboard
        layout when the library knows it that way, or when another chunk of the query was typed
        in the other layout too (a whole query typed on the wrong layout, one word misspelt); or,
        where the library knows it so, as Russian typed in Latin letters («perezaryadka»)."""
        parsed = self.parsed
        n = len(parsed.chunks)
        choices: list[tuple[list[str], list[str] | None, bool, bool, list[str] | None, bool]] = []
        for ci, chunk in enumerate(parsed.chunks):
            last = parsed.prefix and ci == n - 1
            typed = analysis.surfaces(chunk)
            declined = _declined_words(chunk)
            toks = [
                self._spelt(t, last and ti == len(typed) - 1) or (declined[ti] and self._declined(t)) or t
                for ti, t in enumerate(typed)
            ]
            swapped = analysis.layout_swap(chunk)
            stoks = list(analysis.surfaces(swapped)) if swapped is not None else None
            known = self._all_known(ci, toks)
            # the other layout's words say it was typed there when they mean something: «vs» is
            # «мы» on ЙЦУКЕН, a small word any book has, and «save vs fireball» is no Russian;
            # nor is a lone letter («ь» is «m»)
            sknown = (
                not known
                and bool(stoks)
                and self._all_known(ci, stoks or [])
                and any(len(t) > 1 and not analysis.is_optional(t) for t in stoks or [])
            )
            # Russian typed in Latin letters: the first reading the library knows, with a word of
            # three letters or more («vs» is no «вс»); a short chunk («OD») only beside one
            readings = (
                [] if known or sknown else [list(analysis.surfaces(r)) for r in self._latin_readings(chunk)]
            )
            # a reading of whole words before one the words being typed only begin («issledovat»:
            # «исследовать», not the start «исследоват»)
            ltoks = next((r for r in readings if r and self._all_known(ci, r, True)), None)
            ltoks = ltoks or next((r for r in readings if r and self._all_known(ci, r)), None)
            lsure = ltoks is not None and any(
                len(t) >= _LATIN_MIN and not analysis.is_optional(t) for t in ltoks
            )
            # beside such a chunk, one the library does not know either way is read the first
            # way, and left to the typo round («skolko»: «сколко», «сколько»)
            if ltoks is None and readings and readings[0]:
                ltoks = readings[0]
            choices.append((toks, stoks, known, sknown, ltoks, lsure))
        swap_all = any(not known and sknown for _, _, known, sknown, _, _ in choices)
        latin_all = any(lsure for *_, lsure in choices)
        out: list[Word] = []
        shown: list[str] = []
        changed = False
        for ci, (toks, stoks, known, sknown, ltoks, lsure) in enumerate(choices):
            use = stoks is not None and not known and (sknown or (swap_all and bool(stoks)))
            if use:
                toks = stoks or []
                changed = True
            elif ltoks is not None and (lsure or (latin_all and not known)):
                use = True
                toks = ltoks
                changed = True
            last = ci == n - 1
            ps = [parsed.prefix and last and ti == len(toks) - 1 for ti in range(len(toks))]
            upper = [False] * len(toks) if use else self._upper(parsed.chunks[ci])
            out += [Word(t, p, role_of(t, u), u) for t, p, u in zip(toks, ps, upper, strict=True)]
            shown += toks
            num = analysis.section_number(parsed.chunks[ci])
            if num:  # «2.2»: also the section of that number (its digits alone are everywhere)
                out.append(Word(num, False, "content"))
        if self._join_split(out, shown):
            changed = True
        return out, shown, changed
