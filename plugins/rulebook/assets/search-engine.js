/* rulebook search engine, browser runtime. The twin of plugins/rulebook/search/{analysis,model,
   engine}.py: same steps, same order, same arithmetic, so both return the same results (the
   parity tests run one query set through both). Loaded by the palette on first use; works in
   Node too (module.exports) for those tests. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    const st = require("./search-stemmers.js");
    module.exports = factory(function () { return st; });
  } else {
    const rb = (root.rulebook = root.rulebook || {});
    rb.searchEngine = factory(function () { return rb.stemmers; });
  }
})(typeof self !== "undefined" ? self : this, function (getStemmers) {
  "use strict";

  // ---- analysis (search/analysis.py) ------------------------------------------------------------
  function Analysis(spec) {
    this.spec = spec;
    this.P = spec.engine;
    const marks = spec.word_marks;
    this.wordRe = new RegExp("(?:[\\p{L}\\p{N}]|[" + marks + "])+", "gu");
    this.markRe = new RegExp("[" + marks + "]", "gu");
    this.splitRe = /[\p{L}\p{N}]+/gu;
    this.plainRe = /^[0-9a-zа-яё]+$/;
    this.pureRe = /^(?:[а-я]+|[a-z]+)$/;
    this.cyr = new Set(spec.cyrillic);
    this.lat = new Set(spec.latin);
    this.toCyr = spec.lookalikes;
    this.toLat = {};
    for (const k in spec.lookalikes) this.toLat[spec.lookalikes[k]] = k;
    this.fold = spec.fold;
    this.foldRe = new RegExp("[" + Object.keys(spec.fold).join("") + "]", "g");
    this.dashes = new Set(spec.dashes);
    this.diceRe = new RegExp(spec.dice.pattern);
    this.die = spec.dice.letter;
    this.l2c = {};
    this.c2l = {};
    const L = Array.from(spec.layout.latin), C = Array.from(spec.layout.cyrillic);
    for (let i = 0; i < L.length; i++) { this.l2c[L[i]] = C[i]; this.c2l[C[i]] = L[i]; }
    this.optional = new Set(spec.optional_words);
    this.spaceRe = new RegExp("[" + spec.query_space + "]+");
    this.spaceOne = new RegExp("^[" + spec.query_space + "]$");
    this.letterRe = /[\p{L}\p{Nl}\p{No}]/u;
    this.wordCache = new Map();
    this.stemCache = new Map();
    // word characters below U+0500 from a table built with the same regex (a scan by char code
    // is several times faster than the regex on long texts); others ask the regex
    this.charRe = new RegExp("^(?:[\\p{L}\\p{N}]|[" + marks + "])$", "u");
    this.wordChar = new Uint8Array(0x500);
    for (let c = 0; c < 0x500; c++) this.wordChar[c] = this.charRe.test(String.fromCharCode(c)) ? 1 : 0;
  }

  /* Calls f(raw, start, end) for every raw word of text, exactly as wordRe would find them. */
  Analysis.prototype.scan = function (text, f) {
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
  };

  Analysis.prototype.foldStr = function (s) {
    const f = this.fold;
    return s.replace(this.foldRe, function (c) { return f[c]; });
  };

  Analysis.prototype.scriptFix = function (w) {
    let cyr = 0, lat = 0;
    for (const c of w) { if (this.cyr.has(c)) cyr++; else if (this.lat.has(c)) lat++; }
    if (!cyr || !lat) return w;
    const table = cyr >= lat ? this.toCyr : this.toLat;
    let out = "";
    for (const c of w) out += Object.prototype.hasOwnProperty.call(table, c) ? table[c] : c;
    return out;
  };

  Analysis.prototype.dice = function (w) {
    const m = this.diceRe.exec(w);
    if (!m) return w;
    const count = m[1].replace(/^0+/, "");
    return (count === "" || count === "1" ? "" : count) + this.die + m[2];
  };

  Analysis.prototype.normalizeWord = function (raw) {
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
      if (p) out.push(p);
    }
    this.wordCache.set(raw, out);
    return out;
  };

  Analysis.prototype.tokens = function (text) {
    const out = [];
    this.scan(text, (raw, start, end) => {
      for (const s of this.normalizeWord(raw)) out.push({ surface: s, start: start, end: end });
    });
    return out;
  };

  Analysis.prototype.surfaces = function (text) {
    const out = [];
    this.scan(text, (raw) => {
      const n = this.normalizeWord(raw);
      for (let i = 0; i < n.length; i++) out.push(n[i]);
    });
    return out;
  };

  Analysis.prototype.allIn = function (w, set) {
    for (const c of w) if (!set.has(c)) return false;
    return true;
  };

  Analysis.prototype.stem = function (surface) {
    let hit = this.stemCache.get(surface);
    if (hit !== undefined) return hit;
    const m = this.diceRe.exec(surface);
    if (m) hit = this.die + m[2];
    else if (this.allIn(surface, this.cyr)) hit = getStemmers().russian(surface);
    else if (this.allIn(surface, this.lat)) hit = getStemmers().english(surface);
    else hit = surface;
    this.stemCache.set(surface, hit);
    return hit;
  };

  Analysis.prototype.dedupeKey = function (text) {
    let t = "";
    for (const c of text) t += this.dashes.has(c) ? "-" : c;
    return this.surfaces(t).join(" ");
  };

  Analysis.prototype.layoutSwap = function (chunk) {
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
    return out;
  };

  /* The stem with its fleeting vowel dropped or restored before the final consonant
     (проверок/проверк): analysis.fleeting_variants. */
  Analysis.prototype.fleetingVariants = function (st) {
    const f = this.spec.fleeting;
    if (!this.fleetDrop) {
      const pre = "^(.{" + (f.min - 2) + ",}[" + f.consonants + "])";
      this.fleetDrop = new RegExp(pre + "[" + f.vowels + "]([" + f.consonants + "])$", "u");
      this.fleetAdd = new RegExp(pre + "([" + f.consonants + "])$", "u");
    }
    let m = this.fleetDrop.exec(st);
    if (m) return [m[1] + m[2]];
    m = this.fleetAdd.exec(st);
    if (m) return Array.from(f.vowels).map((v) => m[1] + v + m[2]);
    return [];
  };

  // ---- growable integer arrays ------------------------------------------------------------------
  function IntList(cap) { this.a = new Int32Array(cap || 64); this.n = 0; }
  IntList.prototype.push = function (x) {
    if (this.n === this.a.length) { const b = new Int32Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.n++] = x;
  };
  IntList.prototype.done = function () { return this.a.subarray(0, this.n); };

  /* Postings in compressed-row form: for key k, items off[k] .. off[k+1]-1 of `ids` and `tfs`,
     ids ascending. Built from (id, key, tf) triples given in ascending id order. */
  function csr(nKeys, ids, keys, tfs) {
    const n = ids.length;
    const off = new Int32Array(nKeys + 1);
    for (let i = 0; i < n; i++) off[keys[i] + 1]++;
    for (let k = 0; k < nKeys; k++) off[k + 1] += off[k];
    const pos = off.slice(0, nKeys);
    const outIds = new Int32Array(n), outTfs = new Int32Array(n);
    for (let i = 0; i < n; i++) { const p = pos[keys[i]]++; outIds[p] = ids[i]; outTfs[p] = tfs[i]; }
    return { off: off, ids: outIds, tfs: outTfs };
  }

  // ---- the book index (search/model.py) -----------------------------------------------------
  const CUT = "0123456789abcdefghijklmnopqrstuvwxyz";

  function headText(s) {
    return [s.title, s.original, s.tag].filter(Boolean).join(" ");
  }

  /* One book, built from its exported file in one pass over its text: every word is normalised
     once per distinct spelling, numbered in order of first occurrence (section heads, then
     records: the order of the exported stem table), and kept as a stream of numbers per record,
     from which the postings, the lengths and later the re-ranking bonuses are read. */
  function BookIndex(payload, A, order) {
    this.A = A;
    this.order = order || 0;
    this.slug = payload.book;
    this.title = payload.title;
    this.pages = payload.pages;
    this.sections = payload.sections.map(function (s) {
      return { page: s[0], parent: s[1], level: s[2], anchor: s[3], title: s[4], original: s[5], tag: s[6] };
    });
    const secs = this.sections;
    this.records = payload.records.map(function (r) {
      const sec = secs[r[0]].anchor;
      const a = r[2];
      const anchor = a === 0 ? sec : typeof a === "number" ? sec + "--" + a : a;
      return { section: r[0], kind: r[1], anchor: anchor, text: r[3] };
    });
    this.glossary = payload.glossary.map(function (g) { return [g[0], g[1]]; });
    this.headTexts = this.sections.map(headText);
    this.vocabMismatch = 0;

    // words: surface strings by id; ids of every head and record, as flat streams
    this.surfaces = [];
    this.surfaceIds = new Map();
    const rawIds = new Map(); // raw spelling -> surface id, or an array of ids
    const self = this;
    function tokenize(texts) {
      const off = new Int32Array(texts.length + 1);
      const toks = new IntList(1024);
      for (let i = 0; i < texts.length; i++) {
        A.scan(texts[i], function (raw) {
          let ids = rawIds.get(raw);
          if (ids === undefined) {
            const surf = A.normalizeWord(raw);
            if (surf.length === 1) ids = self.surfaceId(surf[0]);
            else ids = surf.map(function (w) { return self.surfaceId(w); });
            rawIds.set(raw, ids);
          }
          if (typeof ids === "number") toks.push(ids);
          else for (let j = 0; j < ids.length; j++) toks.push(ids[j]);
        });
        off[i + 1] = toks.n;
      }
      return { off: off, toks: toks.done() };
    }
    const heads = tokenize(this.headTexts);
    const recs = tokenize(this.records.map(function (r) { return r.text; }));
    this.headOff = heads.off; this.headTok = heads.toks;
    this.recOff = recs.off; this.recTok = recs.toks;
    this.loadVocab(payload);
    this.sortedSurfaces = this.surfaces.slice().sort();
    this.sortedStems = this.stems.slice().sort();
    this.buildPostings();
    this.finish();
  }

  BookIndex.prototype.surfaceId = function (w) {
    let id = this.surfaceIds.get(w);
    if (id === undefined) { id = this.surfaces.length; this.surfaceIds.set(w, id); this.surfaces.push(w); }
    return id;
  };

  /* Stems from the exported table (surfaces in order of first occurrence); a count that does
     not match means the two tokenisers disagree: then every word is stemmed here instead (and
     the parity tests fail loudly). */
  BookIndex.prototype.loadVocab = function (payload) {
    const n = this.surfaces.length;
    this.stems = [];
    this.stemId = new Map();
    this.surfStem = new Int32Array(n);
    const table = payload.stems;
    const exact = n === payload.vocab && table.length === n;
    if (!exact) this.vocabMismatch = Math.abs(n - payload.vocab) || 1;
    let x = 0;
    for (let i = 0; i < n; i++) {
      const w = this.surfaces[i];
      let st;
      if (!exact) st = this.A.stem(w);
      else {
        const c = table.charCodeAt(i);
        st = c === 126 /* ~ */ ? payload.stem_x[x++] : w.slice(0, w.length - CUT.indexOf(table[i]));
      }
      let sid = this.stemId.get(st);
      if (sid === undefined) { sid = this.stems.length; this.stemId.set(st, sid); this.stems.push(st); }
      this.surfStem[i] = sid;
    }
  };

  /* stem -> (record, tf), (section, tf) of heads and of heading paths; the lengths of each. */
  BookIndex.prototype.buildPostings = function () {
    const nStems = this.stems.length, surfStem = this.surfStem;
    const cnt = new Int32Array(nStems);
    const touched = new Int32Array(nStems);
    const count = (toks, a, b, id, ids, keys, tfs) => {
      let m = 0;
      for (let i = a; i < b; i++) { const st = surfStem[toks[i]]; if (cnt[st]++ === 0) touched[m++] = st; }
      for (let j = 0; j < m; j++) { const st = touched[j]; ids.push(id); keys.push(st); tfs.push(cnt[st]); cnt[st] = 0; }
    };
    const nr = this.records.length, ns = this.sections.length;
    let ids = new IntList(nr * 8), keys = new IntList(nr * 8), tfs = new IntList(nr * 8);
    this.recLen = new Int32Array(nr);
    for (let r = 0; r < nr; r++) {
      const a = this.recOff[r], b = this.recOff[r + 1];
      this.recLen[r] = b - a;
      count(this.recTok, a, b, r, ids, keys, tfs);
    }
    this.text = csr(nStems, ids.done(), keys.done(), tfs.done());
    ids = new IntList(ns * 4); keys = new IntList(ns * 4); tfs = new IntList(ns * 4);
    this.headLen = new Int32Array(ns);
    for (let s = 0; s < ns; s++) {
      const a = this.headOff[s], b = this.headOff[s + 1];
      this.headLen[s] = b - a;
      count(this.headTok, a, b, s, ids, keys, tfs);
    }
    this.head = csr(nStems, ids.done(), keys.done(), tfs.done());
    // the path of a section: its ancestors' heads, outermost first
    ids = new IntList(ns * 8); keys = new IntList(ns * 8); tfs = new IntList(ns * 8);
    this.pathLen = new Int32Array(ns);
    for (let s = 0; s < ns; s++) {
      let m = 0, len = 0;
      for (let p = this.sections[s].parent; p >= 0; p = this.sections[p].parent) {
        const a = this.headOff[p], b = this.headOff[p + 1];
        len += b - a;
        for (let i = a; i < b; i++) { const st = surfStem[this.headTok[i]]; if (cnt[st]++ === 0) touched[m++] = st; }
      }
      this.pathLen[s] = len;
      // ascending stem order is not needed: each (section, stem) pair is emitted once
      for (let j = 0; j < m; j++) { const st = touched[j]; ids.push(s); keys.push(st); tfs.push(cnt[st]); cnt[st] = 0; }
    }
    this.path = csr(nStems, ids.done(), keys.done(), tfs.done());
  };

  function sum(xs) { let s = 0; for (let i = 0; i < xs.length; i++) s += xs[i]; return s; }

  BookIndex.prototype.finish = function () {
    const ranges = new Int32Array(this.sections.length * 2);
    let i = 0;
    while (i < this.records.length) {
      const s = this.records[i].section;
      let j = i;
      while (j < this.records.length && this.records[j].section === s) j++;
      ranges[2 * s] = i; ranges[2 * s + 1] = j;
      i = j;
    }
    this.secRecords = ranges;
    this.textLenSum = sum(this.recLen);
    this.headLenSum = sum(this.headLen);
    this.pathLenSum = sum(this.pathLen);
    this.dedupe = new Array(this.records.length);
    this.titleWordsCache = new Array(this.sections.length);
    this.headStemsCache = new Array(this.sections.length);
    this.rules = null;
  };

  BookIndex.prototype.df = function (sid) { return this.text.off[sid + 1] - this.text.off[sid]; };

  BookIndex.prototype.breadcrumb = function (s) {
    const out = [];
    let p = this.sections[s].parent;
    while (p >= 0) { out.push(this.sections[p].title); p = this.sections[p].parent; }
    return [this.title].concat(out.reverse());
  };

  BookIndex.prototype.stemOfSurface = function (w) {
    const id = this.surfaceIds.get(w);
    return id === undefined ? undefined : this.surfStem[id];
  };

  /* The stems of a section's heading with its English original and tag (model.head_stems). */
  BookIndex.prototype.headStems = function (s) {
    let hit = this.headStemsCache[s];
    if (hit === undefined) {
      hit = new Set();
      for (let i = this.headOff[s]; i < this.headOff[s + 1]; i++) hit.add(this.surfStem[this.headTok[i]]);
      this.headStemsCache[s] = hit;
    }
    return hit;
  };

  /* The stems of the content words of the title and of the English original (model.title_words). */
  BookIndex.prototype.titleWords = function (s) {
    let hit = this.titleWordsCache[s];
    if (hit === undefined) {
      const sec = this.sections[s], A = this.A;
      hit = [];
      for (const t of [sec.title, sec.original]) {
        if (!t) continue;
        const ws = [];
        for (const w of A.surfaces(t)) if (A.letterRe.test(w) && !A.optional.has(w)) ws.push(this.stemOfSurface(w));
        hit.push(ws);
      }
      this.titleWordsCache[s] = hit;
    }
    return hit;
  };

  // ---- statistics over all books (engine.Corpus) --------------------------------------------------
  function Corpus(records, textLen, sections, headLen, pathLen, df) {
    this.records = records;
    this.sections = sections;
    this.avgText = records && textLen ? textLen / records : 1.0;
    this.avgHead = sections && headLen ? headLen / sections : 1.0;
    this.avgPath = sections && pathLen ? pathLen / sections : 1.0;
    this.df = df; // Map stem -> records holding it in all books (only stems of 2+ books when shipped)
  }

  /* The manifest's figures (export.corpus): stems of one book only are not listed, their count is
     that book's own. */
  Corpus.fromManifest = function (c) {
    return new Corpus(c.records, c.text_len, c.sections, c.head_len, c.path_len, new Map(Object.entries(c.df)));
  };

  Corpus.ofBooks = function (books) {
    let records = 0, textLen = 0, sections = 0, headLen = 0, pathLen = 0;
    const df = new Map();
    for (const b of books) {
      records += b.records.length; textLen += b.textLenSum;
      sections += b.sections.length; headLen += b.headLenSum; pathLen += b.pathLenSum;
      for (let sid = 0; sid < b.stems.length; sid++) {
        const n = b.df(sid);
        if (n) df.set(b.stems[sid], (df.get(b.stems[sid]) || 0) + n);
      }
    }
    return new Corpus(records, textLen, sections, headLen, pathLen, df);
  };

  Corpus.prototype.dfOf = function (book, sid) {
    const n = this.df.get(book.stems[sid]);
    return n === undefined ? book.df(sid) : n;
  };

  // ---- the engine (search/engine.py) ------------------------------------------------------------
  function round6(x) { return Math.floor(x * 1e6 + 0.5) / 1e6; }

  function cmpStr(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  /* spec: the manifest's analysis; corpus: its statistics over all books (without them, they are
     counted from the books added). */
  function Engine(spec, corpus) {
    this.A = new Analysis(spec);
    this.P = spec.engine;
    this.books = [];
    this.shipped = corpus ? Corpus.fromManifest(corpus) : null;
    this.counted = null;
  }

  /* Books may arrive in any order (the one being read first); `order` keeps them in the
     manifest's order, which breaks ties between equal scores. */
  Engine.prototype.addBook = function (payload, order) {
    const b = new BookIndex(payload, this.A, order === undefined ? this.books.length : order);
    let i = this.books.length;
    while (i > 0 && this.books[i - 1].order > b.order) i--;
    this.books.splice(i, 0, b);
    this.counted = null;
    return b;
  };

  Engine.prototype.corpus = function () {
    if (this.shipped) return this.shipped;
    if (!this.counted) this.counted = Corpus.ofBooks(this.books);
    return this.counted;
  };

  Engine.prototype.parse = function (query) {
    const parts = query.split(this.A.spaceRe).filter(Boolean);
    const books = parts.filter((p) => p.startsWith("@") && p.length > 1).map((p) => p.slice(1).toLowerCase());
    const chunks = parts.filter((p) => !p.startsWith("@"));
    const endsOpen = query.length > 0 && !this.A.spaceOne.test(query[query.length - 1]);
    const prefix = endsOpen && parts.length > 0 && !parts[parts.length - 1].startsWith("@");
    return { chunks: chunks, books: books, prefix: prefix };
  };

  Engine.prototype.stemOf = function (book, w) {
    const sid = book.stemOfSurface(w);
    return sid !== undefined ? book.stems[sid] : this.A.stem(w);
  };

  function bisectLeft(arr, w) {
    let lo = 0, hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (arr[mid] < w) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  Engine.prototype.hasPrefix = function (book, w) {
    const i = bisectLeft(book.sortedSurfaces, w);
    return i < book.sortedSurfaces.length && book.sortedSurfaces[i].startsWith(w);
  };

  Engine.prototype.known = function (book, w, isPrefix) {
    if (book.surfaceIds.has(w) || book.stemId.has(this.stemOf(book, w))) return true;
    return isPrefix && w.length >= this.P.min_prefix && this.hasPrefix(book, w);
  };

  // three reusable rows: the typo scan runs this over the whole vocabulary on one keystroke
  let ROW0 = new Int32Array(64), ROW1 = new Int32Array(64), ROW2 = new Int32Array(64);

  /* Optimal-string-alignment distance of a and b (b cut to `lbMax` characters), or k + 1 if
     above k; with `prefix`, the distance from a to the closest prefix of b. */
  function osa(a, b, k, prefix, lbMax) {
    const la = a.length;
    const lb = lbMax !== undefined && lbMax < b.length ? lbMax : b.length;
    if (!prefix && Math.abs(la - lb) > k) return k + 1;
    if (prefix && lb < la - k) return k + 1;
    if (lb + 1 > ROW0.length) { ROW0 = new Int32Array(lb + 1); ROW1 = new Int32Array(lb + 1); ROW2 = new Int32Array(lb + 1); }
    let prev2 = ROW0, prev = ROW1, cur = ROW2;
    for (let j = 0; j <= lb; j++) prev[j] = j;
    for (let i = 1; i <= la; i++) {
      cur[0] = i;
      let lo = i;
      const ai = a.charCodeAt(i - 1), ai1 = i > 1 ? a.charCodeAt(i - 2) : -1;
      for (let j = 1; j <= lb; j++) {
        const bj = b.charCodeAt(j - 1);
        let v = prev[j - 1] + (ai === bj ? 0 : 1);
        if (prev[j] + 1 < v) v = prev[j] + 1;
        if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
        if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && ai1 === bj && prev2[j - 2] + 1 < v) v = prev2[j - 2] + 1;
        cur[j] = v;
        if (v < lo) lo = v;
      }
      if (lo > k) return k + 1;
      const t = prev2; prev2 = prev; prev = cur; cur = t;
    }
    let d;
    if (prefix) { d = prev[0]; for (let j = 1; j <= lb; j++) if (prev[j] < d) d = prev[j]; }
    else d = prev[lb];
    return d <= k ? d : k + 1;
  }

  Engine.prototype.expand = function (book, w, isPrefix, relaxed, scope) {
    const P = this.P;
    const stems = new Map();
    const ownStem = this.stemOf(book, w);
    const ownS = book.stemId.get(ownStem);
    const own = ownS === undefined ? null : ownS;
    if (own !== null) stems.set(own, P.w_exact);
    // derivational relatives: stems that extend the word's stem, or that it extends, by a few letters
    if (ownStem.length >= P.stem_prefix_min && this.A.letterRe.test(ownStem)) {
      const extra = P.stem_prefix_extra;
      const ss = book.sortedStems;
      let i = bisectLeft(ss, ownStem);
      while (i < ss.length && ss[i].startsWith(ownStem)) {
        const t = ss[i];
        if (t.length - ownStem.length > 0 && t.length - ownStem.length <= extra) {
          const sid = book.stemId.get(t);
          stems.set(sid, Math.max(stems.get(sid) || 0.0, P.w_stem_prefix));
        }
        i++;
      }
      for (let n = Math.max(P.stem_prefix_min, ownStem.length - extra); n < ownStem.length; n++) {
        const sid2 = book.stemId.get(ownStem.slice(0, n));
        if (sid2 !== undefined) stems.set(sid2, Math.max(stems.get(sid2) || 0.0, P.w_stem_prefix));
      }
    }
    for (const t of this.A.fleetingVariants(ownStem)) {
      const sid = book.stemId.get(t);
      if (sid !== undefined && sid !== own) stems.set(sid, Math.max(stems.get(sid) || 0.0, P.w_stem));
    }
    const whole = new Set(stems.keys());
    let completions = 0;
    if (isPrefix && w.length >= P.min_prefix) {
      let found = [];
      const bestLen = new Map(); // the shortest completion of each stem
      const surf = book.sortedSurfaces;
      let i = bisectLeft(surf, w);
      while (i < surf.length && surf[i].startsWith(w)) {
        const sid = book.stemOfSurface(surf[i]);
        if (sid !== own) {
          if (!bestLen.has(sid)) { found.push(sid); bestLen.set(sid, surf[i].length); }
          else if (surf[i].length < bestLen.get(sid)) bestLen.set(sid, surf[i].length);
        }
        i++;
      }
      if (found.length > P.max_prefix_terms) {
        found.sort((x, y) => book.df(y) - book.df(x) || cmpStr(book.stems[x], book.stems[y]));
        found = found.slice(0, P.max_prefix_terms);
      }
      for (const sid of found) {
        // a longer completion is a weaker guess of what is being typed
        const wt = P.w_prefix * (0.5 + 0.5 * w.length / bestLen.get(sid));
        if (wt > (stems.get(sid) || 0.0)) stems.set(sid, wt);
      }
      completions = found.length;
    }
    const slot = { word: w, stems: stems, whole: whole, correction: null };
    // typos only for a word no book in the search knows
    if (own === null && completions === 0 && this.A.letterRe.test(w) &&
        !(scope || []).some((b) => b !== book && this.known(b, w, isPrefix))) {
      const n = w.length;
      let k = n >= P.typo2_from ? 2 : n >= P.typo1_from ? 1 : 0;
      if (relaxed) k = n >= P.typo1_from ? 2 : n >= 3 ? 1 : 0;
      if (k) {
        const cands = [];
        const surf = book.sortedSurfaces;
        for (let i = 0; i < surf.length; i++) {
          const u = surf[i];
          if (isPrefix ? u.length < n - k : Math.abs(u.length - n) > k) continue;
          const d = osa(w, u, k, isPrefix, isPrefix ? n + k : undefined);
          if (d <= k) cands.push([d, -book.df(book.stemOfSurface(u)), u]);
        }
        cands.sort((x, y) => x[0] - y[0] || x[1] - y[1] || cmpStr(x[2], y[2]));
        const taken = new Set();
        for (const [d, , u] of cands) {
          const sid = book.stemOfSurface(u);
          if (taken.has(sid)) continue;
          if (taken.size >= P.max_typo_terms) break;
          taken.add(sid);
          stems.set(sid, d <= 1 ? P.w_typo1 : P.w_typo2);
          whole.add(sid);
        }
        if (cands.length) slot.correction = cands[0][2];
      }
    }
    return slot;
  };

  Engine.prototype.phraseSlots = function (book, phrase) {
    const out = [];
    for (const w of this.A.surfaces(phrase)) {
      const sid = book.stemId.get(this.stemOf(book, w));
      const m = new Map();
      const whole = new Set();
      if (sid !== undefined) { m.set(sid, 1.0); whole.add(sid); }
      out.push({ word: w, stems: m, whole: whole, correction: null });
    }
    return out;
  };

  Engine.prototype.glossaryRules = function (book) {
    if (!book.rules) {
      book.rules = [];
      for (const [src, dst] of book.glossary) {
        const key = this.A.surfaces(src).map((w) => this.stemOf(book, w));
        if (key.length) book.rules.push([key, dst, key.join("\u0000")]);
      }
    }
    return book.rules;
  };

  Engine.prototype.plan = function (book, parsed, relaxed, scope) {
    const A = this.A, P = this.P;
    const words = [];
    const shown = [];
    let changed = false;
    const all = [book].concat(scope || []);
    for (let ci = 0; ci < parsed.chunks.length; ci++) {
      const chunk = parsed.chunks[ci];
      const last = ci === parsed.chunks.length - 1;
      let toks = A.surfaces(chunk);
      const prefs = (ts) => ts.map((_, ti) => parsed.prefix && last && ti === ts.length - 1);
      const allKnown = (b, ts) => { const p = prefs(ts); return ts.every((t, i) => this.known(b, t, p[i])); };
      // the other layout only for a chunk that no searched book knows as typed
      if (toks.length && !all.some((b) => allKnown(b, toks))) {
        const swapped = A.layoutSwap(chunk);
        if (swapped !== null) {
          const stoks = A.surfaces(swapped);
          if (stoks.length && allKnown(book, stoks)) { toks = stoks; changed = true; }
        }
      }
      const p = prefs(toks);
      for (let i = 0; i < toks.length; i++) { words.push([toks[i], p[i]]); shown.push(toks[i]); }
    }
    const rules = this.glossaryRules(book);
    const groups = [];
    let i = 0;
    while (i < words.length) {
      let bestLen = 0;
      for (const [key] of rules) {
        const n = key.length;
        if (n > bestLen && i + n <= words.length) {
          let ok = true;
          for (let j = 0; j < n; j++) if (this.stemOf(book, words[i + j][0]) !== key[j]) { ok = false; break; }
          if (ok) bestLen = n;
        }
      }
      if (bestLen) {
        const span = words.slice(i, i + bestLen);
        const keyHere = span.map((x) => this.stemOf(book, x[0])).join("\u0000");
        const alts = [{ slots: span.map((x) => this.expand(book, x[0], x[1], relaxed, scope)), weight: 1.0 }];
        const dsts = [];
        for (const [, dst, joined] of rules) {
          if (joined === keyHere) for (const d of dst) if (dsts.indexOf(d) < 0) dsts.push(d);
        }
        for (const d of dsts) {
          const slots = this.phraseSlots(book, d);
          if (slots.length) alts.push({ slots: slots, weight: P.w_synonym });
        }
        groups.push({ words: span.map((x) => x[0]), alts: alts, required: true, stems: new Set(), whole: new Set() });
        i += bestLen;
        continue;
      }
      const [w, p] = words[i];
      const slot = this.expand(book, w, p, relaxed, scope);
      groups.push({ words: [w], alts: [{ slots: [slot], weight: 1.0 }], required: !A.optional.has(w), stems: new Set(), whole: new Set() });
      i++;
    }
    if (groups.length && !groups.some((g) => g.required)) for (const g of groups) g.required = true;
    const fixes = new Map();
    for (const g of groups) {
      for (const a of g.alts) for (const s of a.slots) {
        for (const sid of s.stems.keys()) g.stems.add(sid);
        for (const sid of s.whole) g.whole.add(sid);
        if (s.correction) fixes.set(s.word, s.correction);
      }
    }
    let suggestion = null;
    if (changed || fixes.size) suggestion = shown.map((w) => (fixes.has(w) ? fixes.get(w) : w)).join(" ");
    return { groups: groups, suggestion: suggestion };
  };

  // ---- scoring: dense per-record arrays; the values are those of engine.py's dictionaries -----
  /* Scratch space of one book: field counts per record and a stamp that marks the records seen
     for the current stem. */
  function Scratch(n) {
    this.t1 = new Int32Array(n); this.t2 = new Int32Array(n); this.t3 = new Int32Array(n);
    this.stamp = new Int32Array(n); this.clock = 0;
    this.list = new Int32Array(n);
  }

  /* A record -> score table: `v` holds the scores, `ids` the records that have one, in the order
     first scored. */
  function Scores(n) { this.v = new Float64Array(n); this.ids = new IntList(64); }
  Scores.prototype.has = function (r) { return this.v[r] > 0; };

  function idf(P, c, df) {
    const ref = P.idf_records;
    const d = df * ref / c.records;
    return Math.log(1 + (ref - d + 0.5) / (d + 0.5));
  }

  Engine.prototype.slotScores = function (book, slot, c) {
    const P = this.P;
    const n = book.records.length;
    const k1 = P.k1, bt = P.b_text, bh = P.b_head;
    const wText = P.w_text, wHead = P.w_head, wPath = P.w_path;
    const avgText = c.avgText, avgHead = c.avgHead, avgPath = c.avgPath;
    const sc = book.scratch || (book.scratch = new Scratch(n));
    const t1 = sc.t1, t2 = sc.t2, t3 = sc.t3, stamp = sc.stamp, list = sc.list;
    const out = new Scores(n);
    const recSec = book.recSection || (book.recSection = Int32Array.from(book.records, (r) => r.section));
    const recLen = book.recLen, headLen = book.headLen, pathLen = book.pathLen, ranges = book.secRecords;
    const sids = Array.from(slot.stems.keys()).sort((a, b) => a - b);
    for (const sid of sids) {
      const weight = slot.stems.get(sid) * idf(P, c, c.dfOf(book, sid));
      const clock = ++sc.clock;
      let m = 0;
      const T = book.text, H = book.head, Pa = book.path;
      for (let i = T.off[sid]; i < T.off[sid + 1]; i++) {
        const r = T.ids[i];
        if (stamp[r] !== clock) { stamp[r] = clock; list[m++] = r; }
        t1[r] = T.tfs[i];
      }
      for (let i = H.off[sid]; i < H.off[sid + 1]; i++) {
        const s = H.ids[i], tf = H.tfs[i];
        for (let r = ranges[2 * s]; r < ranges[2 * s + 1]; r++) {
          if (stamp[r] !== clock) { stamp[r] = clock; list[m++] = r; }
          t2[r] = tf;
        }
      }
      for (let i = Pa.off[sid]; i < Pa.off[sid + 1]; i++) {
        const s = Pa.ids[i], tf = Pa.tfs[i];
        for (let r = ranges[2 * s]; r < ranges[2 * s + 1]; r++) {
          if (stamp[r] !== clock) { stamp[r] = clock; list[m++] = r; }
          t3[r] = tf;
        }
      }
      for (let j = 0; j < m; j++) {
        const r = list[j], s = recSec[r];
        const tfw =
          wText * t1[r] / (1 - bt + bt * recLen[r] / avgText) +
          wHead * t2[r] / (1 - bh + bh * headLen[s] / avgHead) +
          wPath * t3[r] / (1 - bh + bh * pathLen[s] / avgPath);
        const v = weight * tfw * (k1 + 1) / (k1 + tfw);
        const old = out.v[r];
        if (old === 0) out.ids.push(r);
        if (v > old) out.v[r] = v;
        t1[r] = 0; t2[r] = 0; t3[r] = 0;
      }
    }
    return out;
  };

  Engine.prototype.groupScores = function (book, g, c) {
    const out = new Scores(book.records.length);
    for (const alt of g.alts) {
      const per = alt.slots.map((s) => this.slotScores(book, s, c));
      if (!per.length) continue;
      const first = per[0].ids;
      for (let i = 0; i < first.n; i++) {
        const r = first.a[i];
        let total = 0.0, ok = true;
        for (const p of per) { const x = p.v[r]; if (!(x > 0)) { ok = false; break; } total += x; }
        if (!ok) continue;
        const v = alt.weight * (total / per.length);
        const old = out.v[r];
        if (old === 0) out.ids.push(r);
        if (v > old) out.v[r] = v;
      }
    }
    return out;
  };

  Engine.prototype.bonus = function (book, rec, groups) {
    const P = this.P;
    const r = book.records[rec];
    const a = book.recOff[rec], b = book.recOff[rec + 1];
    const ha = book.headOff[r.section], hb = book.headOff[r.section + 1];
    const toks = book.recTok, htoks = book.headTok, surfStem = book.surfStem;
    // a word of the query, as typed, in the text or the heading
    let exact = 0;
    for (const g of groups) {
      let found = false;
      for (const w of g.words) {
        const id = book.surfaceIds.get(w);
        if (id === undefined) continue;
        for (let i = a; i < b && !found; i++) if (toks[i] === id) found = true;
        for (let i = ha; i < hb && !found; i++) if (htoks[i] === id) found = true;
        if (found) break;
      }
      if (found) exact++;
    }
    let bonus = 1 + P.bonus_exact * exact / groups.length;
    if (groups.length >= 2) {
      const len = b - a, m = groups.length;
      const match = new Array(len);
      for (let i = 0; i < len; i++) {
        const sid = surfStem[toks[a + i]];
        const o = [];
        for (let gi = 0; gi < m; gi++) if (groups[gi].stems.has(sid)) o.push(gi);
        match[i] = o;
      }
      let phrase = false;
      for (let i = 0; i + m <= len && !phrase; i++) {
        let ok = true;
        for (let j = 0; j < m; j++) if (match[i + j].indexOf(j) < 0) { ok = false; break; }
        if (ok) phrase = true;
      }
      if (phrase) bonus += P.bonus_phrase;
      else {
        const present = new Set();
        for (const ms of match) for (const gi of ms) present.add(gi);
        let best = 0;
        if (present.size >= 2) {
          // the smallest window of tokens that holds every group present in the text
          const need = present.size;
          const counts = new Int32Array(m);
          let have = 0, lo = 0, width = len + 1;
          for (let hi = 0; hi < len; hi++) {
            for (const gi of match[hi]) if (counts[gi]++ === 0) have++;
            while (have === need) {
              if (hi - lo + 1 < width) width = hi - lo + 1;
              for (const gi of match[lo]) if (--counts[gi] === 0) have--;
              lo++;
            }
          }
          if (width <= P.near_window) best = need;
        }
        if (best) bonus += P.bonus_near * (best - 1) / (m - 1);
      }
    }
    if (this.headingMatches(book, r.section, groups)) {
      bonus += P.bonus_heading;
      if (r.kind === "h") bonus += P.bonus_heading_block;
    }
    return bonus;
  };

  function meets(stems, hs) {
    for (const s of stems) if (hs.has(s)) return true;
    return false;
  }

  /* Every required word of the query is in the section's heading. */
  Engine.prototype.headingMatches = function (book, s, groups) {
    const hs = book.headStems(s);
    let req = 0;
    for (const g of groups) {
      if (!g.required) continue;
      req++;
      if (!meets(g.stems, hs)) return false;
    }
    return req > 0;
  };

  /* A heading the query names exactly (engine.title_exact). */
  Engine.prototype.titleExact = function (book, rec, groups) {
    const r = book.records[rec];
    if (r.kind !== "h") return false;
    const hs = book.headStems(r.section);
    for (const g of groups) if (!meets(g.stems, hs)) return false;
    const matched = new Set();
    for (const g of groups) for (const sid of g.whole) matched.add(sid);
    for (const ws of book.titleWords(r.section)) {
      if (ws.length && ws.every((sid) => matched.has(sid))) return true;
    }
    return false;
  };

  function byRank(x, y) {
    return y[0] - x[0] || y[1] - x[1] || round6(y[2]) - round6(x[2]) || x[3] - y[3];
  }

  Engine.prototype.scoreBook = function (book, plan, c) {
    const groups = plan.groups;
    if (!groups.length) return [];
    c = c || Corpus.ofBooks([book]);
    const scores = groups.map((g) => this.groupScores(book, g, c));
    const required = [];
    groups.forEach((g, i) => { if (g.required) required.push(i); });
    const n = book.records.length;
    const seenCand = new Uint8Array(n);
    let rows = [];
    for (const s of scores) {
      for (let i = 0; i < s.ids.n; i++) {
        const r = s.ids.a[i];
        if (seenCand[r]) continue;
        seenCand[r] = 1;
        let cov = 0;
        for (const gi of required) if (scores[gi].v[r] > 0) cov++;
        if (cov === 0) continue;
        let base = 0.0;
        for (const t of scores) base += t.v[r];
        rows.push([cov, 0, base, r]);
      }
    }
    rows.sort(byRank);
    rows = rows.slice(0, this.P.rerank);
    const ranked = rows.map(([cov, , base, r]) => [cov, this.titleExact(book, r, groups) ? 1 : 0, base * this.bonus(book, r, groups), r]);
    ranked.sort(byRank);
    const seen = new Map();
    const decayed = [];
    for (const [cov, title, sc0, r] of ranked) {
      let sc = sc0;
      const s = book.records[r].section;
      const k = seen.get(s) || 0;
      seen.set(s, k + 1);
      for (let i = 0; i < k; i++) sc *= this.P.same_section_decay;
      decayed.push([cov, title, sc, r]);
    }
    decayed.sort(byRank);
    return decayed.map(([cov, title, sc, r]) => ({ book: book, rec: r, cov: cov, required: required.length, title: title, score: round6(sc), groups: groups }));
  };

  Engine.prototype.snippet = function (book, text, groups) {
    const A = this.A;
    const toks = A.tokens(text);
    const hits = [];
    for (const t of toks) {
      const sid = book.stemOfSurface(t.surface);
      const gs = [];
      if (sid !== undefined) groups.forEach((g, gi) => { if (g.stems.has(sid)) gs.push(gi); });
      if (gs.length) hits.push([t.start, t.end, gs]);
    }
    const limit = this.P.snippet_chars;
    let ws = 0, we = text.length;
    if (text.length > limit) {
      let best = null, bestWs = 0;
      for (const h of hits) {
        let start = Math.max(0, h[0] - 30);
        if (start > 0) { const t = toks.find((t) => t.start >= start); start = t ? t.start : h[0]; }
        const end = start + limit;
        const inside = hits.filter((x) => x[0] >= start && x[1] <= end);
        const covered = new Set();
        for (const x of inside) for (const gi of x[2]) covered.add(gi);
        const key = [covered.size, inside.length];
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
    const marks = hits.filter((h) => h[0] >= ws && h[1] <= we).map((h) => [h[0] - ws + pre.length, h[1] - ws + pre.length]);
    return [pre + text.slice(ws, we) + post, marks];
  };

  Engine.prototype.shownText = function (b, i) {
    const r = b.records[i];
    if (r.kind !== "h") return r.text;
    const nxt = i + 1;
    return nxt < b.records.length && b.records[nxt].section === r.section ? b.records[nxt].text : "";
  };

  Engine.prototype.key = function (h) {
    const b = h.book;
    let k = b.dedupe[h.rec];
    if (k === undefined) {
      const r = b.records[h.rec];
      if (r.kind === "row") k = "row:" + b.slug + ":" + r.anchor;
      else if (r.kind === "h") {
        const shown = this.shownText(b, h.rec);
        k = shown ? this.A.dedupeKey(shown) : "h:" + this.A.dedupeKey(r.text);
      } else k = this.A.dedupeKey(r.text);
      b.dedupe[h.rec] = k;
    }
    return k;
  };

  Engine.prototype.result = function (h) {
    const b = h.book;
    const r = b.records[h.rec];
    const sec = b.sections[r.section];
    const page = b.pages[sec.page];
    const [snip, marks] = this.snippet(b, this.shownText(b, h.rec), h.groups);
    const crumbs = b.breadcrumb(r.section);
    return {
      url: page[0] + "#" + r.anchor,
      title: sec.title || page[1],
      original: sec.original,
      tag: sec.tag,
      breadcrumb: crumbs.join(" › "),
      path: crumbs,
      snippet: snip,
      highlights: marks,
      book: b.slug,
      book_title: b.title,
      kind: r.kind,
      score: h.score,
    };
  };

  Engine.prototype.run = function (scope, parsed, limit, relaxed, c, prefer) {
    const hits = [];
    const suggestions = [];
    scope.forEach((b, bi) => {
      const p = this.plan(b, parsed, relaxed, scope);
      suggestions.push(p.suggestion);
      const boost = b.slug === prefer ? this.P.prefer_book : 1.0;
      for (const h of this.scoreBook(b, p, c)) {
        if (boost !== 1.0) h.score = round6(h.score * boost);
        hits.push([-(h.cov / h.required), -h.title, -h.score, bi, h.rec, h]);
      }
    });
    hits.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3] || x[4] - y[4]);
    const results = [];
    const seen = new Set();
    for (const x of hits) {
      const h = x[5];
      const k = this.key(h);
      if (seen.has(k)) continue;
      seen.add(k);
      results.push(h);
      if (results.length >= limit) break;
    }
    let suggestion = null;
    if (results.length) suggestion = suggestions[scope.indexOf(results[0].book)];
    else suggestion = suggestions.find((s) => s) || null;
    return { results: results.map((h) => this.result(h)), suggestion: suggestion };
  };

  /* The best `limit` results. bookFilter: slugs to search (all books if empty); prefer: the
     slug of the book being read, whose results rank a little higher. */
  Engine.prototype.search = function (query, limit, bookFilter, prefer) {
    limit = limit || 10;
    const parsed = this.parse(query);
    const wanted = (bookFilter || []).map((s) => s.toLowerCase()).concat(parsed.books);
    const scope = this.books.filter((b) => !wanted.length || wanted.indexOf(b.slug) >= 0);
    const c = this.corpus();
    let out = this.run(scope, parsed, limit, false, c, prefer || null);
    if (!out.results.length && parsed.chunks.length) {
      const again = this.run(scope, parsed, limit, true, c, prefer || null);
      if (again.results.length) out = again;
    }
    out.books = scope.map((b) => b.slug);
    return out;
  };

  // ---- loading a site's index (the search worker, or the page when workers are unavailable) -----
  /* The book files in the order to build them: the book being read first, then the manifest's order. */
  function loadOrder(books, current) {
    const order = books.map(function (b, i) { return i; });
    return order.sort(function (a, b) { return (books[b].slug === current) - (books[a].slug === current) || a - b; });
  }

  /* Builds an engine from the manifest and book files (promises, already requested), one book per
     task: `ready(engine)` once the first (the book being read) can answer, `added(slug, ms)` after
     each. The statistics that scores depend on come with the manifest, so a result scores the same
     before and after the other books arrive. Resolves with the engine and the timings (ms since
     `t0`, the start of the load). */
  async function loadIndex(manifestP, payloadsP, current, pause, ready, added, t0) {
    if (t0 === undefined) t0 = now();
    const manifest = await manifestP;
    const payloads = await payloadsP;
    const engine = new Engine(manifest.analysis, manifest.corpus);
    const load = { first: 0, total: 0, books: [] };
    const order = loadOrder(manifest.books, current);
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      const payload = await payloads[i];
      const w = now();
      if (k > 0) await pause();
      const b0 = now();
      engine.addBook(payload, i);
      const b1 = now();
      load.books.push({ slug: manifest.books[i].slug, ready: w - t0, build: b1 - b0 });
      if (added) added(manifest.books[i].slug, b1 - b0);
      if (k === 0) { load.first = b1 - t0; ready(engine); }
    }
    load.total = now() - t0;
    return { engine: engine, load: load, manifest: manifest };
  }

  function now() { return typeof performance !== "undefined" ? performance.now() : Date.now(); }

  return {
    Engine: Engine, Analysis: Analysis, BookIndex: BookIndex, Corpus: Corpus, osa: osa, round6: round6,
    loadOrder: loadOrder, loadIndex: loadIndex,
  };
});
