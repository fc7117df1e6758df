"""A heading's accessible name is its own words: the permalink and the pin button inside it are
named on their own."""

from __future__ import annotations

from rulebook.html import headings, tree


def _named(body: str) -> list[str | None]:
    root = tree.parse(body)
    headings.name(root)
    return [h.get("aria-label") for h in root.iter(*tree.HEADINGS)]


def test_a_heading_is_named_without_its_permalink() -> None:
    body = '<h2 id="a">3.2. Действия в бою<a class="headerlink" href="#a" title="Ссылка">¶</a></h2>'
    assert _named(body) == ["3.2. Действия в бою"]


def test_words_split_by_markup_stay_whole_and_an_original_is_a_word_apart() -> None:
    body = (
        '<h3 id="b">Удар<span>ом</span><small class="rb-original" lang="en">Strike</small>'
        '<a class="headerlink" href="#b">¶</a></h3>'
    )
    assert _named(body) == ["Ударом Strike"]


def test_a_button_a_line_break_and_an_image_are_read_as_a_reader_sees_them() -> None:
    body = (
        '<h2 id="c">Глава 3<br>Бой <img alt="щит" src="s.png"><a class="headerlink" href="#c">¶</a>'
        '<button aria-label="Закрепить раздел">x</button></h2>'
    )
    assert _named(body) == ["Глава 3 Бой щит"]


def test_a_heading_without_a_permalink_keeps_the_name_its_words_give_it() -> None:
    assert _named('<h2 id="d">Карточка<a href="#d">#</a></h2><h3>Пусто<a class="headerlink"></a></h3>') == [
        None,
        "Пусто",
    ]
