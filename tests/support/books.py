"""Small in-memory books for engine tests (built the way the browser builds its index)."""

from __future__ import annotations

from rulebook.search import analysis
from rulebook.search.glossary import parse
from rulebook.search.model import BookIndex, RecordData, SectionData


def book(slug: str, sections: list[tuple[str, int, list[str]]], glossary: str = "") -> BookIndex:
    """sections: (heading, level, [block texts]); parents follow the levels."""
    b = BookIndex(slug, slug.upper(), [(f"{slug}/page/", "Страница")], [], [], list(parse(glossary).rules))
    stack: list[int] = []
    for title, level, blocks in sections:
        while stack and b.sections[stack[-1]].level >= level:
            stack.pop()
        anchor = f"s{len(b.sections)}"
        b.sections.append(SectionData(0, stack[-1] if stack else -1, level, anchor, title))
        idx = len(b.sections) - 1
        stack.append(idx)
        b.records.append(RecordData(idx, "h", anchor, title))
        for n, text in enumerate(blocks, 1):
            b.records.append(RecordData(idx, "p", f"{anchor}--{n}", text))
    b.set_vocab([(w, analysis.stem(w)) for w in b.vocab_order()])
    b.build_postings_from_text()
    b.finish()
    return b
