"""One word of a plan as stems to search: the word's own stem and its relatives, fleeting-vowel
forms, nominal kin, number words and, for the word being typed or a clipped one, completions;
for a glossary target, its stem and fleeting-vowel forms. Apart from the planner's rounds, which
ask it per word; it notes the words the library lacks (for the typo round) and the targets'
slots (whose surfaces round 2 reads)."""

from __future__ import annotations

import re

from rulebook.search import analysis
from rulebook.search import vocab as V
from rulebook.search.plan import Slot
from rulebook.search.query import Word
from rulebook.search.store import TOP, Store

P = analysis.ENGINE
_LETTER = re.compile(r"[^\W\d_]")


def _as_abbreviation(w: str, forms: list[str]) -> None:
    """An abbreviation written in capitals («ОП», Очки Прочности) is read as its letters and
    their case endings, not as every word its letters are the stem of (Snowball stems «опыт» to
    «оп»): where the library has it so, the stem's other forms are dropped."""
    mine = [u for u in forms if u == w or w in analysis.abbreviation_bases(u)]
    if mine:
        forms[:] = mine


class Expander:
    """Expands the words of one plan, keeping the slots the later rounds complete."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.unknown: list[Slot] = []  # words the library lacks: the typo round's
        self.phrases: list[Slot] = []  # glossary targets' words, their surfaces still to read

    def expand(self, word: Word) -> Slot:
        """The word's slot: its stems, their weights and surfaces."""
        store = self.store
        w, is_prefix = word.surface, word.prefix
        st = analysis.stem(w)
        stems: dict[str, float] = {}
        surf: dict[str, list[str]] = {}
        extra = int(P["stem_prefix_extra"])
        relatives = len(st) >= P["stem_prefix_min"] and bool(_LETTER.search(st))
        family = V.stem_kin(store, w, st)  # a Russian word's: no stop or question word's forms
        # a long stem's kin only for a word the library has (a misspelt one is a typo's business)
        kin = any(ust == st for _, ust, _ in family)
        # an abbreviation the library has, typed in capitals, is whole, not the beginning of a
        # word being typed («УЗ» is Уровень Защиты, not «узкие»)
        if is_prefix and word.upper and any(u == w for u, _, _ in family):
            is_prefix = False
        for u, ust, _ in family:
            wt = 0.0
            if ust == st:
                wt = P["w_exact"]
            elif relatives and (
                (ust.startswith(st) and 0 < len(ust) - len(st) <= extra)
                or (st.startswith(ust) and len(ust) >= P["stem_prefix_min"] and len(st) - len(ust) <= extra)
                or (kin and V.kindred(st, ust))
            ):
                wt = P["w_stem_prefix"]
            if wt:
                stems[ust] = max(stems.get(ust, 0.0), wt)
                surf.setdefault(ust, []).append(u)
        # the stemmer can cut one form shorter than the others (отдых -> отд, отдыха -> отдых):
        # a word that is the query's stem, or whose stem is the query word, is the same word;
        # and a stem need not begin the word (English saving -> save, body -> bodi; dice
        # 2к6 -> к6): a word that begins as typed and has its stem is the word itself
        for u, ust, _ in V.words(store, w, w + TOP):
            if ust == w and ust != st:
                stems[w] = max(stems.get(w, 0.0), P["w_exact"])
                surf.setdefault(w, []).append(u)
            elif ust == st and u not in surf.get(st, []):
                stems[st] = max(stems.get(st, 0.0), P["w_exact"])
                surf.setdefault(st, []).append(u)
        for u, ust, _ in V.words(store, st, st + TOP):
            if u == st and ust != st:
                stems.setdefault(st, P["w_exact"])
                surf.setdefault(st, []).append(u)
        # a fleeting vowel (спасброски, спасбросок) joins forms of a word the library has; for
        # one it lacks, it is a guess like a relative's, and the word goes to the typo round too
        # («палный» is «полный», not a form of «пален»)
        fleeting = P["w_stem"] if kin else P["w_stem_prefix"]
        for v in analysis.fleeting_variants(st):
            for u, ust, _ in V.words(store, v, v + TOP):
                if ust == v and v != st:
                    stems[v] = max(stems.get(v, 0.0), fleeting)
                    surf.setdefault(v, []).append(u)
        for v in analysis.nominal_relatives(st):  # «ранить» finds «ранение», and the reverse
            for u, ust, _ in V.words(store, v, v + TOP):
                if ust == v:
                    stems[v] = max(stems.get(v, 0.0), P["w_stem_prefix"])
                    surf.setdefault(v, []).append(u)
        digit = analysis.NUMBERS.get(w)
        # «трёх раундов» finds «3 раунда», and «3 раунда» finds «трёх раундов»
        for number in ([digit] if digit else []) + analysis.NUMBER_WORDS.get(w, []):
            for u, ust, _ in V.words(store, number, number + TOP):
                if u == number:
                    stems[ust] = max(stems.get(ust, 0.0), P["w_number"])
                    surf.setdefault(ust, []).append(u)
        if word.upper and st in surf:
            _as_abbreviation(w, surf[st])
        whole = set(stems)
        completions = 0
        # a word the library lacks that begins words of it, typed whole: players clip long terms
        # (иниц, модиф, сопротив); its completions stand for it, as for the word being typed,
        # and it is no typo's business
        clipped = (
            not is_prefix
            and not kin
            and len(w) >= P["clip_min"]
            and bool(_LETTER.search(w))
            and not V.known(store, w, False)
        )
        if (is_prefix or clipped) and len(w) >= P["min_prefix"]:
            best_len: dict[str, int] = {}
            df_of: dict[str, int] = {}
            order: list[str] = []
            for u, ust, df in V.words(store, w, w + TOP):
                if ust == st:
                    continue
                if ust not in best_len:
                    order.append(ust)
                    best_len[ust] = len(u)
                    df_of[ust] = df
                elif len(u) < best_len[ust]:
                    best_len[ust] = len(u)
                surf.setdefault(ust, []).append(u)
            cap = int(P["max_prefix_terms"] if len(w) > 3 else P["prefix_terms_short"])
            if len(order) > cap:
                order.sort(key=lambda s: (-df_of[s], V.key(s)))
                order = order[:cap]
            for ust in order:
                wt = P["w_prefix"] * (0.5 + 0.5 * len(w) / best_len[ust])
                if wt > stems.get(ust, 0.0):
                    stems[ust] = wt
            completions = len(order)
        slot = Slot(w, stems, whole, {s: surf[s] for s in stems}, prefix=is_prefix)
        # a word the library lacks is a typo's business, even where a shorter relative matched
        # («множествиной» reaches «множество»; the typo finds «множественной»)
        only_relatives = all(v <= P["w_stem_prefix"] for v in stems.values())
        if only_relatives and completions == 0 and _LETTER.search(w) and not V.known(store, w, is_prefix):
            slot.pending = []
            self.unknown.append(slot)
        return slot

    def phrase_slot(self, w: str) -> Slot:
        """A glossary target's word: its own stem and its fleeting-vowel forms (спасбросок,
        спасброски), surfaces read in round 2."""
        first, *variants = analysis.phrase_stems(w)
        stems = {first: 1.0, **dict.fromkeys(variants, P["w_stem"])}
        slot = Slot(w, stems, set(stems))
        slot.pending = list(stems)
        self.phrases.append(slot)
        return slot
