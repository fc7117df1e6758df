/* rulebook: stored state, read back item by item. Pins, recent searches and the damage
   stepper's fight live in the reader's browser, where anything may have happened to them (an
   older or newer build, another tool, a full disk, a hand edit). Each function here takes what
   JSON.parse gave and returns what can be used, what had to be left out and whether the stored
   value should be rewritten: a bad entry costs that entry, never the list, and every list is cut
   to its limit here, on load, as it is on save. The characters of the sheet are repaired the same
   way by sheet-schema.js (parseStore), which knows their schema.
   Pure functions (no DOM, no storage): the scripts that own each value do the reading and
   writing, and tests/unit/test_store_repair.py runs these in node. */
((root) => {
  "use strict";

  const LIMITS = {
    recent: 8, // recent searches shown and kept
    query: 200, // characters of one recent search
    pins: 500, // pins in all scenes together
    scenes: 50,
    actions: 100, // stepper actions kept for undo and redo; older ones are folded into its start
  };
  // the lengths pins.js clips to when it makes a pin
  const PIN_TEXT = { title: 120, excerpt: 160, book: 80, page: 200 };
  const PIN_KEY = { path: 2000, id: 500 };

  function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function isPrimitive(v) { return v === null || ["string", "number", "boolean"].includes(typeof v); }

  /* A string cut to `max` UTF-16 units without splitting a surrogate pair; anything else: "". */
  function text(v, max) {
    if (typeof v !== "string") return "";
    if (v.length <= max) return v;
    const cut = v.slice(0, max);
    return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
  }

  /* Same own keys, same values (a repaired copy of a plain record). */
  function same(a, b) {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && a[k] === b[k]);
  }

  // ---- recent searches ---------------------------------------------------------------------
  /* The newest `max` distinct queries (strings, trimmed, cut to LIMITS.query). Reads only as far
     as it needs: a list of 100,000 costs what a list of 8 does. */
  function recent(raw, max = LIMITS.recent) {
    const list = Array.isArray(raw) ? raw : [];
    const out = [], seen = new Set();
    for (let i = 0; i < list.length && out.length < max; i++) {
      const q = text(typeof list[i] === "string" ? list[i].trim() : "", LIMITS.query).trim();
      if (!q || seen.has(q)) continue;
      seen.add(q);
      out.push(q);
    }
    const changed = !Array.isArray(raw) || raw.length !== out.length || out.some((q, i) => q !== raw[i]);
    return { list: out, changed };
  }

  // ---- pins ----------------------------------------------------------------------------------
  function freshPins() { return { v: 1, current: "s1", scenes: [{ id: "s1", name: "Общие", pins: [] }] }; }

  /* A pin as pins.js makes it, or null when `p` cannot be one (no page path or no id). Fields of
     the wrong type become empty ("[object Object]" is never a title), long ones are cut. */
  function pinOf(p) {
    if (!isObject(p) || typeof p.path !== "string" || typeof p.id !== "string" || !p.id) return null;
    if (p.path.length > PIN_KEY.path || p.id.length > PIN_KEY.id) return null;
    const pin = { path: p.path, id: p.id };
    for (const [k, max] of Object.entries(PIN_TEXT)) pin[k] = text(p[k], max);
    pin.t = typeof p.t === "number" && Number.isFinite(p.t) ? p.t : 0;
    return pin;
  }

  /* {data, changed, dropped: entries that are no pins, trimmed: the oldest pins beyond the
     limit, problem: null, or why the whole value is unusable (data is then a fresh list)}. */
  function pins(raw, { maxPins = LIMITS.pins, maxScenes = LIMITS.scenes } = {}) {
    if (!isObject(raw) || raw.v !== 1 || !Array.isArray(raw.scenes)) {
      return { data: freshPins(), changed: true, dropped: [], trimmed: [], problem: isObject(raw) ? "неизвестный формат" : "это не объект JSON" };
    }
    let changed = false;
    const dropped = [], scenes = [], sceneIds = new Set(), keys = new Set();
    raw.scenes.forEach((sc) => {
      if (!isObject(sc)) { dropped.push(sc); changed = true; return; }
      let id = typeof sc.id === "string" && sc.id && sc.id.length <= 100 && !sceneIds.has(sc.id) ? sc.id : "";
      for (let n = scenes.length + 1; !id; n++) if (!sceneIds.has("s" + n)) id = "s" + n;
      sceneIds.add(id);
      const name = text(sc.name, 60).trim() || "Сцена " + (scenes.length + 1);
      if (id !== sc.id || name !== sc.name || !Array.isArray(sc.pins) || Object.keys(sc).length !== 3) changed = true;
      if (sc.pins !== undefined && !Array.isArray(sc.pins)) dropped.push(sc.pins);
      const list = [];
      (Array.isArray(sc.pins) ? sc.pins : []).forEach((p) => {
        const pin = pinOf(p);
        if (!pin) { dropped.push(p); changed = true; return; }
        const key = pin.path + "#" + pin.id;
        if (keys.has(key)) { changed = true; return; } // pinned twice: the first stays
        keys.add(key);
        if (!same(pin, p)) changed = true;
        list.push(pin);
      });
      scenes.push({ id, name, pins: list });
    });
    if (scenes.length > maxScenes) {
      // scenes beyond the limit: their pins join the last scene kept
      const extra = scenes.splice(maxScenes);
      extra.forEach((s) => { sceneIds.delete(s.id); scenes[maxScenes - 1].pins.push(...s.pins); });
      changed = true;
    }
    if (!scenes.length) { scenes.push(freshPins().scenes[0]); sceneIds.add("s1"); changed = true; }
    let trimmed = [];
    const all = scenes.flatMap((s) => s.pins);
    if (all.length > maxPins) {
      // the oldest go first (by when they were pinned; unknown counts as oldest, then list order)
      const order = all.map((p, i) => i).sort((a, b) => all[a].t - all[b].t || a - b);
      const gone = new Set(order.slice(0, all.length - maxPins).map((i) => all[i]));
      trimmed = all.filter((p) => gone.has(p));
      scenes.forEach((s) => { s.pins = s.pins.filter((p) => !gone.has(p)); });
      changed = true;
    }
    let current = raw.current;
    if (typeof current !== "string" || !sceneIds.has(current)) { current = scenes[0].id; changed = true; }
    if (Object.keys(raw).length !== 3) changed = true;
    return { data: { v: 1, current, scenes }, changed, dropped, trimmed, problem: null };
  }

  // ---- the damage stepper's fight ------------------------------------------------------------
  /* An action as the page records one: an object with a type and plain values; the engine judges
     the rest (it names the action and field it refuses). */
  function isAction(a) {
    return isObject(a) && typeof a.type === "string" && Object.keys(a).every((k) => isPrimitive(a[k]));
  }

  /* A stored fight {v, character, base?, actions, cursor}: `base` is the engine's state after the
     actions folded away. Returns {fight: {character, base, actions, cursor}, fold: how many of
     the oldest actions are to be folded into the start (the engine must replay them), aside: the
     first action that is none and every one after it (what follows it is uncertain), changed,
     problem}. At most `maxActions` actions stay after the fold, the redo tail cut first. */
  function fight(raw, { maxActions = LIMITS.actions } = {}) {
    if (!isObject(raw) || (raw.v !== 1 && raw.v !== 2)) return { problem: isObject(raw) ? "неизвестный формат" : "это не объект JSON" };
    if (raw.base !== undefined && raw.base !== null && !isObject(raw.base)) return { problem: "повреждено начальное состояние" };
    let changed = false;
    const character = {};
    if (isObject(raw.character)) {
      Object.keys(raw.character).forEach((k) => {
        if (isPrimitive(raw.character[k])) character[k] = raw.character[k];
        else changed = true;
      });
    } else changed = true;
    let actions = Array.isArray(raw.actions) ? raw.actions : [];
    if (!Array.isArray(raw.actions)) changed = true;
    let cursor = raw.cursor;
    if (!Number.isInteger(cursor) || cursor < 0 || cursor > actions.length) { cursor = actions.length; changed = true; }
    let aside = [];
    const bad = actions.findIndex((a) => !isAction(a));
    if (bad >= 0) {
      aside = actions.slice(bad);
      actions = actions.slice(0, bad);
      cursor = Math.min(cursor, bad);
      changed = true;
    }
    const fold = Math.max(0, cursor - maxActions);
    const room = maxActions - (cursor - fold); // for undone actions that may be redone
    if (actions.length - cursor > room) { actions = actions.slice(0, cursor + room); changed = true; }
    return { fight: { character, base: isObject(raw.base) ? raw.base : null, actions, cursor }, fold, aside, changed, problem: null };
  }

  const api = { LIMITS, recent, pins, freshPins, pinOf, fight, isAction, text };
  (root.rulebook = root.rulebook || {}).repair = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof self !== "undefined" ? self : globalThis);
