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

  // ---- the book index (search/model.py) -----------------------------------------------------
  const CUT = "0123456789abcdefghijklmnopqrstuvwxyz";

  function headText(s) {
    return [s.title, s.original, s.tag].filter(Boolean).join(" ");
  }

  function BookIndex(payload, A) {
    this.A = A;
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
    this.surfaceStem = new Map();
    this.stems = [];
    this.stemId = new Map();
    this.headTexts = this.sections.map(headText);
    this.vocabMismatch = 0;
    // every text is analysed once: heads, then records (the stem table's order)
    const headWords = this.headTexts.map((t) => A.surfaces(t));
    const recWords = this.records.map((r) => A.surfaces(r.text));
    const pathWords = this.sections.map((_, i) => {
      const parts = [];
      let p = this.sections[i].parent;
      while (p >= 0) { parts.push(headWords[p]); p = this.sections[p].parent; }
      return [].concat.apply([], parts.reverse());
    });
    this.loadVocab(payload, headWords, recWords);
    this.sortedSurfaces = Array.from(this.surfaceStem.keys()).sort();
    this.sortedStems = this.stems.slice().sort();
    this.buildPostings(headWords, recWords, pathWords);
    this.finish();
  }

  BookIndex.prototype.pathText = function (s) {
    const parts = [];
    let p = this.sections[s].parent;
    while (p >= 0) { parts.push(headText(this.sections[p])); p = this.sections[p].parent; }
    return parts.reverse().join(" ");
  };

  BookIndex.prototype.breadcrumb = function (s) {
    const out = [];
    let p = this.sections[s].parent;
    while (p >= 0) { out.push(this.sections[p].title); p = this.sections[p].parent; }
    return [this.title].concat(out.reverse());
  };

  BookIndex.prototype.addSurface = function (surface, st) {
    let sid = this.stemId.get(st);
    if (sid === undefined) { sid = this.stems.length; this.stemId.set(st, sid); this.stems.push(st); }
    this.surfaceStem.set(surface, sid);
  };

  /* The stem table follows the surfaces in order of first occurrence (section heads, then
     records); a count that does not match means the two tokenisers disagree: then every word
     is stemmed here instead (and the parity tests fail loudly). */
  BookIndex.prototype.loadVocab = function (payload, headWords, recWords) {
    const A = this.A;
    const order = [];
    const seen = new Set();
    const push = (ws) => { for (const w of ws) if (!seen.has(w)) { seen.add(w); order.push(w); } };
    for (const h of headWords) push(h);
    for (const r of recWords) push(r);
    const table = payload.stems;
    if (order.length !== payload.vocab || table.length !== order.length) {
      this.vocabMismatch = Math.abs(order.length - payload.vocab) || 1;
      for (const w of order) this.addSurface(w, A.stem(w));
      return;
    }
    let x = 0;
    for (let i = 0; i < order.length; i++) {
      const w = order[i], c = table[i];
      const st = c === "~" ? payload.stem_x[x++] : w.slice(0, w.length - CUT.indexOf(c));
      this.addSurface(w, st);
    }
  };

  BookIndex.prototype.buildPostings = function (headWords, recWords, pathWords) {
    const count = (words) => {
      const c = new Map();
      for (const w of words) {
        const sid = this.surfaceStem.get(w);
        c.set(sid, (c.get(sid) || 0) + 1);
      }
      return c;
    };
    const add = (post, i, c) => {
      for (const [sid, tf] of c) {
        let l = post.get(sid);
        if (!l) { l = []; post.set(sid, l); }
        l.push(i, tf);
      }
    };
    this.textPost = new Map();
    this.headPost = new Map();
    this.pathPost = new Map();
    this.recLen = new Array(this.records.length);
    this.headLen = new Array(this.sections.length);
    this.pathLen = new Array(this.sections.length);
    for (let i = 0; i < this.records.length; i++) {
      const c = count(recWords[i]);
      add(this.textPost, i, c);
      let n = 0;
      for (const v of c.values()) n += v;
      this.recLen[i] = n;
    }
    for (let i = 0; i < this.sections.length; i++) {
      const h = count(headWords[i]);
      add(this.headPost, i, h);
      let n = 0;
      for (const v of h.values()) n += v;
      this.headLen[i] = n;
      const p = count(pathWords[i]);
      add(this.pathPost, i, p);
      n = 0;
      for (const v of p.values()) n += v;
      this.pathLen[i] = n;
    }
  };

  function mean(xs) {
    if (!xs.length) return 1.0;
    let s = 0;
    for (const x of xs) s += x;
    return s / xs.length || 1.0;
  }

  BookIndex.prototype.finish = function () {
    this.avgText = mean(this.recLen);
    this.avgHead = mean(this.headLen);
    this.avgPath = mean(this.pathLen);
    const ranges = new Array(this.sections.length).fill(null).map(() => [0, 0]);
    let i = 0;
    while (i < this.records.length) {
      const s = this.records[i].section;
      let j = i;
      while (j < this.records.length && this.records[j].section === s) j++;
      ranges[s] = [i, j];
      i = j;
    }
    this.secRecords = ranges;
  };

  BookIndex.prototype.df = function (sid) {
    const l = this.textPost.get(sid);
    return l ? l.length / 2 : 0;
  };

  // ---- the engine (search/engine.py) ------------------------------------------------------------
  function round6(x) { return Math.floor(x * 1e6 + 0.5) / 1e6; }

  function cmpStr(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function Engine(spec) {
    this.A = new Analysis(spec);
    this.P = spec.engine;
    this.books = [];
  }

  Engine.prototype.addBook = function (payload) {
    const b = new BookIndex(payload, this.A);
    this.books.push(b);
    return b;
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
    const sid = book.surfaceStem.get(w);
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
    if (book.surfaceStem.has(w) || book.stemId.has(this.stemOf(book, w))) return true;
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
    let completions = 0;
    if (isPrefix && w.length >= P.min_prefix) {
      let found = [];
      const bestLen = new Map(); // the shortest completion of each stem
      const surf = book.sortedSurfaces;
      let i = bisectLeft(surf, w);
      while (i < surf.length && surf[i].startsWith(w)) {
        const sid = book.surfaceStem.get(surf[i]);
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
    const slot = { word: w, stems: stems, correction: null };
    // typos only for a word no book in the search knows
    const others = (scope || []).filter((b) => b !== book);
    if (own === null && completions === 0 && this.A.letterRe.test(w) && !others.some((b) => this.known(b, w, isPrefix))) {
      const n = w.length;
      let k = n >= P.typo2_from ? 2 : n >= P.typo1_from ? 1 : 0;
      if (relaxed) k = n >= P.typo1_from ? 2 : n >= 3 ? 1 : 0;
      if (k) {
        const cands = [];
        for (const u of book.sortedSurfaces) {
          const d = osa(w, u, k, isPrefix, isPrefix ? n + k : undefined);
          if (d <= k) cands.push([d, -book.df(book.surfaceStem.get(u)), u]);
        }
        cands.sort((x, y) => x[0] - y[0] || x[1] - y[1] || cmpStr(x[2], y[2]));
        const taken = new Set();
        for (const [d, , u] of cands) {
          const sid = book.surfaceStem.get(u);
          if (taken.has(sid)) continue;
          if (taken.size >= P.max_typo_terms) break;
          taken.add(sid);
          stems.set(sid, d <= 1 ? P.w_typo1 : P.w_typo2);
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
      if (sid !== undefined) m.set(sid, 1.0);
      out.push({ word: w, stems: m, correction: null });
    }
    return out;
  };

  Engine.prototype.plan = function (book, parsed, relaxed, scope) {
    const A = this.A, P = this.P;
    const words = [];
    const shown = [];
    let changed = false;
    for (let ci = 0; ci < parsed.chunks.length; ci++) {
      const chunk = parsed.chunks[ci];
      const last = ci === parsed.chunks.length - 1;
      let toks = A.surfaces(chunk);
      const prefs = (ts) => ts.map((_, ti) => parsed.prefix && last && ti === ts.length - 1);
      const allKnown = (ts) => { const p = prefs(ts); return ts.every((t, i) => this.known(book, t, p[i])); };
      if (toks.length && !allKnown(toks)) {
        const swapped = A.layoutSwap(chunk);
        if (swapped !== null) {
          const stoks = A.surfaces(swapped);
          if (stoks.length && allKnown(stoks)) { toks = stoks; changed = true; }
        }
      }
      const p = prefs(toks);
      for (let i = 0; i < toks.length; i++) { words.push([toks[i], p[i]]); shown.push(toks[i]); }
    }
    const rules = [];
    for (const [src, dst] of book.glossary) {
      const key = A.surfaces(src).map((w) => this.stemOf(book, w));
      if (key.length) rules.push([key, dst]);
    }
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
        for (const [key, dst] of rules) {
          if (key.join("\u0000") === keyHere) for (const d of dst) if (dsts.indexOf(d) < 0) dsts.push(d);
        }
        for (const d of dsts) {
          const slots = this.phraseSlots(book, d);
          if (slots.length) alts.push({ slots: slots, weight: P.w_synonym });
        }
        groups.push({ words: span.map((x) => x[0]), alts: alts, required: true, stems: new Set() });
        i += bestLen;
        continue;
      }
      const [w, p] = words[i];
      const slot = this.expand(book, w, p, relaxed, scope);
      groups.push({ words: [w], alts: [{ slots: [slot], weight: 1.0 }], required: !A.optional.has(w), stems: new Set() });
      i++;
    }
    if (groups.length && !groups.some((g) => g.required)) for (const g of groups) g.required = true;
    const fixes = new Map();
    for (const g of groups) {
      for (const a of g.alts) for (const s of a.slots) {
        for (const sid of s.stems.keys()) g.stems.add(sid);
        if (s.correction) fixes.set(s.word, s.correction);
      }
    }
    let suggestion = null;
    if (changed || fixes.size) suggestion = shown.map((w) => (fixes.has(w) ? fixes.get(w) : w)).join(" ");
    return { groups: groups, suggestion: suggestion };
  };

  Engine.prototype.slotScores = function (book, slot) {
    const P = this.P;
    const n = book.records.length;
    const k1 = P.k1, bt = P.b_text, bh = P.b_head;
    const out = new Map();
    const sids = Array.from(slot.stems.keys()).sort((a, b) => a - b);
    for (const sid of sids) {
      const w = slot.stems.get(sid);
      const ref = P.idf_records;
      const df = book.df(sid) * ref / n;
      const idf = Math.log(1 + (ref - df + 0.5) / (df + 0.5));
      const comp = new Map();
      const get = (r) => { let c = comp.get(r); if (!c) { c = [0, 0, 0]; comp.set(r, c); } return c; };
      const tp = book.textPost.get(sid);
      if (tp) for (let i = 0; i < tp.length; i += 2) get(tp[i])[0] = tp[i + 1];
      const hp = book.headPost.get(sid);
      if (hp) for (let i = 0; i < hp.length; i += 2) {
        const [a, b] = book.secRecords[hp[i]];
        for (let r = a; r < b; r++) get(r)[1] = hp[i + 1];
      }
      const pp = book.pathPost.get(sid);
      if (pp) for (let i = 0; i < pp.length; i += 2) {
        const [a, b] = book.secRecords[pp[i]];
        for (let r = a; r < b; r++) get(r)[2] = pp[i + 1];
      }
      for (const [r, c] of comp) {
        const s = book.records[r].section;
        const tfw =
          P.w_text * c[0] / (1 - bt + bt * book.recLen[r] / book.avgText) +
          P.w_head * c[1] / (1 - bh + bh * book.headLen[s] / book.avgHead) +
          P.w_path * c[2] / (1 - bh + bh * book.pathLen[s] / book.avgPath);
        const v = w * idf * tfw * (k1 + 1) / (k1 + tfw);
        if (v > (out.get(r) || 0.0)) out.set(r, v);
      }
    }
    return out;
  };

  Engine.prototype.groupScores = function (book, g) {
    const out = new Map();
    for (const alt of g.alts) {
      const per = alt.slots.map((s) => this.slotScores(book, s));
      if (!per.length) continue;
      for (const r of per[0].keys()) {
        if (!per.every((p) => p.has(r))) continue;
        let total = 0.0;
        for (const p of per) total += p.get(r);
        const v = alt.weight * (total / per.length);
        if (v > (out.get(r) || 0.0)) out.set(r, v);
      }
    }
    return out;
  };

  Engine.prototype.bonus = function (book, rec, groups) {
    const P = this.P, A = this.A;
    const r = book.records[rec];
    const sec = book.sections[r.section];
    const toks = A.surfaces(r.text);
    const head = A.surfaces(book.headTexts[r.section]);
    const words = new Set(toks.concat(head));
    let exact = 0;
    for (const g of groups) if (g.words.some((w) => words.has(w))) exact++;
    let bonus = 1 + P.bonus_exact * exact / groups.length;
    if (groups.length >= 2) {
      const stems = toks.map((t) => book.surfaceStem.get(t));
      const match = stems.map((sid) => { const o = []; groups.forEach((g, gi) => { if (g.stems.has(sid)) o.push(gi); }); return o; });
      const m = groups.length;
      let phrase = false;
      for (let i = 0; i + m <= stems.length && !phrase; i++) {
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
          const need = present.size;
          const counts = new Map();
          let have = 0, lo = 0, width = stems.length + 1;
          for (let hi = 0; hi < stems.length; hi++) {
            for (const gi of match[hi]) {
              counts.set(gi, (counts.get(gi) || 0) + 1);
              if (counts.get(gi) === 1) have++;
            }
            while (have === need) {
              if (hi - lo + 1 < width) width = hi - lo + 1;
              for (const gi of match[lo]) {
                counts.set(gi, counts.get(gi) - 1);
                if (counts.get(gi) === 0) have--;
              }
              lo++;
            }
          }
          if (width <= P.near_window) best = need;
        }
        if (best) bonus += P.bonus_near * (best - 1) / (m - 1);
      }
    }
    const hstems = new Set(head.map((t) => book.surfaceStem.get(t)));
    const req = groups.filter((g) => g.required);
    if (req.length && req.every((g) => { for (const s of g.stems) if (hstems.has(s)) return true; return false; })) {
      bonus += P.bonus_heading;
      if (r.kind === "h") bonus += P.bonus_heading_block;
    }
    void sec;
    return bonus;
  };

  function byRank(x, y) {
    return y[0] - x[0] || round6(y[1]) - round6(x[1]) || x[2] - y[2];
  }

  Engine.prototype.scoreBook = function (book, plan) {
    const groups = plan.groups;
    if (!groups.length) return [];
    const scores = groups.map((g) => this.groupScores(book, g));
    const required = [];
    groups.forEach((g, i) => { if (g.required) required.push(i); });
    const cand = new Set();
    for (const s of scores) for (const r of s.keys()) cand.add(r);
    let rows = [];
    for (const r of cand) {
      let cov = 0;
      for (const i of required) if (scores[i].has(r)) cov++;
      if (cov === 0) continue;
      let base = 0.0;
      for (const s of scores) base += s.get(r) || 0.0;
      rows.push([cov, base, r]);
    }
    rows.sort(byRank);
    rows = rows.slice(0, this.P.rerank);
    const ranked = rows.map(([cov, base, r]) => [cov, base * this.bonus(book, r, groups), r]);
    ranked.sort(byRank);
    const seen = new Map();
    const decayed = [];
    for (const [cov, sc0, r] of ranked) {
      let sc = sc0;
      const s = book.records[r].section;
      const c = seen.get(s) || 0;
      seen.set(s, c + 1);
      for (let i = 0; i < c; i++) sc *= this.P.same_section_decay;
      decayed.push([cov, sc, r]);
    }
    decayed.sort(byRank);
    return decayed.map(([cov, sc, r]) => ({ book: book, rec: r, cov: cov, required: required.length, score: round6(sc), groups: groups }));
  };

  Engine.prototype.snippet = function (book, text, groups) {
    const A = this.A;
    const toks = A.tokens(text);
    const hits = [];
    for (const t of toks) {
      const sid = book.surfaceStem.get(t.surface);
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
    const r = h.book.records[h.rec];
    if (r.kind === "row") return "row:" + h.book.slug + ":" + r.anchor;
    if (r.kind === "h") {
      const shown = this.shownText(h.book, h.rec);
      return shown ? this.A.dedupeKey(shown) : "h:" + this.A.dedupeKey(r.text);
    }
    return this.A.dedupeKey(r.text);
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

  Engine.prototype.run = function (scope, parsed, limit, relaxed) {
    const hits = [];
    const suggestions = [];
    scope.forEach((b, bi) => {
      const p = this.plan(b, parsed, relaxed, scope);
      suggestions.push(p.suggestion);
      for (const h of this.scoreBook(b, p)) hits.push([-(h.cov / h.required), -h.score, bi, h.rec, h]);
    });
    hits.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
    const results = [];
    const seen = new Set();
    for (const x of hits) {
      const h = x[4];
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

  Engine.prototype.search = function (query, limit, bookFilter) {
    limit = limit || 10;
    const parsed = this.parse(query);
    const wanted = (bookFilter || []).map((s) => s.toLowerCase()).concat(parsed.books);
    const scope = this.books.filter((b) => !wanted.length || wanted.indexOf(b.slug) >= 0);
    let out = this.run(scope, parsed, limit, false);
    if (!out.results.length && parsed.chunks.length) {
      const again = this.run(scope, parsed, limit, true);
      if (again.results.length) out = again;
    }
    out.books = scope.map((b) => b.slug);
    return out;
  };

  return { Engine: Engine, Analysis: Analysis, BookIndex: BookIndex, osa: osa, round6: round6 };
});
