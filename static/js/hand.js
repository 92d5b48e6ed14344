/* Scorekeeper: hand entry.
 * The form becomes the variant's JSON payload: controls are named by payload path
 * ("declarer", "bids.2", "claim.team", "declarations.0.high"); names starting with "_" are
 * helpers and never sent; [data-when="name:a|b"] parts count only while that control holds
 * a or b. A hand is previewed by the API, then confirmed. Confirmed hands go through an
 * outbox in localStorage, each with its Idempotency-Key, so a hand entered without network
 * waits on the phone and is stored exactly once when the network returns. */
(function () {
  "use strict";
  const root = document.getElementById("match-root");
  if (!root || !root.dataset.api) return;
  const API = root.dataset.api;
  const OUTBOX = "sk-outbox-" + root.dataset.matchId;
  const words = JSON.parse(document.getElementById("hand-words").textContent);
  const columnsEl = document.getElementById("columns");
  const columns = columnsEl ? JSON.parse(columnsEl.textContent) : { labels: [], individual: false };
  const lang = document.documentElement.lang || "en";
  let pending = null;
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
      el.textContent = source && /^\d+$/.test(source) ? String(Math.floor(Number(source) / 3)) : "–";
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
    if (f.dataset.form === "tarneeb" && name === "bid") {
      const tricks = controls(f, "tricks")[0];
      if (tricks && tricks.value === "") tricks.value = target.value;
    }
    if (name === "capot" && target.value !== "") {
      // A capot: the side that took every trick has the card points, the other none.
      const side = Number(target.value);
      const first = controls(f, "points.0")[0];
      const second = controls(f, "points.1")[0];
      if (second && second.type === "hidden") {
        if (first) first.value = side === 0 ? "162" : "0";
      } else {
        const mine = side === 0 ? first : second;
        const other = side === 0 ? second : first;
        if (other) other.value = "0";
        if (mine && mine.value === "") mine.value = "162";
      }
    }
  }

  function countThirds(f) {
    const aces = Number(current(f, "_aces") || 0);
    const figures = Number(current(f, "_figures") || 0);
    const last = current(f, "_last") === "0" ? 3 : 0;
    set(f, "thirds.0", Math.min(35, 3 * aces + figures + last));
    update(f);
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

  function showErrors(f, data) {
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
      first.scrollIntoView({ block: "center" });
    }
  }

  /* -- the API -------------------------------------------------------------------------- */
  function api(path, method, body, key) {
    const headers = { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": lang };
    if (key) headers["Idempotency-Key"] = key;
    return fetch(API + path, { method, headers, credentials: "same-origin",
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
  function outbox() {
    try { return JSON.parse(localStorage.getItem(OUTBOX)) || []; } catch (error) { return []; }
  }

  function saveOutbox(items) {
    try {
      if (items.length) localStorage.setItem(OUTBOX, JSON.stringify(items));
      else localStorage.removeItem(OUTBOX);
    } catch (error) { /* private mode: the hand is sent now or not at all */ }
  }

  function showOutbox() {
    const box = document.getElementById("queue");
    if (!box) return;
    const count = outbox().length;
    box.hidden = count === 0;
    box.textContent = count === 1 ? words.waiting_one : fmt(words.waiting_many, { count });
  }

  function flash(text, kind) {
    const el = document.getElementById("flash");
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
    let stored = null;
    try {
      while (outbox().length) {
        const item = outbox()[0];
        const result = await send(item);
        if (result.state === "network") break;
        saveOutbox(outbox().filter((other) => other.key !== item.key));
        if (result.state === "stored") {
          stored = result.data && result.data.number;
        } else {
          const detail = result.data ? Object.values(result.data).flat().join(" ") : "";
          flash(fmt(words.refused, { message: detail }), "waiting");
        }
      }
    } finally {
      flushing = false;
      showOutbox();
    }
    if (stored !== null) {
      flash(fmt(words.stored, { number: stored }));
      refresh();
    }
  }

  function refresh() {
    const url = root.dataset.live;
    if (!url) return;
    if (!window.htmx) {
      window.location.reload();
      return;
    }
    window.htmx.ajax("GET", url, { target: "#summary", swap: "none" }).then(init, () => window.location.reload());
  }

  /* -- preview and confirm -------------------------------------------------------------- */
  function signed(value) {
    return value > 0 ? "+" + value : value < 0 ? "−" + (-value) : "0";
  }

  function showPreview(data, offline) {
    const panel = document.getElementById("preview");
    const list = document.getElementById("preview-points");
    list.textContent = "";
    let line = "";
    if (offline) line = words.offline;
    else if (data.thrown_in) line = words.thrown_in;
    else if (lang.startsWith("en")) line = data.summary || "";
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
        after.textContent = " (" + words.after + ": " + (afters[index] ?? "–") + ")";
        points.append(value, after);
        item.append(name, points);
        list.append(item);
      });
      if (data.ended_game) line += (line ? " " : "") + words.ends_game;
    }
    document.getElementById("preview-line").textContent = line;
    document.getElementById("confirm-hand").textContent = offline ? words.keep : words.confirm;
    panel.hidden = false;
    panel.focus();
    panel.scrollIntoView({ block: "nearest" });
  }

  function hidePreview() {
    const panel = document.getElementById("preview");
    if (panel) panel.hidden = true;
  }

  async function preview(f) {
    clearErrors(f);
    update(f);
    pending = serialize(f);
    if (f.dataset.correcting) return correct(f, pending);
    if (!navigator.onLine) return showPreview(null, true);
    let response;
    try {
      response = await api("hands/preview/", "POST", pending);
    } catch (error) {
      return showPreview(null, true);
    }
    const data = await answer(response);
    if (response.ok) showPreview(data, false);
    else showErrors(f, data);
  }

  async function confirmHand() {
    const f = form();
    if (!f || pending === null) return;
    const queued = outbox();
    const number = Number(f.dataset.number || 0) + queued.length;
    const item = { key: newKey(), body: Object.assign({}, pending, number ? { number } : {}) };
    const button = document.getElementById("confirm-hand");
    button.disabled = true;
    if (queued.length || !navigator.onLine) {
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
      flash(fmt(words.stored, { number: result.data.number }));
      refresh();
    } else {
      hidePreview();
      showErrors(f, result.status === 400 ? result.data : { _general: [fmt(words.conflict, {
        message: result.data ? Object.values(result.data).flat().join(" ") : "" })] });
    }
  }

  function keep(item, f) {
    saveOutbox(outbox().concat([item]));
    pending = null;
    hidePreview();
    f.reset();
    all("[data-declaration]", f).forEach((el) => el.remove());
    document.getElementById("confirm-hand").disabled = false;
    update(f);
    showOutbox();
    flush();
  }

  async function correct(f, payload) {
    let response;
    try {
      response = await api("hands/" + f.dataset.correcting + "/", "PUT", payload);
    } catch (error) {
      showErrors(f, { _general: [words.error] });
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
      const initial = document.getElementById("hand-initial");
      if (initial) prefill(f, JSON.parse(initial.textContent));
      update(f);
    }
    showOutbox();
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    const f = form();
    if (!target || !f) return;
    if (target.dataset.step) step(target);
    else if (target.hasAttribute("data-add-declaration")) {
      const added = addDeclaration(f);
      if (added) added.querySelector("input").focus();
    } else if (target.hasAttribute("data-remove-declaration")) {
      target.closest("[data-declaration]").remove();
      all("[data-declaration] [data-index-label]", f).forEach((el, i) => { el.textContent = String(i + 1); });
    } else if (target.hasAttribute("data-count-thirds")) countThirds(f);
    else if (target.id === "confirm-hand") confirmHand();
    else if (target.id === "edit-hand") {
      hidePreview();
      f.querySelector("input:not([type=hidden]):not(:disabled)").focus();
    }
  });
  document.addEventListener("input", (event) => {
    const f = form();
    if (f && f.contains(event.target)) update(f);
  });
  document.addEventListener("change", (event) => {
    const f = form();
    if (!f || !f.contains(event.target)) return;
    helpers(f, event.target);
    hidePreview();
    update(f);
  });
  document.addEventListener("submit", (event) => {
    if (event.target.id !== "hand-form") return;
    event.preventDefault();
    preview(event.target);
  });
  window.addEventListener("online", flush);
  window.setInterval(() => { if (navigator.onLine && outbox().length) flush(); }, 5000);
  init();
  flush();
})();
