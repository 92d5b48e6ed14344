/* Scorekeeper: hand entry.
 * The form becomes the variant's JSON payload: controls are named by payload path
 * ("declarer", "bids.2", "claim.team", "declarations.0.high"); names starting with "_" are
 * helpers and never sent; [data-when="name:a|b"] parts count only while that control holds
 * a or b. A hand is previewed by the API, then confirmed. Confirmed hands go through an
 * outbox in localStorage, each with its Idempotency-Key, so a hand entered without network
 * waits on the phone and is stored exactly once when the network returns.
 * Any edit of the form (typed, tapped, or made by a stepper or a helper) drops the preview,
 * and Confirm sends only what the form holds now: if it differs from what was previewed, the
 * hand is previewed again instead of being sent.
 * A hand the server refuses is kept (localStorage, until dismissed) with the reason, and
 * comes back into the form when the form is for its number; the waiting hands queued after
 * a hand refused as invalid wait for it, since the server takes hands only in order. */
(function () {
  "use strict";
  const root = document.getElementById("match-root");
  if (!root || !root.dataset.api) return;
  const API = root.dataset.api;
  // The page's own preview: the API's answer plus the hand's line in the page's language.
  const PREVIEW = root.dataset.preview || API + "hands/preview/";
  const OUTBOX = "sk-outbox-" + root.dataset.matchId;
  const REFUSED = "sk-refused-" + root.dataset.matchId;
  const words = JSON.parse(document.getElementById("hand-words").textContent);
  const columnsEl = document.getElementById("columns");
  const columns = columnsEl ? JSON.parse(columnsEl.textContent) : { labels: [], individual: false };
  const lang = document.documentElement.lang || "en";
  const flashEl = document.getElementById("flash");
  // The waiting banner and the refused hands are kept by the script and placed at the top of
  // the form, so that they survive the live parts being swapped by htmx.
  const queueBox = document.getElementById("queue");
  let refusedBox = null;
  let notesBox = null;
  let pending = null; // the payload the preview shows; null once the form is edited
  let flushing = false;

  const all = (selector, scope) => Array.from((scope || document).querySelectorAll(selector));
  const form = () => document.getElementById("hand-form");
  const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));

  /* -- reading and writing controls ---------------------------------------------------- */
  function controls(f, name) {
    return all("[name]", f).filter((el) => el.name === name);
  }

  function current(f, name) {
    const els = controls(f, name);
    if (!els.length) return null;
    if (els[0].type === "radio") {
      const checked = els.find((el) => el.checked);
      return checked ? checked.value : null;
    }
    if (els[0].type === "checkbox") return els[0].checked ? "true" : "false";
    return els[0].value;
  }

  function convert(type, raw) {
    if (type === "int") return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (type === "bool") return raw === true || raw === "true";
    if (type === "auto") return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    return raw;
  }

  function put(target, path, value) {
    const keys = path.split(".");
    let node = target;
    keys.forEach((raw, index) => {
      const key = /^\d+$/.test(raw) ? Number(raw) : raw;
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      if (node[key] === undefined) node[key] = /^\d+$/.test(keys[index + 1]) ? [] : {};
      node = node[key];
    });
  }

  function compact(value) {
    // Lists of objects (declarations) close their gaps; lists of numbers keep them as null.
    if (Array.isArray(value)) {
      const items = Array.from(value, compact);
      return items.some((item) => item && typeof item === "object") ? items.filter((item) => item != null) : items;
    }
    if (value && typeof value === "object") {
      Object.keys(value).forEach((key) => { value[key] = compact(value[key]); });
    }
    return value;
  }

  function serialize(f) {
    const payload = {};
    for (const el of f.elements) {
      const name = el.name;
      if (!name || name.startsWith("_") || el.matches(":disabled")) continue;
      const type = el.dataset.type || "str";
      if (name.endsWith("[]")) {
        const key = name.slice(0, -2);
        if (payload[key] === undefined) payload[key] = [];
        if (el.checked) payload[key].push(convert(type, el.value));
        continue;
      }
      if (el.type === "radio" && !el.checked) continue;
      if (el.type === "checkbox") {
        put(payload, name, el.checked);
        continue;
      }
      if (el.value === "") continue;
      put(payload, name, convert(type, el.value));
    }
    return compact(payload);
  }

  function set(f, name, value) {
    const els = controls(f, name);
    if (!els.length) return;
    const text = value === null || value === undefined ? "" : String(value);
    if (els[0].type === "radio") els.forEach((el) => { el.checked = el.value === text; });
    else if (els[0].type === "checkbox" && name.endsWith("[]")) els.forEach((el) => { el.checked = false; });
    else if (els[0].type === "checkbox") els[0].checked = Boolean(value);
    else els[0].value = text;
  }

  function flatten(value, prefix, out) {
    if (Array.isArray(value) && value.length && value.every((v) => typeof v !== "object" || v === null)
        && !/^(bids|tricks|thirds|points)$/.test(prefix.split(".").pop())) {
      out[prefix + "[]"] = value;
    } else if (value && typeof value === "object") {
      Object.keys(value).forEach((key) => flatten(value[key], prefix ? prefix + "." + key : key, out));
    } else {
      out[prefix] = value;
    }
    return out;
  }

  /* -- what the form shows -------------------------------------------------------------- */
  function update(f) {
    if (!f) return;
    for (let pass = 0; pass < 2; pass += 1) {
      all("[data-when]", f).forEach((el) => {
        const [name, values] = el.dataset.when.split(":");
        const on = values.split("|").includes(current(f, name) || "");
        el.hidden = !on;
        el.disabled = !on;
      });
    }
    all("[data-compose]", f).forEach((el) => {
      const parts = el.dataset.compose.split(" ").map((name) => current(f, name));
      el.value = parts.every(Boolean) ? parts[0] + " of " + parts[1] : "";
    });
    all("[data-complement-of]", f).forEach((el) => {
      const source = current(f, el.dataset.complementOf);
      const ok = source !== null && /^\d+$/.test(source);
      const value = ok ? String(Number(el.dataset.total) - Number(source)) : "";
      if (el.tagName === "OUTPUT") el.textContent = value || "–"; else el.value = value;
    });
    all("[data-sum-of]", f).forEach((el) => {
      const values = all("input[type=number]", f).filter((i) => i.name.startsWith(el.dataset.sumOf + "."))
        .map((i) => i.value).filter((v) => /^\d+$/.test(v));
      el.textContent = values.length ? String(values.reduce((a, b) => a + Number(b), 0)) : "–";
    });
    all("[data-points-of]", f).forEach((el) => {
      const source = current(f, el.dataset.pointsOf);
      el.textContent = source && /^\d+$/.test(source) ? String(Math.floor(Number(source) / Number(el.dataset.perPoint))) : "–";
    });
  }

  function step(button) {
    const input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    const by = Number(button.dataset.step);
    const min = input.min === "" ? -Infinity : Number(input.min);
    const max = input.max === "" ? Infinity : Number(input.max);
    let value = /^-?\d+$/.test(input.value) ? Number(input.value) + by : (by > 0 ? min : max);
    if (!Number.isFinite(value)) value = 0;
    input.value = String(Math.min(max, Math.max(min, value)));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function addDeclaration(f) {
    const list = f.querySelector("[data-declarations]");
    const template = document.getElementById("declaration-template");
    if (!list || !template) return null;
    const index = Number(list.dataset.next || 0);
    list.dataset.next = String(index + 1);
    list.insertAdjacentHTML("beforeend", template.innerHTML.replace(/__i__/g, String(index)));
    const added = list.lastElementChild;
    added.querySelector("[data-index-label]").textContent = String(list.children.length);
    update(f);
    return added;
  }

  function helpers(f, target) {
    const name = target.name || "";
    const prefills = target.closest("[data-prefills]");
    if (prefills) {
      const filled = controls(f, prefills.dataset.prefills)[0];
      if (filled && filled.value === "") filled.value = target.value;
    }
    const capot = target.closest("[data-capot-points]");
    if (capot && name === "capot" && target.value !== "") {
      // A capot: the side that took every trick has the card points, the other none.
      const whole = capot.dataset.capotPoints;
      const side = Number(target.value);
      const first = controls(f, "points.0")[0];
      const second = controls(f, "points.1")[0];
      if (second && second.type === "hidden") {
        if (first) first.value = side === 0 ? whole : "0";
      } else {
        const mine = side === 0 ? first : second;
        const other = side === 0 ? second : first;
        if (other) other.value = "0";
        if (mine && mine.value === "") mine.value = whole;
      }
    }
  }

  function countThirds(f, button) {
    const facts = button.dataset;
    const aces = Number(current(f, "_aces") || 0);
    const figures = Number(current(f, "_figures") || 0);
    const last = current(f, "_last") === "0" ? Number(facts.lastTrick) : 0;
    set(f, "thirds.0", Math.min(Number(facts.max), Number(facts.ace) * aces + figures + last));
    edited(f);
  }

  function prefill(f, payload) {
    let mode = "played";
    if (payload.thrown_in) mode = "thrown_in";
    else if (payload.claim) mode = "claim";
    if (controls(f, "_mode").some((el) => el.value === mode)) set(f, "_mode", mode);
    (payload.declarations || []).forEach(() => addDeclaration(f));
    if (typeof payload.called === "string") {
      const parts = payload.called.split(" of ");
      set(f, "_called_rank", parts[0]);
      set(f, "_called_suit", parts[1]);
    }
    update(f);
    const flat = flatten(payload, "", {});
    Object.keys(flat).forEach((name) => {
      if (name.endsWith("[]")) {
        controls(f, name).forEach((el) => { el.checked = flat[name].map(String).includes(el.value); });
      } else {
        set(f, name, flat[name]);
      }
    });
    update(f);
  }

  /* -- errors --------------------------------------------------------------------------- */
  function clearErrors(f) {
    all("[data-error-for]", f).forEach((el) => { el.hidden = true; el.textContent = ""; el.removeAttribute("role"); });
    all("[aria-invalid]", f).forEach((el) => el.removeAttribute("aria-invalid"));
  }

  function showErrors(f, data, quiet) {
    let first = null;
    const body = data && typeof data === "object" ? data : { _general: [words.error] };
    Object.keys(body).forEach((key) => {
      const messages = [].concat(body[key]).map(String).join(" ");
      const base = key.split(".")[0].replace(/\[\]$/, "");
      let el = f.querySelector(`[data-error-for="${CSS.escape(key)}"]`)
        || f.querySelector(`[data-error-for="${CSS.escape(base)}"]`);
      if (!el || el.parentElement.closest("[hidden]")) el = f.querySelector('[data-error-for="_general"]');
      el.textContent = el.textContent ? el.textContent + " " + messages : messages;
      el.hidden = false;
      all("[name]", f).filter((c) => c.name === key || c.name.startsWith(base + "."))
        .forEach((c) => c.setAttribute("aria-invalid", "true"));
      if (!first) first = el;
    });
    if (first) {
      first.setAttribute("role", "alert");
      if (!quiet) first.scrollIntoView({ block: "center" });
    }
  }

  /* -- the API -------------------------------------------------------------------------- */
  function api(path, method, body, key) {
    const headers = { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": lang };
    if (key) headers["Idempotency-Key"] = key;
    return fetch(path.startsWith("/") ? path : API + path, { method, headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async function answer(response) {
    try { return await response.json(); } catch (error) { return null; }
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* -- the outbox ----------------------------------------------------------------------- */
  function load(name) {
    try { return JSON.parse(localStorage.getItem(name)) || []; } catch (error) { return []; }
  }

  function save(name, items) {
    try {
      if (items.length) localStorage.setItem(name, JSON.stringify(items));
      else localStorage.removeItem(name);
    } catch (error) { /* private mode: the hand is sent now or not at all */ }
  }

  const numberOf = (item) => (item && item.body && Number(item.body.number)) || 0;

  function outbox() {
    return load(OUTBOX);
  }

  function saveOutbox(items) {
    // In the order of their numbers: the server takes hands only in order.
    const sorted = items.map((item, index) => [item, index]).sort(([a, i], [b, j]) =>
      (numberOf(a) || Infinity) - (numberOf(b) || Infinity) || i - j).map(([item]) => item);
    save(OUTBOX, sorted);
  }

  /* Waiting hands the server refused: { key, number, status, data, body, text }. */
  function refused() {
    return load(REFUSED);
  }

  function saveRefused(items) {
    save(REFUSED, items);
    showRefused();
  }

  /* The server's next hand number, as the page was last drawn (0 when unknown). */
  function serverNumber() {
    const f = form();
    return f ? Number(f.dataset.number || 0) : 0;
  }

  /* The number of the hand the form enters now: the first one neither stored nor waiting. */
  function nextNumber(f) {
    const base = Number(f.dataset.number || 0);
    if (!base) return 0;
    const taken = new Set(outbox().map(numberOf));
    let number = base;
    while (taken.has(number)) number += 1;
    return number;
  }

  /* A hand refused as invalid (400) leaves a hole: the hands after it wait until it is
   * entered again (or dismissed), or each of them would be refused as out of order. */
  function hole(item) {
    const number = numberOf(item);
    if (!number) return null;
    const waiting = new Set(outbox().map(numberOf));
    const base = serverNumber();
    return refused().find((r) => r.status === 400 && r.number && r.number < number
      && r.number >= base && !waiting.has(r.number)) || null;
  }

  /* A field's name as the form shows it (its legend or label), never the payload's key. */
  function fieldLabel(field) {
    const f = form();
    if (!f || !field || !window.CSS) return "";
    const spot = f.querySelector('[data-error-for="' + CSS.escape(field) + '"]');
    const box = spot && spot.closest("fieldset, .field");
    const label = box && box.querySelector("legend, label");
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  /* "Hand 3 (Trump): This field is required." from the API's {"trump": ["…"]}. */
  function describe(number, data) {
    const parts = [];
    const walk = (value, field) => {
      if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
        parts.push([field, value.filter((v) => v !== null).map(String).join(" ")]);
      } else if (value && typeof value === "object") {
        Object.keys(value).forEach((key) => walk(value[key], field ? field + "." + key : key));
      } else if (value !== null && value !== undefined) {
        parts.push([field, String(value)]);
      }
    };
    walk(data && typeof data === "object" ? data : { detail: [words.error] }, "");
    const head = number ? fmt(words.hand_number, { number }) : "";
    return parts.map(([field, message]) => {
      const label = fieldLabel(field);
      const who = [head, label ? "(" + label + ")" : ""].filter(Boolean).join(" ");
      return who ? who + ": " + message : message;
    }).join(" ");
  }

  function shown(el, on, display) {
    // hidden, and a display that does not override it (the style sheet has no [hidden] rule)
    el.hidden = !on;
    el.style.display = on ? display : "none";
  }

  /* The notes (refused hands, then the waiting banner) sit at the top of the form for a new
   * hand, so that a table sees them where it enters the next hand; elsewhere under the flash. */
  function notes() {
    if (!notesBox) {
      notesBox = document.createElement("div");
      notesBox.id = "hand-notes";
      notesBox.style.gap = "0.5rem";
      notesBox.style.marginBlock = "0.5rem";
    }
    const box = notesBox;
    if (refusedBox && refusedBox.parentElement !== box) box.prepend(refusedBox);
    if (queueBox && queueBox.parentElement !== box) box.append(queueBox);
    shown(box, [refusedBox, queueBox].some((el) => el && !el.hidden), "grid");
    const f = form();
    if (f && !f.dataset.correcting) {
      if (box.nextElementSibling !== f) f.before(box);
    } else if (flashEl && box.previousElementSibling !== flashEl) {
      flashEl.after(box);
    }
    return box;
  }

  function showOutbox() {
    const f = form();
    if (queueBox) {
      const count = outbox().length;
      queueBox.hidden = count === 0;
      queueBox.textContent = count === 1 ? words.waiting_one : fmt(words.waiting_many, { count });
    }
    notes();
    if (f) showNumber(f);
  }

  /* The form's title says which hand it enters: after the waiting ones, not before them. */
  function showNumber(f) {
    const title = document.getElementById("enter-title");
    const base = Number(f.dataset.number || 0);
    if (!title || f.dataset.correcting || !base) return;
    const number = nextNumber(f);
    f.dataset.entering = String(number);
    const slot = title.querySelector("[data-hand-number]");
    if (slot) {
      slot.textContent = String(number);
      return;
    }
    if (title.dataset.text === undefined) title.dataset.text = title.textContent;
    const text = title.dataset.text;
    const found = Array.from(text.matchAll(new RegExp("(?<!\\d)" + base + "(?!\\d)", "g"))).pop();
    if (!found) return;
    title.textContent = number === base ? text
      : text.slice(0, found.index) + number + text.slice(found.index + found[0].length);
  }

  function showRefused() {
    const items = refused();
    if (!items.length && !refusedBox) return;
    if (!refusedBox) {
      refusedBox = document.createElement("div");
      refusedBox.id = "refused";
    }
    refusedBox.textContent = "";
    refusedBox.style.gap = "0.5rem";
    items.forEach((record) => {
      const note = document.createElement("div");
      note.className = "alert";
      note.setAttribute("role", "alert");
      note.dataset.refused = record.key;
      note.style.display = "flex";
      note.style.alignItems = "center";
      note.style.gap = "0.5rem";
      const text = document.createElement("p");
      text.style.margin = "0";
      text.style.flex = "1";
      const f = form();
      const restored = f && f.dataset.refusedKey === record.key && record.status === 409;
      text.textContent = record.text + (restored ? " " + words.back_in_form : "");
      const close = document.createElement("button");
      close.type = "button";
      close.dataset.dismissRefused = record.key;
      close.setAttribute("aria-label", words.dismiss);
      close.textContent = "×";
      note.append(text, close);
      refusedBox.append(note);
    });
    shown(refusedBox, items.length > 0, "grid");
    notes();
  }

  /* Keeps a refused hand until it is dismissed or entered again; named says its number. */
  function refuse(item, result, template, named) {
    const number = numberOf(item);
    const message = describe(named ? number : 0, result.data);
    const record = { key: item.key, number, status: result.status || 0, data: result.data,
      body: item.body, text: fmt(template, { message }) };
    saveRefused(refused().filter((r) => r.key !== item.key).concat([record]));
  }

  /* A hand entered again for a refused hand's number replaces it. */
  function forget(number) {
    if (!number) return;
    const items = refused();
    const left = items.filter((r) => r.number !== number || r.status !== 400);
    if (left.length !== items.length) saveRefused(left);
  }

  /* The hand brought back from a refused one is entered again: its note goes. */
  function settle(f) {
    const key = f.dataset.refusedKey;
    if (!key) return;
    delete f.dataset.refusedKey;
    saveRefused(refused().filter((r) => r.key !== key));
  }

  function dismiss(key) {
    const record = refused().find((r) => r.key === key);
    saveRefused(refused().filter((r) => r.key !== key));
    const f = form();
    if (f && f.dataset.refusedKey === key) {
      delete f.dataset.refusedKey;
      resetForm(f);
    }
    if (record && record.status === 400 && record.number && record.number >= serverNumber()
        && !outbox().some((item) => numberOf(item) === record.number)) {
      // The table dropped that hand: the hands queued after it on this phone move up one.
      // None of them was sent yet (they waited for it), so their keys are still unused.
      saveOutbox(outbox().map((item) => (numberOf(item) > record.number
        ? Object.assign({}, item, { body: Object.assign({}, item.body, { number: numberOf(item) - 1 }) })
        : item)));
    }
    showOutbox();
    flush();
  }

  /* A refused hand comes back into a fresh form for its number, with what was wrong. */
  function restoreRefused(f) {
    if (f.dataset.correcting) return;
    const number = nextNumber(f);
    // The refused hand of this number, else one another phone's hand pushed aside (409).
    const record = refused().find((r) => r.number && r.number === number && r.body)
      || refused().find((r) => r.status === 409 && r.body);
    if (!record) return;
    const body = Object.assign({}, record.body);
    delete body.number;
    prefill(f, body);
    f.dataset.refusedKey = record.key;
    if (record.status === 400 && record.data && typeof record.data === "object") {
      showErrors(f, record.data, true);
    }
  }

  function flash(text, kind) {
    const el = flashEl;
    if (!el) return;
    el.className = "status " + (kind || "ok");
    el.textContent = text;
    el.hidden = !text;
  }

  async function send(item) {
    let response;
    try {
      response = await api("hands/", "POST", item.body, item.key);
    } catch (error) {
      return { state: "network" };
    }
    if (response.status >= 500) return { state: "network" };
    return { state: response.ok ? "stored" : "refused", status: response.status, data: await answer(response) };
  }

  async function flush() {
    if (flushing || !outbox().length) return;
    flushing = true;
    const stored = [];
    let changed = false;
    try {
      while (outbox().length) {
        const item = outbox()[0];
        if (hole(item)) break;
        const result = await send(item);
        if (result.state === "network") break;
        saveOutbox(outbox().filter((other) => other.key !== item.key));
        changed = true;
        if (result.state === "stored") {
          const number = result.data && result.data.number;
          if (number) stored.push(number);
          forget(number);
        } else {
          refuse(item, result, words.refused, true);
        }
      }
    } finally {
      flushing = false;
      showOutbox();
    }
    if (stored.length === 1) flash(fmt(words.stored, { number: stored[0] }));
    else if (stored.length > 1) flash(fmt(words.stored_many, { numbers: stored.join(", ") }));
    if (changed) refresh();
  }

  function refresh() {
    const url = root.dataset.live;
    if (!url) return;
    if (!window.htmx) {
      window.location.reload();
      return;
    }
    window.htmx.ajax("GET", url, { target: "#summary", swap: "none" }).then(() => {
      init();
      document.dispatchEvent(new CustomEvent("scorekeeper:refreshed"));
    }, () => window.location.reload());
  }

  /* -- preview and confirm -------------------------------------------------------------- */
  /* Scores with a true minus sign (−9), as on the sheet. */
  function minus(value) {
    return value < 0 ? "−" + (-value) : String(value);
  }

  function signed(value) {
    return value > 0 ? "+" + value : minus(value);
  }

  function showPreview(data, offline) {
    const panel = document.getElementById("preview");
    const list = document.getElementById("preview-points");
    list.textContent = "";
    let line = "";
    if (offline) line = words.offline;
    else line = data.line || (data.thrown_in ? words.thrown_in
      : lang.startsWith("en") ? data.summary || "" : "");
    if (!offline) {
      const deltas = (columns.individual ? data.player_delta : data.delta) || [];
      const afters = (columns.individual ? data.player_scores_after : data.scores_after) || [];
      columns.labels.forEach((label, index) => {
        const item = document.createElement("li");
        const name = document.createElement("span");
        name.textContent = label;
        const points = document.createElement("span");
        const value = document.createElement("strong");
        value.textContent = signed(deltas[index] || 0);
        const after = document.createElement("small");
        const total = afters[index];
        const figure = document.createElement("bdi"); // −9 stays −9 in a right-to-left line
        figure.dir = "ltr";
        figure.textContent = typeof total === "number" ? minus(total) : "–";
        after.append(" (" + words.after + ": ", figure, ")");
        points.append(value, after);
        item.append(name, points);
        list.append(item);
      });
    }
    const lineEl = document.getElementById("preview-line");
    lineEl.textContent = line;
    if (!offline && data.ended_game) {
      const end = document.createElement("strong");
      end.className = "ends-game";
      end.textContent = words.ends_game;
      lineEl.append(end);
    }
    document.getElementById("confirm-hand").textContent = offline ? words.keep : words.confirm;
    panel.hidden = false;
    panel.focus();
    panel.scrollIntoView({ block: "nearest" });
  }

  function hidePreview() {
    const panel = document.getElementById("preview");
    if (panel) panel.hidden = true;
  }

  /* What the preview showed is no longer what would be stored. */
  function invalidate() {
    pending = null;
    hidePreview();
  }

  /* The form was edited (by a thumb, a stepper or a helper): the preview goes as soon as the
   * payload differs from the previewed one. (An edit that leaves the payload as it was, such
   * as the thirds counter's own steppers, or the late change event of a field blurred by the
   * preview taking the focus, keeps it.) */
  function edited(f) {
    update(f);
    if (pending !== null && JSON.stringify(serialize(f)) !== JSON.stringify(pending)) invalidate();
  }

  async function preview(f) {
    clearErrors(f);
    update(f);
    const payload = serialize(f);
    pending = payload;
    if (f.dataset.correcting) return correct(f, payload);
    if (!navigator.onLine) return showPreview(null, true);
    let response;
    try {
      response = await api(PREVIEW, "POST", payload);
    } catch (error) {
      if (pending === payload) showPreview(null, true);
      return undefined;
    }
    const data = await answer(response);
    if (pending !== payload) return undefined; // edited while the preview was on its way
    if (response.ok) showPreview(data, false);
    else {
      pending = null;
      showErrors(f, data);
    }
    return undefined;
  }

  async function confirmHand() {
    const f = form();
    if (!f) return;
    update(f);
    const body = serialize(f);
    if (pending === null || JSON.stringify(body) !== JSON.stringify(pending)) {
      // Only what was previewed is confirmed: the form changed, so preview it again.
      hidePreview();
      preview(f);
      return;
    }
    const number = nextNumber(f);
    const item = { key: newKey(), body: Object.assign({}, body, number ? { number } : {}) };
    const button = document.getElementById("confirm-hand");
    button.disabled = true;
    if (outbox().length || !navigator.onLine) {
      keep(item, f);
      return;
    }
    const result = await send(item);
    button.disabled = false;
    if (result.state === "network") {
      keep(item, f);
    } else if (result.state === "stored") {
      pending = null;
      hidePreview();
      forget(number);
      settle(f);
      flash(fmt(words.stored, { number: result.data.number }));
      refresh();
    } else if (result.status === 400) {
      pending = null;
      hidePreview();
      showErrors(f, result.data);
    } else {
      // Most often another phone stored this hand first: show its hands and the right number.
      pending = null;
      hidePreview();
      settle(f);
      refuse(item, result, words.conflict, false);
      refresh();
    }
  }

  function resetForm(f) {
    f.reset();
    all("[data-declaration]", f).forEach((el) => el.remove());
    clearErrors(f);
    update(f);
  }

  function keep(item, f) {
    saveOutbox(outbox().concat([item]));
    forget(numberOf(item));
    settle(f);
    pending = null;
    hidePreview();
    resetForm(f);
    document.getElementById("confirm-hand").disabled = false;
    showOutbox();
    flush();
  }

  async function correct(f, payload) {
    let response;
    try {
      response = await api("hands/" + f.dataset.correcting + "/", "PUT", payload);
    } catch (error) {
      showErrors(f, { _general: [words.offline_correction] });
      return;
    }
    if (response.ok) {
      window.location.assign(root.dataset.back);
      return;
    }
    showErrors(f, (await answer(response)) || { _general: [words.error] });
  }

  /* -- wiring --------------------------------------------------------------------------- */
  function init() {
    const f = form();
    if (f && !f.dataset.ready) {
      f.dataset.ready = "1";
      pending = null; // a new form: no preview belongs to it
      const initial = document.getElementById("hand-initial");
      if (initial) prefill(f, JSON.parse(initial.textContent));
      else restoreRefused(f);
      update(f);
    }
    showRefused();
    showOutbox();
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (target && target.dataset.dismissRefused) {
      dismiss(target.dataset.dismissRefused);
      return;
    }
    const f = form();
    if (!target || !f) return;
    if (target.dataset.step) step(target);
    else if (target.hasAttribute("data-add-declaration")) {
      const added = addDeclaration(f);
      edited(f);
      if (added) added.querySelector("input").focus();
    } else if (target.hasAttribute("data-remove-declaration")) {
      target.closest("[data-declaration]").remove();
      all("[data-declaration] [data-index-label]", f).forEach((el, i) => { el.textContent = String(i + 1); });
      edited(f);
    } else if (target.hasAttribute("data-count-thirds")) countThirds(f, target);
    else if (target.id === "confirm-hand") confirmHand();
    else if (target.id === "edit-hand") {
      invalidate();
      f.querySelector("input:not([type=hidden]):not(:disabled)").focus();
    }
  });
  // Any edit of the form, by a thumb or by the script (steppers, helpers), drops the preview.
  document.addEventListener("input", (event) => {
    const f = form();
    if (f && f.contains(event.target)) edited(f);
  });
  document.addEventListener("change", (event) => {
    const f = form();
    if (!f || !f.contains(event.target)) return;
    helpers(f, event.target);
    edited(f);
  });
  document.addEventListener("submit", (event) => {
    if (event.target.id !== "hand-form") return;
    event.preventDefault();
    preview(event.target);
  });
  window.addEventListener("online", flush);
  window.addEventListener("storage", (event) => {
    // Another tab of this match on the phone queued or refused a hand.
    if (event.key === OUTBOX || event.key === REFUSED) {
      showRefused();
      showOutbox();
    }
  });
  window.setInterval(() => { if (navigator.onLine && outbox().length) flush(); }, 5000);
  init();
  flush();
})();
