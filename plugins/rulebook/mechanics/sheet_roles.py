"""The sheet's abilities and roles: what the traits' levels unlock, specialisations and Doctrines
(how often each may be used, which exclude each other), Фортуна, coins, Напряжение, languages,
and the new scene / new fight actions that make the per-scene and per-fight ones usable again.

One part of `sheet.derive` (and the actions `sheet.compute` applies first), apart so what a
character may do and how often reads together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.mechanics import creation
from rulebook.mechanics.base import percent
from rulebook.mechanics.check import DifficultyRoll, distribution
from rulebook.mechanics.creation import FIGHT, SCENE, TRAITS
from rulebook.mechanics.derivation import SPECIES_NAMES, Derivation, signed, species_of, with_bonus
from rulebook.mechanics.progression import extra_languages, fortune_per_scene
from rulebook.mechanics.rules import url

COINS_SOFT_CAP = 5


def derive_abilities(
    d: Derivation, och: Mapping[str, Any], bch: Mapping[str, Any], totals: Mapping[str, int]
) -> None:
    out = []

    def add(name: str, source: str, rule: str, value: str = "") -> None:
        out.append({"name": name, "source": source, "value": value, "rule": url(rule)})

    for (trait, lv), (name, rule) in creation.ABILITIES.items():
        if int(och[trait]) < lv:
            continue
        value = ""
        if name == "Право сильного":
            n = -(-totals["strength"] // 2)  # «половину … округляя вверх», below zero too
            value = f"{signed(n)} к Убеждению, Очарованию и Запугиванию (по желанию)"
        elif name == "Эрудит":
            value = f"{signed(-(-int(och['smart']) // 2))} к одной подходящей проверке вне боя"
        elif name == "Атлет":
            value = f"{signed(totals['endurance'] // 2)} к Физ. силе и Акробатике"
        elif name == "Оратор":
            value = f"{signed(int(och['charming']))} к Очарованию и Убеждению"
        add(name, f"{TRAITS[trait].name} {lv}", rule, value)
    if int(och["agile"]) >= 5:
        add("Преимущество на Скрытность и Взлом", "Ловкий 5", "sheet.agile_speed")
    if int(och["smart"]) >= 5:
        add("Преимущество на Анализ", "Умный 5", "sheet.och_smart")
    if int(och["vigilant"]) >= 5:
        add(
            "Бонус к Выживанию и Бдительности",
            "Бдительный 5",
            "sheet.vigilant_5",
            "размер в книге не указан: впишите его в «Прочие бонусы»",
        )
    for t in creation.BCH:
        lv = int(bch[t.key])
        if lv:
            levels = "уровня 1" if lv == 1 else f"уровней 1–{lv}"
            add(t.name, f"{t.name} {lv}", t.rule, f"эффекты {levels} по таблице черты")
    d.values["abilities"] = out


def _frequency(row: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
    if row["frequency"]:
        return str(row["frequency"])
    known = catalogue.get(row["name"].strip())
    if isinstance(known, tuple):
        return str(known[1])
    return str(known or "")


def derive_roles(d: Derivation, ch: Mapping[str, Any]) -> None:
    specs = [s for s in ch["specialisations"] if s["name"].strip()]
    traits = [t for t in ch["character_traits"] if t["name"].strip()]
    docs = [x for x in ch["doctrines"] if x["name"].strip()]
    d.values["specialisations"] = []
    for s in ch["specialisations"]:
        freq = _frequency(s, creation.SPECIALISATIONS)
        label = creation.FREQUENCY_NAMES.get(freq, "не указана")
        known = s["name"].strip() in creation.SPECIALISATIONS
        d.values["specialisations"].append(
            {
                "frequency": freq,
                "frequency_label": label + (" (по таблице)" if known and not s["frequency"] else ""),
            }
        )
    d.values["doctrines"] = []
    for x in ch["doctrines"]:
        freq = _frequency(x, creation.DOCTRINES)
        partner = creation.DOCTRINES.get(x["name"].strip(), ("", ""))[0]
        bits = [creation.FREQUENCY_NAMES.get(freq, "частота не указана")]
        if partner:
            bits.append(f"несовместима с «{partner}»")
        if x["core"]:
            bits.append("Стержневая")
        d.values["doctrines"].append({"frequency": freq, "incompatible": partner, "text": "; ".join(bits)})
    kind = species_of(ch)
    pallid = kind == "pallid"
    if len(specs) > 3 + pallid:
        d.warn(
            "specialisations",
            "sheet.pallid_specialisation" if pallid else "sheet.specialisations_3",
            f"Специализаций {len(specs)}: обычно 2, с разрешения Мастера 3"
            + (", и ещё одна у паллида." if pallid else "."),
        )
    if kind and str(ch["aberrancy"]["gift"]).strip():
        d.warn(
            "aberrancy",
            f"sheet.{kind}_aberrancy",
            f"{SPECIES_NAMES[kind]}: по умолчанию Аберрантность недоступна (только как сюжетное исключение "
            "с разрешения Мастера).",
        )
    if len(traits) > 3:
        d.warn(
            "character_traits",
            "sheet.character_traits",
            f"Черт характера {len(traits)}: обычно 2, в драматичной кампании 3 (новые — по решению Мастера).",
            "info",
        )
    if len(docs) > 4:
        d.warn("doctrines", "sheet.doctrines_4", f"Доктрин {len(docs)}: обычно 3, с разрешения Мастера 4.")
    cores = [x["name"] for x in docs if x["core"]]
    if len(cores) > 1:
        d.warn(
            "doctrines",
            "sheet.doctrine_core",
            "Стержневой может быть только одна Доктрина: " + ", ".join(cores) + ".",
        )
    elif docs and not cores:
        d.warn("doctrines", "sheet.doctrine_core", "Назначьте одну из Доктрин Стержневой.", "info")
    names = {x["name"].strip() for x in docs}
    seen: set[frozenset[str]] = set()
    for name in sorted(names):
        other = creation.DOCTRINES.get(name, ("", ""))[0]
        pair = frozenset((name, other))
        if other in names and pair not in seen:
            seen.add(pair)
            d.warn("doctrines", "sheet.doctrine_table", f"Доктрины «{name}» и «{other}» несовместимы.")


def derive_resources(d: Derivation, ch: Mapping[str, Any], skills: Mapping[str, Mapping[str, Any]]) -> None:
    r = ch["resources"]
    lucky = int(ch["traits"]["bch"]["lucky"])
    fortune = fortune_per_scene(lucky)
    out: dict[str, Any] = {"fortune_max": fortune, "strain_check": ""}
    if lucky:
        d.step(
            "sheet.fortune_4" if lucky >= 4 else "sheet.fortune",
            f"Удачливый {lucky}: Фортуна в начале сцены — {fortune}.",
            "resources.fortune_max",
        )
    if r["fortune"] is not None and int(r["fortune"]) > fortune:
        d.warn(
            "resources.fortune",
            "sheet.fortune",
            f"Фортуны {r['fortune']}, а в начале сцены даётся {fortune}.",
        )
    if int(r["coins"]) > COINS_SOFT_CAP:
        d.warn(
            "resources.coins",
            "sheet.coins_cap",
            f"Монет {r['coins']}: сверх мягкого предела 5 новые монеты не выдаются, пока их не потратят.",
            "info",
        )
    a = ch["aberrancy"]
    if int(a["strain"]) >= 3:
        will = skills["will"]
        probs = distribution(will["die"], DifficultyRoll(8), int(will["total"]), 0)
        p = probs["crit_success"] + probs["success"]
        out["strain_check"] = (
            f"Напряжение {a['strain']}: после применения Дара — проверка Воли "
            f"{with_bonus(will['die_label'], int(will['total']))} против 1к8; "
            f"без Срыва в {percent(p)} случаев."
        )
        d.step("sheet.strain_check", out["strain_check"], "resources.strain_check")
    d.values["resources"] = out


def derive_languages(d: Derivation, ch: Mapping[str, Any], totals: Mapping[str, int]) -> None:
    extra = extra_languages(totals["erudition"])
    pallid = species_of(ch) == "pallid"
    allowed = 2 + extra + pallid
    known = sum(1 for x in ch["languages"] if x["name"].strip())
    d.values["languages"] = {
        "allowed": allowed,
        "known": known,
        "text": f"доступно {allowed}, записано {known}",
    }
    d.step(
        "sheet.pallid_language" if pallid else "sheet.languages",
        f"Языки: 2 базовых + {extra} за Эрудицию {signed(totals['erudition'])}"
        + (" + 1 паллиду" if pallid else "")
        + f" = {allowed}.",
        "languages.allowed",
    )
    if known > allowed:
        d.warn(
            "languages",
            "sheet.languages",
            f"Языков записано {known}, при создании доступно {allowed} (остальные — выученные в игре?).",
            "info",
        )


def apply_action(ch: dict[str, Any], action: str, d: Derivation) -> None:
    """`new_scene`: Фортуна back to its per-scene value, Опора and Срыв unused, per-scene and
    per-fight abilities unused, Напряжение −1. `new_fight`: per-fight abilities unused."""
    kinds = (FIGHT,) if action == "new_fight" else (FIGHT, SCENE)
    reset = []
    for key, catalogue in (("specialisations", creation.SPECIALISATIONS), ("doctrines", creation.DOCTRINES)):
        for row in ch[key]:
            if row["used"] and _frequency(row, catalogue) in kinds:
                row["used"] = False
                reset.append(row["name"])
    what = "бой" if action == "new_fight" else "сцена"
    d.step(
        "sheet.specialisation_table",
        f"Новая {what}: снова доступны "
        + (", ".join(reset) if reset else "все способности с этой частотой")
        + ".",
        "action",
    )
    if action == "new_scene":
        r = ch["resources"]
        r["fortune"] = fortune_per_scene(int(ch["traits"]["bch"]["lucky"]))
        r["support_used"] = False
        r["breakdown"] = False
        d.step(
            "sheet.fortune",
            f"Фортуна на начало сцены: {r['fortune']}; Опора и Срыв снова доступны.",
            "action",
        )
        a = ch["aberrancy"]
        if int(a["strain"]):
            a["strain"] = int(a["strain"]) - 1
            d.step("sheet.strain_scene", f"После сцены Напряжение −1: {a['strain']}.", "action")
