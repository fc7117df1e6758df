/* rulebook character sheet: the page side.
   The form is in the HTML (widgets/sheet.py); this script keeps several characters in
   localStorage, writes the current one into the form and reads it back on every change,
   validates with the schema the build wrote into the page (sheet-schema.js, the same rules as the
   Python engine), saves only valid characters, exports and imports JSON files (a file that does
   not validate changes nothing), and asks the `sheet` engine — through the calculators' Pyodide
   worker (calc.js) — for the derived values, which it writes into [data-derived] places.
   Initialised through Material's document$, so instant navigation works and the worker survives. */
(function () {
  "use strict";
  if (window.rulebookSheet) return;

  // calc-loader.js loads calc.js (the engine bridge) first; it knows the site root
  var SITE = window.rulebookCalc.site;
  var STORE = "rulebook:sheet:fatum";
  var STORE_VERSION = 1;
  var MAX_FILE = 2 * 1024 * 1024;
  var ID_ATTRS = ["id", "for", "aria-describedby"];
  var Schema = window.rulebookSheetSchema;

  // ---- small helpers --------------------------------------------------------------------------
  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) {
      if (k === "text") el.textContent = attrs[k];
      else if (k === "class") el.className = attrs[k];
      else if (attrs[k] !== null && attrs[k] !== undefined) el.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) el.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return el;
  }
  function ruleLink(rule) {
    return h("a", { class: "rb-sheet__rule", href: new URL(rule, SITE).href, title: "Правило в книге", text: "§" });
  }
  function clone(v) { return JSON.parse(JSON.stringify(v)); }
  function newId() {
    return "c" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  }
  function lookup(obj, parts) {
    var cur = obj;
    for (var i = 0; i < parts.length; i++) {
      if (cur === null || cur === undefined) return undefined;
      cur = cur[parts[i]];
    }
    return cur;
  }
  // "weapons[].name" inside row 2 -> ["weapons", 2, "name"]
  function parts(path, index) {
    return path.split(".").reduce(function (acc, p) {
      var m = /^(\w+)\[\]$/.exec(p);
      if (m) { acc.push(m[1], index); } else acc.push(p);
      return acc;
    }, []);
  }
  function assign(obj, keys, value) {
    var cur = obj;
    for (var i = 0; i < keys.length - 1; i++) cur = cur[keys[i]];
    cur[keys[keys.length - 1]] = value;
  }
  function displayName(ch) {
    var name = (ch.identity && ch.identity.name || "").trim() || "Без имени";
    return name + ", ур. " + ch.progress.level;
  }

  // ---- a sheet ------------------------------------------------------------------------------------
  function Sheet(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("template.rb-sheet__data").content.textContent);
    this.schema = this.data.schema;
    this.info = { format: this.data.format, book: root.getAttribute("data-rb-sheet"), version: this.data.version };
    this.status = root.querySelector(".rb-sheet__status");
    this.progress = root.querySelector(".rb-sheet__progress");
    this.message = root.querySelector(".rb-sheet__message");
    this.picker = root.querySelector(".rb-sheet__characters");
    this.store = null;
    this.seq = 0;
    this.saveTimer = null;
    this.computeTimer = null;
    this.lastResult = null;
    root.setAttribute("data-rb-ready", "");
  }

  Sheet.prototype.start = function () {
    this.loadStore();
    this.writeForm(this.currentCharacter());
    this.renderPicker();
    this.bind();
    this.watchEngine();
  };

  // ---- storage ---------------------------------------------------------------------------------
  Sheet.prototype.blank = function () {
    var ch = Schema.defaults(this.schema);
    ch.id = newId();
    return ch;
  };

  Sheet.prototype.loadStore = function () {
    var raw = null;
    try { raw = localStorage.getItem(STORE); } catch (e) { raw = null; }
    this.store = null;
    if (raw !== null) {
      try {
        var s = JSON.parse(raw);
        if (!s || s.v !== STORE_VERSION || !Array.isArray(s.characters) || !s.characters.length) throw new Error("shape");
        var schema = this.schema;
        s.characters = s.characters.map(function (c, i) { return Schema.parseCharacter(schema, c, "characters[" + i + "]"); });
        if (!s.characters.some(function (c) { return c.id === s.current; })) s.current = s.characters[0].id;
        this.store = s;
      } catch (e) {
        // never overwrite what cannot be read: keep it beside, say so, start afresh
        var backup = STORE + ":damaged:" + Date.now();
        try { localStorage.setItem(backup, raw); } catch (err) { backup = ""; }
        this.say("Сохранённые в браузере персонажи не читаются" + (e.field ? " (" + e.field + ": " + e.message + ")" : "") +
          (backup ? "; их данные сохранены под ключом «" + backup + "»" : "") + ". Начат новый лист.", true);
      }
    }
    if (!this.store) {
      var ch = this.blank();
      this.store = { v: STORE_VERSION, current: ch.id, characters: [ch] };
    }
  };

  Sheet.prototype.saveStore = function () {
    try {
      localStorage.setItem(STORE, JSON.stringify(this.store));
      return true;
    } catch (e) {
      this.say("Браузер не дал сохранить лист (хранилище переполнено или отключено). Сохраните персонажа в файл.", true);
      return false;
    }
  };

  Sheet.prototype.currentCharacter = function () {
    var id = this.store.current;
    return this.store.characters.filter(function (c) { return c.id === id; })[0];
  };

  Sheet.prototype.replaceCurrent = function (ch) {
    var id = this.store.current;
    this.store.characters = this.store.characters.map(function (c) { return c.id === id ? ch : c; });
  };

  Sheet.prototype.renderPicker = function () {
    var sel = this.picker, cur = this.store.current;
    sel.replaceChildren.apply(sel, this.store.characters.map(function (c) {
      return h("option", { value: c.id, text: displayName(c) });
    }));
    sel.value = cur;
  };

  // ---- the form <-> a character -------------------------------------------------------------------
  Sheet.prototype.rowsOf = function (name) {
    return Array.prototype.slice.call(this.root.querySelectorAll("[data-rows='" + name + "'] > .rb-sheet__row"));
  };

  Sheet.prototype.addRow = function (name) {
    var box = this.root.querySelector("[data-rows='" + name + "']");
    var max = parseInt(box.getAttribute("data-max"), 10);
    if (this.rowsOf(name).length >= max) return null;
    var tpl = this.root.querySelector("template[data-row='" + name + "']");
    var row = tpl.content.firstElementChild.cloneNode(true);
    // ids in the template hold "-N-" where the row's number goes; keep them to renumber later
    row.querySelectorAll("[id], [for], [aria-describedby]").forEach(function (el) {
      ID_ATTRS.forEach(function (a) { if (el.hasAttribute(a)) el.setAttribute("data-tpl-" + a, el.getAttribute(a)); });
    });
    box.appendChild(row);
    this.numberRows(name);
    return row;
  };

  Sheet.prototype.numberRows = function (name) {
    var rows = this.rowsOf(name);
    rows.forEach(function (row, i) {
      row.setAttribute("data-index", String(i));
      row.querySelector(".rb-sheet__n").textContent = String(i + 1);
      ID_ATTRS.forEach(function (a) {
        row.querySelectorAll("[data-tpl-" + a + "]").forEach(function (el) {
          el.setAttribute(a, el.getAttribute("data-tpl-" + a).replace("-N-", "-" + i + "-"));
        });
      });
    });
    var add = this.root.querySelector("[data-add-row='" + name + "']");
    var box = this.root.querySelector("[data-rows='" + name + "']");
    if (add) add.disabled = rows.length >= parseInt(box.getAttribute("data-max"), 10);
  };

  Sheet.prototype.writeForm = function (ch) {
    var self = this;
    this.root.querySelectorAll("[data-rows]").forEach(function (box) {
      var name = box.getAttribute("data-rows");
      box.replaceChildren();
      (ch[name] || []).forEach(function () { self.addRow(name); });
      self.numberRows(name);
    });
    this.root.querySelectorAll("[data-path]").forEach(function (el) {
      var row = el.closest(".rb-sheet__row");
      var index = row ? parseInt(row.getAttribute("data-index"), 10) : null;
      var value = lookup(ch, parts(el.getAttribute("data-path"), index));
      self.writeField(el, value);
    });
    this.syncOrigins();
    this.syncCategories();
    this.clearErrors();
  };

  Sheet.prototype.syncCategories = function () {
    this.rowsOf("weapons").forEach(function (row) {
      var sel = row.querySelector("[data-path='weapons[].category']");
      if (sel) row.setAttribute("data-category", sel.value);
    });
  };

  Sheet.prototype.writeField = function (el, value) {
    var type = el.getAttribute("data-type");
    if (type === "slots") {
      el.querySelectorAll("input[type=checkbox]").forEach(function (box, i) { box.checked = i < (value || 0); });
    } else if (el.type === "checkbox") {
      el.checked = !!value;
    } else {
      el.value = value === null || value === undefined ? "" : String(value);
    }
  };

  // the form's values as a raw character (not yet validated), plus fields whose input is not a number
  Sheet.prototype.readForm = function () {
    var ch = Schema.defaults(this.schema);
    var bad = [];
    var self = this;
    ch.id = this.store.current;
    this.root.querySelectorAll("[data-rows]").forEach(function (box) {
      var name = box.getAttribute("data-rows");
      var item = self.schema.fields.filter(function (f) { return f.name === name; })[0].item;
      ch[name] = self.rowsOf(name).map(function () { return Schema.defaults(item); });
    });
    this.root.querySelectorAll("[data-path]").forEach(function (el) {
      var row = el.closest(".rb-sheet__row");
      var index = row ? parseInt(row.getAttribute("data-index"), 10) : null;
      var path = el.getAttribute("data-path");
      var keys = parts(path, index);
      var type = el.getAttribute("data-type");
      var value;
      if (type === "slots") {
        value = el.querySelectorAll("input[type=checkbox]:checked").length;
      } else if (el.type === "checkbox") {
        value = el.checked;
      } else if (type === "int") {
        if (el.validity && el.validity.badInput) { bad.push(keys); return; }
        var v = el.value.trim();
        if (v === "") {
          var d = el.getAttribute("data-default");
          value = d === null ? null : parseInt(d, 10);
        } else value = /^[+-]?\d+$/.test(v.replace("−", "-")) ? parseInt(v.replace("−", "-"), 10) : v;
      } else {
        value = el.value;
      }
      assign(ch, keys, value);
    });
    return { character: ch, bad: bad };
  };

  Sheet.prototype.elementFor = function (path) {
    var p = path.replace(/^(character|characters\[\d+\])\./, "");
    var m = /^(\w+)\[(\d+)\]\.(.+)$/.exec(p);
    if (m) {
      var row = this.rowsOf(m[1])[parseInt(m[2], 10)];
      return row ? row.querySelector("[data-path='" + m[1] + "[]." + m[3] + "']") : null;
    }
    return this.root.querySelector("[data-path='" + p + "']");
  };

  Sheet.prototype.clearErrors = function () {
    this.root.querySelectorAll(".rb-sheet__error").forEach(function (e) { e.hidden = true; e.textContent = ""; });
    this.root.querySelectorAll("[aria-invalid]").forEach(function (e) { e.removeAttribute("aria-invalid"); });
  };

  Sheet.prototype.showFieldError = function (path, message) {
    var el = this.elementFor(path);
    if (!el) { this.say(path + ": " + message, true); return; }
    el.setAttribute("aria-invalid", "true");
    var slot = el.id ? this.root.querySelector("#" + CSS.escape(el.id + "-error")) : null;
    if (slot) { slot.textContent = message; slot.hidden = false; } else this.say(message, true);
  };

  // ---- editing ------------------------------------------------------------------------------------
  Sheet.prototype.onEdit = function () {
    this.syncCategories();
    var read = this.readForm();
    this.clearErrors();
    if (read.bad.length) {
      var self = this;
      read.bad.forEach(function (keys) {
        self.showFieldError(keys.join(".").replace(/\.(\d+)\./g, "[$1]."), "нужно целое число");
      });
      return;
    }
    var ch;
    try {
      ch = Schema.parseCharacter(this.schema, read.character, "character");
    } catch (e) {
      if (!(e instanceof Schema.SchemaError)) throw e;
      this.showFieldError(e.field, e.message);  // the last valid state stays saved
      return;
    }
    this.replaceCurrent(ch);
    this.scheduleSave();
    this.scheduleCompute();
    var opt = this.picker.querySelector("option[value='" + CSS.escape(ch.id) + "']");
    if (opt) opt.textContent = displayName(ch);
  };

  Sheet.prototype.scheduleSave = function () {
    var self = this;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(function () { self.saveTimer = null; self.saveStore(); }, 250);
  };

  Sheet.prototype.flush = function () {
    if (this.saveTimer) { clearTimeout(this.saveTimer); this.saveTimer = null; this.saveStore(); }
  };

  Sheet.prototype.syncOrigins = function () {
    var nation = (this.root.querySelector("[data-path='identity.nation']").value || "").trim();
    var list = this.root.querySelector("#rb-sheet-origins");
    var nations = this.data.nations;
    var paths = nations[nation] || [].concat.apply([], Object.keys(nations).map(function (n) { return nations[n]; }));
    var seen = {};
    list.replaceChildren.apply(list, paths.filter(function (p) {
      if (seen[p[0]]) return false;
      seen[p[0]] = true;
      return true;
    }).map(function (p) { return h("option", { value: p[0], text: "+1 " + p[1][0] + ", +1 " + p[1][1] }); }));
  };

  Sheet.prototype.applyPreset = function (sel) {
    var key = sel.value;
    if (!key) return;
    var kind = sel.getAttribute("data-preset");
    var items = this.data.presets[kind === "weapon" ? "weapons" : "armors"];
    var item = items.filter(function (i) { return i.key === key; })[0];
    if (!item) return;
    var values = kind === "weapon" ? item.row : item.record;
    var scope = kind === "weapon" ? sel.closest(".rb-sheet__row") : this.root;
    var prefix = kind === "weapon" ? "weapons[]." : "armor.";
    var self = this;
    Object.keys(values).forEach(function (k) {
      var el = scope.querySelector("[data-path='" + prefix + k + "']");
      if (el) self.writeField(el, values[k]);
    });
    sel.value = "";
    this.onEdit();
  };

  // ---- characters -----------------------------------------------------------------------------------
  Sheet.prototype.select = function (id) {
    this.flush();
    this.store.current = id;
    this.saveStore();
    this.writeForm(this.currentCharacter());
    this.renderPicker();
    this.clearDerived();
    this.scheduleCompute();
  };

  Sheet.prototype.create = function () {
    var ch = this.blank();
    this.store.characters.push(ch);
    this.select(ch.id);
    var name = this.root.querySelector("[data-path='identity.name']");
    if (name) name.focus();
    this.say("Новый персонаж создан.");
  };

  Sheet.prototype.remove = function () {
    var ch = this.currentCharacter();
    var ok = window.confirm("Удалить персонажа «" + displayName(ch) + "» из этого браузера? " +
      "Если он ещё нужен, сначала сохраните его в файл.");
    if (!ok) return;
    var id = ch.id;
    this.store.characters = this.store.characters.filter(function (c) { return c.id !== id; });
    if (!this.store.characters.length) this.store.characters.push(this.blank());
    this.select(this.store.characters[0].id);
    this.say("Персонаж «" + displayName(ch) + "» удалён.");
  };

  Sheet.prototype.exportFile = function (all) {
    this.flush();
    var chars = all ? this.store.characters : [this.currentCharacter()];
    var doc = {
      format: this.info.format, book: this.info.book, version: this.info.version,
      exported: new Date().toISOString(), characters: chars,
    };
    var base = all ? "персонажи" : ((chars[0].identity.name || "").trim() || "персонаж");
    var name = base.replace(/[\\/:*?"<>|\s]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) + ".fatum.json";
    var blob = new Blob([JSON.stringify(doc, null, 1)], { type: "application/json" });
    var a = h("a", { href: URL.createObjectURL(blob), download: name });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
    this.say(all ? "Все персонажи (" + chars.length + ") сохранены в файл «" + name + "»." : "Персонаж сохранён в файл «" + name + "».");
  };

  Sheet.prototype.importFile = function (file) {
    var self = this;
    if (!file) return;
    var refuse = function (why) {
      self.say("Файл «" + file.name + "» не загружен: " + why + " Сохранённые персонажи не изменились.", true);
    };
    if (file.size > MAX_FILE) { refuse("он слишком большой для листа персонажа."); return; }
    file.text().then(function (text) {
      var raw;
      try { raw = JSON.parse(text); } catch (e) { refuse("это не JSON (" + e.message + ")."); return; }
      var chars;
      try {
        chars = Schema.parseDocument(self.schema, self.info, raw);
      } catch (e) {
        if (!(e instanceof Schema.SchemaError)) throw e;
        refuse(self.describePath(e.field) + " — " + e.message + " (поле " + e.field + ").");
        return;
      }
      var ids = {};
      self.store.characters.forEach(function (c) { ids[c.id] = true; });
      chars.forEach(function (c) { if (!c.id || ids[c.id]) c.id = newId(); ids[c.id] = true; });
      self.flush();
      self.store.characters = self.store.characters.concat(chars);
      self.select(chars[0].id);
      self.say(chars.length === 1 ? "Загружен персонаж «" + displayName(chars[0]) + "»." : "Загружено персонажей: " + chars.length + ".");
    }, function () { refuse("браузер не смог его прочитать."); });
  };

  // "characters[0].traits.och.vigilant" -> "персонаж 1: Черты › Основные черты (ОЧ) › Бдительный"
  Sheet.prototype.describePath = function (path) {
    var m = /^characters\[(\d+)\](?:\.(.*))?$/.exec(path || "");
    if (!m) return path;
    var node = this.schema, labels = [];
    (m[2] || "").split(".").filter(Boolean).forEach(function (part) {
      var r = /^(\w+)(?:\[(\d+)\])?$/.exec(part);
      if (!node || !r) { node = null; return; }
      var child = (node.fields || []).filter(function (f) { return f.name === r[1]; })[0];
      if (!child) { node = null; labels.push(r[1]); return; }
      labels.push(child.label + (r[2] !== undefined ? " " + (parseInt(r[2], 10) + 1) : ""));
      node = child.kind === "rows" ? child.item : child;
    });
    return "персонаж " + (parseInt(m[1], 10) + 1) + (labels.length ? ": " + labels.join(" › ") : "");
  };

  Sheet.prototype.say = function (text, problem) {
    var m = this.message;
    m.textContent = text;
    m.hidden = false;
    m.classList.toggle("is-problem", !!problem);
  };

  // ---- the engine ---------------------------------------------------------------------------------
  Sheet.prototype.watchEngine = function () {
    var self = this;
    if (!window.rulebookCalc) {
      this.showEngine({ state: "failed", reason: "load" });
      return;
    }
    this.unsubscribe = window.rulebookCalc.subscribe(function (engine) {
      if (!self.root.isConnected) { if (self.unsubscribe) self.unsubscribe(); return; }
      self.showEngine(engine);
    });
    var start = function () { window.rulebookCalc.start(); self.scheduleCompute(); };
    this.root.addEventListener("pointerdown", start, { once: true });
    this.root.addEventListener("focusin", start, { once: true });
    if ("IntersectionObserver" in window) {
      var io = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) { if (e.isIntersecting) { io.disconnect(); start(); } });
      });
      io.observe(this.root);
    } else start();
  };

  Sheet.prototype.showEngine = function (engine) {
    var s = this.status, p = this.progress;
    s.setAttribute("data-state", engine.state);
    this.root.setAttribute("data-engine", engine.state);
    if (engine.state === "loading") {
      p.hidden = false;
      if (engine.stage >= 2) p.value = engine.stage; else p.removeAttribute("value");
      var secs = ((performance.now() - engine.started) / 1000).toFixed(1);
      s.textContent = (engine.label || "Запуск движка правил…") + " " + secs + " с. Лист уже можно заполнять.";
      var self = this;
      clearTimeout(this.tick);
      this.tick = setTimeout(function () { if (engine.state === "loading") self.showEngine(engine); }, 250);
    } else if (engine.state === "ready") {
      p.hidden = true;
      s.textContent = "Движок правил готов: производные значения пересчитываются при каждом изменении.";
      if (!this.lastResult) this.scheduleCompute();
    } else if (engine.state === "failed") {
      p.hidden = true;
      s.textContent = engine.reason === "nowasm" || engine.reason === "noworker"
        ? "Этот браузер не может запустить движок правил: нужен WebAssembly (и Web Worker). Лист можно заполнять, сохранять и печатать, но производные значения не считаются."
        : "Движок правил не загрузился. Лист можно заполнять, сохранять и печатать; обновите страницу, чтобы посчитать производные значения.";
    }
  };

  Sheet.prototype.scheduleCompute = function (action) {
    var self = this;
    clearTimeout(this.computeTimer);
    this.computeTimer = setTimeout(function () { self.compute(action); }, action ? 0 : 60);
  };

  Sheet.prototype.compute = function (action) {
    var calc = window.rulebookCalc;
    if (!calc || calc.engine.state === "failed") return;
    if (calc.engine.state === "idle") calc.start();
    var self = this;
    var seq = ++this.seq;
    var id = this.store.current;
    var inputs = { character: this.currentCharacter() };
    if (action) inputs.action = action;
    this.root.setAttribute("aria-busy", "true");
    calc.compute("sheet", inputs).then(function (res) {
      if (seq !== self.seq || id !== self.store.current) return;  // a newer edit is on its way
      self.root.removeAttribute("aria-busy");
      if (!res.ok) { self.showFieldError(res.field, res.message); return; }
      if (action && res.result.character) {
        self.replaceCurrent(res.result.character);
        self.saveStore();
        self.writeForm(res.result.character);
      }
      self.renderDerived(res.result);
    }).catch(function () {
      self.root.removeAttribute("aria-busy");
    });
  };

  Sheet.prototype.clearDerived = function () {
    this.lastResult = null;
    this.root.querySelectorAll("[data-derived]").forEach(function (el) { el.textContent = "—"; });
  };

  Sheet.prototype.renderDerived = function (r) {
    var d = r.derived;
    this.lastResult = r;
    this.root.querySelectorAll("[data-derived]").forEach(function (el) {
      var row = el.closest(".rb-sheet__row");
      var index = row ? parseInt(row.getAttribute("data-index"), 10) : null;
      var v = lookup(d, parts(el.getAttribute("data-derived"), index));
      var empty = v === null || v === undefined || v === "";
      el.textContent = empty ? "—" : String(v);
      if (el.parentElement.classList.contains("rb-sheet__derived-text")) el.parentElement.hidden = empty;
    });
    // wound slots: as many boxes as the limit (ticked ones stay visible even above it)
    var limits = d.wounds.limits;
    this.root.querySelectorAll("[data-slot-group]").forEach(function (g) {
      var key = g.getAttribute("data-slot-group");
      var limit = limits[key];
      var ticked = 0;
      g.querySelectorAll(".rb-sheet__box").forEach(function (box, i) {
        var input = box.querySelector("input");
        if (input.checked) ticked++;
        box.hidden = i >= limit && !input.checked;
      });
      g.querySelector("[data-slot-count]").textContent = "(" + ticked + " из " + limit + ")";
    });
    this.renderList("abilities", d.abilities, function (a) {
      return [h("strong", { text: a.name }), " — " + a.source + (a.value ? ": " + a.value : "") + " ", ruleLink(a.rule)];
    }, "Способностей от черт пока нет.");
    this.renderList("effects", d.effects, function (e) { return [e.text + " ", ruleLink(e.rule)]; }, "Штрафов и особых состояний нет.");
    this.renderList("warnings", r.warnings, function (w) {
      return [h("span", { class: "rb-sheet__level", text: w.level === "info" ? "Заметка: " : "Внимание: " }), w.text + " ", ruleLink(w.rule)];
    }, "Лист не противоречит правилам.", function (w) { return w.level; });
    var problems = r.warnings.filter(function (w) { return w.level !== "info"; }).length;
    var notes = r.warnings.length - problems;
    var summary = this.root.querySelector(".rb-sheet__summary");
    summary.hidden = false;
    summary.firstElementChild.textContent = problems || notes
      ? "Проверка листа: " + (problems ? "расхождений с правилами — " + problems : "расхождений нет") + (notes ? ", заметок — " + notes : "")
      : "Проверка листа: расхождений с правилами нет";
    summary.classList.toggle("has-problems", problems > 0);
    this.renderList("steps", r.steps, function (s) { return [s.text + " ", ruleLink(s.rule)]; }, "—");
    this.root.setAttribute("data-computed", String(this.seq));
  };

  Sheet.prototype.renderList = function (name, items, make, empty, kind) {
    var list = this.root.querySelector("[data-derived-list='" + name + "']");
    if (!list) return;
    if (!items || !items.length) {
      list.replaceChildren(h("li", { class: "rb-sheet__placeholder", text: empty }));
      return;
    }
    list.replaceChildren.apply(list, items.map(function (it) {
      return h("li", { "data-level": kind ? kind(it) : null }, make(it));
    }));
  };

  // ---- events -------------------------------------------------------------------------------------
  Sheet.prototype.bind = function () {
    var self = this, root = this.root;
    root.addEventListener("input", function (e) {
      var t = e.target;
      if (t.hasAttribute("data-preset") || t === self.picker || t.type === "file") return;
      if (t.getAttribute("data-path") === "identity.nation") self.syncOrigins();
      self.onEdit();
    });
    root.addEventListener("change", function (e) {
      var t = e.target;
      if (t.hasAttribute("data-preset")) { self.applyPreset(t); return; }
      if (t === self.picker) { self.select(t.value); return; }
      if (t.type === "file") { self.importFile(t.files[0]); t.value = ""; return; }
      if (t.type === "checkbox" || t.tagName === "SELECT") self.onEdit();
    });
    root.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || !root.contains(b)) return;
      var action = b.getAttribute("data-sheet-action");
      if (action === "new") self.create();
      else if (action === "delete") self.remove();
      else if (action === "export") self.exportFile(false);
      else if (action === "export-all") self.exportFile(true);
      else if (action === "import") root.querySelector(".rb-sheet__file").click();
      else if (action === "print") { self.flush(); window.print(); }
      else if (b.hasAttribute("data-add-row")) {
        var row = self.addRow(b.getAttribute("data-add-row"));
        self.onEdit();
        var first = row && row.querySelector("input:not([type=checkbox]), select");
        if (first) first.focus();
      } else if (b.hasAttribute("data-remove-row")) {
        var r = b.closest(".rb-sheet__row");
        var name = r.getAttribute("data-row-of");
        var next = r.nextElementSibling || r.previousElementSibling;
        r.remove();
        self.numberRows(name);
        self.onEdit();
        var focus = next ? next.querySelector("input, select") : root.querySelector("[data-add-row='" + name + "']");
        if (focus) focus.focus();
      } else if (b.hasAttribute("data-engine-action")) {
        self.flush();
        self.scheduleCompute(b.getAttribute("data-engine-action"));
      }
    });
    window.addEventListener("pagehide", function () { self.flush(); });
    window.addEventListener("storage", function (e) {
      if (e.key !== STORE || !self.root.isConnected) return;
      self.loadStore();  // another tab saved: show its version
      self.writeForm(self.currentCharacter());
      self.renderPicker();
      self.scheduleCompute();
    });
  };

  // ---- start -------------------------------------------------------------------------------------
  function init() {
    var root = document.querySelector(".rb-sheet");
    if (!root || root.hasAttribute("data-rb-ready")) return;
    if (!Schema) return;
    var sheet = new Sheet(root);
    sheet.start();
    window.rulebookSheet.current = sheet;
  }

  window.rulebookSheet = { init: init, current: null, store: STORE };
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(function () { init(); });
  } else {
    init();
  }
})();
