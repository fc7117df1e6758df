"""Building a query's plan, in rounds of reads from the store: round 1 reads the query's words
(reading.py), which become groups (grouping.py) of words expanded to stems (expand.py); round 2
reads what the words the library lacks may be (typos.py, English loans, a misspelt slang word,
two words typed as one, a small word's typo) and then the surfaces of every stem found. Here
the rounds are run in order and their findings put into the plan."""

from __future__ import annotations

import re

from rulebook.search import analysis
from rulebook.search import vocab as V
from rulebook.search.distance import one_slip, osa, slip_distance
from rulebook.search.expand import Expander
from rulebook.search.grouping import group_words
from rulebook.search.plan import Alt, Group, Plan, Slot
from rulebook.search.query import Parsed, Word, role_of
from rulebook.search.reading import Reader, prints
from rulebook.search.store import TOP, Key, Loans, Store
from rulebook.search.typos import Typos, typo_budget, typo_budget_of, typo_ranges

P = analysis.ENGINE
_LETTER = re.compile(r"[^\W\d_]")
_CYR = frozenset(analysis.SPEC["cyrillic"])


def latin_main(store: Store, scope: list[int] | None = None, prefer: int = -1) -> bool:
    """Most of the words searched are Latin: those of the book being read, or of the books a
    search is limited to, or else the library's (manifest stats; an older index has none). An
    English book in a library of Russian ones is searched as English where it is read or
    chosen: a short English word there is a typo to correct, not a word the books lack."""
    books = store.books
    if 0 <= prefer < len(books) and books[prefer].latin:
        return True
    if scope is not None and len(scope) < len(books):
        return 2 * sum(books[i].latin for i in scope) > len(scope)
    return 2 * store.stats.get("latin_words", 0) > store.stats.get("words", 0)


class Planner:
    """Builds a plan for one query, asking the store for shards round by round."""

    def __init__(self, store: Store, parsed: Parsed, relaxed: bool, latin: bool | None = None) -> None:
        self.store = store
        self.relaxed = relaxed
        self.latin = latin_main(store) if latin is None else latin
        self.reader = Reader(store, parsed, self.latin)
        self._slang_fixes: dict[str, str] = {}
        self.typos = Typos(store)

    def run(self) -> Plan:
        """The plan, its fixes and its "did you mean" suggestion."""
        self.expander = Expander(self.store)
        store = self.store
        store.ensure(self.reader.first_needs())
        store.ensure(self.reader.swap_needs())
        read = self.reader.words()
        if not any(w.role == "content" for w in read[0]):  # a query of small words only
            store.ensure(V.need(store, [r for w in read[0] for r in V.word_ranges(w.surface)]))
        plan = group_words(store, self.expander, read)
        # round 2: typo and loan candidates of unknown words, the glossary targets' stems
        budgets, needs = self._expansion_needs()
        store.ensure(needs)
        slang = self.slang_typos(budgets)
        if slang:
            # a misspelt glossary word is that word: the query read again with it, its rule's
            # targets looked up (one round more, only for such a query; two for a loan, whose
            # English word's rule is in a shard not read yet)
            store.ensure(V.need(store, [r for u in slang.values() for r in V.word_ranges(u)]))
            words, shown, changed = read
            words = [Word(slang.get(w.surface, w.surface), w.prefix, w.role, w.upper) for w in words]
            self.expander = Expander(store)
            plan = group_words(store, self.expander, (words, shown, changed))
            budgets, needs = self._expansion_needs()
            store.ensure(needs)
        later: list[Slot] = []
        small: list[Slot] = []  # typos of small words («сколко»: «сколько»)
        for s in self.expander.unknown:
            k = budgets[id(s)]
            cands = []
            if k:
                cands = self.typos.find(s.word, s.prefix, k)
            taken: dict[str, float] = {}
            for d, _wd, st, u in cands:
                if st in taken:
                    continue
                if len(taken) >= P["max_typo_terms"]:
                    break
                s.fixes[st] = u
                wt = P["w_typo1"] if d <= 1 else P["w_typo2"]
                taken[st] = wt if d == int(d) else wt * P["w_typo_prefix"]
                s.surfaces.setdefault(st, []).append(u)
            if cands:
                s.correction = cands[0][3]
                # one slip: a typo beyond doubt, kept even where the first result lacks it
                s.slip = one_slip(cands[0][0], cands[0][1])
                if (
                    cands[0][0] <= 1
                    and len(s.word) >= P["small_typo_from"]
                    and analysis.is_optional(cands[0][3])
                ):
                    small.append(s)
            for u in self._book_loans(s.word):
                ust = analysis.stem(u)
                if P["w_loan"] > taken.get(ust, 0.0):
                    taken[ust] = P["w_loan"]
                s.surfaces.setdefault(ust, []).append(u)
            for st, wt in taken.items():
                s.stems[st] = wt
                s.whole.add(st)
            if not taken and not s.stems and not self.relaxed:
                # nothing within the budget: the closest words a larger one finds are offered
                # ("did you mean"), and searched where no split reads the word (below)
                wider = max(typo_budget(len(s.word), True), k + 1 if len(s.word) >= P["typo2_from"] else 0)
                if wider > k and typo_budget_of(s.word, True, self.latin, False):
                    fwd, rev = typo_ranges(s.word, s.prefix, wider)
                    store.ensure(V.uniq(V.need(store, fwd) + V.need(store, rev, "r")))
                    closest = self.typos.find(s.word, s.prefix, wider)
                    if closest:
                        s.correction = closest[0][3]
                        # two edits, as a longer word's budget allows; three are only offered
                        if len(s.word) >= P["typo_wider_from"] and closest[0][0] <= 2:
                            best = [c for c in closest if c[0] == closest[0][0]]
                            s.wider = [(st, u) for _d, _wd, st, u in best][: int(P["typo_wider_terms"])]
            s.pending = list(taken)
            later.append(s)
        splits = self.split_unknown(plan, [s for s in later if not s.stems])
        # a word that nothing within its budget matched, nor a split reads, is searched by its
        # closest words as two edits weigh: left out, the query's other words alone answered
        # («влаедне оружием» gave «Оружие», not «Владение оружием»)
        for s in later:
            if s.wider and not s.stems and s.word not in splits:
                for st, u in s.wider:
                    s.stems.setdefault(st, P["w_typo2"])
                    s.whole.add(st)
                    s.fixes.setdefault(st, u)
                    s.surfaces.setdefault(st, []).append(u)
                s.pending = list(s.stems)
        for s in self.expander.phrases:
            for st in s.pending:
                s.surfaces[st] = V.forms(store, s.word, st)
            s.pending = []
        # round 2b: every surface of the typo and loan stems
        store.ensure(V.uniq(V.need(store, [(st, st + TOP) for s in later for st in s.pending])))
        for s in later:
            for st in s.pending:
                have = s.surfaces.setdefault(st, [])
                for u, ust, _ in V.words(store, st, st + TOP):
                    if ust == st and u not in have:
                        have.append(u)
            s.pending = []
        for g in plan.groups:
            for a in g.alts:
                for sl in a.slots:
                    for st in sl.stems:
                        sl.surfaces[st] = sorted(set(sl.surfaces.get(st, [])), key=V.key)
        small_fixes = self.small_words(plan, small)
        fixes = {s.word: s.correction for g in plan.groups for a in g.alts for s in a.slots if s.correction}
        fixes.update(small_fixes)
        fixes.update(splits)
        fixes.update(self._slang_fixes)
        plan.fixes = fixes
        plan.suggestion = plan.suggest(set())
        return plan

    @staticmethod
    def small_words(plan: Plan, small: list[Slot]) -> dict[str, str]:
        """A typo of a small word («сколко», «пачему»: one edit from a question word or a
        preposition, and closest to it) is that word: it carries no rule's content, so it is
        left out as the word itself is, not searched and not told as unmatched; the suggestion
        shows it. Five letters or more: a shorter word one edit from a pronoun is as often a
        word of its own («машу»: «вашу»). A query of it alone keeps it (it is all the query
        has). Word -> its word."""
        out: dict[str, str] = {}
        for s in small:
            for g in plan.groups:
                if (
                    g.role == "content"
                    and len(g.alts) == 1
                    and len(g.alts[0].slots) == 1
                    and g.alts[0].slots[0] is s
                ):
                    if sum(x.role == "content" for x in plan.groups) > 1:
                        plan.groups.remove(g)
                        out[s.word] = s.correction or s.word
                    break
        return out

    def _expansion_needs(self) -> tuple[dict[int, int], list[Key]]:
        """The typo budget of each unknown word (by its slot's id), and the shards of round 2:
        the unknown words' typo and loan candidates, the glossary targets' vocabulary."""
        budgets = {
            id(s): typo_budget_of(s.word, self.relaxed, self.latin, self.relaxed)
            for s in self.expander.unknown
        }
        needs = [k for s in self.expander.unknown for k in self._typo_needs(s, budgets[id(s)])]
        return budgets, V.uniq(needs + self._phrase_needs())

    def _typo_needs(self, s: Slot, k: int) -> list[Key]:
        """The shards of an unknown word's typo candidates (within budget k) and English loans."""
        store = self.store
        needs: list[Key] = []
        if k:
            fwd, rev = typo_ranges(s.word, s.prefix, k)
            needs += V.need(store, fwd) + V.need(store, rev, "r")
        if all(c in _CYR for c in s.word):
            for w in (s.word, *analysis.verb_roots(s.word)):
                for sk in analysis.loan_readings(w):
                    if len(sk) >= analysis.SPEC["loans"]["min_length"]:
                        needs.append(("l", store.shard_of("l", sk)))
        return needs

    def _phrase_needs(self) -> list[Key]:
        """The vocabulary of the glossary targets' words."""
        ranges: list[tuple[str, str]] = []
        for s in self.expander.phrases:
            ranges += [(st, st + TOP) for st in s.pending] + [(s.word, s.word + TOP)]
        return V.need(self.store, ranges)

    def slang_typos(self, budgets: dict[int, int]) -> dict[str, str]:
        """Unknown words one slip of typing from a word of the glossaries that no book prints
        («вааншот»: «ваншот»), and no closer to a word of the books: the word as typed -> the
        glossary's word. A book's word is left to the typo round, which weighs every close
        word; a slang word has no postings to be weighed by, so it is taken as meant. The
        candidates are the one-word rules of the vocabulary shards the typo round read (their
        first two letters as typed). The word being typed counts as a whole word: its
        beginning is left to its completions."""
        self._slang_fixes = {}
        store = self.store
        for s in self.expander.unknown:
            k = budgets[id(s)]
            w = s.word
            # a short word has real words one slip away that no book happens to print
            # («спал»: the slang «спел»)
            if not k or len(w) < P["slang_typo_from"]:
                continue
            best: tuple[float, str] | None = None
            for rule in V.rules_in(store, w[:2], w[:2] + TOP):
                words = analysis.surfaces(rule[0])
                if len(words) != 1 or words[0] == w:
                    continue
                u = words[0]
                # a rule whose word a book prints as it is (not only in other forms: «concealed»
                # for «concealment») is a book's word, for the typo round to weigh
                if len(rule) > 3 and prints(store, u):
                    continue
                if osa(w, u, 1, False) > 1:
                    continue
                wd = slip_distance(w, u, False)
                if one_slip(1, wd) and (best is None or (wd, u) < best):
                    best = (wd, u)
            if best is None:
                # or a Russian spelling of a glossary's English term that no book prints
                # («адвантейдж»: «advantage»), where no book's word is a slip away
                u = self._glossary_loan(w)
                if u is not None and not (k and any(c[0] <= 1 for c in self.typos.find(w, s.prefix, k))):
                    self._slang_fixes[w] = u
                continue
            st = analysis.stem(best[1])
            near = [c for c in self.typos.find(w, s.prefix, k) if c[2] != st]
            if near and (near[0][0], near[0][1]) <= (1, best[0]):
                continue  # a book's word as close: the typo round's
            self._slang_fixes[w] = best[1]
        return self._slang_fixes

    def _book_loans(self, w: str) -> list[str]:
        """The books' English words that a Russian word, or the verb made of one
        (analysis.verb_roots), spells by sound (analysis.loan_fits), from its loans shard (read
        in round 2)."""
        if not all(c in _CYR for c in w):
            return []
        sk = analysis.skeleton(w)
        out: list[str] = []
        if len(sk) >= analysis.SPEC["loans"]["min_length"]:
            loans: dict[str, list[str]] = self.store.get(("l", self.store.shard_of("l", sk)))
            out = [u for u in loans.get(sk, []) if analysis.loan_fits(w, u)]
        for x in analysis.verb_roots(w):
            # a verb's root as the glossary's terms are read: its very sounds, three consonants
            # at least (by a stem's looser fit, «подавал» and «заманил» were «pad» and «semi»)
            sk = analysis.loan_readings(x)[-1]
            if len(sk) < max(analysis.SPEC["loans"]["min_length"], P["glossary_loan_from"]):
                continue
            loans = self.store.get(("l", self.store.shard_of("l", sk)))
            out += [u for u in loans.get(sk, []) if analysis.spells(x, u) and u not in out]
        return out

    def _glossary_loan(self, w: str) -> str | None:
        """The glossaries' English term (one word, printed by no book) that a Russian word
        spells as typed, by sound (analysis.spells); the first in order where several do."""
        if not all(c in _CYR for c in w):
            return None
        # a book's English word that the word spells is the book's, as a book's word a slip away
        # is («онсет»: the book's «onset», not the glossary's «insight»)
        if self._book_loans(w):
            return None
        for x in (w, *analysis.verb_roots(w)):  # the word, or the verb made of one («свапнуть»)
            sk = analysis.loan_readings(x)[-1]  # the whole word's skeleton
            # three consonants at least: a shorter word sounds like too many («съела»: «sell»)
            if len(sk) < max(analysis.SPEC["loans"]["min_length"], P["glossary_loan_from"]):
                continue
            loans: Loans = self.store.get(("l", self.store.shard_of("l", sk)))
            fits = [u for u in loans.glossary.get(sk, []) if analysis.spells(x, u)]
            if fits:
                return min(fits)
        return None

    def split_unknown(self, plan: Plan, slots: list[Slot]) -> dict[str, str]:
        """Two words typed without the space between them («кубсложности»): an unknown word
        that no typo explains is split where both halves are words of the library (three
        letters or more each; the second may be the beginning of the word being typed); the
        split whose rarer half is most frequent wins. Its group becomes the halves' groups."""
        store = self.store
        n0 = int(P["split_min"])
        out: dict[str, str] = {}
        for s in slots:
            w = s.word
            if len(w) < 2 * n0 or not all(_LETTER.match(c) for c in w):
                continue
            cuts = [(w[:i], w[i:]) for i in range(n0, len(w) - n0 + 1)]
            store.ensure(V.need(store, [r for a, b in cuts for r in ((a, a + TOP), (b, b + TOP))]))
            best: tuple[int, int] | None = None
            for i, (a, b) in enumerate(cuts):
                fa = self._split_df(a, False)
                fb = self._split_df(b, s.prefix)
                if fa < 0 or fb < 0 or (analysis.is_optional(a) and analysis.is_optional(b)):
                    continue
                score = min(fa, fb)
                if best is None or score > best[0]:
                    best = (score, i)
            if best is None:
                continue
            a, b = cuts[best[1]]
            store.ensure(V.need(store, V.word_ranges(a) + V.word_ranges(b)))
            halves = [Word(a, False, role_of(a)), Word(b, s.prefix, role_of(b))]
            made = [
                Group([h.surface], [Alt([self.expander.expand(h)], 1.0)])
                for h in halves
                if h.role == "content"
            ]
            for gi, g in enumerate(plan.groups):
                if any(sl is s for al in g.alts for sl in al.slots):
                    plan.groups[gi : gi + 1] = made
                    break
            out[w] = a + " " + b
        return out

    def _split_df(self, part: str, is_prefix: bool) -> int:
        """How often a half of a split word occurs (its stem's df; a stop word counts as
        common), or -1 if the library lacks it."""
        if analysis.is_optional(part):
            return 1 << 30
        info = V.stem_df(self.store, [part])
        if part in info:
            return info[part][1]
        if is_prefix:
            found = V.words(self.store, part, part + TOP)
            if found:
                return max(df for _, _, df in found)
        return -1
