"""`rulebook ingest --check` (run by every `make build` and `make serve`) does not read a book
again whose inputs and pages are those of its last ingest, and reads it again, finding it stale,
when anything it is read from changed: its text, a file of its folder, its entry, the importer,
or its pages by hand."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from rulebook import cli
from rulebook.ingest import freshness, live, pipeline, tomlfile
from rulebook.ingest.errors import IngestError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "books"
ENTRY = '[books.demo]\ntitle = "Demo"\nsystem = "Demo RPG"\nsource = "demo.txt"\n'
TEXT = "Глава 1. Начало\n\nАбзац правил.\n\nРаздел\n\nЕщё абзац.\n"


def ingested(root: Path, entry: str = ENTRY, text: str = TEXT) -> Path:
    (root / "sources").mkdir(parents=True)
    (root / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    (root / "sources" / "demo.txt").write_text(text, encoding="utf-8")
    pipeline.run(root)
    return root


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The books read (parsed) since the test cleared it."""
    seen: list[str] = []
    parse = pipeline.parse_book

    def counted(book):
        seen.append(book.slug)
        return parse(book)

    monkeypatch.setattr(pipeline, "parse_book", counted)
    return seen


def test_a_check_after_an_ingest_does_not_read_the_book_again(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    assert pipeline.check(root) == (1, [])
    assert reads == []


def test_a_changed_source_is_read_again_and_found_stale(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    (root / "sources" / "demo.txt").write_text(TEXT.replace("Ещё абзац", "Другой абзац"), encoding="utf-8")
    _, stale = pipeline.check(root)
    assert reads == ["demo"] and stale and all(s.startswith("demo/") for s in stale)


def test_a_page_edited_by_hand_is_stale_though_its_inputs_are_not(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    page = next((root / "docs" / "demo").glob("*.md"))
    page.write_text(page.read_text(encoding="utf-8") + "\nправка\n", encoding="utf-8")
    _, stale = pipeline.check(root)
    assert reads == ["demo"] and stale == [f"demo/{page.name}"]


def test_a_page_added_by_hand_is_stale(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    (root / "docs" / "demo" / "extra.md").write_text("# Лишняя\n", encoding="utf-8")
    _, stale = pipeline.check(root)
    assert reads == ["demo"] and stale == ["demo/extra.md (not produced by ingest)"]


def test_an_edited_entry_reads_the_book_again(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    registry = root / "sources" / "books.toml"
    registry.write_text(registry.read_text(encoding="utf-8").replace('"Demo"', '"Демо"'), encoding="utf-8")
    _, stale = pipeline.check(root)
    assert reads == ["demo"] and stale  # the title is on the book's index page


def test_a_new_importer_reads_the_book_again(tmp_path, reads, monkeypatch):
    root = ingested(tmp_path)
    reads.clear()
    monkeypatch.setattr(freshness, "_code", lambda: "another importer")
    assert pipeline.check(root) == (1, [])
    assert reads == ["demo"]


def library(root: Path) -> Path:
    """Two books, each with its entry and text, ingested."""
    (root / "sources").mkdir(parents=True)
    (root / "sources" / "books.toml").write_text(
        ENTRY + "\n" + ENTRY.replace("demo", "more"), encoding="utf-8"
    )
    for slug in ("demo", "more"):
        (root / "sources" / f"{slug}.txt").write_text(TEXT, encoding="utf-8")
    pipeline.run(root)
    return root


def docs_of(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "docs").rglob("*")) if p.is_file()
    }


def full_ingest(root: Path, into: Path) -> dict[str, bytes]:
    """The pages a full ingest writes from `root`'s sources."""
    shutil.copytree(root / "sources", into / "sources")
    pipeline.run(into)
    return docs_of(into)


def test_an_edited_entry_reads_that_book_again_and_no_other(tmp_path, reads):
    root = library(tmp_path / "served")
    reads.clear()
    registry = root / "sources" / "books.toml"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(
        text.replace('[books.more]\ntitle = "Demo"', '[books.more]\ntitle = "Другая"'), encoding="utf-8"
    )
    assert pipeline.refresh(root).ingested == ["more"] and reads == ["more"]
    assert docs_of(root) == full_ingest(root, tmp_path / "full")
    reads.clear()
    assert pipeline.check(root) == (2, []) and reads == []


def test_the_books_order_and_a_comment_in_the_registry_read_no_book(tmp_path, reads):
    # a book's pages take nothing from the other entries nor from where its own sits
    root = library(tmp_path / "served")
    reads.clear()
    registry = root / "sources" / "books.toml"
    registry.write_text(
        "# the registry\n\n" + ENTRY.replace("demo", "more") + "\n\n" + ENTRY, encoding="utf-8"
    )
    assert pipeline.refresh(root).ingested == [] and pipeline.check(root) == (2, []) and reads == []
    assert docs_of(root) == full_ingest(root, tmp_path / "full")


def test_an_edited_search_glossary_reads_no_book(tmp_path, reads):
    # the glossaries are the search's: the reading only checks them, and every build reads them
    root = library(tmp_path / "served")
    registry = root / "sources" / "books.toml"
    registry.write_text(
        registry.read_text(encoding="utf-8").replace(
            'source = "demo.txt"\n', 'source = "demo.txt"\nglossary = "demo.glossary.toml"\n'
        ),
        encoding="utf-8",
    )
    synonyms = '[[synonym]]\nterms = ["ОД", "Очки Действий"]\n'
    (root / "sources" / "demo.glossary.toml").write_text(synonyms, encoding="utf-8")
    (root / "sources" / "common.glossary.toml").write_text(synonyms, encoding="utf-8")
    pipeline.run(root)
    reads.clear()
    more = '\n[[alias]]\nfrom = "хилка"\nto = ["лечение"]\n'
    for name in ("demo.glossary.toml", "common.glossary.toml"):
        (root / "sources" / name).write_text(synonyms + more, encoding="utf-8")
    assert pipeline.refresh(root).ingested == [] and pipeline.check(root) == (2, []) and reads == []
    assert docs_of(root) == full_ingest(root, tmp_path / "full")
    (root / "sources" / "common.glossary.toml").write_text(
        synonyms + more.replace("to =", "too ="), encoding="utf-8"
    )
    with pytest.raises(IngestError, match=r"common\.glossary\.toml:\d+: .*unknown key 'too'"):
        pipeline.check(root)  # the check still checks it


def test_an_entry_is_compared_by_its_values_not_by_how_it_is_written():
    plain = tomllib.loads('[books.demo]\ntitle = "Demo"\n[books.demo.chrome]\njunk = ["^x$"]\n')
    dotted = tomllib.loads("[books.demo]  # a comment\nchrome.junk = [ '^x$' ]\ntitle = 'Demo'\n")
    assert tomlfile.canonical(plain) != tomlfile.canonical(dotted)  # the keys' order is kept
    dotted = tomllib.loads("[books.demo]  # a comment\ntitle = 'Demo'\nchrome.junk = [ '^x$' ]\n")
    assert tomlfile.canonical(plain) == tomlfile.canonical(dotted)
    dated = tomlfile.canonical(tomllib.loads("d = 2024-01-02"))
    assert dated != tomlfile.canonical(tomllib.loads('d = "2024-01-02"'))


def test_an_edited_page_of_a_folder_source_reads_the_book_again(tmp_path, reads):
    (tmp_path / "sources").mkdir()
    shutil.copytree(FIXTURES / "pages", tmp_path / "sources" / "pages")
    entry = '[books.site]\ntitle = "Сайт"\nsystem = "Пример"\nsource = "pages"\n'
    (tmp_path / "sources" / "books.toml").write_text(entry, encoding="utf-8")
    pipeline.run(tmp_path)
    reads.clear()
    assert pipeline.check(tmp_path) == (1, []) and reads == []
    page = tmp_path / "sources" / "pages" / "combat.html"
    page.write_text(page.read_text(encoding="utf-8").replace("к20", "к12"), encoding="utf-8")
    _, stale = pipeline.check(tmp_path)
    assert reads == ["site"] and stale


def test_a_check_that_finds_a_book_fresh_spares_the_next_check(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    shutil.rmtree(root / freshness.RECORDS)
    assert pipeline.check(root) == (1, []) and reads == ["demo"]
    assert pipeline.check(root) == (1, []) and reads == ["demo"]


def test_an_unreadable_record_only_costs_a_reading(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    (root / freshness.RECORDS / "demo.json").write_text("{not json", encoding="utf-8")
    assert pipeline.check(root) == (1, []) and reads == ["demo"]


def test_the_command_says_the_books_are_up_to_date(tmp_path, reads, capsys):
    root = ingested(tmp_path)
    reads.clear()
    assert cli.main(["--root", str(root), "ingest", "--check"]) == 0
    assert capsys.readouterr().out.strip() == "docs/ is up to date (1 books)" and reads == []


def test_refresh_ingests_again_a_book_whose_source_changed(tmp_path, reads):
    root = ingested(tmp_path)
    reads.clear()
    assert pipeline.refresh(root).ingested == [] and reads == []
    (root / "sources" / "demo.txt").write_text(TEXT.replace("Ещё абзац", "Другой абзац"), encoding="utf-8")
    assert pipeline.refresh(root).ingested == ["demo"]
    assert any("Другой абзац" in p.read_text(encoding="utf-8") for p in (root / "docs" / "demo").glob("*.md"))
    assert pipeline.check(root) == (1, [])


def test_refresh_hashes_a_changed_source_once(tmp_path, monkeypatch, reads):
    # the digest that finds the book changed is the one its record keeps: a large PDF or a
    # folder of pages is not read twice before the reading itself
    root = ingested(tmp_path)
    source = root / "sources" / "demo.txt"
    source.write_text(TEXT.replace("Ещё абзац", "Другой абзац"), encoding="utf-8")
    hashed: list[Path] = []
    add = freshness._add_path

    def counted(h, path):
        hashed.append(path)
        add(h, path)

    monkeypatch.setattr(freshness, "_add_path", counted)
    assert pipeline.refresh(root).ingested == ["demo"]
    assert [p for p in hashed if p is not None and p.name == "demo.txt"] == [source]
    reads.clear()
    assert pipeline.check(root) == (1, []) and reads == []  # and its record is the right one


def test_refresh_leaves_a_page_edited_by_hand_to_the_check(tmp_path, reads):
    root = ingested(tmp_path)
    page = next((root / "docs" / "demo").glob("*.md"))
    page.write_text(page.read_text(encoding="utf-8") + "\nправка\n", encoding="utf-8")
    assert pipeline.refresh(root).ingested == []
    assert "правка" in page.read_text(encoding="utf-8")


def test_refresh_ingests_a_new_entry_and_leaves_a_book_whose_source_is_absent(tmp_path):
    root = ingested(tmp_path)
    registry = root / "sources" / "books.toml"
    more = ENTRY.replace("demo", "more") + ENTRY.replace("demo", "gone")
    registry.write_text(registry.read_text(encoding="utf-8") + "\n" + more, encoding="utf-8")
    (root / "sources" / "more.txt").write_text(TEXT, encoding="utf-8")
    assert pipeline.refresh(root).ingested == ["more"]  # demo's entry did not change
    assert (root / "docs" / "more").is_dir() and not (root / "docs" / "gone").exists()


def without_more(root: Path, broken: str = "") -> None:
    """`more`'s entry taken out of the registry (and `broken` added to what is left)."""
    registry = root / "sources" / "books.toml"
    registry.write_text(ENTRY + broken, encoding="utf-8")


def test_refresh_takes_off_the_pages_of_a_book_taken_out_of_the_registry(tmp_path, reads):
    root = library(tmp_path / "served")
    reads.clear()
    without_more(root)
    done = pipeline.refresh(root)
    assert done.ingested == [] and reads == []  # the other book is not read again
    assert [(g.slug, g.kept) for g in done.removed] == [("more", ())]
    assert done.removed[0].told() == "removed: more (no longer in sources/books.toml)"
    assert not (root / "docs" / "more").exists() and "more" not in freshness.recorded(root)
    assert docs_of(root) == full_ingest(root, tmp_path / "full")  # as if it had never been there
    assert pipeline.refresh(root).removed == []  # told once
    assert pipeline.check(root) == (1, [])


def test_a_removed_book_leaves_what_was_edited_or_added_by_hand(tmp_path):
    # only the ingest's own pages go, each known by the digest its record keeps: the comment
    # atop a page stays through a hand edit, so it does not tell them apart
    root = library(tmp_path / "served")
    folder = root / "docs" / "more"
    edited = next(p for p in sorted(folder.glob("*.md")) if p.name != "index.md")
    edited.write_text(edited.read_text(encoding="utf-8") + "\nМоя заметка.\n", encoding="utf-8")
    (folder / "notes.md").write_text("# Мои заметки\n", encoding="utf-8")
    (folder / "map.png").write_bytes(b"\x89PNG")
    without_more(root)
    (gone,) = pipeline.refresh(root).removed
    assert gone.kept == tuple(sorted([edited.name, "map.png", "notes.md"]))
    assert sorted(p.name for p in folder.iterdir()) == list(gone.kept)
    assert "Моя заметка." in edited.read_text(encoding="utf-8")
    assert gone.told() == (
        "removed: more (no longer in sources/books.toml); kept, edited or added by hand: "
        + ", ".join(f"docs/more/{n}" for n in gone.kept)
    )
    assert pipeline.refresh(root).removed == []


def test_a_folder_no_record_names_is_left_where_a_book_is_removed(tmp_path):
    # a fresh clone, a cleared cache: nothing proves the pages the ingest's
    root = library(tmp_path / "served")
    shutil.rmtree(root / freshness.RECORDS)
    before = docs_of(root)
    without_more(root)
    assert pipeline.refresh(root).removed == [] and docs_of(root) == before


@pytest.mark.parametrize(
    ("broken", "where"),
    [
        ("\n[books.demo.headings]\nmdoe = 1\n", r"books\.toml:7: headings\.mdoe: unknown key"),
        ('\n[books.more]\ntitle = "Demo\n', r"books\.toml:7: invalid TOML"),
    ],
)
def test_a_mistake_in_the_registry_removes_nothing(tmp_path, broken, where):
    root = library(tmp_path / "served")
    before = docs_of(root)
    without_more(root, broken)
    with pytest.raises(IngestError, match=where) as err:
        pipeline.refresh(root)
    assert "\n" not in str(err.value)
    assert docs_of(root) == before and "more" in freshness.recorded(root)


def test_a_book_that_fails_to_read_removes_nothing(tmp_path):
    # all or nothing: the source's mistake stops the refresh before a page is written or removed
    root = library(tmp_path / "served")
    before = docs_of(root)
    without_more(root)
    (root / "sources" / "demo.txt").write_text(TEXT + "\nстрока\x1bс управляющим знаком\n", encoding="utf-8")
    with pytest.raises(IngestError, match=r"demo\.txt:9: "):
        pipeline.refresh(root)
    assert docs_of(root) == before


def test_the_command_takes_off_a_removed_book_and_its_check_tells_of_it(tmp_path, capsys):
    root = library(tmp_path / "served")
    pages = sorted(p.name for p in (root / "docs" / "more").iterdir())
    without_more(root)
    assert cli.main(["--root", str(root), "ingest", "demo"]) == 0  # one book named: no other touched
    assert (root / "docs" / "more").is_dir()
    capsys.readouterr()
    assert cli.main(["--root", str(root), "ingest", "--check"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[1:] == [f"  more/{n} (its book is no longer in sources/books.toml)" for n in pages]
    assert cli.main(["--root", str(root), "ingest"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "removed: more (no longer in sources/books.toml)"
    assert not (root / "docs" / "more").exists()
    assert cli.main(["--root", str(root), "ingest", "--check"]) == 0


class Watcher:
    """MkDocs' live-reload server as ingest.live sees it: what it was told, with docs/ then."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.calls: list[tuple[str, str, dict[str, bytes]]] = []

    def watch(self, path: str) -> None:
        self.calls.append(("watch", path, docs_of(self.root)))

    def unwatch(self, path: str) -> None:
        self.calls.append(("unwatch", path, docs_of(self.root)))


def test_under_serve_docs_is_unwatched_only_while_the_ingest_writes_and_removes(tmp_path):
    # so that the rebuild which reads the pages is the only one they cause
    root = library(tmp_path / "served")
    watcher, docs = Watcher(root), str(root / "docs")
    assert live.refresh(root, watcher, docs) == [] and watcher.calls == []  # nothing to write
    before = docs_of(root)
    registry = root / "sources" / "books.toml"
    registry.write_text(ENTRY.replace('"Demo"', '"Демо"', 1), encoding="utf-8")
    assert live.refresh(root, watcher, docs) == [
        "ingested again: demo",
        "removed: more (no longer in sources/books.toml)",
    ]
    assert [(c[0], c[1]) for c in watcher.calls] == [("unwatch", docs), ("watch", docs)]
    assert watcher.calls[0][2] == before and watcher.calls[1][2] == docs_of(root) != before
    watcher.calls.clear()
    registry.write_text(ENTRY + "\n[books.demo.headings]\nmdoe = 1\n", encoding="utf-8")
    with pytest.raises(IngestError, match="mdoe"):
        live.refresh(root, watcher, docs)
    assert watcher.calls == []
