"""Generate plugins/rulebook/assets/search-stemmers.js from the pinned `snowballstemmer` package.

The browser must stem query words exactly as PyStemmer does at build time. No well-kept npm
package ships the current Snowball algorithms, but the pinned `snowballstemmer` wheel holds the
Snowball compiler's Python output for Russian and English, which is regular enough to translate
line by line: `try: … raise labN … except labN: pass` becomes a labelled block with `break labN`.
The parity tests compare the result with PyStemmer on the whole index vocabulary.

Run: python scripts/gen_stemmers_js.py [--check]
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from pathlib import Path

import snowballstemmer
from snowballstemmer import english_stemmer, russian_stemmer

OUT = Path(__file__).resolve().parent.parent / "plugins" / "rulebook" / "assets" / "search-stemmers.js"

BASE = r"""
  function Among(s, substring_i, result) {
    this.s = s;
    this.substring_i = substring_i;
    this.result = result;
  }

  function amongs(rows) {
    return rows.map((r) => new Among(r[0], r[1], r[2]));
  }

  function has(set, ch) {
    return typeof set === "string" ? set.indexOf(ch) >= 0 : set.has(ch);
  }

  class BaseStemmer {
    set_current(value) {
      this.current = value;
      this.cursor = 0;
      this.limit = value.length;
      this.limit_backward = 0;
      this.bra = this.cursor;
      this.ket = this.limit;
    }
    in_grouping(s) {
      if (this.cursor >= this.limit) return false;
      if (!has(s, this.current[this.cursor])) return false;
      this.cursor += 1;
      return true;
    }
    go_in_grouping(s) {
      while (this.cursor < this.limit) {
        if (!has(s, this.current[this.cursor])) return true;
        this.cursor += 1;
      }
      return false;
    }
    in_grouping_b(s) {
      if (this.cursor <= this.limit_backward) return false;
      if (!has(s, this.current[this.cursor - 1])) return false;
      this.cursor -= 1;
      return true;
    }
    go_in_grouping_b(s) {
      while (this.cursor > this.limit_backward) {
        if (!has(s, this.current[this.cursor - 1])) return true;
        this.cursor -= 1;
      }
      return false;
    }
    out_grouping(s) {
      if (this.cursor >= this.limit) return false;
      if (!has(s, this.current[this.cursor])) {
        this.cursor += 1;
        return true;
      }
      return false;
    }
    go_out_grouping(s) {
      while (this.cursor < this.limit) {
        if (has(s, this.current[this.cursor])) return true;
        this.cursor += 1;
      }
      return false;
    }
    out_grouping_b(s) {
      if (this.cursor <= this.limit_backward) return false;
      if (!has(s, this.current[this.cursor - 1])) {
        this.cursor -= 1;
        return true;
      }
      return false;
    }
    go_out_grouping_b(s) {
      while (this.cursor > this.limit_backward) {
        if (has(s, this.current[this.cursor - 1])) return true;
        this.cursor -= 1;
      }
      return false;
    }
    eq_s(s) {
      if (this.limit - this.cursor < s.length) return false;
      if (this.current.slice(this.cursor, this.cursor + s.length) !== s) return false;
      this.cursor += s.length;
      return true;
    }
    eq_s_b(s) {
      if (this.cursor - this.limit_backward < s.length) return false;
      if (this.current.slice(this.cursor - s.length, this.cursor) !== s) return false;
      this.cursor -= s.length;
      return true;
    }
    find_among(v) {
      let i = 0, j = v.length;
      const c = this.cursor, l = this.limit;
      let common_i = 0, common_j = 0, first_key_inspected = false;
      while (true) {
        const k = i + ((j - i) >> 1);
        let diff = 0;
        let common = Math.min(common_i, common_j);
        const w = v[k];
        for (let i2 = common; i2 < w.s.length; i2++) {
          if (c + common === l) { diff = -1; break; }
          diff = this.current.charCodeAt(c + common) - w.s.charCodeAt(i2);
          if (diff !== 0) break;
          common += 1;
        }
        if (diff < 0) { j = k; common_j = common; } else { i = k; common_i = common; }
        if (j - i <= 1) {
          if (i > 0) break;
          if (j === i) break;
          if (first_key_inspected) break;
          first_key_inspected = true;
        }
      }
      while (true) {
        const w = v[i];
        if (common_i >= w.s.length) {
          this.cursor = c + w.s.length;
          return w.result;
        }
        i = w.substring_i;
        if (i < 0) return 0;
      }
    }
    find_among_b(v) {
      let i = 0, j = v.length;
      const c = this.cursor, lb = this.limit_backward;
      let common_i = 0, common_j = 0, first_key_inspected = false;
      while (true) {
        const k = i + ((j - i) >> 1);
        let diff = 0;
        let common = Math.min(common_i, common_j);
        const w = v[k];
        for (let i2 = w.s.length - 1 - common; i2 >= 0; i2--) {
          if (c - common === lb) { diff = -1; break; }
          diff = this.current.charCodeAt(c - 1 - common) - w.s.charCodeAt(i2);
          if (diff !== 0) break;
          common += 1;
        }
        if (diff < 0) { j = k; common_j = common; } else { i = k; common_i = common; }
        if (j - i <= 1) {
          if (i > 0) break;
          if (j === i) break;
          if (first_key_inspected) break;
          first_key_inspected = true;
        }
      }
      while (true) {
        const w = v[i];
        if (common_i >= w.s.length) {
          this.cursor = c - w.s.length;
          return w.result;
        }
        i = w.substring_i;
        if (i < 0) return 0;
      }
    }
    replace_s(c_bra, c_ket, s) {
      const adjustment = s.length - (c_ket - c_bra);
      this.current = this.current.slice(0, c_bra) + s + this.current.slice(c_ket);
      this.limit += adjustment;
      if (this.cursor >= c_ket) this.cursor += adjustment;
      else if (this.cursor > c_bra) this.cursor = c_bra;
      return adjustment;
    }
    slice_from(s) {
      this.replace_s(this.bra, this.ket, s);
      this.ket = this.bra + s.length;
    }
    slice_del() {
      this.slice_from("");
    }
    insert(c_bra, c_ket, s) {
      const adjustment = this.replace_s(c_bra, c_ket, s);
      if (c_bra <= this.bra) this.bra += adjustment;
      if (c_bra <= this.ket) this.ket += adjustment;
    }
    stemWord(word) {
      this.set_current(word);
      this._stem();
      return this.current;
    }
  }
"""


def _expr(e: str) -> str:
    e = re.sub(r"\bself\.", "this.", e)
    e = re.sub(r"\bnot ", "!", e)
    e = re.sub(r" and ", " && ", e)
    e = re.sub(r" or ", " || ", e)
    e = re.sub(r"\bTrue\b", "true", e)
    e = re.sub(r"\bFalse\b", "false", e)
    e = re.sub(r"\bNone\b", "null", e)
    e = re.sub(r"\blen\(([\w.]+)\)", r"\1.length", e)
    e = re.sub(r"\bAmong\(", "new Among(", e)
    e = re.sub(r"\bthis\.__r_", "this.r_", e)
    if "len(" in e or " in " in e or "lambda" in e:
        raise ValueError(f"cannot translate expression: {e}")
    return e


def _class_value(src: str) -> str:
    src = src.strip()
    if src.startswith("{") and src.endswith("}"):
        return "new Set([" + src[1:-1] + "])"
    if src.startswith("(") and src.endswith(")"):
        return "[" + src[1:-1] + "]"
    if src.startswith("[") and "Among(" in src:
        # a table of Amongs as plain arrays, made Amongs on load: 2 KB less for every first
        # search to download than «new Among(…)» for each entry
        return "amongs(" + re.sub(r"\bAmong\(([^()]*)\)", r"[\1]", src) + ")"
    return _expr(src)


def translate(module: object, cls_name: str) -> str:
    lines = inspect.getsource(module).split("\n")
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"class {cls_name}("))
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" ")), len(lines)
    )
    body = [ln for ln in lines[start + 1 : end]]
    out: list[str] = [f"  class {cls_name} extends BaseStemmer {{"]
    statics: list[str] = []
    i = 0
    # skip the docstring
    while i < len(body) and "'''" not in body[i]:
        i += 1
    i += 1
    while i < len(body) and "'''" not in body[i]:
        i += 1
    i += 1
    stack: list[int] = []  # indents of open JS blocks (of the Python statement that opened them)

    def close_to(indent: int) -> None:
        while stack and stack[-1] >= indent:
            stack.pop()
            out.append("    " + "  " * len(stack) + "}")

    while i < len(body):
        raw = body[i]
        i += 1
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        s = raw.strip()
        if indent == 4 and not s.startswith("def "):
            # class attribute, possibly spanning lines
            text = s
            while text.count("[") > text.count("]") or text.count("{") > text.count("}"):
                text += " " + body[i].strip()
                i += 1
            name, _, value = text.partition(" = ")
            # a static only: the translated methods name the tables by their class
            statics.append(f"  {cls_name}.{name} = {_class_value(value)};")
            continue
        close_to(indent)
        pad = "    " + "  " * len(stack)
        if s.startswith("def "):
            name = re.match(r"def (\w+)\(self\):", s).group(1)  # type: ignore[union-attr]
            name = name.replace("__r_", "r_")
            out.append(f"{pad}{name}() {{")
            stack.append(indent)
        elif s == "try:":
            # the label is named by the `except labN: pass` at the same indent
            j = i
            while not (
                body[j].strip().startswith("except") and len(body[j]) - len(body[j].lstrip()) == indent
            ):
                j += 1
            label = re.match(r"except (lab\d+): pass", body[j].strip()).group(1)  # type: ignore[union-attr]
            out.append(f"{pad}{label}: {{")
            stack.append(indent)
        elif s.startswith("except "):
            continue  # its block was closed by the dedent above
        elif s == "while True:":
            out.append(f"{pad}while (true) {{")
            stack.append(indent)
        elif s.startswith(("if ", "elif ")) and s.endswith(":"):
            kw = "if" if s.startswith("if ") else "else if"
            cond = s[len("if ") if kw == "if" else len("elif ") : -1]
            out.append(f"{pad}{kw} ({_expr(cond)}) {{")
            stack.append(indent)
        elif s == "else:":
            out.append(f"{pad}else {{")
            stack.append(indent)
        elif m := re.match(r"raise (lab\d+)\(\)$", s):
            out.append(f"{pad}break {m.group(1)};")
        elif s in ("break", "continue", "pass"):
            out.append(f"{pad}{'' if s == 'pass' else s};")
        elif s.startswith("return"):
            out.append(f"{pad}{_expr(s)};")
        elif m := re.match(r"(\w+) = (.*)$", s):
            out.append(f"{pad}var {m.group(1)} = {_expr(m.group(2))};")
        elif s.startswith("assert "):
            continue
        else:
            out.append(f"{pad}{_expr(s)};")
    close_to(0)
    out.append("  }")
    return "\n".join(out + statics)


# The Snowball runtime's names, shortened: the palette downloads this file before its first
# answer, and these names are a fifth of it (minifying keeps names). Longest first, so that
# «limit_backward» is not read as «limit».
SHORT = {
    "limit_backward": "lbw",
    "go_out_grouping_b": "gogb",
    "go_in_grouping_b": "gigb",
    "go_out_grouping": "gog",
    "go_in_grouping": "gig",
    "out_grouping_b": "ogb",
    "in_grouping_b": "igb",
    "out_grouping": "ogr",
    "in_grouping": "ig",
    "find_among_b": "fab",
    "find_among": "fa",
    "slice_from": "sf",
    "slice_del": "sd",
    "among_var": "av",
    "EnglishStemmer": "En",
    "RussianStemmer": "Ru",
    "cursor": "cu",
    "current": "cs",
    "limit": "lim",
}


def shorten(js: str) -> str:
    """`SHORT` applied to whole identifiers; a short name must be new to the file."""
    for long, short in SHORT.items():
        if re.search(rf"\b{short}\b", js):
            raise SystemExit(f"gen_stemmers_js: the short name {short!r} is already used")
        js = re.sub(rf"\b{long}\b", short, js)
    return js


def generate() -> str:
    parts = [
        "/* GENERATED by scripts/gen_stemmers_js.py from the Python package snowballstemmer "
        f"{snowballstemmer.__version__ if hasattr(snowballstemmer, '__version__') else ''}".rstrip()
        + " (Snowball, BSD licence): do not edit.",
        "   Russian and English Snowball stemmers for the search palette; they must stem exactly as",
        "   PyStemmer does at build time (the parity tests check it). The runtime's names are",
        "   shortened (cursor: cu, limit: li, …; scripts/gen_stemmers_js.py SHORT). */",
        "(function (root, factory) {",
        '  if (typeof module === "object" && module.exports) module.exports = factory();',
        "  else (root.rulebook = root.rulebook || {}).stemmers = factory();",
        "})(typeof self !== 'undefined' ? self : this, function () {",
        '  "use strict";',
        BASE.rstrip(),
        "",
        translate(russian_stemmer, "RussianStemmer"),
        "",
        translate(english_stemmer, "EnglishStemmer"),
        "",
        "  const ru = new RussianStemmer();",
        "  const en = new EnglishStemmer();",
        "  return {",
        "    russian: function (w) { return ru.stemWord(w); },",
        "    english: function (w) { return en.stemWord(w); },",
        "  };",
        "});",
        "",
    ]
    head, body = parts[:4], parts[4:]
    return "\n".join(head) + "\n" + shorten("\n".join(body))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="fail if the committed file is stale")
    args = ap.parse_args()
    js = generate()
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != js:
            print(f"{OUT.name} is stale: run scripts/gen_stemmers_js.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(js, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
