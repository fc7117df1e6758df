"""The built GM screen, and what the build writes for offline use and pins."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from types import SimpleNamespace

from bs4 import BeautifulSoup, Tag
from rulebook.plugin import RulebookPlugin


def soup_of(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")


def norm(text: str) -> str:
    return " ".join(text.split())


def section_text(page: BeautifulSoup, heading_id: str) -> str:
    """Text of a section as the chapter page shows it, «Пример» boxes left out."""
    h = page.find(id=heading_id)
    assert isinstance(h, Tag)
    level = int(h.name[1])
    parts = []
    for sib in h.find_next_siblings():
        if re.fullmatch(r"h[1-6]", sib.name) and int(sib.name[1]) <= level:
            break
        if "example" in (sib.get("class") or []):
            continue
        if re.fullmatch(r"h[1-6]", sib.name):
            for a in sib.select("a.headerlink"):
                a.decompose()
        parts.append(sib.get_text(" "))
    return norm(" ".join(parts))


def card(gm: BeautifulSoup, title: str) -> Tag:
    for c in gm.select("section.rb-card"):
        if norm(c.select_one(".rb-card__title").get_text()) == title:
            return c
    raise AssertionError(f"no card «{title}»")


def test_a_card_shows_exactly_the_current_text_of_its_source_section(site: Path) -> None:
    gm = soup_of(site / "gm-screen/index.html")
    chapter = soup_of(site / "fatum/03-boi/index.html")
    c = card(gm, "3.2. Действия в бою")
    assert norm(c.select_one(".rb-card__body").get_text(" ")) == section_text(chapter, "3-2-deistviia-v-boiu")
    link = c.select_one(".rb-card__source a")
    assert link["href"] == "../fatum/03-boi/#3-2-deistviia-v-boiu"


def test_the_gm_screen_has_the_cards_the_table_needs(site: Path) -> None:
    gm = soup_of(site / "gm-screen/index.html")
    sources = {a["href"].split("/#")[-1] for a in gm.select(".rb-card__source a")}
    needed = {
        "mekhanika-proverki",  # 1.1 check formula
        "kub-slozhnosti-i-modifikator",  # 1.1 difficulty ladder
        "1-2-preimushchestva-i-pomekhi",  # 1.2
        "1-6-moral",  # 1.6
        "3-2-deistviia-v-boiu",  # 3.2 action costs
        "modifikator-zashchity-mz",  # 3.3 cover
        "strelba-s-korotkoi-distantsii",  # 3.3 cover size and materials
        "perevod-urona-v-raneniia",  # 3.9 damage -> wounds
        "klassy-broni",  # 3.4 armour classes
        "3-8-ochki-boezapasa-ob",  # 3.8 ammo modes
        "effekt-krovotecheniia",  # 3.9 bleeding
        "popytka-stabilizatsii",  # 3.9 stabilisation
        "ochki-ugrozy",  # 5.5 NPC threat
        "bazovyi-biudzhet-na-odnogo-geroia",  # 5.5 encounter budget
        "rangi-npc",  # 5.4 NPC ranks
        # 5.7 NPC morale: 10 + Концентрация, a squad's one pool and its own losses («Не применяйте
        # потерю −10 за каждого погибшего члена большой группы»), not 1.6's rule for heroes
        "gruppovaia-moral",
    }
    assert needed <= sources, needed - sources
    slot = gm.select_one("section.rb-card[data-rb-slot=calculators]")
    assert slot is not None
    # the two calculators in compact form, embedded (a card never copies a book's widget)
    assert {c["data-rb-calc"] for c in slot.select(".rb-calc--compact")} == {"check", "damage"}
    assert len(gm.select(".rb-calc")) == 2
    # no card has an id that the page already uses, and the transcluded copies carry none
    ids = [t["id"] for t in gm.find_all(id=True)]
    assert len(ids) == len(set(ids))
    assert not [
        t
        for t in gm.select(".rb-card__body [id]")
        if not t.find_parent(class_="rb-calc") and "rb-calc" not in (t.get("class") or [])
    ]


def test_the_dying_and_bleeding_cards_tell_every_way_an_attempt_ends(site: Path) -> None:
    """A card that gives a rule's success must give its failures too: a GM who reads on the card
    that the end of a fight stops the death countdown, but not that a critical failure of
    stabilisation kills, that a new wound kills a dying hero, or that a dying hero takes no wounds
    from bleeding, applies the rule wrongly (3.9 «Стабилизация Критического ранения»,
    «Кровотечение»)."""
    gm = soup_of(site / "gm-screen/index.html")
    chapter = soup_of(site / "fatum/03-boi/index.html")
    dying = norm(card(gm, "Критическое ранение и стабилизация").select_one(".rb-card__body").get_text(" "))
    for section in ("novyi-uron", "obychnyi-proval", "kriticheskii-proval", "okonchanie-boia"):
        assert section_text(chapter, section) in dying, section
    bleeding = norm(card(gm, "Кровотечение").select_one(".rb-card__body").get_text(" "))
    for section in (
        "povtornoe-krovotechenie",  # a second bleeding: one more Лёгкое at once
        "pomoshch-soiuzniku",  # success, failure, critical failure
        "samopomoshch",  # with a disadvantage
        "pereviazochnyi-komplekt",  # 1 ОД, no check
        "krovotechenie-vne-boia",  # a failure out of combat is a Лёгкое
        "krovotechenie-i-kriticheskoe-ranenie",  # no wounds from bleeding while dying
    ):
        assert section_text(chapter, section) in bleeding, section


def test_no_card_shows_a_section_twice(site: Path) -> None:
    """A card that names a section and also its subsections (an umbrella heading brings them
    along) would print them twice."""
    gm = soup_of(site / "gm-screen/index.html")
    for c in gm.select("section.rb-card"):
        heads = [norm(h.get_text(" ")) for h in c.select(".rb-card__body :is(h2, h3, h4, h5, h6)")]
        assert len(heads) == len(set(heads)), (norm(c.select_one(".rb-card__title").get_text()), heads)


def test_the_service_worker_lists_every_built_file_with_its_hash(site: Path) -> None:
    src = (site / "sw.js").read_text(encoding="utf-8")
    data = json.loads(re.search(r"const OFFLINE = (\{.*?\});\n", src).group(1))
    listed = {p: h for p, _, h in data["core"]}
    for group in data["groups"].values():
        listed.update({p: h for p, _, h in group["files"]})
    built = {
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file()
        and not p.name.endswith((".map", ".gz"))
        and p.name not in ("sw.js", "offline-manifest.json", ".nojekyll")  # .nojekyll: for the host
    }
    assert set(listed) == built
    for rel, h in listed.items():
        assert hashlib.sha256((site / rel).read_bytes()).hexdigest().startswith(h), rel
    assert {"gm-screen/index.html", "assets/rulebook/targets.json", "manifest.webmanifest"} <= built


def test_the_site_is_installable_and_every_page_links_the_manifest(site: Path) -> None:
    wm = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert wm["start_url"] == "./" and wm["display"] == "standalone"
    sizes = {i["sizes"] for i in wm["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in wm["icons"]:
        assert (site / icon["src"]).is_file(), icon
    for html in site.rglob("*.html"):
        link = soup_of(html).find("link", rel="manifest")
        assert link is not None, html
        href = str(link["href"])  # 404.html links from the site root, other pages relatively
        target = site / href.lstrip("/") if href.startswith("/") else html.parent / href
        assert target.resolve() == (site / "manifest.webmanifest").resolve(), html


def test_pin_targets_cover_every_block_and_heading_of_the_chapters(site: Path) -> None:
    data = json.loads((site / "assets/rulebook/targets.json").read_text(encoding="utf-8"))
    entry = data["pages"]["fatum/03-boi/"]
    accepted = set(entry["h"]) | set(entry.get("x", []))
    for sec, n in entry["s"].items():
        accepted |= {f"{sec}--{i}" for i in (range(1, n + 1) if isinstance(n, int) else n)}
    page = soup_of(site / "fatum/03-boi/index.html").select_one("article")
    real = {t["id"] for t in page.select("[data-rb-block][id]")}
    real |= {h["id"] for h in page.select("h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]")}
    assert accepted == real
    assert data["books"]["fatum"] == "FATUM" and entry["b"] == "fatum"


def test_under_mkdocs_serve_no_caching_worker_is_written(tmp_path: Path) -> None:
    plugin = RulebookPlugin()
    plugin.load_config({"calculators": False})
    plugin.on_startup(command="serve", dirty=False)
    plugin.on_post_build(config=SimpleNamespace(site_dir=str(tmp_path)))  # type: ignore[arg-type]
    assert json.loads((tmp_path / "offline-manifest.json").read_text(encoding="utf-8")) == {"enabled": False}
    assert '{"enabled": false}' in (tmp_path / "sw.js").read_text(encoding="utf-8")
