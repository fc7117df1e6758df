/* rulebook calculators: the page side.
   Finds the forms rendered at build time (.rb-calc), starts the engine worker when a widget
   scrolls into view or is first used, sends the form's values as JSON and shows the answer:
   outcome bars with exact fractions, the stepper's numbered steps with links to the rules,
   the wound slots and the armour's БЗ. The damage stepper keeps its fight (character, actions,
   undo position) in localStorage. One worker per tab: with Material's instant navigation it
   survives page changes. */
(() => {
  "use strict";
  const rb = window.rulebook;
  if (rb.calc) return;

  const { onPage, storage } = rb.core;
  const h = rb.core.el; // short: this file builds many elements
  const BASE = rb.core.assets;
  const SITE = rb.core.root;
  const STORE_VERSION = 1;
  const MELEE_GROUP = "Оружие ближнего боя"; // chapter 4's group of melee profiles (4.5)

  // ---- the worker ----------------------------------------------------------------------------
  const engine = {
    worker: null,
    state: "idle",          // idle | loading | ready | failed
    stage: 0,
    label: "",
    reason: "",
    started: 0,
    nextId: 1,
    pending: new Map(),
    widgets: new Set(),
    listeners: new Set(),
  };

  function wasmAvailable() {
    try {
      return typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function" &&
        typeof Worker === "function";
    } catch {
      return false;
    }
  }

  function broadcast() {
    engine.widgets.forEach((w) => {
      if (!w.root.isConnected) { engine.widgets.delete(w); return; }
      w.showEngineState();
    });
    engine.listeners.forEach((fn) => { fn(engine); });
  }

  // other widgets (the character sheet) follow the engine's state through a listener
  function subscribe(fn) {
    engine.listeners.add(fn);
    fn(engine);
    return () => engine.listeners.delete(fn);
  }

  /* A runtime file the network did not answer (offline, and the runtime not kept offline): the
     failure is the network's, so the reader is told that, and the engine starts again when the
     browser says the network is back. Chromium, Firefox and Safari word it so. */
  function networkFailure(message) {
    return !navigator.onLine || /Failed to fetch|NetworkError|Load failed/.test(message || "");
  }

  /* What a reader offline can do about it: keep the runtime offline, where this site can be kept. */
  function offlineAdvice() {
    const off = rb.offline && rb.offline.state;
    return off && off !== "unsupported"
      ? " Чтобы считать и без сети, сохраните среду Python в окне «Работа без сети» (кнопка с облаком в шапке)."
      : "";
  }

  function fail(reason, message) {
    if (reason === "load" && networkFailure(message)) reason = "offline";
    engine.state = "failed";
    engine.reason = reason;
    if (message) console.warn("rulebook calculator:", message);
    engine.pending.forEach((p) => { p.reject(new Error(reason)); });
    engine.pending.clear();
    broadcast();
  }

  function startEngine() {
    if (engine.state !== "idle") return;
    if (!wasmAvailable()) { fail("nowasm"); return; }
    engine.state = "loading";
    engine.started = performance.now();
    engine.stage = 0;
    try {
      engine.worker = new Worker(new URL("calc-worker.js" + rb.core.version, BASE), { type: "module" });
    } catch (e) {
      fail("noworker", String(e));
      return;
    }
    engine.worker.onmessage = (ev) => {
      const m = ev.data || {};
      if (m.type === "progress") {
        engine.stage = m.stage;
        engine.label = m.label;
        broadcast();
      } else if (m.type === "ready") {
        engine.state = "ready";
        engine.bootMs = m.ms;
        engine.timings = m.timings;
        broadcast();
      } else if (m.type === "failed") {
        fail(m.reason || "load", m.message);
      } else if (m.type === "result" || m.type === "error") {
        const p = engine.pending.get(m.id);
        if (!p) return;
        engine.pending.delete(m.id);
        if (m.type === "result") p.resolve(JSON.parse(m.out));
        else p.reject(new Error(m.message));
      }
    };
    engine.worker.onerror = (ev) => {
      ev.preventDefault();
      fail("load", ev.message || "worker error");
    };
    engine.worker.postMessage({ type: "boot" });
    broadcast();
  }

  window.addEventListener("online", () => {
    if (engine.state !== "failed" || engine.reason !== "offline") return;
    if (engine.worker) engine.worker.terminate(); // it keeps its failed start
    engine.worker = null;
    engine.state = "idle";
    startEngine();
    engine.widgets.forEach((w) => { if (w.root.isConnected) w.schedule(); });
  });

  /* While the engine boots: its stage on the progress bar `bar`, and "what it does, 1.2 с". */
  function showLoading(bar, fallback) {
    bar.hidden = false;
    if (engine.stage >= 2) bar.value = engine.stage; else bar.removeAttribute("value");
    return (engine.label || fallback) + " " + ((performance.now() - engine.started) / 1000).toFixed(1) + " с";
  }

  function compute(name, inputs) {
    startEngine();
    if (engine.state === "failed") return Promise.reject(new Error(engine.reason));
    const id = engine.nextId++;
    return new Promise((resolve, reject) => {
      engine.pending.set(id, { resolve, reject });
      engine.worker.postMessage({ type: "compute", id, name, inputs: JSON.stringify(inputs) });
    });
  }

  // ---- small DOM helpers -------------------------------------------------------------------------
  function ruleHref(rule) { return new URL(rule, SITE).href; }

  function ruleLink(rule, text) {
    return h("a", { class: "rb-calc__rule", href: ruleHref(rule), title: "Правило в книге", text: text || "§" });
  }

  function readField(el) {
    const type = el.getAttribute("data-type");
    if (el.type === "checkbox") return el.checked;
    const v = (el.value || "").trim();
    if (v === "") return undefined;
    if (type === "int") {
      // the engine names a bad value; a number past 2^53 goes as typed, since as a JS number
      // it would come back in the message as «1e+23», not what the reader wrote
      const norm = v.replace("−", "-");
      const n = /^[+-]?\d+$/.test(norm) ? parseInt(norm, 10) : NaN;
      return Number.isSafeInteger(n) ? n : v;
    }
    return v;
  }

  function writeField(el, value) {
    if (el.type === "checkbox") el.checked = !!value;
    else el.value = value === null || value === undefined ? "" : String(value);
  }

  function groupValues(form, group) {
    const out = {};
    form.querySelectorAll("[name][data-group='" + group + "']").forEach((el) => {
      if (el.disabled) return;
      const v = readField(el);
      if (v !== undefined) out[el.name] = v;
    });
    return out;
  }

  // ---- a widget ------------------------------------------------------------------------------------
  class Widget {
    constructor(root) {
      this.root = root;
      this.name = root.getAttribute("data-rb-calc");
      this.form = root.querySelector(".rb-calc__form");
      this.output = root.querySelector(".rb-calc__output");
      this.status = root.querySelector(".rb-calc__status");
      this.progress = root.querySelector(".rb-calc__progress");
      this.busy = false;
      this.dirty = false;
      this.lastResult = null;
      this.timer = null;
      root.setAttribute("data-rb-ready", "");
      engine.widgets.add(this);
    }

    showEngineState() {
      const s = this.status, p = this.progress;
      s.setAttribute("data-state", engine.state);
      if (engine.state === "loading") {
        s.textContent = showLoading(p, "Запуск калькулятора…");
        clearTimeout(this.tick);
        this.tick = setTimeout(() => { if (engine.state === "loading") this.showEngineState(); }, 200);
      } else if (engine.state === "ready") {
        p.hidden = true;
        if (this.answer) this.showAnswer(this.answer);
        else s.textContent = "Готово: расчёт при каждом изменении."; // one line, as the answer (see bind)
      } else if (engine.state === "failed") {
        p.hidden = true;
        s.removeAttribute("data-answer");
        s.textContent = engine.reason === "nowasm" || engine.reason === "noworker"
          ? "Этот браузер не может запустить калькулятор: нужен WebAssembly (и Web Worker). Правила на странице от этого не зависят."
          : engine.reason === "offline"
          ? "Нет связи с сайтом, а среда Python для калькуляторов не сохранена для работы без сети: калькулятор запустится, когда связь появится. Правила на странице от этого не зависят." + offlineAdvice()
          : "Калькулятор не загрузился (движок правил недоступен). Правила на странице от этого не зависят; попробуйте обновить страницу.";
        this.root.classList.add("rb-calc--failed");
      }
    }

    /* The answer in one line, in the widget's head: on a narrow screen the head stays in view
       while the form scrolls, so the answer is beside whatever input was changed. */
    showAnswer(text) {
      this.answer = text;
      if (engine.state !== "ready") return;
      this.status.textContent = text;
      this.status.setAttribute("data-answer", "");
    }

    clearErrors() {
      this.root.querySelectorAll(".rb-calc__error").forEach((e) => { e.hidden = true; e.textContent = ""; });
      this.root.querySelectorAll("[aria-invalid]").forEach((e) => { e.removeAttribute("aria-invalid"); });
    }

    // field path from the engine ("bonus", "rolled.success", "actions[2].damage", "character.bz")
    fieldFor(path) {
      let group = null, name = path;
      const m = /^actions\[\d+\]\.(.+)$/.exec(path);
      if (m) { name = m[1]; group = this.actionGroup(name); }
      else if (path.indexOf(".") > 0) { group = path.split(".")[0]; name = path.split(".").slice(1).join("."); }
      const sel = "[name='" + name + "']" + (group ? "[data-group='" + group + "']" : "");
      return this.form.querySelector(sel) || this.form.querySelector("[name='" + name + "']");
    }

    actionGroup(name) {
      const el = this.form.querySelector("[name='" + name + "'][data-group='hit']");
      return el ? "hit" : "care";
    }

    showError(res) {
      const el = this.fieldFor(res.field);
      const msg = res.message || res.error;
      // the head stays in view on a phone, the field may not: the answer names it (with its
      // group when another field has the same name: «Куб успеха» of the check, or rolled)
      const labelOf = (f) => (f.labels && f.labels[0] ? f.labels[0].textContent.trim() : "");
      let label = el ? labelOf(el) : "";
      const legend = el && el.closest("fieldset") && el.closest("fieldset").querySelector("legend");
      if (label && legend && Array.from(this.form.querySelectorAll("[name]")).some((o) => o !== el && labelOf(o) === label)) {
        label = legend.textContent.trim() + " › " + label;
      }
      this.showAnswer("Исправьте " + (label ? "«" + label + "»" : "ввод") + ": " + msg);
      if (el) {
        el.setAttribute("aria-invalid", "true");
        const slot = this.root.querySelector("#" + CSS.escape(el.id + "-error"));
        if (slot) { slot.textContent = msg; slot.hidden = false; return; }
      }
      this.output.replaceChildren(h("p", { class: "rb-calc__problem", role: "alert", text: res.error || msg }));
    }

    schedule(delay) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => { this.run(); }, delay || 0);
    }

    // one request at a time; a change during a request runs once more afterwards
    run() {
      if (this.busy) { this.dirty = true; return; }
      const inputs = this.inputs();
      if (!inputs) return;
      this.busy = true;
      this.root.setAttribute("aria-busy", "true");
      compute(this.name, inputs).then((res) => {
        this.accept(res, inputs);
        this.root.dispatchEvent(new CustomEvent("rb-calc-result", { detail: res }));
      }).catch((err) => {
        if (engine.state !== "failed") {
          this.output.replaceChildren(h("p", { class: "rb-calc__problem", role: "alert", text: "Внутренняя ошибка калькулятора: " + err.message }));
        }
      }).then(() => {
        this.busy = false;
        this.root.removeAttribute("aria-busy");
        if (this.dirty) { this.dirty = false; this.run(); }
      });
    }

    accept(res, inputs) {
      this.clearErrors();
      this.output.classList.toggle("is-stale", !res.ok);  // the answer shown is for earlier input
      if (res.ok) this.render(res.result, inputs);
      else this.showError(res);
    }

    bind() {
      // the status line keeps the height of the text the build wrote, so that the one-line answer
      // written there later does not move the form
      this.status.style.minHeight = this.status.offsetHeight + "px";
      // the room is given back at the next change once an answer is shown (a shift right after
      // the reader's own input is no surprise)
      const release = () => { if (this.answer) this.status.style.minHeight = ""; };
      this.form.addEventListener("input", release);
      this.form.addEventListener("click", release);
      const starter = () => startEngine();
      this.root.addEventListener("pointerdown", starter, { once: true });
      this.root.addEventListener("focusin", starter, { once: true });
      if ("IntersectionObserver" in window) {
        const io = new IntersectionObserver((entries) => {
          entries.forEach((e) => { if (e.isIntersecting) { io.disconnect(); startEngine(); this.onVisible(); } });
        }, { rootMargin: "200px" });
        io.observe(this.root);
      }
      this.form.addEventListener("submit", (e) => { e.preventDefault(); });
      this.form.querySelectorAll("select[data-preset]").forEach((sel) => {
        sel.addEventListener("change", () => { this.applyPreset(sel); });
      });
      this.form.addEventListener("input", (e) => { this.onInput(e); });
      this.form.addEventListener("change", (e) => { if (e.target.type === "checkbox" || e.target.tagName === "SELECT") this.onInput(e); });
      this.showEngineState();
    }

    onVisible() { this.schedule(0); }

    onInput(e) {
      if (e && e.target && e.target.hasAttribute("data-preset")) return;
      this.syncControls();
      this.schedule(0);
    }

    syncControls() {}

    applyPreset(sel) {
      const opt = sel.selectedOptions[0];
      const note = sel.parentElement.querySelector(".rb-calc__preset-note");
      if (!opt || !opt.value) {
        note.hidden = true;
        // a select that is itself a field (the attack's weapon, whose row the engine reads)
        // changed the input: back to «вручную», the answer is computed again
        if (sel.name) this.onInput();
        return;
      }
      const p = JSON.parse(opt.getAttribute("data-preset-values"));
      const kind = sel.getAttribute("data-preset");
      const form = this.form;
      const set = (group, name, value) => {
        if (value === null || value === undefined) return;
        const el = form.querySelector("[name='" + name + "'][data-group='" + group + "']");
        if (el) writeField(el, value);
      };
      if (kind === "armor") {
        ["armor", "bz_max", "armor_vs_anaxion", "armor_blast_reduction", "gas_immune"].forEach((k) => { set("character", k, p[k]); });
        set("character", "bz", p.bz_max);
      } else if (this.name === "damage") {
        ["damage", "attack_class", "armor_piercing", "anaxion", "gas", "special", "source"].forEach((k) => { set("hit", k, p[k]); });
      } else {
        // a melee profile (4.5) is rolled in melee's opposed roll (3.11), any other weapon at a МЗ
        const melee = p.group === MELEE_GROUP;
        set("attacker", "mode", melee ? "melee" : "ranged");
        set("attacker", "hit_die", p.hit_die);
        if (!melee) {
          set("attacker", "threshold", p.threshold);
          set("target", "weapon_damage", p.damage);
          set("target", "heavy_weapon", p.heavy_weapon);
          set("attacker", "cover_ignored", p.cover_ignored);
          set("attacker", "weapon_kind", p.weapon_kind);
        }
      }
      const bits = [p.properties];
      if (p.hit_note) bits.push(p.hit_note);
      if (p.assumed) bits.push("Допущение: " + p.assumed);
      note.replaceChildren(h("span", { text: bits.filter(Boolean).join(" ") + " " }), ruleLink(p.rule, "§ профиль"));
      note.hidden = false;
      this.onInput();
    }
  }

  // ---- the check resolver and the attack roll: bars --------------------------------------------
  class Bars extends Widget {
    answerOf(r) {
      const bits = [];
      if (this.name === "check") bits.push("Успех " + r.p_success + " ≈ " + pct(r.p_success));
      else if (r.mode === "melee") bits.push("Попадание " + r.p_hit + " ≈ " + pct(r.p_hit), "ничья " + pct(r.p_tie), "защитник выше " + pct(r.p_counter));
      else if (r.mz !== null && r.mz !== undefined) bits.push("Попадание " + r.p_hit + " ≈ " + pct(r.p_hit));
      if (r.outcome) bits.push("выпало: " + r.outcome_label);
      if (r.group) bits.push("группа: " + pct(r.group.p_success));
      return bits.join(" · ");
    }

    syncControls() {
      if (this.name === "attack") {
        // the fields of the mode not chosen are hidden and not sent (the engine refuses them)
        const mode = this.form.querySelector("[name='mode']").value;
        this.form.querySelectorAll("[data-mode]").forEach((w) => {
          const off = w.getAttribute("data-mode") !== mode;
          w.hidden = off;
          w.querySelectorAll("[name]").forEach((el) => { el.disabled = off; });
        });
        // melee's hit die is its profile's (4.5); its bonus may be Физическая сила
        this.form.querySelector("[name='hit_die']").disabled = mode === "melee";
        if (mode === "melee") {
          this.form.querySelector("[name='strength']").disabled = false;
          return;
        }
        // 4.6: a bow or a crossbow has no threshold (nor the rifles' aimed shot); only a bow
        // asks for Физическая сила
        const kind = this.form.querySelector("[name='weapon_kind']").value;
        ["proficiency", "threshold", "aimed_shot"].forEach((n) => { this.form.querySelector("[name='" + n + "']").disabled = kind !== "threshold"; });
        this.form.querySelector("[name='strength']").disabled = kind !== "bow";
        // a distance in feet decides «в пределах 15 футов» itself
        this.form.querySelector("[name='close_range']").disabled = this.form.querySelector("[name='distance']").value.trim() !== "";
        return;
      }
      if (this.name !== "check") return;
      const trait = this.form.querySelector("[name='trait_level']");
      const die = this.form.querySelector("[name='success_die']");
      const pro = this.form.querySelector("[name='professional']");
      const useTrait = trait.value.trim() !== "";
      die.disabled = useTrait;
      pro.disabled = !useTrait;
    }

    inputs() {
      if (this.name === "attack") {
        const a = groupValues(this.form, "attacker");
        [groupValues(this.form, "target"), groupValues(this.form, "defender")].forEach((g) => {
          Object.keys(g).forEach((k) => { a[k] = g[k]; });
        });
        return a;
      }
      const v = groupValues(this.form, "check");
      const rolled = groupValues(this.form, "rolled");
      if (Object.keys(rolled).length) v.rolled = rolled;
      return v;
    }

    render(r) {
      this.showAnswer(this.answerOf(r));
      const nodes = [];
      if (this.name === "check") {
        const e = r.effective;
        nodes.push(h("p", { class: "rb-calc__summary" }, [
          h("strong", { text: "Успех (с критическим): " }),
          h("span", { class: "rb-calc__fraction", "data-key": "p_success", text: r.p_success }),
          " ≈ " + pct(r.p_success),
          h("br"),
          "С успехом на грани: " + r.p_success_or_edge + " ≈ " + pct(r.p_success_or_edge) + ". ",
          "Бросок: " + e.success_label + (e.bonus ? " " + signed(e.bonus) : "") + " против " + e.difficulty_label +
            (e.modifier ? " + " + e.modifier : "") + ".",
        ]));
      } else if (r.mode === "melee") {
        nodes.push(h("p", { class: "rb-calc__summary" }, [
          h("strong", { text: "Попадание: " }),
          h("span", { class: "rb-calc__fraction", "data-key": "p_hit", text: r.p_hit }),
          " ≈ " + pct(r.p_hit) + ". Встречный бросок: атакующий " + signed(r.hit_modifier) + ", защитник " + signed(r.defender_modifier) + ".",
        ]));
      } else if (r.mz !== null && r.mz !== undefined) {
        nodes.push(h("p", { class: "rb-calc__summary" }, [
          h("strong", { text: "Попадание: " }),
          h("span", { class: "rb-calc__fraction", "data-key": "p_hit", text: r.p_hit }),
          " ≈ " + pct(r.p_hit) + ". Модификатор " + signed(r.hit_modifier) + ", МЗ " + r.mz + ".",
          r.hits_to_destroy !== undefined && r.hits_to_destroy !== null ? " Попаданий до разрушения укрытия: " + r.hits_to_destroy + "." : "",
        ]));
      }
      if (r.outcomes) nodes.push(bars(r.outcomes));
      if (r.outcome) {
        nodes.push(h("p", { class: "rb-calc__outcome", "data-outcome": r.outcome }, [h("strong", { text: "Выпало: " + r.outcome_label })]));
        nodes.push(stepList(r.roll_steps));
      }
      if (r.group) {
        nodes.push(h("p", { class: "rb-calc__group-result", text: "Групповая проверка: " + r.group.members + " участников, нужно успехов: " + r.group.needed + "; вероятность " + r.group.p_success + " ≈ " + pct(r.group.p_success) + "." }));
      }
      nodes.push(h("details", { class: "rb-calc__why" }, [h("summary", { text: "Как считалось" }), stepList(r.steps)]));
      this.output.replaceChildren.apply(this.output, nodes);
      this.lastResult = r;
    }
  }

  function frac(s) {
    const parts = String(s).split("/");
    return parts.length === 2 ? Number(parts[0]) / Number(parts[1]) : Number(parts[0]);
  }
  function pct(s) {
    const v = frac(s) * 100;
    return (Math.round(v * 10) / 10).toFixed(1).replace(".", ",") + " %";
  }
  function signed(n) { return (n >= 0 ? "+" : "−") + Math.abs(n); }

  function bars(outcomes) {
    const list = h("ul", { class: "rb-calc__bars" });
    outcomes.forEach((o) => {
      const width = Math.max(0, Math.min(100, frac(o.probability) * 100));
      list.appendChild(h("li", { class: "rb-calc__bar", "data-outcome": o.key }, [
        h("span", { class: "rb-calc__bar-label" }, [o.label + " ", ruleLink(o.rule)]),
        h("span", { class: "rb-calc__bar-track", "aria-hidden": "true" }, [
          h("span", { class: "rb-calc__bar-fill", style: "width:" + width.toFixed(2) + "%" }),
        ]),
        h("span", { class: "rb-calc__bar-value" }, [
          h("span", { class: "rb-calc__fraction", text: o.probability }), " · " + o.percent,
        ]),
      ]));
    });
    return list;
  }

  function stepList(steps) {
    const ol = h("ol", { class: "rb-calc__steps" });
    (steps || []).forEach((s) => {
      // a step that changes nothing applies no rule and links to none
      ol.appendChild(h("li", { "data-kind": s.kind || null }, s.rule ? [s.text + " ", ruleLink(s.rule)] : [s.text]));
    });
    return ol;
  }

  // ---- the damage stepper ------------------------------------------------------------------------
  const SEV = ["light", "medium", "serious", "critical"];
  const SEV_LABEL = { light: "Лёгкие", medium: "Средние", serious: "Серьёзные", critical: "Критическое" };

  const MAX_ACTIONS = rb.repair.LIMITS.actions;
  const OPEN_STEPS = 10; // actions of the log shown with their steps
  const WHY_NOT_SAVED = {
    full: "хранилище браузера заполнено",
    unavailable: "браузер не даёт сайту хранить данные",
    blocked: "нет места для копии повреждённого хода боя",
  };

  /* The fight is kept as {v, character, actions, cursor} (v 2 adds `base`, the engine's state
     after the oldest actions, and `folded`, how many those were): at most MAX_ACTIONS actions
     stay for undo and redo, older ones are replayed once by the engine and folded into `base`,
     so the fight's state is exact and its log short. A stored fight is read back through
     repair.fight, then checked by the engine on its first run: an action it refuses and every
     later one are set aside (copied once), the actions before it stay. */
  class Stepper extends Widget {
    constructor(root) {
      super(root);
      const key = "#" + root.getAttribute("data-rb-state-key");
      this.store = storage("calc." + rb.core.pathOf(location.href) + key, { legacy: "rulebook:calc:" + location.pathname + key });
      this.actions = [];
      this.cursor = 0;
      this.base = null;
      this.folded = 0;
      this.fold = 0; // oldest actions still to be folded into base
      this.queue = [];
      this.inFlight = null;
      this.notice = "";
      this.blocked = null;
      this.unsaved = null;
      this.storageBox = h("p", { class: "rb-calc__storage", role: "alert", hidden: true });
      this.output.before(this.storageBox);
      this.load();
      this.announce();
    }

    /* What load() found wrong is said at once, not only with the first result (which waits for
       the engine, and never comes without WebAssembly); the first result says it again, once. */
    announce() {
      if (this.notice) this.output.replaceChildren(h("p", { class: "rb-calc__notice", role: "status", text: this.notice }));
    }

    load() {
      const got = this.store.read();
      if (got.state === "missing" || got.state === "unavailable") return;
      const r = got.state === "corrupt" ? { problem: "это не JSON" } : rb.repair.fight(got.value, { maxActions: MAX_ACTIONS });
      if (r.problem) {
        if (this.setAside(got.text, "Сохранённый ход боя не читается (" + r.problem + ") и начат заново")) this.store.remove();
        return;
      }
      const f = r.fight;
      this.actions = f.actions;
      this.cursor = f.cursor;
      this.base = f.base;
      this.folded = Number.isInteger(got.value.folded) && got.value.folded > 0 ? got.value.folded : 0;
      this.fold = r.fold;
      const form = this.form;
      Object.keys(f.character).forEach((k) => {
        const el = form.querySelector("[name='" + k + "'][data-group='character']");
        if (el) writeField(el, f.character[k]);
      });
      this.syncBase();
      if (r.aside.length) {
        this.setAside(JSON.stringify(r.aside), "Ход боя восстановлен до действия " + (f.actions.length + 1) +
          ": повреждённые действия (" + r.aside.length + ") отложены");
      }
      if (r.changed) this.save();
      this.restored = this.actions.length > 0 || this.base !== null;
    }

    /* Copies a damaged value beside the fight (once per value) and says so; false when there is
       no room for the copy (the stored fight is then not overwritten until room is made). */
    setAside(text, said) {
      const copy = this.store.setAside(text);
      if (copy.ok) {
        if (!copy.existed) this.notice = said + " (копия сохранена).";
        return true;
      }
      this.blocked = text;
      this.notice = said + "; места для копии нет, и ход боя не будет сохраняться, пока место не освободится.";
      this.showStorage("blocked");
      return false;
    }

    resetStore(notice) {
      this.actions = [];
      this.cursor = 0;
      this.base = null;
      this.folded = 0;
      this.fold = 0;
      this.notice = notice;
      this.syncBase();
      if (!this.blocked) this.store.remove();
    }

    /* With a folded start, the current БЗ field is the folded state's: it is not asked. */
    syncBase() {
      const bz = this.form.querySelector("[name='bz'][data-group='character']");
      if (!bz) return;
      bz.disabled = this.base !== null;
      bz.title = this.base ? "Начало боя свёрнуто: текущее БЗ — из его состояния" : "";
    }

    save() {
      if (this.fold > 0) return; // the stored fight is replaced once it is within its limit
      const value = { v: this.base ? 2 : STORE_VERSION, character: groupValues(this.form, "character"), actions: this.actions, cursor: this.cursor };
      if (this.base) { value.base = this.base; value.folded = this.folded; }
      const res = this.blocked ? { ok: false, error: "blocked" } : this.store.set(value);
      this.showStorage(res.ok ? null : res.error);
    }

    /* The notice that stays while writes fail. */
    showStorage(why) {
      if (why === this.unsaved) return;
      this.unsaved = why;
      const box = this.storageBox;
      box.hidden = !why;
      box.replaceChildren();
      if (!why) return;
      const text = "Ход боя не сохранён: " + (WHY_NOT_SAVED[why] || WHY_NOT_SAVED.unavailable) + "; после перезагрузки страницы его не будет.";
      box.append(why === "unavailable" ? text : rb.core.fullNotice(text, "Ход боя калькулятора ранений не сохранён."));
    }

    /* Where the fight starts: the character, or the folded state with the character's fields. */
    start() {
      const character = groupValues(this.form, "character");
      if (!this.base) return { character };
      const state = Object.assign({}, this.base, character);
      if (typeof state.bz_max === "number") state.bz = Math.min(this.base.bz, state.bz_max);
      return { state };
    }

    // every request goes through Widget.run, one at a time: a button press waits for the
    // recompute in flight instead of racing it
    inputs() {
      if (this.fold > 0) {
        this.folding = Math.min(this.fold, MAX_ACTIONS); // a long history is folded in pieces
        this.inFlight = null;
        return Object.assign(this.start(), { actions: this.actions.slice(0, this.folding) });
      }
      this.folding = 0;
      let acts = this.actions.slice(0, this.cursor);
      this.inFlight = this.queue.shift() || null;
      if (this.inFlight) acts = acts.concat([this.inFlight]);
      return Object.assign(this.start(), { actions: acts });
    }

    accept(res, inputs) {
      const action = this.inFlight, folding = this.folding, restoring = this.restored;
      this.inFlight = null;
      this.folding = 0;
      this.clearErrors();
      if (!res.ok) {
        this.queue = [];
        // a stored fight the engine refuses is repaired, never a crash
        const stored = inputs.actions.length - (action ? 1 : 0); // those the reader did not just ask for
        if ((restoring || folding) && this.repairFrom(res.field, stored)) { this.schedule(0); return; }
        this.output.classList.toggle("is-stale", !action);  // a refused action leaves the fight as it was
        this.showError(res);
        return;
      }
      this.restored = false;
      if (folding) {
        this.base = res.result.state;
        this.actions = this.actions.slice(folding);
        this.cursor -= folding;
        this.fold -= folding;
        this.folded += folding;
        this.syncBase();
        if (this.fold === 0) {
          if (!this.foldSaid) { // once per page: the log's numbers say it since
            this.notice = this.notice || "Ход боя длиннее " + MAX_ACTIONS + " действий: ранние (" + this.folded +
              ") учтены в исходном состоянии, отменить можно последние " + MAX_ACTIONS + ".";
            this.foldSaid = true;
          }
          this.save();
        } else this.showFolding();
        this.updateButtons();
        this.schedule(0);
        return;
      }
      this.output.classList.remove("is-stale");
      if (action) {
        this.actions = this.actions.slice(0, this.cursor).concat([action]);
        this.cursor = this.actions.length;
        this.fold = Math.max(0, this.cursor - MAX_ACTIONS);
        this.updateButtons();
      }
      this.save();  // the character as accepted, the fight, the undo position
      this.render(res.result, inputs);
      if (this.queue.length || this.fold) this.schedule(0);
    }

    /* The engine refused a stored fight at `field`: keep what comes before the refused action
       (the rest is copied aside), or start afresh when the folded start itself is refused.
       False when the field is the form's (the reader sees it and corrects it). */
    repairFrom(field, stored) {
      const m = /^actions\[(\d+)\]/.exec(field || "");
      if (m && parseInt(m[1], 10) < stored) {
        const i = parseInt(m[1], 10);
        this.setAside(JSON.stringify(this.actions.slice(i)), "Ход боя восстановлен до действия " + (i + 1) + ": следующие действия (" + (this.actions.length - i) + ") не читаются и отложены");
        this.actions = this.actions.slice(0, i);
        this.cursor = Math.min(this.cursor, i);
        this.fold = Math.max(0, this.cursor - MAX_ACTIONS);
        this.updateButtons();
        this.save();
        return true;
      }
      if (/^state\b/.test(field || "") && this.base) {
        const fight = { v: 2, base: this.base, actions: this.actions, cursor: this.cursor };
        // with no room for the copy the stored fight stays untouched (blocked), here it restarts
        this.setAside(JSON.stringify(fight), "Сохранённый ход боя повреждён и начат заново");
        this.resetStore(this.notice);
        this.updateButtons();
        return true;
      }
      return false;
    }

    showFolding() {
      this.output.replaceChildren(h("p", { class: "rb-calc__notice", role: "status", text: "Сворачиваю начало длинного боя: осталось действий — " + this.fold + "…" }));
    }

    bind() {
      super.bind();
      this.form.querySelectorAll("button[data-action]").forEach((b) => {
        b.addEventListener("click", () => { this.act(b.getAttribute("data-action")); });
      });
      window.addEventListener("rulebook:storage-freed", () => {
        if (!this.root.isConnected) return;
        if (this.blocked && this.store.setAside(this.blocked).ok) this.blocked = null;
        if (this.unsaved) this.save();
      });
      this.updateButtons();
      if (this.fold) this.showFolding();
    }

    onInput(e) {
      const t = e && e.target;
      if (t && t.hasAttribute("data-preset")) return;
      this.syncControls();
      // only the character changes the fight; the hit and care fields wait for their button
      if (!t || t.getAttribute("data-group") === "character") this.schedule(0);
    }

    syncControls() {
      // 3.6: a blast's zone, the cover between and the dive are an explosive attack's only; off,
      // they are not sent, and the hit of a carbine after a grenade takes its full damage
      const blast = this.form.querySelector("[name='attack_class'][data-group='hit']").value === "explosive";
      ["blast_zone", "blast_cover", "dove"].forEach((n) => { this.form.querySelector("[name='" + n + "'][data-group='hit']").disabled = !blast; });
    }

    actionFromForm(type) {
      if (type === "hit") return Object.assign({ type: "hit" }, groupValues(this.form, "hit"));
      if (type === "stabilise") {
        const c = groupValues(this.form, "care"), a = { type };
        if (c.outcome !== undefined) a.outcome = c.outcome;
        return a;
      }
      if (type === "stop_bleeding") {
        const care = groupValues(this.form, "care"), b = { type };
        if (care.kit) b.kit = true; else if (care.outcome !== undefined) b.outcome = care.outcome;
        if (care.self) b.self = true;
        if (care.out_of_combat) b.out_of_combat = true;
        return b;
      }
      return { type };
    }

    act(type) {
      startEngine();
      if (type === "undo" || type === "redo") {
        if (this.fold) return; // the history is being folded
        this.cursor = Math.max(0, Math.min(this.actions.length, this.cursor + (type === "undo" ? -1 : 1)));
        this.queue = [];
        this.save();
        this.updateButtons();
        this.schedule(0);
        return;
      }
      const action = this.actionFromForm(type);
      if (type === "hit" && action.damage === undefined) {
        // an empty field went as the engine's default, 3, and the log said «урон 3» as if typed
        this.clearErrors();
        this.showError({ field: "actions[0].damage", message: "впишите урон попадания" });
        return;
      }
      this.queue.push(action);
      this.schedule(0);
    }

    updateButtons() {
      const undo = this.form.querySelector("[data-action='undo']");
      const redo = this.form.querySelector("[data-action='redo']");
      if (undo) undo.disabled = this.cursor === 0;
      if (redo) redo.disabled = this.cursor >= this.actions.length;
    }

    answerOf(r) {
      const s = r.state;
      const bits = [s.dead ? "Погиб" : s.immobilised ? "Обездвижен (" + (s.countdown || 0) + " из " + (s.countdown_rounds || 3) + ")" : "В строю"];
      if (s.bleeding && !s.dead) bits.push("Кровотечение");
      // the wounds taken, each against its limit; the slots table below has all four. Listing the
      // empty ones too made an untouched character's answer two lines in a phone's head, which
      // moved the form when it replaced the one-line status
      const taken = SEV.filter((k) => s.wounds[k]);
      bits.push(taken.length ? taken.map((k) => SEV_LABEL[k] + " " + s.wounds[k] + "/" + s.limits[k]).join(", ") : "ранений нет");
      if (s.armor !== "none") bits.push("БЗ " + s.bz + "/" + s.bz_max);
      return bits.join(" · ");
    }

    describeAction(a) {
      const label = (group, name, value) => {
        const el = this.form.querySelector("select[name='" + name + "'][data-group='" + group + "'] option[value='" + value + "']");
        return el ? el.textContent : String(value);
      };
      switch (a.type) {
        case "hit": {
          const bits = ["урон " + (a.damage === undefined ? 3 : a.damage), label("hit", "attack_class", a.attack_class || "medium")];
          if (a.armor_piercing) bits.push("бронебойное");
          if (a.anaxion) bits.push("анаксионная");
          if (a.gas) bits.push("газ");
          if (a.special) bits.push("особая атака");
          bits.push(label("hit", "source", a.source || "firearm"));
          return "Попадание: " + bits.join(", ");
        }
        case "end_turn": return "Конец хода";
        case "stabilise": return "Стабилизация" + (a.outcome ? ": " + label("care", "outcome", a.outcome).toLowerCase() : "");
        case "stop_bleeding":
          return "Остановка Кровотечения" + (a.self ? " (самопомощь)" : "") +
            (a.kit ? ": перевязочный комплект" : a.outcome ? ": " + label("care", "outcome", a.outcome).toLowerCase() : "");
        case "kit_light": return "Перевязочный комплект: снять Лёгкое ранение"; // what was asked; the steps say what came of it
        case "short_rest": return "Короткий отдых";
        case "long_rest": return "Длительный привал";
        case "end_combat": return "Конец боя";
        case "start_combat": return "Новый бой";
        case "reset": return "Начать заново";
        default: return a.type;
      }
    }

    render(r, inputs) {
      this.showAnswer(this.answerOf(r));
      const s = r.state, nodes = [];
      if (this.notice) {
        nodes.push(h("p", { class: "rb-calc__notice", role: "status", text: this.notice }));
        this.notice = "";
      }
      const badges = h("p", { class: "rb-calc__badges" });
      if (s.dead) badges.appendChild(h("span", { class: "rb-calc__badge rb-calc__badge--dead", text: "Погиб" }));
      else if (s.immobilised) badges.appendChild(h("span", { class: "rb-calc__badge rb-calc__badge--critical", text: "Обездвижен: отсчёт до смерти " + (s.countdown || 0) + " из " + (s.countdown_rounds || 3) + (s.in_combat === false ? " (остановлен: вне боя)" : "") }));
      if (s.bleeding && !s.dead) badges.appendChild(h("span", { class: "rb-calc__badge rb-calc__badge--bleeding", text: "Кровотечение" }));
      if (s.recovering && !s.dead) badges.appendChild(h("span", { class: "rb-calc__badge", text: "Восстановление: −2 ко всем проверкам" }));
      if (s.in_combat === false && !s.dead) badges.appendChild(h("span", { class: "rb-calc__badge", text: "Вне боя" }));
      if (!badges.childNodes.length) badges.appendChild(h("span", { class: "rb-calc__badge rb-calc__badge--ok", text: "В строю" }));
      nodes.push(badges);

      const table = h("table", { class: "rb-calc__slots" }, [h("caption", { text: "Слоты ранений" })]);
      SEV.forEach((k) => {
        const cells = h("td", { class: "rb-calc__slot-cells" });
        for (let i = 0; i < s.limits[k]; i++) {
          const full = i < s.wounds[k];
          cells.appendChild(h("span", {
            class: "rb-calc__slot" + (full ? " is-full" : ""),
            "data-severity": k,
            title: full ? "занят" : "свободен",
          }));
        }
        table.appendChild(h("tr", { "data-severity": k }, [
          h("th", { scope: "row", text: SEV_LABEL[k] }), cells,
          h("td", { class: "rb-calc__slot-count", "data-severity": k, text: s.wounds[k] + " / " + s.limits[k] }),
        ]));
      });
      nodes.push(table);

      if (s.armor !== "none") {
        const meter = h("meter", { min: "0", max: String(Math.max(1, s.bz_max)), value: String(s.bz), class: "rb-calc__bz-meter" });
        nodes.push(h("p", { class: "rb-calc__bz" }, [
          h("strong", { text: "БЗ брони: " }),
          h("span", { class: "rb-calc__bz-value", text: s.bz + " / " + s.bz_max }), " ", meter,
          s.bz === 0 ? " — броня повреждена и не защищает" : "",
        ]));
      } else {
        nodes.push(h("p", { class: "rb-calc__bz", text: "Брони нет." }));
      }

      const acts = inputs.actions;
      if (!acts.length) {
        nodes.push(h("p", { class: "rb-calc__placeholder", text: "Действий пока нет: задайте попадание и нажмите «Попадание»." }));
      } else {
        const log = h("ol", { class: "rb-calc__log", start: this.folded ? String(this.folded + 1) : null });
        const byAction = {};
        r.steps.forEach((st) => { (byAction[st.action] = byAction[st.action] || []).push(st); });
        // the latest actions with their steps; earlier ones folded, their steps built when opened
        // (a long fight would otherwise draw thousands of steps on every change)
        acts.forEach((a, i) => {
          const title = h("strong", { text: this.describeAction(a) });
          let body;
          if (i >= acts.length - OPEN_STEPS) {
            body = [title, stepList(byAction[i])];
          } else {
            const past = h("details", { class: "rb-calc__past" }, [h("summary", {}, [title])]);
            past.addEventListener("toggle", () => {
              if (past.open && !past.lastElementChild.matches(".rb-calc__steps")) past.append(stepList(byAction[i]));
            });
            body = [past];
          }
          log.appendChild(h("li", { class: i === acts.length - 1 ? "is-latest" : null }, body));
        });
        nodes.push(h("h4", { class: "rb-calc__log-title", text: "Ход боя" }), log);
      }
      this.output.replaceChildren.apply(this.output, nodes);
      this.lastResult = r;
    }
  }

  // ---- start ---------------------------------------------------------------------------------
  function setup(root) {
    if (root.hasAttribute("data-rb-ready")) return;
    const w = root.getAttribute("data-rb-calc") === "damage" ? new Stepper(root) : new Bars(root);
    w.bind();
    w.syncControls();
  }

  function init() {
    document.querySelectorAll(".rb-calc").forEach(setup);
    if (engine.state === "ready" || engine.state === "failed") broadcast();
  }

  rb.calc = { engine, compute, start: startEngine, supported: wasmAvailable, init, subscribe, showLoading, offlineAdvice, site: SITE };
  onPage(init);
})();
