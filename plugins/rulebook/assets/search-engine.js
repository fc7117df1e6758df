/* rulebook search engine, browser runtime: the twin of plugins/rulebook/search/{analysis, store,
   vocab, plan, score, engine}.py. Same steps, same order, same arithmetic, so both return the same
   results (the parity tests run the query sets through both). It reads the sharded index that
   search/export.py writes: the manifest first, then only the shards a query needs (fetched, or
   read from disk in Node for the tests), kept for the next query. Works in Node too
   (module.exports). */
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    const st = require("./search-stemmers.js");
    module.exports = factory(() => st);
  } else {
    const rb = (root.rulebook = root.rulebook || {});
    rb.searchEngine = factory(() => rb.stemmers);
  }
})(typeof self !== "undefined" ? self : this, (getStemmers) => {
  "use strict";

  const TOP = "\uffff";
  const K = 1048576; // record id = section * K + k
  const CUT = "0123456789abcdefghijklmnopqrstuvwxyz";
  // how far an alternative of a query word is from what was typed: the words themselves, a
  // glossary of the record's own book, the shared glossary
  const LITERAL = 0, OWN = 1, SHARED = 2;
  function reach(a) { return a.literal ? LITERAL : a.books.length ? OWN : SHARED; }

  const DECODED = 64; // stems kept decoded (Store.decoded): the words of the last queries typed
  function round6(x) { return Math.floor(x * 1e6 + 0.5) / 1e6; }
  function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
  const LETTER = /[\p{L}\p{Nl}\p{No}]/u; // Python's [^\W\d_]: a letter (not a decimal digit)

  // ---- analysis (search/analysis.py) ------------------------------------------------------------
  class Analysis {
    constructor(spec) {
      this.spec = spec;
      this.P = spec.engine;
      const marks = spec.word_marks;
      this.markRe = new RegExp("[" + marks + "]", "gu");
      this.splitRe = /[\p{L}\p{N}]+/gu;
      this.plainRe = /^[0-9a-zа-яё]+$/;
      this.pureRe = /^(?:[а-я]+|[a-z]+)$/;
      this.cyr = new Set(spec.cyrillic);
      this.lat = new Set(spec.latin);
      this.toCyr = spec.lookalikes;
      this.toLat = {};
      for (const k of Object.keys(spec.lookalikes)) this.toLat[spec.lookalikes[k]] = k;
      this.fold = spec.fold;
      this.foldRe = new RegExp("[" + Object.keys(spec.fold).join("") + "]", "g");
      this.dashes = new Set(spec.dashes);
      this.diceRe = new RegExp(spec.dice.pattern);
      this.sectionRe = spec.section_number ? new RegExp(spec.section_number) : null; // an older index has none
      this.die = spec.dice.letter;
      this.l2c = {};
      this.c2l = {};
      const L = Array.from(spec.layout.latin), C = Array.from(spec.layout.cyrillic);
      for (let i = 0; i < L.length; i++) { this.l2c[L[i]] = C[i]; this.c2l[C[i]] = L[i]; }
      this.slips = slipPairs(spec.slips); // distance.py's _SLIPS
      // analysis.shipped: a word list front-coded (older indexes: joined by spaces; an array)
      const list = (x) => (typeof x !== "string" ? x : x.startsWith("0") ? decodeWords(x) : x.split(" "));
      this.stop = new Set(list(spec.stop_words));
      this.question = new Set(list(spec.question_words));
      this.define = new Set(list(spec.define_words));
      this.condition = new Set(list(spec.condition_words || [])); // an older index has none
      this.intents = new Map(Object.entries(spec.intents));
      // the number words by number (an older index: number by word)
      this.numbers = new Map();
      for (const [k, v] of Object.entries(spec.numbers)) {
        if (/^[0-9]+$/.test(k)) for (const word of list(v)) this.numbers.set(word, k);
        else this.numbers.set(k, v);
      }
      this.numberWords = new Map(); // digits -> number words («3 раунда» finds «трёх раундов»)
      for (const [word, digit] of this.numbers) {
        if (!this.numberWords.has(digit)) this.numberWords.set(digit, []);
        this.numberWords.get(digit).push(word);
      }
      this.spaceRe = new RegExp("[" + spec.query_space + "]+");
      this.spaceOne = new RegExp("^[" + spec.query_space + "]$");
      this.wordCache = new Map();
      this.stemCache = new Map();
      // word characters below U+0500 from a table built with the same regex (a scan by char code
      // is several times faster than the regex on long texts); others ask the regex
      this.charRe = new RegExp("^(?:[\\p{L}\\p{N}]|[" + marks + "])$", "u");
      this.wordChar = new Uint8Array(0x500);
      for (let c = 0; c < 0x500; c++) this.wordChar[c] = this.charRe.test(String.fromCharCode(c)) ? 1 : 0;
      const f = spec.fleeting;
      const pre = "^(.{" + (f.min - 2) + ",}[" + f.consonants + "])";
      this.fleetDrop = new RegExp(pre + "[" + f.vowels + "]([" + f.consonants + "])$", "u");
      this.fleetAdd = new RegExp(pre + "([" + f.consonants + "])$", "u");
      // after a vowel a fleeting vowel falls out as a glide (боец/бойца, паёк/пайка)
      this.fleetGlide = new RegExp("^(.*[" + f.glide[0] + "])([" + f.vowels + f.glide[1] + "])([" +
        f.consonants + "])$", "u");
    }

    /* analysis.section_number: «2.2», «4.1.5» from a query's chunk, or null. */
    sectionNumber(chunk) {
      const m = this.sectionRe && this.sectionRe.exec(chunk);
      return m ? m[1] : null;
    }

    /* Calls f(raw, start, end) for every raw word of text, exactly as WORD_RE would find them. */
    scan(text, f) {
      const n = text.length, table = this.wordChar, re = this.charRe;
      let i = 0;
      while (i < n) {
        let c = text.charCodeAt(i);
        let w = 0, isWord;
        if (c < 0x500) { isWord = table[c] === 1; w = 1; }
        else {
          w = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
          isWord = re.test(text.slice(i, i + w));
        }
        if (!isWord) { i += w; continue; }
        const start = i;
        i += w;
        while (i < n) {
          c = text.charCodeAt(i);
          if (c < 0x500) { if (table[c] !== 1) break; i++; continue; }
          w = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
          if (!re.test(text.slice(i, i + w))) break;
          i += w;
        }
        f(text.slice(start, i), start, i);
      }
    }

    foldStr(s) { return s.replace(this.foldRe, (c) => this.fold[c]); }

    /* analysis._script_fix: the script of the letters that have no look-alike, else the majority's. */
    scriptFix(w) {
      let cyr = 0, lat = 0, ownCyr = false, ownLat = false;
      for (const c of w) {
        if (this.cyr.has(c)) { cyr++; if (!(c in this.toLat)) ownCyr = true; }
        else if (this.lat.has(c)) { lat++; if (!(c in this.toCyr)) ownLat = true; }
      }
      if (!cyr || !lat) return w;
      const table = ownCyr !== ownLat ? (ownCyr ? this.toCyr : this.toLat) : (cyr >= lat ? this.toCyr : this.toLat);
      let out = "";
      for (const c of w) out += Object.prototype.hasOwnProperty.call(table, c) ? table[c] : c;
      return out;
    }

    dice(w) {
      const m = this.diceRe.exec(w);
      if (!m) return w;
      const count = m[1].replace(/^0+/, "");
      return (count === "" || count === "1" ? "" : count) + this.die + m[2];
    }

    normalizeWord(raw) {
      let hit = this.wordCache.get(raw);
      if (hit) return hit;
      let w = raw.toLowerCase();
      // one script and no ё, no digits: nothing to fold, map or unify (most words)
      if (this.pureRe.test(w)) {
        hit = [w];
        this.wordCache.set(raw, hit);
        return hit;
      }
      let parts;
      if (!this.plainRe.test(w)) {
        w = raw.normalize("NFKC").toLowerCase();
        w = this.foldStr(w).replace(this.markRe, "");
        parts = w.match(this.splitRe) || [];
      } else {
        parts = [w];
      }
      const out = [];
      for (const p0 of parts) {
        const p = this.dice(this.scriptFix(this.foldStr(p0)));
        const m = /^([0-9]+)([\p{L}\p{Nl}\p{No}]+)$/u.exec(p);
        if (m) out.push(m[1], m[2]); // a number with its unit glued on («30фт», «2ОД»)
        else if (p) out.push(p);
      }
      this.wordCache.set(raw, out);
      return out;
    }

    tokens(text) {
      const out = [];
      this.scan(text, (raw, start, end) => {
        for (const s of this.normalizeWord(raw)) out.push({ surface: s, start: start, end: end, raw: raw });
      });
      return out;
    }

    surfaces(text) {
      const out = [];
      this.scan(text, (raw) => { for (const s of this.normalizeWord(raw)) out.push(s); });
      return out;
    }

    allIn(w, set) {
      for (const c of w) if (!set.has(c)) return false;
      return true;
    }

    stem(surface) {
      let hit = this.stemCache.get(surface);
      if (hit !== undefined) return hit;
      const m = this.diceRe.exec(surface);
      if (m) hit = this.die + m[2];
      else if (this.allIn(surface, this.cyr)) hit = getStemmers().russian(surface);
      else if (this.allIn(surface, this.lat)) hit = getStemmers().english(surface);
      else hit = surface;
      // a stem of one letter would be a preposition's: «ОО» (очки опыта) is not «о»
      if (hit.length < 2 && surface.length >= 2) hit = surface;
      this.stemCache.set(surface, hit);
      return hit;
    }

    dedupeKey(text) {
      let t = "";
      for (const c of text) t += this.dashes.has(c) ? "-" : c;
      return this.surfaces(t).join(" ");
    }

    layoutSwap(chunk) {
      let hasLat = false, hasCyr = false;
      for (const c of chunk) {
        if (this.lat.has(c.toLowerCase())) hasLat = true;
        if (Object.prototype.hasOwnProperty.call(this.c2l, c)) hasCyr = true;
      }
      let map;
      if (hasLat && !hasCyr) map = this.l2c;
      else if (hasCyr && !hasLat) map = this.c2l;
      else return null;
      let out = "";
      for (const c of chunk) out += Object.prototype.hasOwnProperty.call(map, c) ? map[c] : c;
      // keys that would break a word apart (пёс -> g`c), or lose a typed letter to a punctuation
      // key (баб -> ,f,), are not a word typed in the other layout
      const got = this.surfaces(out), typed = this.surfaces(chunk);
      const size = (ws) => ws.reduce((n, w) => n + w.length, 0);
      return got.length <= typed.length && size(got) >= size(typed) ? out : null;
    }

    /* analysis.name_forms: a name as typed, in Latin letters and in the other layout. */
    nameForms(name) {
      const w = this.foldStr(name.toLowerCase());
      let lat = "";
      for (const c of w) lat += Object.prototype.hasOwnProperty.call(this.spec.translit, c) ? this.spec.translit[c] : c;
      const out = [w, lat];
      const swapped = this.layoutSwap(w);
      if (swapped !== null) out.push(swapped);
      return Array.from(new Set(out));
    }

    fleetingVariants(st) {
      const f = this.spec.fleeting;
      let m = this.fleetGlide.exec(st);
      if (m) {
        if (m[2] === f.glide[1]) return Array.from(f.vowels).map((v) => m[1] + v + m[3]);
        return [m[1] + f.glide[1] + m[3]];
      }
      m = this.fleetDrop.exec(st);
      if (m) return [m[1] + m[2]];
      m = this.fleetAdd.exec(st);
      if (m) return Array.from(f.vowels).map((v) => m[1] + v + m[2]);
      return [];
    }

    /* analysis.nominal_relatives: the stem of a verb's action noun, and of a noun's verb
       (ран, ранен; пада, паден; отрав, отравлен). */
    nominalRelatives(st) {
      if (!st || !this.allIn(st, this.cyr)) return [];
      const n = this.spec.nominal, out = [];
      for (const [verb, noun] of n.pairs) {
        if (st.endsWith(verb) && st.length - verb.length >= n.min) out.push(st.slice(0, st.length - verb.length) + noun);
        if (st.endsWith(noun) && st.length - noun.length >= n.min) out.push(st.slice(0, st.length - noun.length) + verb);
      }
      return [...new Set(out)].filter((v) => v !== st);
    }

    /* analysis.verb_bases: the slang noun a slang verb's stem is made from (бафнут -> баф).
       An index written before `slang_verbs` has none. */
    verbBases(st) {
      const v = this.spec.slang_verbs;
      if (!v) return [];
      const out = [];
      for (const base of this.cut(st, v.endings)) {
        if (base.length >= v.min) {
          out.push(base);
          if (v.links.includes(base[base.length - 1]) && base.length - 1 >= v.min) out.push(base.slice(0, -1));
        }
      }
      return out;
    }

    /* analysis._cut: a Cyrillic word without each of the endings it has, in their order. */
    cut(w, endings) {
      if (!w || !this.allIn(w, this.cyr)) return [];
      return endings.filter((end) => w.endsWith(end)).map((end) => w.slice(0, w.length - end.length));
    }

    /* analysis.latin_readings: a chunk of Latin letters read as Russian typed in them
       (krovotechenie), a reading per choice at a piece of two readings, at most `max`. An index
       written before `latin_reading` has none. */
    latinReadings(chunk) {
      const lr = this.spec.latin_reading;
      const low = chunk.toLowerCase();
      if (!lr || ![...low].some((c) => this.lat.has(c)) || [...low].some((c) => this.cyr.has(c))) return [];
      const pieces = [];
      let i = 0;
      while (i < low.length) {
        const hit = lr.pairs.find(([src]) => low.startsWith(src, i));
        if (hit) { pieces.push(hit[1]); i += hit[0].length; }
        else { pieces.push([low[i]]); i += 1; }
      }
      let out = [""];
      for (const alts of pieces) {
        const next = [];
        for (const o of out) for (const a of alts) next.push(o + a);
        out = next.slice(0, lr.max);
      }
      // the soft sign that Latin letters drop at a word's end (issledovat: исследовать)
      const soft = out.filter((o) => o && (lr.soft_after || "").includes(o[o.length - 1])).map((o) => o + "ь");
      return out.concat(soft).slice(0, lr.max);
    }

    /* analysis.abbreviation_bases: the abbreviation a word may be declined from (нпсов -> нпс).
       An index written before `abbreviation_cases` has none. */
    abbreviationBases(w) {
      const c = this.spec.abbreviation_cases;
      if (!c) return [];
      return this.cut(w, c.endings).filter((base) => base.length >= 2 && base.length <= c.max && ![...base.slice(1)].some((x) => c.vowels.includes(x)));
    }

    isOptional(surface) { return this.stop.has(surface) || this.question.has(surface); }

    /* analysis.script: «latin» or «cyrillic» where every letter of the words is of that
       script; null for mixed words, or none with letters. */
    script(words) {
      let lat = true, cyr = true, any = false;
      for (const w of words) {
        for (const c of w) {
          if (!/\p{L}/u.test(c)) continue;
          any = true;
          if (!this.lat.has(c)) lat = false;
          if (!this.cyr.has(c)) cyr = false;
        }
      }
      return !any ? null : lat ? "latin" : cyr ? "cyrillic" : null;
    }

    /* analysis.plain_e: «э» written «е» (флэт, флет). */
    plainE(w) { return w.split("э").join("е"); }

    /* analysis._loan_letters: a word as its skeleton reads it: [table, letters] (no table: []);
       a Cyrillic one stemmed, or `whole`, as typed. */
    loanLetters(surface, whole) {
      const L = this.spec.loans;
      if (this.allIn(surface, this.cyr)) {
        let w = whole ? surface : this.stem(surface);
        for (const suffix of L.cyrillic_suffixes) {
          if (w.endsWith(suffix) && w.length > suffix.length + 2) { w = w.slice(0, -suffix.length); break; }
        }
        for (const [a, b] of L.cyrillic_pairs) w = w.split(a).join(b);
        return [L.cyrillic, w];
      }
      if (this.allIn(surface, this.lat)) {
        let w = surface;
        for (const [a, b] of L.latin_pairs) w = w.split(a).join(b);
        // a final «ge» is the sound «дж» (advantage, адвантейдж)
        for (const [a, b] of L.latin_final_pairs || []) {
          if (w.endsWith(a)) { w = w.slice(0, -a.length) + b; break; }
        }
        return [L.latin, w];
      }
      return [null, ""];
    }

    /* analysis.skeleton: English terms and their Russian spelling share it (strike, страйк). */
    skeleton(surface) {
      const [table, w] = this.loanLetters(surface);
      return this.loanClasses(table, w, "");
    }

    /* analysis._classes: the letters as consonant classes, a vowel as `vowel` (dropped when
       empty), «ь» and «ъ» dropped, a class repeated once. */
    loanClasses(table, w, vowel) {
      let out = "";
      for (const c of w) {
        const k = Object.prototype.hasOwnProperty.call(table, c) ? table[c]
          : c === "j" || c === "x" ? c : c === "č" ? "c" : c === "ь" || c === "ъ" ? "" : vowel;
        if (k && out[out.length - 1] !== k) out += k;
      }
      return out;
    }

    /* analysis.sounds: the skeleton with each run of vowels kept as one V (seeker: sVkVr). */
    sounds(surface, whole) {
      const [table, letters] = this.loanLetters(surface, whole);
      let w = letters;
      const silentE = table === this.spec.loans.latin && w.length > 3 && w.endsWith("e");
      if (silentE && Object.prototype.hasOwnProperty.call(table, w[w.length - 2])) w = w.slice(0, -1);
      return this.loanClasses(table, w, "V");
    }

    /* analysis.loan_fits: a Russian-spelt word is that English one where their vowels sit alike
       (the same sounds, or one with a vowel more at its end); skeletons alone match сокрось to
       seeker. */
    loanFits(word, english) {
      return this.soundsFit(this.sounds(word), this.sounds(english));
    }

    soundsFit(a, b) { return !!a && (a === b || a === b + "V" || b === a + "V"); }

    /* analysis.loan_readings: the stem's skeleton, and the whole word's where the stemmer cut a
       sound of the loan as a Russian ending («шотган»: «шотга», shotgun). */
    loanReadings(word) {
      const out = [this.skeleton(word)];
      if (this.allIn(word, this.cyr)) {
        const [table, w] = this.loanLetters(word, true);
        const whole = this.loanClasses(table, w, "");
        if (whole !== out[0]) out.push(whole);
      }
      return out;
    }

    /* analysis.spells: a Russian word as typed, nothing cut as an ending, has an English
       word's very sounds (шотган: shotgun; not армирующий, трапе: armour, trip). */
    spells(word, english) {
      const a = this.sounds(word, true);
      return !!a && a === this.sounds(english);
    }

    /* analysis.verb_roots: the English word a Russian verb made of it is built on (свапнуть,
       свапнул: свап; кастанул: каста, каст; танкуем: танк; армировать: арм). */
    verbRoots(word) {
      if (!word || !this.allIn(word, this.cyr)) return [];
      const L = this.spec.loans, forms = L.verb_forms, out = [];
      for (const family of forms) {
        const end = family.find((e) => word.endsWith(e));
        if (end === undefined || word.length - end.length < 3) continue;
        let root = word.slice(0, word.length - end.length);
        if (family === forms[forms.length - 1] && root.endsWith("ир")) {
          root = root.slice(0, -2); // -ировать: Russian's own way with a loan
          if (root.length < 3) continue;
        }
        out.push(root);
        if (family === forms[0] && root.endsWith(L.verb_link) && root.length > 3) out.push(root.slice(0, -1));
      }
      return [...new Set(out)];
    }
  }

  // ---- the index (search/store.py) ----------------------------------------------------------------
  function decodeWords(coded) {
    const out = [];
    if (!coded) return out;
    let prev = "";
    for (const line of coded.split("\n")) {
      const w = prev.slice(0, CUT.indexOf(line[0])) + line.slice(1);
      out.push(w);
      prev = w;
    }
    return out;
  }

  const B64 = new Int8Array(128).fill(-1);
  Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_").forEach((c, i) => { B64[c.charCodeAt(0)] = i; });

  /* codec.py varints, read back. */
  function varints(s) {
    const out = [];
    let n = 0, shift = 0;
    for (let i = 0; i < s.length; i++) {
      const v = B64[s.charCodeAt(i)];
      n += (v & 31) * Math.pow(2, shift);
      if (v & 32) shift += 5;
      else { out.push(n); n = 0; shift = 0; }
    }
    return out;
  }

  function bisectRight(arr, x) {
    let lo = 0, hi = arr.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (x < arr[mid]) hi = mid; else lo = mid + 1; }
    return lo;
  }

  /* The manifest and the shards read so far; `read(path)` returns a promise of a file's JSON
     (fetch in the browser, the disk in Node). */
  class Store {
    constructor(manifest, read) {
      this.manifest = manifest;
      this.read = read;
      this.dir = manifest.dir;
      this.spec = manifest.analysis;
      this.stats = manifest.stats;
      this.books = manifest.books.map((b) => ({ slug: b[0], title: b[1], first: b[2], end: b[3], latin: b[4] || 0 }));
      this.firsts = { v: manifest.vocab, r: manifest.rvocab, l: manifest.loan };
      // stems' postings as scoring reads them, decoded once for the keystrokes that follow (a
      // query typed a key at a time asks for the same stems again and again); read-only
      this.decoded = new Map();
      this.postAt = []; // per postings shard: [vocabulary shard, first index]
      const flat = varints(manifest.post);
      for (let i = 0, j = 0; i < flat.length; i += 2) { j += flat[i]; this.postAt.push([j, flat[i + 1]]); }
      this.fragFirst = [];
      let at = 0;
      for (const d of varints(manifest.frag)) { at += d; this.fragFirst.push(at); }
      this.counts = manifest.shards;
      // the postings shards of each intent word's targets (export.py; an older index: none)
      this.intentPosts = new Map();
      if (manifest.intent_posts) {
        const lists = counted(manifest.intent_posts);
        Object.keys(manifest.analysis.intents).forEach((w, i) => { this.intentPosts.set(w, lists[i]); });
      }
      this.cache = new Map();
      this.pending = new Map();
      this.fetched = []; // every shard read, in order
    }

    shards(kind, lo, hi) {
      const f = this.firsts[kind];
      const a = Math.max(0, bisectRight(f, lo) - 1);
      const out = [];
      for (let i = a; i < f.length; i++) {
        if (i > a && f[i] >= hi) break;
        out.push(i);
      }
      return out;
    }

    shardOf(kind, w) { return Math.max(0, bisectRight(this.firsts[kind], w) - 1); }

    /* [vocabulary shard, index] of a word (its vocabulary shard must be loaded), or null. */
    locate(w) {
      const j = this.shardOf("v", w);
      const v = this.get("v", j);
      let lo = 0, hi = v.words.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (v.words[mid] < w) lo = mid + 1; else hi = mid; }
      return lo < v.words.length && v.words[lo] === w ? [j, lo] : null;
    }

    postShard(at) {
      const a = this.postAt;
      let lo = 0, hi = a.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (at[0] < a[mid][0] || (at[0] === a[mid][0] && at[1] < a[mid][1])) hi = mid; else lo = mid + 1;
      }
      return Math.max(0, lo - 1);
    }

    /* A word's postings, decoded on first use (its postings shard must be loaded), or null. */
    postings(w) {
      const at = this.locate(w);
      if (at === null) return null;
      const p = this.postShard(at);
      const entry = this.get("p", p)[at[1] - this.postAt[p][1]];
      if (!entry.lists) entry.lists = entry.raw.map(varints);
      return { text: entry.lists[0], head: entry.lists[1], path: entry.lists[2], defs: entry.lists[3] };
    }
    fragOf(section) { return Math.max(0, bisectRight(this.fragFirst, section) - 1); }

    /* The shards of `keys` not read yet. */
    missing(keys) { return keys.filter(([kind, i]) => !this.cache.has(kind + i)); }

    /* Reads the shards not read yet, side by side. */
    async ensure(keys) {
      const waits = [];
      for (const [kind, i] of this.missing(keys)) {
        const id = kind + i;
        let p = this.pending.get(id);
        if (!p) {
          p = this.read(this.dir + "/" + id + ".json").then((d) => {
            this.cache.set(id, this.parse(kind, d));
            this.pending.delete(id);
            this.fetched.push(id);
          }, (err) => { this.pending.delete(id); throw err; });
          this.pending.set(id, p);
        }
        waits.push(p);
      }
      if (waits.length) await Promise.all(waits);
    }

    parse(kind, d) {
      if (kind === "v") {
        const words = decodeWords(d.w);
        const stems = [];
        let x = 0;
        for (let i = 0; i < words.length; i++) {
          const c = d.c[i];
          stems.push(c === "~" ? d.x[x++] : words[i].slice(0, words[i].length - CUT.indexOf(c)));
        }
        const df = [];
        for (const n of varints(d.df)) df.push(n === 0 && df.length ? df[df.length - 1] : n - 1);
        // a rule's books, as delta varints of one more than each (codec.py rule_books)
        for (const r of d.g) {
          if (typeof r[2] !== "string") continue; // an older index: an array
          let at = 0;
          r[2] = varints(r[2]).map((n) => (at += n) - 1);
        }
        // a rule's targets' postings shards (export.py _phrases_postings; an older index: none)
        if (d.gp) counted(d.gp).forEach((posts, r) => { Object.defineProperty(d.g[r], "posts", { value: posts }); });
        return { words: words, stems: stems, df: df, rules: d.g };
      }
      if (kind === "r") return decodeWords(d.w);
      if (kind === "p") {
        const out = [];
        for (let i = 0; i < d.t.length; i++) out.push({ raw: [d.t[i], d.h[i], d.p[i], d.d[i]], lists: null });
        return out;
      }
      if (kind === "l") {
        // store.py Loans: the books' English words, and the glossaries' no book prints (an older index: none)
        const m = new Map();
        m.glossary = new Map();
        for (let i = 0; i < d.k.length; i++) {
          m.set(d.k[i], d.w[i]);
          if (d.g && d.g[i].length) m.glossary.set(d.k[i], d.g[i]);
        }
        return m;
      }
      // fragments: each section's breadcrumbs written out again from what differs from the
      // section before (codec.crumbs_full; an older index writes them out: a list of strings)
      let before = [];
      for (const entry of d.x) {
        const c = entry[5];
        if (c.length && typeof c[0] === "number") entry[5] = before.slice(0, c[0]).concat(c.slice(1));
        before = entry[5];
      }
      return d;
    }

    get(kind, i) { return this.cache.get(kind + i); }
  }

  // ---- the vocabulary (search/vocab.py) ----------------------------------------------------------
  class Vocab {
    constructor(store, A) { this.store = store; this.A = A; this.P = A.P; }

    /* A range as it is read: the words that begin with a single letter are that letter alone
       (a whole letter of the vocabulary, none of it a form or relative of a one-letter word). */
    span(lo, hi) {
      return hi === lo + TOP && lo.length === 1 && LETTER.test(lo) ? [lo, lo + "\u0000"] : [lo, hi];
    }

    words(lo, hi) {
      [lo, hi] = this.span(lo, hi);
      const out = [];
      for (const i of this.store.shards("v", lo, hi)) {
        const v = this.store.get("v", i);
        // a shard's words are sorted (export.py): the range starts where lo would go, and ends
        // at the first word past hi; a keystroke reads many ranges of a library's vocabulary
        const words = v.words;
        let a = 0, b = words.length;
        while (a < b) { const mid = (a + b) >> 1; if (words[mid] < lo) a = mid + 1; else b = mid; }
        for (let j = a; j < words.length; j++) {
          const w = words[j];
          if (w >= hi) break;
          out.push([w, v.stems[j], v.df[j]]);
        }
      }
      return out;
    }

    /* The start of the range of a stem's relatives: those it extends or that extend it, and its
       kindred, which share its first kindred_prefix letters however long it is. */
    lower(st) {
      const P = this.P;
      if (st.length >= P.stem_prefix_min && LETTER.test(st)) {
        const n = Math.min(st.length - P.stem_prefix_extra, P.kindred_prefix);
        return st.slice(0, Math.max(P.stem_prefix_min, n));
      }
      return st;
    }

    wordRanges(w) {
      const st = this.A.stem(w);
      const lo = this.lower(st);
      const out = [[w, w + TOP], [lo, lo + TOP], [st, st + TOP]];
      for (const v of this.A.fleetingVariants(st)) out.push([v, v + TOP]);
      for (const v of this.A.nominalRelatives(st)) out.push([v, v + TOP]);
      const digit = this.A.numbers.get(w);
      for (const n of (digit ? [digit] : []).concat(this.A.numberWords.get(w) || [])) out.push([n, n + TOP]);
      return out;
    }

    /* The library's words of stem st: those that begin with it, and, where st is the stem of w
       but does not begin it (saving -> save, 2к6 -> к6), those that begin with w. */
    forms(w, st) {
      const out = this.words(st, st + TOP).filter((x) => x[1] === st).map((x) => x[0]);
      if (this.A.stem(w) === st && !w.startsWith(st)) {
        for (const [u, ust] of this.words(w, w + TOP)) if (ust === st && !out.includes(u)) out.push(u);
      }
      return out;
    }

    need(ranges, kind) {
      kind = kind || "v";
      const keys = [], seen = new Set();
      for (const range of ranges) {
        const [lo, hi] = kind === "v" ? this.span(range[0], range[1]) : range;
        for (const i of this.store.shards(kind, lo, hi)) {
          if (!seen.has(i)) { seen.add(i); keys.push([kind, i]); }
        }
      }
      return keys;
    }

    rulesAt(st) { return this.store.get("v", this.store.shardOf("v", st)).rules; }

    ruleKey(src) { return this.A.surfaces(src).map((w) => this.A.stem(w)); }

    rulesIn(lo, hi) {
      [lo, hi] = this.span(lo, hi);
      const out = [];
      for (const i of this.store.shards("v", lo, hi)) {
        for (const r of this.store.get("v", i).rules) {
          const k = this.ruleKey(r[0]);
          const first = k.length ? k[0] : "";
          if (lo <= first && first < hi) out.push(r);
        }
      }
      return out;
    }

    common(a, b) {
      let n = 0;
      while (n < Math.min(a.length, b.length) && a[n] === b[n]) n++;
      return n;
    }

    family(a, b) {
      if (a === b) return true;
      if (Math.min(a.length, b.length) < 4 || Math.abs(a.length - b.length) > 3) return false;
      if (a.startsWith(b) || b.startsWith(a)) return true;
      const n = this.common(a, b);
      return n >= 4 && a.length === b.length && a.length - n <= 2;
    }

    kindred(a, b) {
      const n = this.common(a, b);
      return n >= this.P.kindred_prefix && Math.min(a.length, b.length) - n <= this.P.kindred_rest;
    }

    /* vocab.py stem_kin: the words of the range of the stem's relatives, but for the forms of stop
       and question words where w is Russian (Snowball cuts «нужой» to «нуж», of «нужен»). */
    stemKin(w, st) {
      const lo = this.lower(st);
      const russian = this.A.script([w]) === "cyrillic";
      return this.words(lo, lo + TOP).filter((x) => x[0] === w || !(russian && this.A.isOptional(x[0])));
    }

    known(w, isPrefix) {
      if (this.A.isOptional(w)) return true;
      const st = this.A.stem(w);
      const byStem = st.length > 1 || st === w; // vocab.py: a one-letter stem is no sign of a form
      const russian = this.A.script([w]) === "cyrillic";
      for (const [word, wst] of this.stemKin(w, st)) if (word === w || (byStem && wst === st)) return true;
      if (this.words(w, w + TOP).some((x) => x[0] === w)) return true; // a stem that does not begin it
      if (isPrefix && w.length >= this.P.min_prefix && this.words(w, w + TOP).length) return true;
      // a rule of several words names its Russian first word as printed («нат 20»: not «натися»)
      return this.rulesAt(st).some((r) => {
        const k = this.ruleKey(r[0]);
        return k[0] === st && ((byStem && (k.length === 1 || !russian)) || this.A.surfaces(r[0])[0] === w);
      });
    }

    stemDf(words) {
      const out = new Map();
      for (const w of words) {
        const v = this.store.get("v", this.store.shardOf("v", w));
        if (!v) continue; // not loaded yet: the caller loads it and asks again
        let lo = 0, hi = v.words.length;
        while (lo < hi) { const mid = (lo + hi) >> 1; if (v.words[mid] < w) lo = mid + 1; else hi = mid; }
        if (lo < v.words.length && v.words[lo] === w) out.set(w, [v.stems[lo], v.df[lo]]);
      }
      return out;
    }
  }

  /* Plan.suggest (plan.py): the query as read with its fixes, but for the corrections in `unused`. */
  function suggest(plan, unused) {
    const fixes = new Map();
    for (const [w, c] of plan.fixes) if (!unused.has(w)) fixes.set(w, c);
    return plan.changed || fixes.size ? plan.shown.map((w) => (fixes.has(w) ? fixes.get(w) : w)).join(" ") : null;
  }

  /* Plan.corrections (plan.py): the slots whose typo correction the suggestion shows, searched
     or only offered; not a word split in two. */
  function corrections(plan) {
    const out = [];
    for (const g of plan.groups) {
      for (const a of g.alts) for (const sl of a.slots) if (sl.correction && plan.fixes.get(sl.word) === sl.correction) out.push(sl);
    }
    return out;
  }

  /* export.py _counted: sorted lists of integers, each as its length and its delta-coded items. */
  function counted(s) {
    const flat = varints(s), out = [];
    for (let i = 0; i < flat.length;) {
      const list = [];
      for (let n = flat[i++], at = 0; n > 0; n--) list.push((at += flat[i++]));
      out.push(list);
    }
    return out;
  }

  function uniqWords(words) { return Array.from(new Set(words)); }

  function uniq(keys) {
    const seen = new Set(), out = [];
    for (const k of keys) { const id = k[0] + k[1]; if (!seen.has(id)) { seen.add(id); out.push(k); } }
    return out;
  }

  /* The postings shards of the surface forms a plan's slots have found so far. */
  function postingsOf(store, plan) {
    const keys = [];
    for (const g of plan.groups) for (const a of g.alts) for (const sl of a.slots) {
      for (const us of sl.surfaces.values()) for (const u of us) {
        const at = store.locate(u);
        if (at !== null) keys.push(["p", store.postShard(at)]);
      }
    }
    return uniq(keys);
  }

  // ---- plans (search/plan.py; built by search/planner.py with query, distance, typos, reading, expand, grouping) ---
  function osa(a, b, k, prefix) {
    const la = a.length, lb = b.length;
    if (!prefix && Math.abs(la - lb) > k) return k + 1;
    if (prefix && lb < la - k) return k + 1;
    let prev2 = [];
    let prev = [];
    for (let j = 0; j <= lb; j++) prev.push(j);
    for (let i = 1; i <= la; i++) {
      const cur = [i];
      for (let j = 1; j <= lb; j++) cur.push(0);
      let lo = k + 1;
      for (let j = 1; j <= lb; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur[j] = v;
        if (v < lo) lo = v;
      }
      if (cur[0] < lo) lo = cur[0];
      if (lo > k) return k + 1;
      prev2 = prev;
      prev = cur;
    }
    const d = prefix ? Math.min.apply(null, prev) : prev[lb];
    return d <= k ? d : k + 1;
  }

  /* distance.py's _slip_pairs: "xy" for each letter pair one of which is a slip for the other. */
  function slipPairs(spec) {
    const out = new Set();
    if (!spec) return out; // an older index has none
    for (const rows of spec.rows) {
      rows.forEach((row, r) => {
        for (let c = 0; c < row.length; c++) {
          const near = c + 1 < row.length ? [row[c + 1]] : [];
          if (r + 1 < rows.length) for (const j of [c - 1, c]) if (j >= 0 && j < rows[r + 1].length) near.push(rows[r + 1][j]);
          for (const y of near) { out.add(row[c] + y); out.add(y + row[c]); }
        }
      });
    }
    for (const [x, y] of spec.alike) { out.add(x + y); out.add(y + x); }
    return out;
  }

  /* distance.py's slip_distance: the edits from typed a to b, a slip costing slip and any other 1. */
  /* distance.py one_slip: one edit that is a slip of typing. */
  /* planner.py Planner.small_words: a typo of a small word is that word, left out as it is
     (the query keeps it where it is all the query has); word -> its word. */
  function smallWords(plan, small) {
    const out = new Map();
    for (const s of small) {
      const gi = plan.groups.findIndex((g) => g.role === "content" && g.alts.length === 1 &&
        g.alts[0].slots.length === 1 && g.alts[0].slots[0] === s);
      if (gi < 0) continue;
      if (plan.groups.filter((x) => x.role === "content").length > 1) {
        plan.groups.splice(gi, 1);
        out.set(s.word, s.correction || s.word);
      }
    }
    return out;
  }

  /* reading.py _joinable: two words that may be the halves of one (letters both). */
  function joinable(a, b) { return a.length > 0 && b.length > 0 && Array.from(a + b).every((c) => LETTER.test(c)); }

  function oneSlip(d, wd, P) { return d === 1 && wd <= P.slip_cost + 1e-9; }

  function slipDistance(a, b, prefix, slips, slip) {
    const la = a.length, lb = b.length;
    const extra = (i) => {
      for (const j of [i - 1, i + 1]) if (j >= 0 && j < la && (a[j] === a[i] || slips.has(a[j] + a[i]))) return slip;
      return 1.0;
    };
    let prev2 = [];
    let prev = [];
    for (let j = 0; j <= lb; j++) prev.push(j * slip);
    for (let i = 1; i <= la; i++) {
      const ex = extra(i - 1);
      const cur = [prev[0] + ex];
      for (let j = 1; j <= lb; j++) {
        const x = a[i - 1], y = b[j - 1];
        const sub = x === y ? 0.0 : slips.has(x + y) ? slip : 1.0;
        let v = Math.min(prev[j] + ex, cur[j - 1] + slip, prev[j - 1] + sub);
        if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) v = Math.min(v, prev2[j - 2] + slip);
        cur.push(v);
      }
      prev2 = prev;
      prev = cur;
    }
    return prefix ? Math.min.apply(null, prev) : prev[lb];
  }

  /* engine._holds: the first result holds the slot's stem (the word being typed: a word it
     begins). */
  function holds(held, sl, stem) {
    return held.set.has(stem) || (sl.prefix && held.list.some((h) => h.startsWith(stem)));
  }

  function letterCount(raw) {
    let letters = 0;
    for (const c of raw) if (/\p{L}/u.test(c)) letters++;
    return letters;
  }

  /* expand._as_abbreviation: an abbreviation in capitals («ОП») is its letters and their case
     endings, not every word its letters are the stem of (Snowball: опыт -> оп). */
  function asAbbreviation(A, w, forms) {
    const mine = forms.filter((u) => u === w || A.abbreviationBases(u).includes(w));
    if (mine.length) forms.splice(0, forms.length, ...mine);
  }

  function isUpperWord(raw) {
    return letterCount(raw) >= 2 && raw === raw.toUpperCase() && raw !== raw.toLowerCase();
  }

  /* reading.py _shouted: the whole query in capitals, a word of it longer than an abbreviation is
     (caps lock on); an index written before `abbreviation_max` has no such query. */
  function isShouted(A, P, chunks) {
    const raws = [];
    for (const c of chunks) A.scan(c, (raw) => { if (letterCount(raw)) raws.push(raw); });
    return raws.length > 0 && raws.every(isUpperWord) && raws.some((r) => letterCount(r) > P.abbreviation_max);
  }

  /* planner.py latin_main: most of the words searched are Latin: the book being read's, or the
     books the search is limited to, or else the library's (an older index has no count). */
  function latinMain(store, scope, prefer) {
    const books = store.books;
    if (prefer >= 0 && prefer < books.length && books[prefer].latin) return true;
    if (scope.length < books.length) return 2 * scope.reduce((n, i) => n + books[i].latin, 0) > scope.length;
    return 2 * (store.stats.latin_words || 0) > (store.stats.words || 0);
  }

  class Planner {
    constructor(store, A, parsed, relaxed, latin) {
      this.store = store;
      this.A = A;
      this.P = A.P;
      this.V = new Vocab(store, A);
      this.parsed = parsed;
      this.typed = this.typedTokens();
      this.relaxed = relaxed;
      this.latin = latin;
      this.unknown = [];
      this.phrases = [];
      this.hinted = new Set(); // the postings shards of the rules met (read with round 2)
      this.slangFixes = new Map();
      this.typoCache = new Map(); // typos.py Typos.find: typos once per query
      this.shouted = isShouted(A, this.P, parsed.chunks);
    }

    // round 1: the words as typed; then, only for a chunk the library does not know that way,
    // the chunk in the other keyboard layout (a query typed right reads no Latin shard)
    firstNeeds() {
      const A = this.A;
      const words = [], small = []; // small: a stop or question word not written in capitals (ОБ is a term)
      const declined = []; // written as a declined abbreviation («НПСов»)
      for (const chunk of this.parsed.chunks) {
        const toks = A.surfaces(chunk), up = this.upperWords(chunk), de = this.declinedWords(chunk);
        toks.forEach((t, i) => { words.push(t); small.push(A.isOptional(t) && !up[i]); declined.push(de[i]); });
      }
      const onlySmall = small.every((x) => x);
      let ranges = [];
      for (const [i, t] of words.entries()) {
        if (small[i] && !onlySmall) {
          const st = A.stem(t);
          ranges.push([st, st]);
        } else {
          ranges = ranges.concat(this.V.wordRanges(t));
          for (const b of A.verbBases(A.stem(t))) ranges.push([b, b + TOP]);
          if (t.includes("э")) ranges = ranges.concat(this.V.wordRanges(A.plainE(t)));
          if (declined[i]) for (const b of A.abbreviationBases(t)) ranges = ranges.concat(this.V.wordRanges(b));
        }
      }
      for (const chunk of this.parsed.chunks) {
        const num = A.sectionNumber(chunk);
        if (num !== null) ranges = ranges.concat(this.V.wordRanges(num));
      }
      return this.V.need(ranges);
    }

    swapNeeds() {
      let ranges = [];
      this.parsed.chunks.forEach((chunk, ci) => {
        if (this.allKnown(ci, this.A.surfaces(chunk))) return;
        const swapped = this.A.layoutSwap(chunk);
        const others = (swapped !== null ? [swapped] : []).concat(this.latinReadings(chunk));
        for (const o of others) for (const t of this.A.surfaces(o)) ranges = ranges.concat(this.V.wordRanges(t));
      });
      // reading.py Reader.swap_needs: a word split by a space or a hyphen, its halves joined
      const toks = this.typed;
      for (let i = 0; i + 1 < toks.length; i++) {
        const [a, pa] = toks[i], [b, pb] = toks[i + 1];
        if (joinable(a, b) && !(this.asTyped(a, pa) && this.asTyped(b, pb))) ranges = ranges.concat(this.V.wordRanges(a + b));
      }
      return this.V.need(ranges);
    }

    /* query.py typed_tokens: the query's words as typed, each with whether it is being typed. */
    typedTokens() {
      const chunks = this.parsed.chunks, out = [];
      chunks.forEach((chunk, ci) => {
        const toks = this.A.surfaces(chunk);
        const last = this.parsed.prefix && ci === chunks.length - 1;
        toks.forEach((t, ti) => out.push([t, last && ti === toks.length - 1]));
      });
      return out;
    }

    /* reading.py Reader._as_typed: `prints`, or a small word (its vocabulary is not read; it is a word). */
    asTyped(t, isPrefix) { return this.A.isOptional(t) || this.prints(t, isPrefix); }

    /* reading.py prints: a book prints the word itself (the word being typed: one begins so). */
    /* reading.py Reader._latin_readings: Russian typed in Latin letters, unless the words searched are Latin. */
    latinReadings(chunk) { return this.latin ? [] : this.A.latinReadings(chunk); }

    prints(t, isPrefix = false) { return this.V.words(t, t + TOP).some(([u]) => u === t || isPrefix); }

    /* reading.py Reader._gap_join: the word the books print that the space took one letter of, from the
       words that begin as the first half does; the most frequent. */
    gapJoin(a, b, isPrefix) {
      // an index written before gap_join_min leaves it off
      if (!(a.length >= this.P.gap_join_min) || b.length < 2 || this.A.isOptional(a)) return null;
      const n = a.length + 1 + b.length;
      let best = null;
      for (const [u, , df] of this.V.words(a, a + TOP)) {
        const tail = u.slice(a.length + 1);
        if ((isPrefix ? tail.startsWith(b) : u.length === n && tail === b) && (best === null || df > best[0])) best = [df, u];
      }
      return best ? best[1] : null;
    }

    /* reading.py Reader._join_split: two neighbouring words the books do not both print, whose joining
       they do, are one word split by a space or a hyphen, or one whose letter the space took.
       Whether any was joined. */
    joinSplit(out, shown) {
      const typed = this.typed;
      const pairs = new Set();
      for (let i = 0; i + 1 < typed.length; i++) pairs.add(typed[i][0] + "\u0000" + typed[i + 1][0]);
      let joined = false;
      for (let i = 0; i + 1 < out.length; i++) {
        const a = out[i], b = out[i + 1];
        let j = null;
        if (pairs.has(a.surface + "\u0000" + b.surface) && joinable(a.surface, b.surface) &&
            !(this.asTyped(a.surface, a.prefix) && this.asTyped(b.surface, b.prefix))) {
          const whole = a.surface + b.surface;
          j = this.asTyped(whole, b.prefix) ? whole : this.gapJoin(a.surface, b.surface, b.prefix);
        }
        if (j) {
          out.splice(i, 2, { surface: j, prefix: b.prefix, role: this.role(j, false) });
          for (let k = 0; k + 1 < shown.length; k++) {
            if (shown[k] === a.surface && shown[k + 1] === b.surface) { shown.splice(k, 2, j); break; }
          }
          joined = true;
        }
      }
      return joined;
    }

    allKnown(ci, toks, whole = false) {
      const last = this.parsed.prefix && ci === this.parsed.chunks.length - 1 && !whole;
      return toks.length > 0 && toks.every((t, ti) => this.spelt(t, last && ti === toks.length - 1) !== null);
    }

    /* reading.py Reader._spelt: the word as typed, or with its «э» written «е», as the library knows it. */
    spelt(t, isPrefix) {
      if (this.V.known(t, isPrefix)) return t;
      const e = this.A.plainE(t);
      return e !== t && this.V.known(e, isPrefix) ? e : null;
    }

    /* reading.py Reader._declined: the abbreviation a word written as a declined one declines (НПСов). */
    declined(t) { return this.A.abbreviationBases(t).find((b) => this.asIs(b)) ?? null; }

    /* reading.py Reader._as_is: the library has the word itself, printed or as a glossary's word. */
    asIs(w) {
      const A = this.A;
      if (this.prints(w)) return true;
      return this.V.rulesAt(A.stem(w)).some((r) => { const s = A.surfaces(r[0]); return s.length === 1 && s[0] === w; });
    }

    role(w, upper) {
      if (upper) return "content";
      if (this.A.intents.has(w)) return "intent";
      if (this.A.question.has(w)) return "question";
      if (this.A.stop.has(w)) return "stop";
      return "content";
    }

    /* reading.py _per_word: per word of the chunk, `test` of its raw form. */
    perWord(chunk, test) {
      const out = [];
      this.A.scan(chunk, (raw) => {
        const v = test(raw);
        for (let i = 0; i < this.A.normalizeWord(raw).length; i++) out.push(v);
      });
      return out;
    }

    /* reading.py _declined_words: per word, written as a declined abbreviation («НПСов»). */
    declinedWords(chunk) {
      const c = this.A.spec.abbreviation_cases;
      const written = c ? new RegExp(c.written, "u") : null;
      return this.perWord(chunk, (raw) => written !== null && written.test(raw));
    }

    upperWords(chunk) { return this.perWord(chunk, (raw) => !this.shouted && isUpperWord(raw)); }

    /* grouping.py _as_typed_first: where a rule on one word is the word as typed, a short
       abbreviation that only its stem matches is dropped («аоо» is AoO, not also «ао»). */
    asTypedFirst(w, rules) {
      const same = (s) => s.length === 1 && s[0] === w;
      if (!rules.some((r) => same(this.A.surfaces(r[0])))) return rules;
      const short = this.P.short_rule_max || 0;
      return rules.filter((r) => {
        const s = this.A.surfaces(r[0]);
        return !(s.length === 1 && s[0] !== w && s[0].length <= short && s[0].length < w.length);
      });
    }

    words() {
      const parsed = this.parsed;
      const n = parsed.chunks.length;
      const choices = parsed.chunks.map((chunk, ci) => {
        const last = parsed.prefix && ci === n - 1;
        const typed = this.A.surfaces(chunk);
        const declined = this.declinedWords(chunk);
        const toks = typed.map((t, ti) => this.spelt(t, last && ti === typed.length - 1) || (declined[ti] && this.declined(t)) || t);
        const swapped = this.A.layoutSwap(chunk);
        const stoks = swapped !== null ? this.A.surfaces(swapped) : null;
        const known = this.allKnown(ci, toks);
        // reading.py Reader.words: the other layout's words say it was typed there when they mean something
        const sknown = !known && stoks !== null && stoks.length > 0 && this.allKnown(ci, stoks) && stoks.some((t) => t.length > 1 && !this.A.isOptional(t));
        // reading.py Reader.words: Russian typed in Latin letters, the first reading the library knows
        const readings = known || sknown ? [] : this.latinReadings(chunk).map((r) => this.A.surfaces(r));
        // reading.py Reader.words: a reading of whole words before one the words being typed only begin
        let ltoks = readings.find((r) => r.length > 0 && this.allKnown(ci, r, true)) || readings.find((r) => r.length > 0 && this.allKnown(ci, r)) || null;
        const lr = this.A.spec.latin_reading;
        const lsure = ltoks !== null && ltoks.some((t) => t.length >= lr.min_letters && !this.A.isOptional(t));
        if (ltoks === null && readings.length && readings[0].length) ltoks = readings[0];
        return [toks, stoks, known, sknown, ltoks, lsure];
      });
      const swapAll = choices.some((c) => !c[2] && c[3]);
      const latinAll = choices.some((c) => c[5]);
      const out = [], shown = [];
      let changed = false;
      choices.forEach(([toks0, stoks, known, sknown, ltoks, lsure], ci) => {
        let use = stoks !== null && !known && (sknown || (swapAll && stoks.length > 0));
        let toks = use ? stoks : toks0;
        if (!use && ltoks !== null && (lsure || (latinAll && !known))) {
          use = true;
          toks = ltoks;
        }
        if (use) changed = true;
        const last = ci === n - 1;
        const ps = toks.map((_, ti) => parsed.prefix && last && ti === toks.length - 1);
        const upper = use ? toks.map(() => false) : this.upperWords(parsed.chunks[ci]);
        toks.forEach((t, i) => out.push({ surface: t, prefix: ps[i], role: this.role(t, upper[i]), upper: upper[i] }));
        for (const t of toks) shown.push(t);
        // «2.2»: also the section of that number (reading.py Reader.words)
        const num = this.A.sectionNumber(parsed.chunks[ci]);
        if (num !== null) out.push({ surface: num, prefix: false, role: "content" });
      });
      if (this.joinSplit(out, shown)) changed = true;
      return { words: out, shown: shown, changed: changed };
    }

    /* A book prints the word, or another form of it: a word of its stem (three letters or more)
       that begins with that stem. */
    printed(w) {
      if (this.V.stemDf([w.surface]).size) return true;
      const st = this.A.stem(w.surface);
      if (w.role !== "content" || st.length < 3) return false;
      return this.V.words(st, st + TOP).some(([u, ust]) => ust === st && u.startsWith(st));
    }

    plan(read) {
      const A = this.A, P = this.P;
      const { words, shown, changed } = read;
      const define = words.some((w) => A.define.has(w.surface)) && words.some((w) => w.role === "content");
      if (!words.some((w) => w.role === "content")) for (const w of words) w.role = "content";
      const groups = [];
      const unknown = words.map((w) => !this.V.known(w.surface, w.prefix));
      let i = 0;
      while (i < words.length) {
        const st = A.stem(words[i].surface);
        let best = 0;
        let matches = [];
        const lo = this.V.lower(st);
        let rules = unknown[i] ? this.V.rulesIn(lo, lo + TOP) : this.V.rulesAt(st);
        // a slang verb: its noun's rules too (бафнуть, баф)
        if (unknown[i]) {
          for (const b of A.verbBases(st)) rules = rules.concat(this.V.rulesIn(b, b + TOP));
          rules = [...new Set(rules)];
        }
        for (const rule of rules) {
          const key = this.V.ruleKey(rule[0]);
          const n = key.length;
          let ok = i + n <= words.length;
          // a rule of the books' own words (rule[3]): a word near them is a typo, not slang
          for (let j = 0; ok && j < n; j++) ok = this.matches(words[i + j].surface, rule[0], j, key[j], unknown[i + j] && !rule[3]);
          if (ok) {
            if (n > best) { best = n; matches = [rule]; }
            else if (n === best) matches.push(rule);
          }
        }
        if (best === 1) matches = this.asTypedFirst(words[i].surface, matches);
        if (best) {
          const span = words.slice(i, i + best);
          // a rule on one small word (ОБ): the word as a glossary target, read in round 2
          const lit = span.filter((w) => w.role === "content" || best === 1).map((w) => (w.role === "content" ? this.expand(w) : this.phraseSlot(w.surface)));
          // a slang word that no book prints reaches, as typed, only words sharing its stem
          const coined = best === 1 && !this.printed(span[0]);
          const alts = [{ slots: lit, weight: coined ? P.w_slang_literal : 1.0, books: [], literal: !coined }];
          // grouping.py group_words: a glossary's word as typed reaches a heading's initials only so
          if (best === 1 && lit.length && matches.some((r) => { const s = A.surfaces(r[0]); return s.length === 1 && s[0] === span[0].surface; })) lit[0].glossed = true;
          // a word a glossary explains is no typo: its slot as typed is not corrected (grouping.py group_words)
          this.unknown = this.unknown.filter((sl) => !lit.includes(sl));
          const targets = new Map();
          for (const rule of matches) {
            if (rule.posts) for (const i of rule.posts) this.hinted.add(i);
            for (const d of rule[1]) {
              if (!targets.has(d)) targets.set(d, new Set());
              for (const bi of rule[2]) targets.get(d).add(bi);
            }
          }
          for (const [d, held] of targets) {
            let slots = A.surfaces(d).filter((t) => !A.isOptional(t)).map((t) => this.phraseSlot(t));
            if (!slots.length) slots = A.surfaces(d).map((t) => this.phraseSlot(t));
            const books = held.has(-1) ? [] : Array.from(held).sort((x, y) => x - y);
            if (slots.length) alts.push({ slots: slots, weight: P.w_synonym, books: books, literal: false });
          }
          const role = best === 1 && (span[0].role === "stop" || span[0].role === "question") ? "optional" : "content";
          groups.push({ words: span.map((w) => w.surface), alts: alts, role: role, idf: 0 });
          i += best;
          continue;
        }
        const w = words[i];
        i += 1;
        if (w.role === "stop" || w.role === "question") continue;
        if (w.role === "intent") {
          for (const i of this.store.intentPosts.get(w.surface) || []) this.hinted.add(i);
          const targets2 = [w.surface].concat(A.intents.get(w.surface));
          groups.push({ words: [w.surface], alts: targets2.map((t) => ({ slots: [this.phraseSlot(t)], weight: 1.0, books: [], literal: true })), role: "intent", idf: 0 });
          continue;
        }
        groups.push({ words: [w.surface], alts: [{ slots: [this.expand(w)], weight: 1.0, books: [], literal: true }], role: "content", idf: 0 });
      }
      return { groups: groups, shown: shown, changed: changed, define: define, suggestion: null, fixes: new Map() };
    }

    // query word w is word j of glossary rule src (key: its stem); a stop word must be the
    // rule's word itself: «а» is not «аое» (AoE), though Snowball stems both to «а»
    matches(w, src, j, key, unknown) {
      const st = this.A.stem(w);
      if (this.A.isOptional(w)) return this.A.surfaces(src)[j] === w;
      if (st === key) return true;
      return unknown && (this.V.family(st, key) || this.A.verbBases(st).some((b) => b === key || this.V.family(b, key)));
    }

    slot(word, stems, whole, surfaces, prefix) {
      return { word: word, stems: stems, whole: whole, surfaces: surfaces, correction: null, slip: false, fixes: new Map(), pending: [], prefix: prefix, wider: [] };
    }

    expand(word) {
      const A = this.A, P = this.P, V = this.V;
      const w = word.surface;
      const st = A.stem(w);
      const stems = new Map(), surf = new Map();
      const add = (s, u) => { if (!surf.has(s)) surf.set(s, []); surf.get(s).push(u); };
      const extra = P.stem_prefix_extra;
      const relatives = st.length >= P.stem_prefix_min && LETTER.test(st);
      const family = V.stemKin(w, st); // a Russian word's: no stop or question word's forms
      const kin = family.some((x) => x[1] === st);
      // expand.py Expander.expand: an abbreviation the library has, typed in capitals, is whole («УЗ», not «узкие»)
      const isPrefix = word.prefix && !(word.upper && family.some((x) => x[0] === w));
      for (const [u, ust] of family) {
        let wt = 0.0;
        if (ust === st) wt = P.w_exact;
        else if (relatives && ((ust.startsWith(st) && ust.length - st.length > 0 && ust.length - st.length <= extra)
          || (st.startsWith(ust) && ust.length >= P.stem_prefix_min && st.length - ust.length <= extra)
          || (kin && V.kindred(st, ust)))) wt = P.w_stem_prefix;
        if (wt) { stems.set(ust, Math.max(stems.get(ust) || 0.0, wt)); add(ust, u); }
      }
      for (const [u, ust] of V.words(w, w + TOP)) {
        if (ust === w && ust !== st) { stems.set(w, Math.max(stems.get(w) || 0.0, P.w_exact)); add(w, u); }
        else if (ust === st && !(surf.get(st) || []).includes(u)) { stems.set(st, Math.max(stems.get(st) || 0.0, P.w_exact)); add(st, u); }
      }
      for (const [u, ust] of V.words(st, st + TOP)) {
        if (u === st && ust !== st) { if (!stems.has(st)) stems.set(st, P.w_exact); add(st, u); }
      }
      // expand.py Expander.expand: a fleeting vowel joins forms of a word the library has; for one it lacks, a guess
      const fleeting = kin ? P.w_stem : P.w_stem_prefix;
      for (const v of A.fleetingVariants(st)) {
        for (const [u, ust] of V.words(v, v + TOP)) {
          if (ust === v && v !== st) { stems.set(v, Math.max(stems.get(v) || 0.0, fleeting)); add(v, u); }
        }
      }
      for (const v of A.nominalRelatives(st)) { // «ранить» finds «ранение», and the reverse
        for (const [u, ust] of V.words(v, v + TOP)) {
          if (ust === v) { stems.set(v, Math.max(stems.get(v) || 0.0, P.w_stem_prefix)); add(v, u); }
        }
      }
      const digit = A.numbers.get(w);
      // «трёх раундов» finds «3 раунда», and «3 раунда» finds «трёх раундов»
      for (const number of (digit ? [digit] : []).concat(A.numberWords.get(w) || [])) {
        for (const [u, ust] of V.words(number, number + TOP)) {
          if (u === number) { stems.set(ust, Math.max(stems.get(ust) || 0.0, P.w_number)); add(ust, u); }
        }
      }
      if (word.upper && surf.has(st)) asAbbreviation(A, w, surf.get(st));
      const whole = new Set(stems.keys());
      let completions = 0;
      // a word the library lacks that begins words of it, typed whole: players clip long terms
      // (иниц, модиф, сопротив); its completions stand for it, and it is no typo's business
      const clipped = !isPrefix && !kin && w.length >= P.clip_min && LETTER.test(w) && !V.known(w, false);
      if ((isPrefix || clipped) && w.length >= P.min_prefix) {
        const bestLen = new Map(), dfOf = new Map();
        let order = [];
        for (const [u, ust, df] of V.words(w, w + TOP)) {
          if (ust === st) continue;
          if (!bestLen.has(ust)) { order.push(ust); bestLen.set(ust, u.length); dfOf.set(ust, df); }
          else if (u.length < bestLen.get(ust)) bestLen.set(ust, u.length);
          add(ust, u);
        }
        const cap = w.length > 3 ? P.max_prefix_terms : P.prefix_terms_short;
        if (order.length > cap) {
          order.sort((a, b) => dfOf.get(b) - dfOf.get(a) || cmp(a, b));
          order = order.slice(0, cap);
        }
        for (const ust of order) {
          const wt = P.w_prefix * (0.5 + 0.5 * w.length / bestLen.get(ust));
          if (wt > (stems.get(ust) || 0.0)) stems.set(ust, wt);
        }
        completions = order.length;
      }
      const surfaces = new Map();
      for (const s of stems.keys()) surfaces.set(s, surf.get(s));
      const slot = this.slot(w, stems, whole, surfaces, isPrefix);
      // a word the library lacks is a typo's business, even where a shorter relative matched
      const onlyRelatives = Array.from(stems.values()).every((v) => v <= P.w_stem_prefix);
      if (onlyRelatives && completions === 0 && LETTER.test(w) && !V.known(w, isPrefix)) this.unknown.push(slot);
      return slot;
    }

    phraseSlot(w) {
      const st = this.A.stem(w);
      const stems = new Map([[st, 1.0]]);
      for (const v of this.A.fleetingVariants(st)) if (!stems.has(v)) stems.set(v, this.P.w_stem);
      const slot = this.slot(w, stems, new Set(stems.keys()), new Map(), false);
      slot.pending = Array.from(stems.keys());
      this.phrases.push(slot);
      return slot;
    }

    /* typos.py typo_budget_of: a short English word is corrected in a Russian library only
       where the query found nothing as typed (foundNothing), and by one edit. */
    typoBudgetOf(w, relaxed, foundNothing) {
      const k = relaxed ? (w.length >= this.P.typo1_from ? 2 : w.length >= 3 ? 1 : 0) : this.typoBudget(w.length);
      if (!this.latin && w.length < this.P.typo_latin_from && this.A.allIn(w, this.A.lat)) return foundNothing ? Math.min(1, k) : 0;
      return k;
    }

    typoBudget(n) {
      const P = this.P;
      if (this.relaxed) return n >= P.typo1_from ? 2 : n >= 3 ? 1 : 0;
      return n >= P.typo2_from ? 2 : n >= P.typo1_from ? 1 : 0;
    }

    /* typos.typo_ranges: the first two letters as typed, and (four letters or more) the
       second typed one place late («пресонажа»: «персонажа»); the last letters. */
    typoRanges(w, isPrefix, k) {
      const fwd = [[w.slice(0, 2), w.slice(0, 2) + TOP]];
      if (w.length >= 4 && w[1] !== w[2]) fwd.push([w[0] + w[2], w[0] + w[2] + TOP]);
      const n = w.length;
      const r = Array.from(w).reverse().join("").slice(0, Math.min(n - 1, Math.max(2, n - 1 - 2 * k)));
      return [fwd, [[r, r + TOP]]];
    }

    isCyrillic(w) { return this.A.allIn(w, this.A.cyr); }

    /* The plan of the query, or null once `stale()` says the reader has typed on: checked after
       each round of reads, so that a query typed over does not plan on (and read again) while
       the next one waits for the main thread. */
    async run(stale) {
      const A = this.A, P = this.P, V = this.V, store = this.store;
      const gone = () => !!stale && stale();
      await store.ensure(this.firstNeeds());
      if (gone()) return null;
      const swaps = this.swapNeeds();
      if (swaps.length) await store.ensure(swaps);
      if (gone()) return null;
      const read = this.words();
      if (!read.words.some((w) => w.role === "content")) {
        let all = [];
        for (const w of read.words) all = all.concat(V.wordRanges(w.surface));
        await store.ensure(V.need(all));
        if (gone()) return null;
      }
      let plan = this.plan(read);
      let [budgets, needs] = this.expansionNeeds();
      needs = store.missing(needs);
      // the words found already have their postings read while the rules' and the typos' words
      // are looked up: one wait fewer before the first result (the scorer takes the same reads)
      const looked = store.ensure(needs);
      if (needs.length) {
        const hinted = Array.from(this.hinted, (i) => ["p", i]);
        store.ensure(uniq(postingsOf(store, plan).concat(hinted))).catch(() => {});
      }
      await looked;
      if (gone()) return null;
      const slang = await this.slangTypos(budgets);
      if (slang.size) {
        // planner.py Planner.run: a misspelt glossary word is that word, the query read again with it
        // (a loan's English word: its rule's shard read first)
        let ranges = [];
        for (const u of slang.values()) ranges = ranges.concat(this.V.wordRanges(u));
        await store.ensure(this.V.need(ranges));
        if (gone()) return null;
        const words = read.words.map((w) => Object.assign({}, w, { surface: slang.get(w.surface) || w.surface }));
        this.unknown = [];
        this.phrases = [];
        plan = this.plan({ words: words, shown: read.shown, changed: read.changed });
        [budgets, needs] = this.expansionNeeds();
        await store.ensure(needs);
        if (gone()) return null;
      }
      const later = [];
      const small = []; // typos of small words («сколко»: «сколько»)
      for (const s of this.unknown) {
        const k = budgets.get(s);
        const cands = k ? await this.typos(s.word, s.prefix, k) : [];
        const taken = new Map();
        const add = (st, u) => { if (!s.surfaces.has(st)) s.surfaces.set(st, []); s.surfaces.get(st).push(u); };
        for (const [d, , st, u] of cands) {
          if (taken.has(st)) continue;
          if (taken.size >= P.max_typo_terms) break;
          s.fixes.set(st, u);
          const wt = d <= 1 ? P.w_typo1 : P.w_typo2;
          taken.set(st, d === Math.floor(d) ? wt : wt * P.w_typo_prefix);
          add(st, u);
        }
        if (cands.length) {
          s.correction = cands[0][3];
          // one slip: a typo beyond doubt, kept even where the first result lacks it
          s.slip = oneSlip(cands[0][0], cands[0][1], P);
          if (cands[0][0] <= 1 && s.word.length >= P.small_typo_from && A.isOptional(cands[0][3])) small.push(s);
        }
        for (const u of this.bookLoans(s.word)) {
          const ust = A.stem(u);
          if (P.w_loan > (taken.get(ust) || 0.0)) taken.set(ust, P.w_loan);
          add(ust, u);
        }
        for (const [st, wt] of taken) { s.stems.set(st, wt); s.whole.add(st); }
        if (!taken.size && !s.stems.size && !this.relaxed) {
          const relaxedK = s.word.length >= P.typo1_from ? 2 : s.word.length >= 3 ? 1 : 0;
          const wider = Math.max(relaxedK, s.word.length >= P.typo2_from ? k + 1 : 0);
          if (wider > k && this.typoBudgetOf(s.word, true, false)) {
            const [fwd, rev] = this.typoRanges(s.word, s.prefix, wider);
            await store.ensure(uniq(V.need(fwd).concat(V.need(rev, "r"))));
            const closest = await this.typos(s.word, s.prefix, wider);
            if (closest.length) {
              s.correction = closest[0][3];
              if (s.word.length >= P.typo_wider_from && closest[0][0] <= 2) {
                const best = closest.filter((c) => c[0] === closest[0][0]);
                s.wider = best.slice(0, P.typo_wider_terms).map((c) => [c[2], c[3]]);
              }
            }
          }
        }
        s.pending = Array.from(taken.keys());
        later.push(s);
      }
      const splits = await this.splitUnknown(plan, later.filter((s) => s.stems.size === 0));
      if (gone()) return null;
      // planner.py Planner.run: an unknown word no split reads is searched by its closest words beyond the budget
      for (const s of later) {
        if (!s.wider || !s.wider.length || s.stems.size || splits.has(s.word)) continue;
        for (const [st, u] of s.wider) {
          if (!s.stems.has(st)) s.stems.set(st, P.w_typo2);
          s.whole.add(st);
          if (!s.fixes.has(st)) s.fixes.set(st, u);
          if (!s.surfaces.has(st)) s.surfaces.set(st, []);
          s.surfaces.get(st).push(u);
        }
        s.pending = Array.from(s.stems.keys());
      }
      for (const s of this.phrases) {
        for (const st of s.pending) s.surfaces.set(st, V.forms(s.word, st));
        s.pending = [];
      }
      let ranges = [];
      for (const s of later) for (const st of s.pending) ranges.push([st, st + TOP]);
      await store.ensure(uniq(V.need(ranges)));
      if (gone()) return null;
      for (const s of later) {
        for (const st of s.pending) {
          if (!s.surfaces.has(st)) s.surfaces.set(st, []);
          const have = s.surfaces.get(st);
          for (const [u, ust] of V.words(st, st + TOP)) if (ust === st && !have.includes(u)) have.push(u);
        }
        s.pending = [];
      }
      for (const g of plan.groups) {
        for (const a of g.alts) {
          for (const sl of a.slots) {
            for (const st of sl.stems.keys()) sl.surfaces.set(st, Array.from(new Set(sl.surfaces.get(st) || [])).sort(cmp));
          }
        }
      }
      const smallFixes = smallWords(plan, small);
      const fixes = new Map();
      for (const g of plan.groups) for (const a of g.alts) for (const s of a.slots) if (s.correction) fixes.set(s.word, s.correction);
      for (const [w, c] of smallFixes) fixes.set(w, c);
      for (const [w, c] of splits) fixes.set(w, c);
      for (const [w, c] of this.slangFixes) fixes.set(w, c);
      plan.fixes = fixes;
      plan.suggestion = suggest(plan, new Set());
      return plan;
    }

    /* planner.py Planner._expansion_needs: each unknown word's typo budget, and the shards of round 2. */
    expansionNeeds() {
      const V = this.V;
      const budgets = new Map(this.unknown.map((s) => [s, this.typoBudgetOf(s.word, this.relaxed, this.relaxed)]));
      let needs = this.unknown.flatMap((s) => this.typoNeeds(s, budgets.get(s)));
      for (const s of this.phrases) needs = needs.concat(V.need(s.pending.map((st) => [st, st + TOP]).concat([[s.word, s.word + TOP]])));
      return [budgets, uniq(needs)];
    }

    /* planner.py Planner._typo_needs: the shards of an unknown word's typo candidates and English loans. */
    typoNeeds(s, k) {
      let needs = [];
      if (k) {
        const [fwd, rev] = this.typoRanges(s.word, s.prefix, k);
        needs = needs.concat(this.V.need(fwd), this.V.need(rev, "r"));
      }
      if (this.isCyrillic(s.word)) {
        for (const w of [s.word, ...this.A.verbRoots(s.word)]) {
          for (const sk of this.A.loanReadings(w)) {
            if (sk.length >= this.store.spec.loans.min_length) needs.push(["l", this.store.shardOf("l", sk)]);
          }
        }
      }
      return needs;
    }

    /* planner.py Planner.slang_typos: unknown words one slip from a glossary word no book prints as it is,
       and no closer to a book's word: the word as typed -> the glossary's word. */
    async slangTypos(budgets) {
      this.slangFixes = new Map();
      const A = this.A, P = this.P, slips = A.slips;
      for (const s of this.unknown) {
        const k = budgets.get(s), w = s.word;
        if (!k || !(w.length >= P.slang_typo_from)) continue; // an older index: none
        let best = null;
        for (const rule of this.V.rulesIn(w.slice(0, 2), w.slice(0, 2) + TOP)) {
          const words = A.surfaces(rule[0]);
          if (words.length !== 1 || words[0] === w) continue;
          const u = words[0];
          // planner.py Planner.slang_typos: a rule whose word a book prints as it is is the typo round's
          if (rule.length > 3 && this.prints(u)) continue;
          if (osa(w, u, 1, false) > 1) continue;
          const wd = slipDistance(w, u, false, slips, P.slip_cost);
          if (oneSlip(1, wd, P) && (best === null || wd < best[0] || (wd === best[0] && u < best[1]))) best = [wd, u];
        }
        if (best === null) {
          // planner.py Planner.slang_typos: or a Russian spelling of a glossary's English term no book prints
          const u = this.glossaryLoan(w);
          if (u !== null && !(k && (await this.typos(w, s.prefix, k)).some((c) => c[0] <= 1))) this.slangFixes.set(w, u);
          continue;
        }
        const st = A.stem(best[1]);
        const near = (await this.typos(w, s.prefix, k)).filter((c) => c[2] !== st);
        if (near.length && (near[0][0] < 1 || (near[0][0] === 1 && near[0][1] <= best[0]))) continue;
        this.slangFixes.set(w, best[1]);
      }
      return this.slangFixes;
    }

    /* planner.py Planner._book_loans: the books' English words a Russian word spells by sound. */
    bookLoans(w) {
      const A = this.A, min = this.store.spec.loans.min_length;
      if (!this.isCyrillic(w)) return [];
      const sk = A.skeleton(w);
      let out = [];
      if (sk.length >= min) out = (this.store.get("l", this.store.shardOf("l", sk)).get(sk) || []).filter((u) => A.loanFits(w, u));
      for (const x of A.verbRoots(w)) {
        // a verb's root as the glossary's terms are read: its very sounds, three consonants at least
        const readings = A.loanReadings(x), rk = readings[readings.length - 1];
        if (rk.length < Math.max(min, this.P.glossary_loan_from || Infinity)) continue;
        for (const u of this.store.get("l", this.store.shardOf("l", rk)).get(rk) || []) {
          if (A.spells(x, u) && !out.includes(u)) out.push(u);
        }
      }
      return out;
    }

    /* planner.py Planner._glossary_loan: the glossaries' English term (one word, printed by no book)
       that a Russian word spells as typed, by sound; the first in order where several do. */
    glossaryLoan(w) {
      const A = this.A;
      if (!this.isCyrillic(w)) return null;
      // a book's English word that the word spells is the book's, as a book's word a slip away is
      if (this.bookLoans(w).length) return null;
      for (const x of [w, ...A.verbRoots(w)]) { // the word, or the verb made of one («свапнуть»)
        const readings = A.loanReadings(x);
        const sk = readings[readings.length - 1]; // the whole word's skeleton
        // three consonants at least: a shorter word sounds like too many («съела»: «sell»)
        if (sk.length < Math.max(this.store.spec.loans.min_length, this.P.glossary_loan_from || Infinity)) continue;
        const loans = this.store.get("l", this.store.shardOf("l", sk));
        const fits = (loans.glossary.get(sk) || []).filter((u) => A.spells(x, u));
        if (fits.length) return fits.reduce((a, b) => (b < a ? b : a));
      }
      return null;
    }

    /* planner.py Planner.split_unknown: two words typed without the space between them. */
    async splitUnknown(plan, slots) {
      const V = this.V, A = this.A, store = this.store;
      const n0 = this.P.split_min;
      const out = new Map();
      for (const s of slots) {
        const w = s.word, chars = Array.from(w);
        if (chars.length < 2 * n0 || !chars.every((c) => LETTER.test(c))) continue;
        const cuts = [];
        for (let i = n0; i <= chars.length - n0; i++) cuts.push([chars.slice(0, i).join(""), chars.slice(i).join("")]);
        let ranges = [];
        for (const [a, b] of cuts) ranges.push([a, a + TOP], [b, b + TOP]);
        await store.ensure(V.need(ranges));
        let best = null;
        cuts.forEach(([a, b], i) => {
          const fa = this.splitDf(a, false), fb = this.splitDf(b, s.prefix);
          if (fa < 0 || fb < 0 || (A.isOptional(a) && A.isOptional(b))) return;
          const score = Math.min(fa, fb);
          if (best === null || score > best[0]) best = [score, i];
        });
        if (best === null) continue;
        const [a, b] = cuts[best[1]];
        await store.ensure(V.need(V.wordRanges(a).concat(V.wordRanges(b))));
        const halves = [{ surface: a, prefix: false, role: this.role(a, false) }, { surface: b, prefix: s.prefix, role: this.role(b, false) }];
        const made = halves.filter((h) => h.role === "content").map((h) => ({ words: [h.surface], alts: [{ slots: [this.expand(h)], weight: 1.0, books: [], literal: true }], role: "content", idf: 0 }));
        const gi = plan.groups.findIndex((g) => g.alts.some((al) => al.slots.includes(s)));
        if (gi >= 0) plan.groups.splice(gi, 1, ...made);
        out.set(w, a + " " + b);
      }
      return out;
    }

    splitDf(part, isPrefix) {
      if (this.A.isOptional(part)) return 1 << 30;
      const info = this.V.stemDf([part]);
      if (info.has(part)) return info.get(part)[1];
      if (isPrefix) {
        const found = this.V.words(part, part + TOP);
        if (found.length) return Math.max(...found.map((x) => x[2]));
      }
      return -1;
    }

    async typos(w, isPrefix, k) {
      const key = w + "\u0000" + isPrefix + "\u0000" + k;
      if (!this.typoCache.has(key)) this.typoCache.set(key, this.findTypos(w, isPrefix, k));
      return this.typoCache.get(key);
    }

    async findTypos(w, isPrefix, k) {
      const V = this.V, store = this.store;
      const n = w.length;
      const [fwd, rev] = this.typoRanges(w, isPrefix, k);
      const cands = new Set();
      for (const [lo, hi] of fwd) for (const [u] of V.words(lo, hi)) cands.add(u);
      const rcands = new Set();
      for (const [lo, hi] of rev) {
        for (const i of store.shards("r", lo, hi)) {
          for (const rw of store.get("r", i)) {
            if (lo <= rw && rw < hi) {
              const u = Array.from(rw).reverse().join("");
              if (!cands.has(u)) rcands.add(u);
            }
          }
        }
      }
      const found = [];
      for (const u of cands) {
        const d = osa(w, isPrefix ? u.slice(0, n + k) : u, k, isPrefix);
        if (d <= k) {
          const whole = !isPrefix || osa(w, u, k, false) <= k;
          found.push([whole ? d : d + 0.5, u]);
        }
      }
      for (const u of rcands) {
        const d = osa(w, u, k, false);
        if (d <= k) found.push([d, u]);
      }
      const info = V.stemDf(found.map((x) => x[1]));
      await store.ensure(uniq(found.filter((x) => !info.has(x[1])).map((x) => ["v", store.shardOf("v", x[1])])));
      for (const [u, v] of V.stemDf(found.filter((x) => !info.has(x[1])).map((x) => x[1]))) info.set(u, v);
      const slips = this.A.slips, slip = this.P.slip_cost;
      const rows = found.filter((x) => info.has(x[1])).map(([d, u]) => [
        d, slipDistance(w, isPrefix ? u.slice(0, n + k) : u, isPrefix, slips, slip), -info.get(u)[1], u, info.get(u)[0]]);
      rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || cmp(a[3], b[3]));
      return rows.map((r) => [r[0], r[1], r[4], r[3]]);
    }
  }

  // ---- scoring (search/score.py) -------------------------------------------------------------------
  // a surface form's heading or path entries added into the stem's, by section: a section seen
  // first keeps the entry's record; seen again, its count is added and (headings) its flags or-ed
  function mergeSections(into, flat, width, flags, seen) {
    for (let i = 0, s = 0; i < flat.length; i += width) {
      s += flat[i];
      const cur = into.get(s);
      if (cur === undefined) into.set(s, flat.slice(i + 1, i + width));
      else { cur[0] += flat[i + 1]; if (flags) cur[1] |= flat[i + 2]; }
      if (seen) seen.add(s);
    }
  }

  function decode(store, surfaces, df) {
    const sp = { df: df, text: new Map(), head: new Map(), path: new Map(), defs: new Map(), exactText: new Map(), exactHead: new Map() };
    const lengths = store.spec.length_codes;
    for (const u of surfaces) {
      const post = store.postings(u);
      if (post === null) continue;
      const t = post.text;
      let i = 0, s = 0;
      const ex = new Set();
      sp.exactText.set(u, ex);
      for (i = 0; i < t.length; i += 3) {
        s += t[i];
        const rid = s * K + t[i + 1];
        const tf = Math.floor(t[i + 2] / 64) + 1, code = t[i + 2] % 64;
        const cur = sp.text.get(rid);
        if (cur === undefined) sp.text.set(rid, [tf, lengths[code]]);
        else cur[0] += tf;
        ex.add(rid);
      }
      const exh = new Set();
      sp.exactHead.set(u, exh);
      mergeSections(sp.head, post.head, 7, true, exh);
      mergeSections(sp.path, post.path, 3, false, null);
      const d = post.defs;
      i = 0; s = 0;
      while (i < d.length) { s += d[i]; sp.defs.set(s * K + d[i + 1], d[i + 2]); i += 3; }
    }
    return sp;
  }

  function phrase(positions) {
    if (!positions.length || positions.some((p) => !p.length)) return false;
    for (const start of positions[0]) {
      let cur = start, ok = true;
      for (let gi = 1; gi < positions.length; gi++) {
        const nxt = positions[gi].find((x) => cur < x && x <= cur + 2);
        if (nxt === undefined) { ok = false; break; }
        cur = nxt;
      }
      if (ok) return true;
    }
    return false;
  }

  function windowOf(present) {
    const events = [];
    present.forEach((ps, gi) => { for (const x of ps) events.push([x, gi]); });
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const need = present.length;
    const counts = new Map();
    let have = 0, lo = 0, width = 1 << 30;
    for (let hi = 0; hi < events.length; hi++) {
      const gi = events[hi][1];
      counts.set(gi, (counts.get(gi) || 0) + 1);
      if (counts.get(gi) === 1) have++;
      while (have === need) {
        width = Math.min(width, events[hi][0] - events[lo][0] + 1);
        const g2 = events[lo][1];
        counts.set(g2, counts.get(g2) - 1);
        if (counts.get(g2) === 0) have--;
        lo++;
      }
    }
    return width;
  }

  /* score.py StemPost.found: the stem occurs somewhere in the library. */
  function found(sp) { return sp.text.size > 0 || sp.head.size > 0 || sp.path.size > 0 || sp.defs.size > 0; }

  /* score.py _typed_words: how many of the query's words a group holds (its small words aside). */
  /* score.py _def_stems: the stems a slot names a defined term by: its whole words, and for the
     word being typed (four letters or more) the words it begins, as a heading is named by it. */
  function defStems(sl) {
    return sl.prefix && sl.word.length >= 4 ? sl.stems.keys() : sl.whole;
  }

  function typedWords(g) {
    let n = 0;
    for (const a of g.alts) if (a.literal && a.slots.length > n) n = a.slots.length;
    return n || 1;
  }

  /* The stem is found only as headings' initials (no word of the books). */
  function initialsOnly(sp) {
    if (!sp.head.size || sp.text.size || sp.path.size || sp.defs.size) return false;
    for (const h of sp.head.values()) if (h[1] !== 8) return false;
    return true;
  }

  class Scorer {
    constructor(store, A, plan, scope) {
      this.store = store;
      this.A = A;
      this.P = A.P;
      this.V = new Vocab(store, A);
      this.plan = plan;
      this.scope = scope;
      const st = store.stats;
      this.avgText = st.records && st.text_len ? st.text_len / st.records : 1.0;
      this.avgHead = st.sections && st.head_len ? st.head_len / st.sections : 1.0;
      this.avgPath = st.sections && st.path_len ? st.path_len / st.sections : 1.0;
      this.posts = new Map();
      this.unprinted = false;
      this.slotCache = new Map(); // group -> "book upto" -> its slots (slotsOf)
    }

    // the book whose sections hold s (books hold consecutive sections, in order): a halving
    // search, as a library of dozens of books asks it for each of thousands of candidates
    bookOf(s) {
      const b = this.store.books;
      let lo = 0, hi = b.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (s < b[mid].first) hi = mid - 1;
        else if (s >= b[mid].end) lo = mid + 1;
        else return mid;
      }
      return -1;
    }

    idf(df) {
      const ref = this.P.idf_records;
      const d = df * ref / Math.max(1, this.store.stats.records);
      return Math.log(1 + (ref - d + 0.5) / (d + 0.5));
    }

    power(x) { let out = 1.0; for (let i = 0; i < this.P.cov_power; i++) out *= x; return out; }
    weight(g) { return g.role === "intent" ? this.P.w_intent : this.P.w_optional; }

    needs() { return postingsOf(this.store, this.plan); }

    load() {
      const surfaces = new Map();
      for (const g of this.plan.groups) for (const a of g.alts) for (const sl of a.slots) {
        for (const st of sl.stems.keys()) {
          if (!surfaces.has(st)) surfaces.set(st, []);
          const have = surfaces.get(st);
          for (const u of sl.surfaces.get(st) || []) if (!have.includes(u)) have.push(u);
        }
      }
      for (const [st, us] of surfaces) {
        us.sort(cmp);
        const info = this.V.stemDf(us.slice(0, 1));
        const df = us.length && info.has(us[0]) ? info.get(us[0])[1] : 0;
        const key = df + "\t" + us.join("\t");
        let sp = this.store.decoded.get(key);
        if (sp === undefined) {
          sp = decode(this.store, us, df);
          this.store.decoded.set(key, sp);
          // the oldest go first
          if (this.store.decoded.size > DECODED) this.store.decoded.delete(this.store.decoded.keys().next().value);
        }
        this.posts.set(st, sp);
      }
      // a heading's initials are an abbreviation, typed whole and as it is: the word being typed
      // does not complete to one («ов» is no beginning of «овп», Особые виды перемещения), nor
      // does a form of another word reach one («скор» without its fleeting vowel is «скр»)
      for (const g of this.plan.groups) for (const a of g.alts) for (const sl of a.slots) {
        // a glossary's word («аоо», AoO) is not a form of the initials its stem is (score.py)
        const typedStem = sl.glossed ? sl.word : this.A.stem(sl.word);
        for (const st of Array.from(sl.stems.keys())) {
          if (!(sl.whole.has(st) && (st === sl.word || st === typedStem)) && initialsOnly(this.posts.get(st))) {
            sl.stems.delete(st);
            sl.surfaces.delete(st);
            sl.whole.delete(st);
          }
        }
      }
      for (const g of this.plan.groups) {
        let best = 0.0, any = false;
        for (const a of g.alts) for (const sl of a.slots) for (const [st, w] of sl.stems) {
          const sp = this.posts.get(st);
          if (!found(sp)) continue;
          const v = a.weight * w * this.idf(sp.df);
          if (!any || v > best) { best = v; any = true; }
        }
        g.idf = any ? best : 0.0;
      }
      // score.py: no word of the query, as typed, is in any book (table talk)
      const content = this.plan.groups.filter((g) => g.role === "content");
      this.unprinted = content.length > 0 && !content.some((g) => g.alts.some((a) => a.literal
        && a.slots.some((sl) => [...sl.stems.keys()].some((st) => found(this.posts.get(st))))));
    }

    /* One stem's BM25F score of a record (score.py's slot_score, the loop's body), from the
       stem's entries of the record (t), its section's heading (h) and path (p), each undefined
       where the stem is not there: slotScores reads a section's once for all its candidates. */
    stemScoreOf(weight, t, h, p) {
      const P = this.P;
      const k1 = P.k1, bt = P.b_text, bh = P.b_head;
      let tfw = 0.0;
      // a block of a few words is not that much more about its words than a paragraph: its
      // length counts as at least min_text_len
      if (t !== undefined) {
        const n = t[1] > P.min_text_len ? t[1] : P.min_text_len;
        tfw += P.w_text * t[0] / (1 - bt + bt * n / this.avgText);
      }
      if (h !== undefined) tfw += P.w_head * h[0] / (1 - bh + bh * h[3] / this.avgHead);
      if (p !== undefined) tfw += P.w_path * p[0] / (1 - bh + bh * p[1] / this.avgPath);
      return weight * tfw * (k1 + 1) / (k1 + tfw);
    }

    /* The candidates of the books searched, numbered in score.py's order (its candidates: every
       record a content stem reaches through its text or its section's heading), with their
       records, sections and books; by section, its candidates' numbers (list) and the number of
       each of its blocks (byK), null for a section outside the scope. Keyed by section and block,
       not by record id: a record id passes 2^31 and a map hashes it as a heap number. The
       sections are an array by section number, not a map: every posting of the query's stems
       looks its section up, hundreds of thousands of times for a short prefix in a large
       library. */
    candidateTable(inScope) {
      const books_ = this.store.books;
      const rids = [], secs = [], books = [];
      const sections = new Array(books_.length ? books_[books_.length - 1].end : 0);
      const add = (s, k) => {
        let sec = sections[s];
        if (sec === undefined) {
          const b = this.bookOf(s);
          sections[s] = sec = inScope.has(b) ? { book: b, list: [], byK: [] } : null;
        }
        if (sec === null || sec.byK[k] !== undefined) return;
        sec.byK[k] = rids.length;
        sec.list.push(rids.length);
        rids.push(s * K + k);
        secs.push(s);
        books.push(sec.book);
      };
      for (const g of this.plan.groups) {
        if (g.role !== "content") continue;
        for (const a of g.alts) for (const sl of a.slots) for (const st of sl.stems.keys()) {
          const sp = this.posts.get(st);
          for (const rid of sp.text.keys()) { const s = Math.floor(rid / K); add(s, rid - s * K); }
          for (const [s, h] of sp.head) {
            const n2 = h[2];
            if (n2 & 1) add(s, 0);
            for (let k = 1; k <= n2 >> 1; k++) add(s, k);
          }
        }
      }
      return { rids: rids, secs: secs, books: books, sections: sections };
    }

    /* A slot's score of every candidate (score.py's slot_score): per candidate, the best BM25F
       score of the slot's stems in its record or its section's heading or path, 0 where none is.
       Worked out stem by stem from the postings, as a library has thousands of candidates and a
       slot's stems reach few of them; the best of the same values, so the same scores. */
    slotScores(sl, table) {
      const n = table.rids.length;
      const out = new Float64Array(n);
      const seen = new Int32Array(n).fill(-1); // the last stem that scored each candidate
      const stems = Array.from(sl.stems.keys()).sort(cmp);
      stems.forEach((st, si) => {
        const sp = this.posts.get(st);
        const weight = sl.stems.get(st) * this.idf(sp.df);
        for (const [rid, t] of sp.text) {
          const s = Math.floor(rid / K), sec = table.sections[s];
          const i = sec ? sec.byK[rid - s * K] : undefined;
          if (i === undefined || seen[i] === si) continue;
          seen[i] = si;
          const v = this.stemScoreOf(weight, t, sp.head.get(s), sp.path.get(s));
          if (v > out[i]) out[i] = v;
        }
        // a heading or path entry scores every candidate of its section, read once per section
        for (const map of [sp.head, sp.path]) {
          for (const s of map.keys()) {
            const sec = table.sections[s];
            if (!sec) continue;
            const h = sp.head.get(s), p = sp.path.get(s);
            for (const i of sec.list) {
              if (seen[i] === si) continue;
              seen[i] = si;
              const v = this.stemScoreOf(weight, sp.text.get(table.rids[i]), h, p);
              if (v > out[i]) out[i] = v;
            }
          }
        }
      });
      return out;
    }

    /* Per group, its alternatives with their slots' scores of every candidate (slotScores),
       each slot's worked out once. */
    scoreColumns(table) {
      const columns = new Map();
      const column = (sl) => {
        let got = columns.get(sl);
        if (got === undefined) columns.set(sl, (got = this.slotScores(sl, table)));
        return got;
      };
      return this.plan.groups.map((g) => g.alts.map((a) => ({ alt: a, slots: a.slots.map(column) })));
    }

    /* score.py's group_score of candidate i of book b, from its alternatives' columns. */
    groupScore(alts, i, b) {
      let best = 0.0;
      for (const { alt: a, slots } of alts) {
        if (a.books.length && !a.books.includes(b)) continue;
        if (!slots.length) continue;
        let total = 0.0;
        for (const col of slots) {
          const v = col[i];
          if (v <= 0) { total = -1.0; break; }
          total += v;
        }
        if (total <= 0) continue;
        const v = a.weight * total / slots.length;
        if (v > best) best = v;
      }
      return best;
    }

    /* Every candidate, in order, scored from the postings alone; finish() adds what needs the
       blocks' words. */
    prerank(prefer) {
      const P = this.P;
      const groups = this.plan.groups;
      const content = groups.filter((g) => g.role === "content");
      if (!content.length) return [];
      let totalIdf = 0.0;
      for (const g of content) totalIdf += g.idf;
      totalIdf = totalIdf || 1.0;
      const table = this.candidateTable(new Set(this.scope));
      // the rows: candidates that cover a content word, by candidate number, with their score
      // and coverage in columns (a library's thousands of candidates make no array each)
      const rows = [];
      const preOf = new Float64Array(table.rids.length), covOf = new Float64Array(table.rids.length);
      // per section: its groups' best scores, its best coverage, and its heading's candidate
      const secBest = new Map(), secCov = new Map(), titled = new Map();
      const n = groups.length;
      const scores = new Array(n).fill(0.0); // one candidate's, reused: a library has many
      const columns = this.scoreColumns(table);
      for (let ci = 0; ci < table.rids.length; ci++) {
        const rid = table.rids[ci], s = table.secs[ci], b = table.books[ci];
        let base = 0.0, covered = 0.0;
        for (let gi = 0; gi < n; gi++) {
          const g = groups[gi];
          const v = this.groupScore(columns[gi], ci, b);
          scores[gi] = v > 0 ? v : 0.0;
          if (v > 0) {
            if (g.role === "content") { covered += g.idf; base += v; }
            else base += this.weight(g) * v;
          }
        }
        if (covered <= 0) continue;
        const cov = covered / totalIdf;
        rows.push(ci);
        preOf[ci] = base * this.power(cov);
        covOf[ci] = cov;
        // only a section whose heading is a candidate can be lifted by its blocks (below)
        if (table.sections[s].byK[0] === undefined) continue;
        let best = secBest.get(s);
        if (best === undefined) secBest.set(s, (best = new Array(n).fill(0.0)));
        for (let gi = 0; gi < n; gi++) if (scores[gi] > best[gi]) best[gi] = scores[gi];
        secCov.set(s, Math.max(secCov.has(s) ? secCov.get(s) : 0.0, cov));
        if (rid === s * K) titled.set(s, ci);
      }
      for (const [s, best] of secBest) {
        if (!titled.has(s)) continue;
        let covered = 0.0;
        groups.forEach((g, gi) => { if (best[gi] > 0 && g.role === "content") covered += g.idf; });
        const cov = covered / totalIdf;
        if (cov <= secCov.get(s) + 1e-9) continue;
        let base = 0.0;
        groups.forEach((g, gi) => { base += g.role === "content" ? best[gi] : this.weight(g) * best[gi]; });
        const pre = base * this.power(cov) * P.section_weight;
        const i = titled.get(s);
        if (pre > preOf[i]) { preOf[i] = pre; covOf[i] = cov; }
      }
      const knownContent = content.filter((g) => g.idf > 0);
      this.structure = knownContent.length ? knownContent : content;
      const structure = this.structure;
      // the blocks that define any of those words, in any book: most candidates are not one
      const defining = new Set();
      for (const g of structure) for (const a of g.alts) for (const sl of a.slots) for (const st of defStems(sl)) {
        if (this.posts.has(st)) for (const rid of this.posts.get(st).defs.keys()) defining.add(rid);
      }
      const hits = [];
      // a section's heading matches or not whichever of its blocks asks (score.py asks each)
      const headed = new Map();
      const headingMatches = (s, b) => {
        let v = headed.get(s);
        if (v === undefined) headed.set(s, (v = this.headingMatches(s, b, structure)));
        return v;
      };
      for (const ci of rows) {
        const pre = preOf[ci], cov = covOf[ci], rid = table.rids[ci], s = table.secs[ci], b = table.books[ci];
        const tier = rid === s * K || (defining.has(rid) && this.defines(rid, b, structure, true))
          ? this.tier(rid, s, b, structure) : 0;
        const sc = b === prefer ? pre * P.prefer_book : pre;
        const strong = tier > 0 || (cov >= 1 && headingMatches(s, b));
        const typed = tier === 4 && this.typedTitle(s, b, structure);
        hits.push({ rid: rid, book: b, tier: tier, score: round6(sc), cov: cov, strong: strong, whole: false, typed: typed });
      }
      hits.sort(this.comparator(prefer));
      return hits;
    }

    /* The order of hits (score.py's Scorer.order): the book being read first where it answers
       squarely, then exact titles and definitions (the book being read's first; of exact titles,
       those in the words as typed), then the score;
       compared field by field without building a key per comparison, as a library's thousands of
       hits take hundreds of thousands of them. */
    comparator(prefer) {
      return (x, y) => {
        const xm = x.book === prefer, ym = y.book === prefer;
        let a = xm && x.strong ? 0 : 1, b = ym && y.strong ? 0 : 1;
        if (a !== b) return a < b ? -1 : 1;
        a = -x.tier; b = -y.tier;
        if (a !== b) return a < b ? -1 : 1;
        a = xm && x.tier >= 4 ? 0 : 1; b = ym && y.tier >= 4 ? 0 : 1;
        if (a !== b) return a < b ? -1 : 1;
        a = x.typed && x.tier === 4 ? 0 : 1; b = y.typed && y.tier === 4 ? 0 : 1;
        if (a !== b) return a < b ? -1 : 1;
        a = -x.score; b = -y.score;
        if (a !== b) return a < b ? -1 : 1;
        a = x.rid; b = y.rid;
        return a === b ? 0 : a < b ? -1 : 1;
      };
    }

    finish(hits, prefer, textOf) {
      const P = this.P;
      const top = hits.slice(0, P.rerank), rest = hits.slice(P.rerank);
      const structure = this.structure;
      const A = this.A;
      // where a heading says it the reader's way, a heading that lacks the small words typed is
      // not the one the query names; where none does, the exact title stands
      const small = new Set(this.plan.shown.filter((w) => A.isOptional(w)).map((w) => A.stem(w)));
      const worded = new Set();
      if (small.size) {
        for (const h of top) {
          if (h.rid !== Math.floor(h.rid / K) * K) continue;
          const have = new Set(A.surfaces(textOf(h.rid)).map((w) => A.stem(w)));
          let all = true;
          for (const x of small) if (!have.has(x)) { all = false; break; }
          if (all) worded.add(h.rid);
        }
      }
      for (const h of top) {
        const s = Math.floor(h.rid / K);
        const text = textOf(h.rid);
        let bonus = this.bonus(h.rid, s, h.book, structure, text);
        if (h.rid === s * K && small.size) {
          if (worded.has(h.rid)) bonus += this.P.bonus_wording * this.power(h.cov);
          else if (worded.size && (h.tier === 1 || h.tier === 2 || h.tier === 4)) h.tier = 0;
        }
        h.score = round6(h.score * bonus);
      }
      const blocks = new Map();
      for (const h of top) {
        const s = Math.floor(h.rid / K);
        if (h.rid !== s * K) { if (!blocks.has(s)) blocks.set(s, []); blocks.get(s).push(h); }
      }
      for (const h of top) {
        const s = Math.floor(h.rid / K);
        if (h.rid === s * K && blocks.has(s) && this.headingMatches(s, h.book, structure)) {
          let best = 0.0;
          for (const x of blocks.get(s)) if (x.tier <= h.tier && x.score > best) best = x.score;
          if (best > h.score) h.score = round6(best * P.heading_lift);
        }
      }
      const order = this.comparator(prefer);
      top.sort(order);
      const seen = new Map();
      for (const h of top) {
        const s = Math.floor(h.rid / K);
        const n = seen.get(s) || 0;
        seen.set(s, n + 1);
        for (let i = 0; i < n; i++) h.score = round6(h.score * P.same_section_decay);
      }
      top.sort(order);
      this.wholeSections(top, structure);
      return top.concat(rest);
    }

    /* A section two of whose blocks answer the query (the second at least whole_ratio of the first,
       after the same-section decay), under a heading that holds a word of the query, answers as a
       whole: its best block opens the heading (and is shown as its snippet). */
    wholeSections(top, content) {
      const r = this.P.whole_ratio;
      if (r <= 0) return;
      const best = new Map(), count = new Map();
      for (const h of top) {
        const s = Math.floor(h.rid / K);
        if (h.rid === s * K) continue;
        if (!best.has(s)) { best.set(s, h.score); count.set(s, 1); }
        else if (h.score >= r * best.get(s)) count.set(s, count.get(s) + 1);
      }
      const done = new Set();
      for (const h of top) {
        const s = Math.floor(h.rid / K);
        if (h.rid === s * K || done.has(s)) continue;
        done.add(s);
        if ((count.get(s) || 0) >= 2 && this.headingAny(s, h.book, content)) h.whole = true;
      }
    }

    headingAny(s, b, content) {
      for (const g of content) for (const sl of this.slotsOf(g, b)) for (const st of sl.stems.keys()) {
        if (this.posts.has(st) && this.posts.get(st).head.has(s)) return true;
      }
      return false;
    }

    matchingAlts(g, b) { return g.alts.filter((a) => !a.books.length || a.books.includes(b)); }

    // the slots of the alternatives that apply in book b and are at most `upto` from the words
    // as typed (LITERAL, OWN: a glossary of the record's book, SHARED: the shared glossary)
    slotsOf(g, b, upto = SHARED) {
      let byBook = this.slotCache.get(g);
      if (byBook === undefined) this.slotCache.set(g, (byBook = new Map()));
      const key = b + " " + upto;
      let got = byBook.get(key);
      if (got === undefined) {
        got = this.matchingAlts(g, b).filter((a) => reach(a) <= upto).flatMap((a) => a.slots);
        byBook.set(key, got);
      }
      return got;
    }

    tier(rid, s, b, content) {
      const k = rid - s * K;
      if (k === 0) {
        if (this.titleExact(s, b, content, LITERAL, false)) return 4;
        // through the record's own book's glossary only: the shared one's table talk names no title
        if (this.titleExact(s, b, content, OWN, false)) return 2;
        if (this.titleExact(s, b, content, LITERAL, true)) return 1;
        // table talk no book prints: a heading its shared glossary names exactly (score.py)
        if (this.unprinted && this.titleExact(s, b, content, SHARED, false)) return 1;
        return 0;
      }
      const literal = this.definesExactly(rid, b, content, LITERAL);
      if (literal) return literal === 2 ? 5 : 1;
      if (this.definesExactly(rid, b, content, OWN) === 2) return 2;
      // a term the word being typed begins, as a heading is named by it (score.py)
      return this.definesExactly(rid, b, content, LITERAL, true) ? 1 : 0;
    }

    /* score.py _def_code: the block's definition code if it defines a whole word of the slot
       (or, with `completions`, a word the word being typed begins). */
    defCode(rid, sl, completions = false) {
      for (const st of completions ? defStems(sl) : sl.whole) {
        const sp = this.posts.get(st);
        if (!sp) continue;
        const n = sp.defs.get(rid);
        if (n !== undefined) return n;
      }
      return undefined;
    }

    definesExactly(rid, b, content, upto, completions = false) {
      let code = 0;
      for (const g of content) {
        // a phrase is defined when each of its words is in the term (score.py)
        let hit = false;
        for (const a of this.matchingAlts(g, b)) {
          if (reach(a) > upto || !a.slots.length) continue;
          let n, all = true;
          for (const sl of a.slots) {
            const m = this.defCode(rid, sl, completions);
            if (m === undefined) { all = false; break; }
            n = m;
          }
          if (all) { hit = true; code = n; }
        }
        if (!hit) return 0;
      }
      // the term is no longer than the query's words (a glossary's phrase is one group: score.py)
      const words = code >> 1;
      const typed = content.reduce((n, g) => n + typedWords(g), 0);
      if (!(0 < words && words <= typed)) return 0;
      return code & 1 ? 2 : 1;
    }

    /* score.py _typed_title: every content word of the query stands in the heading as typed. */
    typedTitle(s, b, content) {
      return content.every((g) => this.matchingAlts(g, b).some((a) => a.literal && a.slots.length && a.slots.every((sl) => {
        for (const st of sl.stems.keys()) {
          const sp = this.posts.get(st), eh = sp && sp.exactHead.get(sl.word);
          if (eh && eh.has(s)) return true;
        }
        return false;
      })));
    }

    titleExact(s, b, content, upto, completions) {
      const titleHits = new Set(), origHits = new Set();
      let meta = null, initials = false;
      for (const g of content) {
        let found = false;
        // a glossary phrase names the heading only as a whole
        for (const [sl, got] of this.inHeading(g, b, s, upto)) {
          found = true;
          for (const [st, h] of got) {
            meta = h;
            if (sl.whole.has(st) || (completions && sl.prefix && sl.word.length >= 4)) {
              if (h[1] & 1) titleHits.add(st);
              if (h[1] & 2) origHits.add(st);
              if (h[1] & 8) initials = true;
            }
          }
        }
        if (!found) return false;
      }
      if (meta === null) return false;
      // a word the query asks with is not required, but where the title prints it, it counts
      for (const g of this.plan.groups) {
        if (g.role !== "intent") continue;
        for (const [sl, got] of this.inHeading(g, b, s, upto)) {
          for (const [st, h] of got) if (sl.whole.has(st) && (h[1] & 1)) titleHits.add(st);
        }
      }
      if (initials && content.length === 1) return true;
      const tw = meta[4], ow = meta[5];
      return (tw > 0 && titleHits.size >= tw) || (ow > 0 && origHits.size >= ow);
    }

    /* [slot, [[stem, heading entry]]] of the group's alternatives (that apply in book b) every slot
       of which is in section s's heading, in order. */
    inHeading(g, b, s, upto) {
      const out = [];
      for (const a of this.matchingAlts(g, b)) {
        if (reach(a) > upto) continue;
        let have = [];
        for (const sl of a.slots) {
          const got = [];
          for (const st of sl.stems.keys()) {
            const h = this.posts.get(st).head.get(s);
            if (h !== undefined) got.push([st, h]);
          }
          if (!got.length) { have = []; break; }
          have.push([sl, got]);
        }
        for (const x of have) out.push(x);
      }
      return out;
    }

    bonus(rid, s, b, content, text) {
      const P = this.P, A = this.A;
      const k = rid - s * K;
      const m = content.length;
      let exact = 0;
      const words = A.surfaces(text);
      const stems = words.map((w) => A.stem(w));
      const positions = [];
      for (const g of content) {
        let hit = false;
        const wanted = new Set();
        for (const a of this.matchingAlts(g, b)) {
          for (const sl of a.slots) {
            for (const st of sl.stems.keys()) wanted.add(st);
            if (a.literal) {
              for (const st of sl.stems.keys()) {
                const sp = this.posts.get(st);
                const et = sp.exactText.get(sl.word), eh = sp.exactHead.get(sl.word);
                if ((et && et.has(rid)) || (eh && eh.has(s))) hit = true;
              }
            }
          }
        }
        if (hit) exact++;
        const pos = [];
        stems.forEach((st, i) => { if (wanted.has(st)) pos.push(i); });
        positions.push(pos);
      }
      let bonus = 1 + P.bonus_exact * exact / m;
      if (m >= 2) {
        if (phrase(positions)) bonus += P.bonus_phrase;
        else {
          const present = positions.filter((p) => p.length);
          if (present.length >= 2 && windowOf(present) <= P.near_window) bonus += P.bonus_near * (present.length - 1) / (m - 1);
          if (m >= 3) {
            let pairs = 0;
            for (let i = 0; i < m - 1; i++) if (phrase(positions.slice(i, i + 2))) pairs++;
            bonus += P.bonus_pair * pairs / (m - 1);
          }
        }
      }
      // a phrase of the query that a glossary knows is one group: the record that prints it as
      // typed holds it as a phrase
      let said = 0;
      for (const g of content) if (this.says(g, b, stems)) said++;
      if (said) bonus += P.bonus_phrase * said / m;
      if (this.headingMatches(s, b, content)) {
        bonus += P.bonus_heading;
        if (k === 0) bonus += P.bonus_heading_block;
      }
      // score.py: a rule for a situation («Если …») for a query that describes one
      if (m >= 2 && words.length && A.condition.has(words[0])) bonus += P.bonus_condition;
      const d = this.defines(rid, b, content);
      if (d) bonus += (P.bonus_def + (this.plan.define ? P.bonus_def_question : 0.0)) * d;
      return bonus;
    }

    // the words of the group as typed, two or more, stand as a phrase in stems
    says(g, b, stems) {
      for (const a of this.matchingAlts(g, b)) {
        if (!a.literal || a.slots.length < 2) continue;
        const positions = a.slots.map((sl) => {
          const pos = [];
          stems.forEach((st, i) => { if (sl.stems.has(st)) pos.push(i); });
          return pos;
        });
        if (phrase(positions)) return true;
      }
      return false;
    }

    headingMatches(s, b, content) {
      for (const g of content) {
        const any = this.slotsOf(g, b).some((sl) => {
          for (const st of sl.stems.keys()) if (this.posts.has(st) && this.posts.get(st).head.has(s)) return true;
          return false;
        });
        if (!any) return false;
      }
      return true;
    }

    defines(rid, b, content, completions = false) {
      let n = 0;
      for (const g of content) {
        const any = this.slotsOf(g, b).some((sl) => {
          for (const st of completions ? defStems(sl) : sl.whole) {
            const sp = this.posts.get(st);
            if (sp && sp.defs.has(rid)) return true;
          }
          return false;
        });
        if (any) n++;
      }
      return n / content.length;
    }
  }

  // ---- the search (search/engine.py) ---------------------------------------------------------------
  class Engine {
    /* manifest: search/manifest.json; read(path) -> promise of the JSON of a file under search/. */
    constructor(manifest, read) {
      this.A = new Analysis(manifest.analysis);
      this.P = this.A.P;
      this.store = new Store(manifest, read);
      this.slugs = this.store.books.map((b) => b.slug);
    }

    get books() { return this.store.books; }

    parse(query) {
      const A = this.A;
      const parts = query.split(A.spaceRe).filter((p) => p);
      const books = parts.filter((p) => p.startsWith("@") && p.length > 1).map((p) => p.slice(1).toLowerCase());
      const chunks = parts.filter((p) => !p.startsWith("@"));
      const endsOpen = query.length > 0 && !A.spaceOne.test(query[query.length - 1]);
      const prefix = endsOpen && parts.length > 0 && !parts[parts.length - 1].startsWith("@");
      // a pasted paragraph: its first max_words words (query.parse)
      const n = this.P.max_words;
      if (chunks.length > n) return { chunks: chunks.slice(0, n), books: books, prefix: false, cut: true };
      return { chunks: chunks, books: books, prefix: prefix, cut: false };
    }

    /* query.unfiltered: the query without its `@name` words (the word being typed stays open). */
    unfiltered(query) {
      const parsed = this.parse(query);
      return parsed.chunks.join(" ") + (parsed.prefix ? "" : " ");
    }

    /* The best `limit` results, as engine.search. `stale()`, where given, says that the reader
       has typed on: the search then stops at its next wait and answers null, leaving the main
       thread to the query that replaced it. */
    async search(query, limit, bookFilter, prefer, stale) {
      limit = Math.max(0, limit === undefined ? 10 : limit);
      const parsed = this.parse(query);
      const inWords = await this.mentions(parsed);
      if (stale && stale()) return null;
      if (inWords !== parsed) {
        // a book named in the words («инициатива в днд») limits the search as @name does;
        // where it has no answer, every book answers (engine.py)
        const out = await this.searchParsed(inWords, limit, bookFilter, prefer, stale);
        if (out === null || out.results.length || !limit) return out;
        // the named books have no answer: the other books' for the same words, said to be theirs
        const rest = { chunks: inWords.chunks, books: parsed.books, prefix: inWords.prefix, cut: parsed.cut };
        const other = await this.searchParsed(rest, limit, bookFilter, prefer, stale);
        if (other === null) return null;
        if (other.results.length) {
          other.elsewhere = inWords.books.slice(parsed.books.length);
          return other;
        }
      }
      return this.searchParsed(parsed, limit, bookFilter, prefer, stale);
    }

    /* engine._mentions: naming.mentions, the vocabulary of the query's words read to tell
       whether the books print them (only for a query that names a book). */
    async mentions(parsed) {
      if (this.mentionsWith(parsed, () => false) === parsed) return parsed;
      const words = [];
      for (const c of parsed.chunks) for (const t of this.A.surfaces(c)) words.push(t);
      await this.store.ensure(uniq(words.map((w) => ["v", this.store.shardOf("v", w)])));
      const V = new Vocab(this.store, this.A);
      return this.mentionsWith(parsed, (w) => V.stemDf([w]).size > 0);
    }

    /* naming.mentions: the query with the books its words name moved to its @names. */
    mentionsWith(parsed, printed) {
      const A = this.A, books = this.store.books, chunks = parsed.chunks;
      const kept = [], slugs = [];
      let lastKept = false;
      let i = 0;
      while (i < chunks.length) {
        let took = 0, hit = [];
        for (const n of [2, 1]) {
          const part = chunks.slice(i, i + n);
          if (part.length < n || part.some((c) => A.surfaces(c).some((t) => printed(t)))) continue;
          hit = this.namedIn(part.join(""));
          if (hit.length) { took = n; break; }
        }
        if (!took) {
          kept.push(chunks[i]);
          lastKept = i === chunks.length - 1;
          i += 1;
          continue;
        }
        if (hit.length > 1 && i + took < chunks.length) {
          const one = hit.filter((b) => this.holds(books[b].title, chunks[i + took])); // «днд 3.5»
          if (one.length === 1) { hit = one; took += 1; }
        }
        for (const b of hit) slugs.push(books[b].slug);
        lastKept = false;
        i += took;
      }
      if (!slugs.length || kept.every((c) => A.surfaces(c).every((t) => A.isOptional(t)))) return parsed;
      return { chunks: kept, books: parsed.books.concat(slugs), prefix: parsed.prefix && lastKept, cut: parsed.cut };
    }

    /* naming._names: the names a word may give each book, once per engine: name -> books,
       and the names' sounds -> [book, name]. */
    names() {
      if (this.nameIndex) return this.nameIndex;
      const A = this.A, exact = new Map(), sounds = new Map();
      const min = this.P.name_word_min || 5; // a title's shorter word is no name («star»)
      const add = (m, k, v) => { if (!m.has(k)) m.set(k, []); m.get(k).push(v); };
      this.store.books.forEach((b, i) => {
        for (const n of [...this.bookNames(b, min)].sort()) { add(exact, n, i); add(sounds, A.sounds(n), [i, n]); }
      });
      return (this.nameIndex = { exact: exact, sounds: sounds });
    }

    /* naming._named: the books a word (or two run together) names, strictly: a name in any of
       its forms, or one it fits by sound. */
    namedIn(text) {
      const A = this.A, word = A.surfaces(text);
      if (word.length !== 1) return [];
      const w = word[0], { exact, sounds } = this.names();
      const out = new Set();
      for (const f of A.nameForms(w)) for (const i of exact.get(f) || []) out.add(i);
      if (w.length >= 4) {
        const a = A.sounds(w);
        const keys = a ? [a, a + "V"].concat(a.endsWith("V") ? [a.slice(0, -1)] : []) : [];
        for (const k of keys) for (const [i, n] of sounds.get(k) || []) if (n !== w) out.add(i);
      }
      return [...out].sort((x, y) => x - y);
    }

    /* naming._holds: the title has the chunk's words in a row. */
    holds(title, chunk) {
      const t = this.A.surfaces(title), c = this.A.surfaces(chunk);
      if (!c.length) return false;
      for (let k = 0; k + c.length <= t.length; k++) if (c.every((x, j) => t[k + j] === x)) return true;
      return false;
    }

    async searchParsed(parsed, limit, bookFilter, prefer, stale) {
      const [named, unknown] = this.resolveBooks(parsed.books);
      const wanted = (bookFilter || []).map((s) => s.toLowerCase()).concat(named.map((i) => this.slugs[i]));
      const scope = [];
      this.store.books.forEach((b, i) => { if (!wanted.length || wanted.includes(b.slug)) scope.push(i); });
      const pref = prefer ? this.slugs.indexOf(prefer) : -1;
      let out = await this.run(parsed, limit, false, scope, pref, stale);
      if (out === null) return null;
      if (!out.results.length && parsed.chunks.length && limit) {
        const again = await this.run(parsed, limit, true, scope, pref, stale);
        if (again === null) return null;
        if (again.results.length) out = again;
      }
      if (!out.results.length && out.offered && out.suggestion && limit) {
        // nothing at all, but a close word exists: results for the guess, said so (engine.py)
        const fixed = await this.run(this.parse(out.suggestion), limit, false, scope, pref, stale);
        if (fixed === null) return null;
        if (fixed.results.length) out = Object.assign(fixed, { suggestion: out.suggestion, missing: out.missing, offered: false });
      }
      out.books = scope.map((i) => this.store.books[i].slug);
      out.unknown_books = unknown;
      out.cut = parsed.cut;
      return out;
    }

    /* engine.resolve_books: the books the `@name` words name, and the names that name none. */
    resolveBooks(names) {
      const books = this.store.books, found = new Set(), unknown = [];
      const which = (f) => books.map((b, i) => (f(b) ? i : -1)).filter((i) => i >= 0);
      for (const name of names) {
        let hit = [];
        for (const form of this.A.nameForms(name)) {
          hit = which((b) => b.slug === form);
          if (!hit.length) hit = which((b) => b.slug.startsWith(form));
          if (!hit.length && form.length >= 3) hit = which((b) => this.A.surfaces(b.title).some((w) => w.startsWith(form)));
          if (hit.length) break;
        }
        if (!hit.length) hit = which((b) => this.soundsLike(name, b));
        if (hit.length) hit.forEach((i) => found.add(i));
        else unknown.push(name);
      }
      return [Array.from(found).sort((a, b) => a - b), unknown];
    }

    /* engine._sounds_like: a whole name of four letters or more spelt in Russian the way the
       book's English name sounds («старфайндер»): a title's Latin word, two run together, or
       the slug. */
    soundsLike(name, book) {
      const word = this.A.surfaces(name);
      if (word.length !== 1 || word[0].length < 4) return false;
      return [...this.bookNames(book, 0)].some((n) => n !== word[0] && this.A.loanFits(word[0], n));
    }

    /* naming._book_names: a book's English names of `shortest` letters or more (and, for a word
       of the query, the slug's letters). */
    bookNames(book, shortest) {
      const latin = this.A.surfaces(book.title).filter((w) => /^[a-z]+$/.test(w));
      const all = latin.slice();
      for (let k = 0; k + 1 < latin.length; k++) all.push(latin[k] + latin[k + 1]);
      const names = new Set([book.slug].concat(all.filter((n) => n.length >= shortest)));
      const letters = /^[a-z]+/.exec(book.slug);
      if (shortest > 0 && letters && letters[0].length >= 3) names.add(letters[0]);
      return names;
    }

    async run(parsed, limit, relaxed, scope, prefer, stale) {
      if (!parsed.chunks.length || !scope.length) return { results: [], suggestion: null, missing: [], offered: false };
      const store = this.store;
      const plan = await new Planner(store, this.A, parsed, relaxed, latinMain(store, scope, prefer)).run(stale);
      if (plan === null || (stale && stale())) return null;
      let ranked = await this.ranked(plan, limit, scope, prefer, stale);
      if (ranked === null) return null;
      const held = this.held(ranked.first);
      const unused = ranked.results.length && plan.suggestion ? this.unusedCorrections(plan, held) : [];
      const aside = ranked.results.length && plan.suggestion ? this.matchedOtherwise(plan, held) : [];
      if (unused.length || aside.length) {
        // the corrections the first result does not hold are dropped, and the list ranked again
        // without them (engine.py)
        for (const sl of corrections(plan)) {
          if (unused.includes(sl.word)) { sl.stems = new Map(); sl.whole = new Set(); sl.surfaces = new Map(); }
        }
        // a word the first result holds otherwise keeps that match, not its corrections
        for (const sl of aside) {
          for (const st of sl.fixes.keys()) { sl.stems.delete(st); sl.whole.delete(st); sl.surfaces.delete(st); }
          sl.fixes = new Map();
          sl.correction = null;
          plan.fixes.delete(sl.word);
        }
        plan.suggestion = suggest(plan, new Set(unused));
        ranked = await this.ranked(plan, limit, scope, prefer, stale);
        if (ranked === null) return null;
      }
      if (ranked.results.length && this.heldFixes(plan, this.held(ranked.first))) plan.suggestion = suggest(plan, new Set(unused));
      // each unmatched word once, however often it was typed (engine.py)
      const missing = uniqWords(plan.groups.filter((g) => g.role === "content" && g.idf <= 0).map((g) => g.words.join(" ")));
      for (const w of unused) if (!missing.includes(w)) missing.push(w);
      // a correction only offered (not searched): the suggestion is a guess; beside results, only
      // for a query of a word or two (engine.py)
      const guesses = new Set();
      for (const sl of corrections(plan)) if (!sl.stems.size && !unused.includes(sl.word)) guesses.add(sl.word);
      if (guesses.size && ranked.results.length && plan.groups.filter((g) => g.role === "content").length > this.P.guess_max_words) {
        plan.suggestion = suggest(plan, new Set(unused.concat(Array.from(guesses))));
        guesses.clear();
      }
      return { results: ranked.results, suggestion: plan.suggestion, missing: missing, offered: guesses.size > 0 };
    }

    /* engine._ranked: the results of a plan, and the first one's words as a reader sees them. */
    async ranked(plan, limit, scope, prefer, stale) {
      const store = this.store;
      const scorer = new Scorer(store, this.A, plan, scope);
      await store.ensure(scorer.needs());
      if (stale && stale()) return null;
      scorer.load();
      let hits = scorer.prerank(prefer);
      const batch = Math.max(limit, 1) + 4;
      // the best candidates' blocks: their words' proximity re-ranks them, their text is shown.
      // The first batch of results is fetched with them: re-ranking reorders only these, so the
      // list below rarely waits for a second round of fragments
      const ahead = Math.max(this.P.rerank, batch);
      // a query typed over already (the next key came while this one ranked) fetches no text:
      // its requests would only queue before the next query's
      if (stale && stale()) return null;
      await store.ensure(uniq(hits.slice(0, ahead).map((h) => ["f", store.fragOf(Math.floor(h.rid / K))])));
      hits = scorer.finish(hits, prefer, (rid) => {
        const s = Math.floor(rid / K);
        return this.block(this.section(s), rid - s * K)[2];
      });
      const results = [];
      const seen = new Set();
      const views = new Set(); // (section, the block shown) as a record id: what the reader reads
      const stems = new Set();
      for (const g of plan.groups) for (const a of g.alts) for (const sl of a.slots) for (const st of sl.stems.keys()) stems.add(st);
      // per section, its heading found as an exact title, and its block that ranks first (0:
      // none; a typed array by section, as a library's hits run to tens of thousands)
      const titled = new Set();
      const best = new Int32Array(store.books.length ? store.books[store.books.length - 1].end : 0);
      for (const h of hits) {
        const s = Math.floor(h.rid / K), k = h.rid - s * K;
        if (k === 0) { if (h.tier === 4) titled.add(s); } else if (best[s] === 0) best[s] = k;
      }
      let first = ""; // the first result's words as a reader sees them
      let i = 0;
      while (results.length < limit && i < hits.length) {
        const chunk = hits.slice(i, i + batch);
        i += batch;
        if (stale && stale()) return null;
        await store.ensure(uniq(chunk.map((h) => ["f", store.fragOf(Math.floor(h.rid / K))])));
        for (const h of chunk) {
          const s = Math.floor(h.rid / K);
          let k = h.rid - s * K;
          const sec = this.section(s);
          let [kind, anchor, text] = this.block(sec, k);
          const via = k;
          // the section's first block sits right under its heading, the section answers as a
          // whole, or the block defines the term its section's heading names exactly: open the
          // heading (showing the block that answers)
          const toldVia = h.whole || (h.tier === 5 && titled.has(s));
          if (k > 0 && sec[6] && (toldVia || anchor === this.block(sec, 1)[1])) {
            k = 0;
            [kind, anchor, text] = this.block(sec, 0);
          }
          const shown = this.shown(sec, k);
          let key;
          if (kind === "row") key = "row:" + h.book + ":" + anchor;
          else if (kind === "h") key = shown ? this.A.dedupeKey(shown) : "h:" + this.A.dedupeKey(text);
          else key = this.A.dedupeKey(text);
          if (seen.has(key)) continue;
          seen.add(key);
          // a heading opened for a block of its section shows that block (a table's rows share
          // the table's anchor: the table's first row, its heading row, is not the row found)
          let toldK = via > 0 && k === 0 ? via : k; // the block whose text is shown
          // a heading that stands for its section's blocks, not named by the query: the block
          // that answers best (engine.py)
          if (via === 0 && !h.strong && best[s] > 0) toldK = best[s];
          const told = toldK !== k ? this.block(sec, toldK)[2] : shown;
          // a heading that shows a block of its section, and that block itself, read alike (engine.py)
          const view = s * K + toldK;
          if (views.has(view)) continue;
          views.add(view);
          results.push(this.result(h, sec, kind, anchor, told, stems));
          if (results.length === 1) first = [sec[2] || "", sec[3] || "", told].concat(sec[5]).join(" ");
          if (results.length >= limit) break;
        }
      }
      return { results: results, first: first };
    }

    /* engine._held: the stems of the first result's words, as a reader sees them. */
    held(first) {
      const set = new Set(this.A.surfaces(first).map((w) => this.A.stem(w)));
      return { set: set, list: Array.from(set) };
    }

    /* engine._matched_otherwise: the corrected words the first result holds, but by no
       correction (an English original they sound like, or as typed). */
    matchedOtherwise(plan, held) {
      const out = [];
      for (const sl of corrections(plan)) {
        if (!sl.stems.size || sl.slip) continue;
        const all = Array.from(sl.stems.keys());
        const fixes = all.filter((st) => sl.fixes.has(st));
        const others = all.filter((st) => !sl.fixes.has(st));
        if (fixes.length && !fixes.some((st) => holds(held, sl, st)) && others.some((st) => holds(held, sl, st))) out.push(sl);
      }
      return out;
    }

    /* engine._held_fixes: a typed word's correction becomes the one the first result holds,
       where that is not the likeliest; whether any did. */
    heldFixes(plan, held) {
      let changed = false;
      for (const sl of corrections(plan)) {
        if (!sl.stems.size) continue;
        const found = [];
        for (const [st, u] of sl.fixes) if (holds(held, sl, st)) found.push(u);
        if (found.length && !found.includes(sl.correction)) {
          sl.correction = found[0];
          plan.fixes.set(sl.word, sl.correction);
          changed = true;
        }
      }
      return changed;
    }

    /* engine._unused_corrections: the typed words whose typo corrections the first result does
       not hold are told as unmatched, not as the words the results are for
       (one a single slip away stays). */
    unusedCorrections(plan, held) {
      const out = [];
      // a correction only offered (not searched) is a guess, not one of these
      for (const sl of corrections(plan)) {
        if (!sl.stems.size || sl.slip || out.includes(sl.word)) continue;
        if (!Array.from(sl.stems.keys()).some((st) => holds(held, sl, st))) out.push(sl.word);
      }
      return out;
    }

    section(s) {
      const f = this.store.get("f", this.store.fragOf(s));
      const entry = f.x[s - f.s];
      return [f.pages[entry[0]]].concat(entry.slice(1));
    }

    block(sec, k) {
      const anchor = sec[1];
      if (k === 0) return ["h", anchor, sec[2]];
      let [kind, a, text] = sec[7][k - 1];
      if (typeof a === "number") a = anchor + "--" + (a === 0 ? k : a);
      return [kind, a, text];
    }

    shown(sec, k) {
      if (k === 0) return sec[7].length ? sec[7][0][2] : "";
      return this.block(sec, k)[2];
    }

    result(h, sec, kind, anchor, shown, stems) {
      const [page, , title, original, tag, crumbs] = sec;
      const [snip, marks] = this.snippet(shown, stems);
      const book = this.store.books[h.book];
      return {
        url: page[0] + "#" + anchor,
        title: title || page[1],
        original: original,
        tag: tag,
        breadcrumb: crumbs.join(" › "),
        path: crumbs,
        snippet: snip,
        highlights: marks,
        book: book.slug,
        book_title: book.title,
        kind: kind,
        score: h.score,
      };
    }

    snippet(text, stems) {
      const A = this.A;
      const toks = A.tokens(text);
      const hits = toks.filter((t) => stems.has(A.stem(t.surface))).map((t) => [t.start, t.end]);
      const limit = this.P.snippet_chars;
      let ws = 0, we = text.length;
      if (text.length > limit) {
        let best = null, bestWs = 0;
        for (const h of hits) {
          let start = Math.max(0, h[0] - 30);
          if (start > 0) {
            const t = toks.find((x) => x.start >= start);
            start = t ? t.start : h[0];
          }
          const end = start + limit;
          const inside = hits.filter((x) => x[0] >= start && x[1] <= end);
          const words = new Set(inside.map((x) => text.slice(x[0], x[1]).toLowerCase()));
          const key = [words.size, inside.length];
          if (best === null || key[0] > best[0] || (key[0] === best[0] && key[1] > best[1])) { best = key; bestWs = start; }
        }
        ws = bestWs;
        we = ws + limit;
        let last = ws;
        for (const t of toks) if (t.start >= ws && t.end <= we) last = t.end;
        we = last > ws ? last : Math.min(text.length, we);
      }
      const pre = ws > 0 ? "…" : "";
      const post = we < text.length ? "…" : "";
      const marks = hits.filter((x) => x[0] >= ws && x[1] <= we).map((x) => [x[0] - ws + pre.length, x[1] - ws + pre.length]);
      return [pre + text.slice(ws, we) + post, marks];
    }
  }

  return { Engine: Engine, Analysis: Analysis, Store: Store, osa: osa, round6: round6 };
});
