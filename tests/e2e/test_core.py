"""The browser core every script builds on (assets/core.js): storage scoped to the site root that
reports failures instead of throwing, one element builder, one script loader."""

from __future__ import annotations

from playwright.sync_api import Page


def test_storage_keys_carry_the_site_root_and_bad_entries_read_as_the_default(
    page: Page, server: str
) -> None:
    page.goto(server + "/fatum/")
    page.wait_for_function("window.rulebook && window.rulebook.core")
    got = page.evaluate(
        """() => {
        const s = rulebook.core.storage("probe");
        localStorage.setItem(s.key, "{not json");
        const corrupt = s.read();
        const fallback = s.get(["default"]);
        const saved = s.set({ a: 1 });
        const back = s.get(null);
        s.remove();
        const gone = s.read().state;
        return { key: s.key, material: __md_scope.pathname, corrupt, fallback, saved, back, gone };
    }"""
    )
    assert got["key"] == got["material"] + ".rulebook.probe"
    assert got["corrupt"]["state"] == "corrupt" and got["corrupt"]["text"] == "{not json"
    assert got["fallback"] == ["default"]
    assert got["saved"] == {"ok": True}
    assert got["back"] == {"a": 1}
    assert got["gone"] == "missing"


def test_a_full_or_blocked_storage_says_so_and_never_throws(page: Page, server: str) -> None:
    page.goto(server + "/fatum/")
    page.wait_for_function("window.rulebook && window.rulebook.core")
    got = page.evaluate(
        """() => {
        const s = rulebook.core.storage("probe");
        const setItem = Storage.prototype.setItem, getItem = Storage.prototype.getItem;
        Storage.prototype.setItem = () => { throw new DOMException("full", "QuotaExceededError"); };
        const full = s.set({ big: "x" });
        Storage.prototype.setItem = () => { throw new DOMException("denied", "SecurityError"); };
        const denied = s.set(1);
        Storage.prototype.getItem = () => { throw new DOMException("denied", "SecurityError"); };
        const unreadable = s.read().state, fallback = s.get(7);
        Storage.prototype.setItem = setItem;
        Storage.prototype.getItem = getItem;
        return { full, denied, unreadable, fallback };
    }"""
    )
    assert got["full"]["ok"] is False and got["full"]["error"] == "full"
    assert got["denied"]["ok"] is False and got["denied"]["error"] == "unavailable"
    assert got["unreadable"] == "unavailable"
    assert got["fallback"] == 7


def test_an_entry_an_older_build_kept_unscoped_is_carried_over(page: Page, server: str) -> None:
    page.goto(server + "/fatum/")
    page.wait_for_function("window.rulebook && window.rulebook.core")
    got = page.evaluate(
        """() => {
        localStorage.setItem("old.probe", JSON.stringify({ kept: true }));
        const s = rulebook.core.storage("probe.carried", { legacy: "old.probe" });
        const value = s.get(null);
        const copied = localStorage.getItem(s.key);
        s.remove();
        return { value, copied, legacyAfterRemove: localStorage.getItem("old.probe") };
    }"""
    )
    assert got["value"] == {"kept": True}
    assert got["copied"] == '{"kept":true}'
    assert got["legacyAfterRemove"] is None  # removing the entry removes the old copy too


def test_el_builds_text_never_html_and_load_script_loads_once(page: Page, server: str) -> None:
    page.goto(server + "/fatum/")
    page.wait_for_function("window.rulebook && window.rulebook.core")
    got = page.evaluate(
        """async () => {
        const { el, loadScript } = rulebook.core;
        const n = el("p", { class: "a b", text: "<b>x</b>", hidden: true, title: null, "data-off": false },
                     [", tail", null, el("i", { text: "i" })]);
        await Promise.all([loadScript("sheet-schema.js"), loadScript("sheet-schema.js")]);
        const loaded = document.querySelectorAll("script[src*='sheet-schema.js']").length;
        let failed = null;
        try { await loadScript("no-such-file.js"); } catch (e) { failed = e.message; }
        return { html: n.outerHTML, loaded, schema: typeof rulebook.sheetSchema.parseDocument, failed };
    }"""
    )
    assert got["html"] == '<p class="a b" hidden="">&lt;b&gt;x&lt;/b&gt;, tail<i>i</i></p>'
    assert got["loaded"] == 1
    assert got["schema"] == "function"
    assert got["failed"] == "no-such-file.js"
