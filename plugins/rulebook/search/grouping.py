"""The query's words into a plan's groups: glossary phrases matched over the words as typed (a
slang word in another form than the glossary's too), each with the rule's targets as
alternatives; intent words with theirs; every other content word alone. Apart from the
planner, which runs it once, and again where a misspelt glossary word was read as meant."""

from __future__ import annotations

from typing import Any

from rulebook.search import analysis
from rulebook.search import vocab as V
from rulebook.search.expand import Expander
from rulebook.search.plan import Alt, Group, Plan
from rulebook.search.query import Word
from rulebook.search.store import TOP, Store

P = analysis.ENGINE


def _matches(w: str, src: str, j: int, key: str, unknown: bool) -> bool:
    """Word `w` of the query is word j of glossary rule `src` (key: that word's stem): the same
    stem, or the stem's family for a word the library does not know. A stop word must be the
    rule's word itself: «а» is not «аое» (AoE), though Snowball stems both to «а»."""
    st = analysis.stem(w)
    if analysis.is_optional(w):
        return analysis.surfaces(src)[j] == w
    if st == key:
        return True
    bases = analysis.verb_bases(st) if unknown else ()
    return unknown and (V.family(st, key) or any(b == key or V.family(b, key) for b in bases))


def _as_typed_first(w: str, rules: list[list[Any]]) -> list[list[Any]]:
    """Of the rules on one word, where one is the word as typed, a short abbreviation that only
    its stem matches is dropped: «аоо» is the glossary's AoO, not also «ао» (FATUM's
    «Адреналиновая отсрочка»), though Snowball stems «аоо» to «ао». A short word inflects
    («хилы»: «хил»), so without a rule of its own it keeps its stem's."""
    if not any(analysis.surfaces(r[0]) == (w,) for r in rules):
        return rules
    short = P.get("short_rule_max", 0)

    def stem_only(r: list[Any]) -> bool:
        s = analysis.surfaces(r[0])
        return len(s) == 1 and s[0] != w and len(s[0]) <= short and len(s[0]) < len(w)

    return [r for r in rules if not stem_only(r)]


def _printed(store: Store, w: Word) -> bool:
    """A book prints the word, or another form of it: a word of its stem (three letters or
    more) that begins with that stem («хитах»: «хиты»; not «инит»: «иные»)."""
    if V.stem_df(store, [w.surface]):
        return True
    st = analysis.stem(w.surface)
    if w.role != "content" or len(st) < 3:
        return False
    return any(ust == st and u.startswith(st) for u, ust, _ in V.words(store, st, st + TOP))


def group_words(store: Store, expander: Expander, read: tuple[list[Word], list[str], bool]) -> Plan:
    """The plan's groups over the words as read: a glossary rule's words as one group, the words
    as typed and the rule's targets its alternatives; an intent word with its targets; any
    other content word alone."""
    words, shown, changed = read
    define = any(w.surface in analysis.DEFINE for w in words) and any(w.role == "content" for w in words)
    has_content = any(w.role == "content" for w in words)
    if not has_content:  # only function words: they are the query
        for w in words:
            w.role = "content"
    # glossary phrases over the words as typed (a phrase may hold a stop word)
    groups: list[Group] = []
    # a word the library does not know may be a slang word in another form than the
    # glossary's (ресснули, ресснуть): its stem's family is matched too, unless the books
    # print the rule's words (дробовеки is a typo of дробовики, left to the typo round)
    unknown = [not V.known(store, w.surface, w.prefix) for w in words]
    i = 0
    while i < len(words):
        st = analysis.stem(words[i].surface)
        best = 0
        matches: list[list[Any]] = []
        lo = V.lower(st)
        rules = V.rules_in(store, lo, lo + TOP) if unknown[i] else V.rules_at(store, st)
        if unknown[i]:  # a slang verb: its noun's rules too (бафнуть, баф)
            more = [r for b in analysis.verb_bases(st) for r in V.rules_in(store, b, b + TOP)]
            rules = list({id(r): r for r in rules + more}.values())
        for rule in rules:
            key = V.rule_key(rule[0])
            n = len(key)
            if i + n <= len(words) and all(
                _matches(words[i + j].surface, rule[0], j, key[j], unknown[i + j] and len(rule) < 4)
                for j in range(n)
            ):
                if n > best:
                    best, matches = n, [rule]
                elif n == best:
                    matches.append(rule)
        if best == 1:
            matches = _as_typed_first(words[i].surface, matches)
        if best:
            span = words[i : i + best]
            # a rule on one small word (ОБ): the word as a glossary target, its vocabulary
            # read in round 2 (round 1 read only its rules)
            # a slang word that no book prints («инит») reaches, as typed, only words that
            # happen to share its stem («иные»): they weigh less than the glossary's terms
            # and are not the words as typed
            coined = best == 1 and not _printed(store, span[0])
            alts = [
                Alt(
                    [
                        expander.expand(w) if w.role == "content" else expander.phrase_slot(w.surface)
                        for w in span
                        if w.role == "content" or best == 1
                    ],
                    P["w_slang_literal"] if coined else 1.0,
                    literal=not coined,
                )
            ]
            if (
                best == 1
                and alts[0].slots
                and any(analysis.surfaces(r[0]) == (span[0].surface,) for r in matches)
            ):
                alts[0].slots[0].glossed = True
            # a word a glossary explains is no typo: its slot as typed is not corrected
            # («бафнуть» is slang for «усиление», not a misspelt «шагнуть»)
            explained = {id(sl) for sl in alts[0].slots}
            expander.unknown = [sl for sl in expander.unknown if id(sl) not in explained]
            # each target once, for the books whose rules name it (all, if the shared one does)
            targets: dict[str, set[int]] = {}
            for rule in matches:
                for d in rule[1]:
                    targets.setdefault(d, set()).update(rule[2])
            for d, held in targets.items():
                slots = [expander.phrase_slot(t) for t in analysis.target_words(d)]
                if slots:
                    books = () if -1 in held else tuple(sorted(held))
                    alts.append(Alt(slots, P["w_synonym"], books, literal=False))
            # a lone stop word that a glossary knows («об» or «ОБ»): it may be either, so it
            # counts where it matches and costs nothing where it does not
            role = "optional" if best == 1 and span[0].role in ("stop", "question") else "content"
            groups.append(Group([w.surface for w in span], alts, role=role))
            i += best
            continue
        w = words[i]
        i += 1
        if w.role in ("stop", "question"):
            continue
        if w.role == "intent":
            targets2 = [w.surface, *analysis.INTENTS[w.surface]]
            alts = [Alt([expander.phrase_slot(t)], 1.0) for t in targets2]
            groups.append(Group([w.surface], alts, role="intent"))
            continue
        groups.append(Group([w.surface], [Alt([expander.expand(w)], 1.0)]))
    return Plan(groups, shown, changed, define)
