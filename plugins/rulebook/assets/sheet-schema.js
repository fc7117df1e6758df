/* rulebook character sheet: the file and storage validator.
   Walks the schema the build writes into the page (rulebook.mechanics.records: record, rows and
   field nodes, from sheet_schema.CHARACTER) exactly as the Python engine parses it: unknown keys
   refused, absent or null values take their default, every error names its dotted path
   (`characters[0].weapons[2].threshold`). Runs without Python, so saving, loading and importing
   work even where WebAssembly does not. tests/integration/test_sheet_schema_parity.py runs the
   same documents through this file (in node) and through Python and requires the same verdicts. */
((root) => {
  "use strict";

  class SchemaError {
    constructor(field, message) {
      this.field = field;
      this.message = message;
    }
  }

  function join(path, name) { return path ? path + "." + name : name; }
  function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function repr(v) {
    if (typeof v === "string") return "'" + v + "'";
    if (v === true) return "True";
    if (v === false) return "False";
    if (v === null || v === undefined) return "None";
    try { return JSON.stringify(v); } catch (e) { return String(v); }
  }

  // a value as the engine's messages quote it (base.shown): whole when short, else its start and
  // its length, so that a pasted wall of digits stays a one-line message
  const LONGEST = 60;
  function shown(v) {
    const text = repr(v);
    if (text.length <= LONGEST) return text;
    const n = text.length, d = n % 10, dd = n % 100;
    const noun = d === 1 && dd !== 11 ? "знак" : d >= 2 && d <= 4 && (dd < 12 || dd > 14) ? "знака" : "знаков";
    return text.slice(0, LONGEST / 2) + "… (" + n + " " + noun + ")";
  }

  // the minus as a reader's keyboard may give it (base.MINUS_SIGNS): typographic minus, dashes
  const MINUS = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g;

  function intOrNull(raw) {
    if (typeof raw === "boolean") return null;
    if (typeof raw === "number") return Number.isInteger(raw) ? raw : null;
    if (typeof raw === "string") {
      const s = raw.trim().replace(MINUS, "-");
      if (/^[+-]?\d+$/.test(s)) return parseInt(s, 10);
    }
    return null;
  }

  function parseField(node, raw, where) {
    if (node.type === "bool") {
      if (raw === true || raw === false) return raw;
      if (raw === 0 || raw === 1) return raw === 1;
      if (typeof raw === "string" && /^(true|false)$/i.test(raw.trim())) return raw.trim().toLowerCase() === "true";
      throw new SchemaError(where, "нужно true или false, получено " + repr(raw));
    }
    if (node.type === "int") {
      const v = intOrNull(raw);
      if (v === null) throw new SchemaError(where, "нужно целое число, получено " + repr(raw));
      const lo = node.min, hi = node.max;
      if ((lo !== undefined && v < lo) || (hi !== undefined && v > hi)) {
        const text = "число должно быть" + (lo === undefined ? "" : " от " + lo) + (hi === undefined ? "" : " до " + hi);
        throw new SchemaError(where, text + ", получено " + shown(raw));  // as typed, not as parsed
      }
      return v;
    }
    if (node.type === "str") {
      if (typeof raw !== "string") throw new SchemaError(where, "нужна строка, получено " + repr(raw));
      const n = Array.from(raw).length;  // code points, as Python's len()
      if (node.max !== undefined && n > node.max) {
        throw new SchemaError(where, "не длиннее " + node.max + " символов, получено " + n);
      }
      return raw;
    }
    if (node.type === "choice") {
      for (let i = 0; i < node.choices.length; i++) {
        const c = node.choices[i].value;
        if (raw === c || (typeof c === "number" && intOrNull(raw) === c)) return c;
      }
      const allowed = node.choices.map((c) => { return String(c.value); }).join(", ");
      throw new SchemaError(where, "допустимые значения: " + allowed + "; получено " + repr(raw));
    }
    throw new Error("unknown field type " + node.type);
  }

  function defaultOf(node) {
    if (node.kind === "field") return node.default === undefined ? null : node.default;
    if (node.kind === "rows") return [];
    const out = {};
    node.fields.forEach((f) => { out[f.name] = defaultOf(f); });
    return out;
  }

  function parseNode(node, raw, path) {
    if (raw === null || raw === undefined) return defaultOf(node);
    if (node.kind === "field") return parseField(node, raw, path);
    if (node.kind === "rows") {
      if (!Array.isArray(raw)) throw new SchemaError(path, "нужен список");
      if (raw.length > node.max) throw new SchemaError(path, "не больше " + node.max + " строк, получено " + raw.length);
      return raw.map((r, i) => { return parseRecord(node.item, r, path + "[" + i + "]"); });
    }
    return parseRecord(node, raw, path);
  }

  function parseRecord(node, raw, path) {
    if (!isObject(raw)) throw new SchemaError(path || "input", "нужен объект JSON");
    // a Set, not an object's keys: "__proto__", "constructor" or "toString" are no field's name
    // although every object answers to them
    const known = new Set(node.fields.map((f) => f.name));
    Object.keys(raw).forEach((k) => {
      if (!known.has(k)) throw new SchemaError(join(path, k), "неизвестное поле");
    });
    const out = {};
    node.fields.forEach((f) => { out[f.name] = parseNode(f, raw[f.name], join(path, f.name)); });
    return out;
  }

  const DOCUMENT_KEYS = ["format", "book", "version", "exported", "characters"];

  /* The characters of an export file, or a SchemaError (the order of checks is Python's). */
  function parseDocument(schema, info, raw) {
    if (!isObject(raw)) throw new SchemaError("file", "это не файл листа персонажа: нужен объект JSON");
    if (raw.format !== info.format) throw new SchemaError("format", "это не файл листа персонажа (нужен format: " + info.format + ")");
    if (raw.book !== info.book) throw new SchemaError("book", "лист другой книги (" + repr(raw.book) + "), нужен " + repr(info.book));
    const version = raw.version;
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) throw new SchemaError("version", "нет номера версии");
    if (version > info.version) {
      throw new SchemaError("version", "файл версии " + version + " сделан более новым сайтом; здесь версия " + info.version);
    }
    Object.keys(raw).forEach((k) => {
      if (DOCUMENT_KEYS.indexOf(k) < 0) throw new SchemaError(k, "неизвестное поле");
    });
    const chars = raw.characters;
    if (!Array.isArray(chars) || !chars.length) throw new SchemaError("characters", "нужен непустой список персонажей");
    if (chars.length > 50) throw new SchemaError("characters", "не больше 50 персонажей в одном файле");
    return chars.map((c, i) => { return parseRecord(schema, c, "characters[" + i + "]"); });
  }

  /* The display name of a character that may not be valid: "Элиза, ур. 3", "персонаж 2". */
  function nameOf(raw, index) {
    const identity = isObject(raw) && isObject(raw.identity) ? raw.identity : {};
    const progress = isObject(raw) && isObject(raw.progress) ? raw.progress : {};
    const name = typeof identity.name === "string" ? identity.name.trim().slice(0, 80) : "";
    const level = intOrNull(progress.level);
    if (!name) return "персонаж " + (index + 1) + (level === null ? "" : ", ур. " + level);
    return name + (level === null ? "" : ", ур. " + level);
  }

  /* The characters a browser keeps ({v, current, characters, aside}), repaired one character at
     a time. A character that does not validate is set aside with its field and reason (kept in
     the store's `aside` list, so no extra room is needed and it is never copied twice); so are
     the oldest ones beyond `max` (the current one stays). Returns {store, aside: entries set aside
     now, changed: the stored value should be rewritten, problem: null or why the whole value is
     unusable (then the caller keeps a copy and starts afresh)}. */
  function parseStore(schema, raw, { version, max, newId }) {
    if (!isObject(raw)) return { problem: "это не объект JSON" };
    if (raw.v !== version) {
      return { problem: typeof raw.v === "number" && raw.v > version ? "сохранены более новой версией сайта" : "неизвестный формат" };
    }
    if (!Array.isArray(raw.characters)) return { problem: "нет списка персонажей" };
    let changed = false;
    const ids = new Set(), valid = [], aside = [];
    raw.characters.forEach((c, i) => {
      try {
        const ch = parseRecord(schema, c, "characters[" + i + "]");
        if (typeof ch.id !== "string" || !ch.id || ids.has(ch.id)) { ch.id = newId(); changed = true; }
        ids.add(ch.id);
        valid.push(ch);
      } catch (e) {
        if (!(e instanceof SchemaError)) throw e;
        aside.push({ character: c, name: nameOf(c, i), field: e.field.replace(/^characters\[\d+\]\.?/, ""), message: e.message });
        changed = true;
      }
    });
    let current = typeof raw.current === "string" && valid.some((c) => c.id === raw.current) ? raw.current : null;
    if (current === null) { current = valid.length ? valid[0].id : null; changed = changed || valid.length > 0; }
    if (valid.length > max) {
      // the oldest first (the list is in the order they were made), never the one being edited
      const extra = valid.length - max;
      const drop = new Set(valid.filter((c) => c.id !== current).slice(0, extra));
      drop.forEach((c) => {
        aside.push({ character: c, name: nameOf(c, valid.indexOf(c)), field: "", message: "больше " + max + " персонажей в браузере" });
      });
      valid.splice(0, valid.length, ...valid.filter((c) => !drop.has(c)));
      changed = true;
    }
    // entries set aside by earlier loads, one per distinct value
    const kept = [], seen = new Set();
    (Array.isArray(raw.aside) ? raw.aside : []).concat(aside).forEach((a) => {
      if (!isObject(a) || !("character" in a)) { changed = true; return; }
      const text = JSON.stringify(a.character);
      if (seen.has(text)) { changed = true; return; }
      seen.add(text);
      kept.push({
        character: a.character,
        name: typeof a.name === "string" ? a.name : nameOf(a.character, kept.length),
        field: typeof a.field === "string" ? a.field : "",
        message: typeof a.message === "string" ? a.message : "",
      });
    });
    if (!Array.isArray(raw.aside) && kept.length) changed = true;
    const store = { v: version, current, characters: valid };
    if (kept.length) store.aside = kept;
    else if ("aside" in raw) changed = true;
    return { store, aside, changed, problem: null };
  }

  const api = {
    SchemaError,
    parseStore,
    nameOf,
    parseCharacter: (schema, raw, path) => parseRecord(schema, raw, path === undefined ? "character" : path),
    parseDocument,
    defaults: defaultOf,
  };
  (root.rulebook = root.rulebook || {}).sheetSchema = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof self !== "undefined" ? self : globalThis);
