/* Scorekeeper: hand entry. A hand is previewed by the server, then confirmed; confirmed
 * hands go through the outbox (./outbox.js) with their Idempotency-Key, so a hand entered
 * without network waits on the phone and is stored exactly once when the network returns.
 * Any edit of the form (typed, tapped, or made by a stepper or a helper) drops the preview,
 * and Confirm sends only what the form holds now: if it differs from what was previewed, the
 * hand is previewed again instead of being sent. A hand the server refuses is kept with the
 * reason and comes back into the form when the form is for its number. */
import { all, fmt, form } from "./dom.js";
import {
  addDeclaration, clearErrors, countThirds, fillPair, helpers, prefill, resetForm, setFallback,
  showErrors, step, update,
} from "./form.js";
import { numberOf, Outbox } from "./outbox.js";
import { serialize } from "./payload.js";
import { hidePreview, showPreview } from "./preview.js";
import { Notes } from "./render.js";

const root = document.getElementById("match-root");
if (root && root.dataset.api) start(root);

function start(root) {
  const API = root.dataset.api;
  // The page's own preview: the API's answer plus the hand's line in the page's language.
  const PREVIEW = root.dataset.preview || API + "hands/preview/";
  const words = JSON.parse(document.getElementById("hand-words").textContent);
  const columnsEl = document.getElementById("columns");
  const columns = columnsEl ? JSON.parse(columnsEl.textContent) : { labels: [], individual: false };
  const lang = document.documentElement.lang || "en";
  const page = { words, columns, lang };
  setFallback(words.error);
  let pending = null; // the payload the preview shows; null once the form is edited

  /* The server's next hand number, as the page was last drawn (0 when unknown). */
  const serverNumber = () => Number((form() || { dataset: {} }).dataset.number || 0);
  const outbox = new Outbox(root.dataset.matchId, { send, serverNumber });
  const notes = new Notes(outbox, words);
  const FLASH_KEY = "sk-flash-" + root.dataset.matchId;

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

  /* Keeps a refused hand; `named` says its number in the sentence. */
  function refuse(item, result, template, named) {
    const message = describe(named ? numberOf(item) : 0, result.data);
    outbox.refuse(item, result, fmt(template, { message }));
    notes.showRefused();
  }

  function forget(number) {
    if (outbox.forget(number)) notes.showRefused();
  }

  /* The hand brought back from a refused one is entered again: its note goes. */
  function settle(f) {
    const key = f.dataset.refusedKey;
    if (!key) return;
    delete f.dataset.refusedKey;
    outbox.drop(key);
    notes.showRefused();
  }

  function dismiss(key) {
    const f = form();
    if (f && f.dataset.refusedKey === key) {
      delete f.dataset.refusedKey;
      resetForm(f);
    }
    outbox.dismiss(key);
    notes.showRefused();
    notes.showOutbox();
    flush();
  }

  /* A refused hand comes back into a fresh form for its number, with what was wrong. */
  function restoreRefused(f) {
    if (f.dataset.correcting) return;
    const number = outbox.nextNumber(Number(f.dataset.number || 0));
    // The hand refused as invalid for this number. (One pushed aside because another phone
    // stored its number first is not: that phone most often entered the same hand, and the
    // note shows it; offering it again would store it twice.)
    const record = outbox.refused().find((r) => r.number && r.number === number && r.body
      && r.status === 400);
    if (!record) return;
    const body = Object.assign({}, record.body);
    delete body.number;
    prefill(f, body);
    f.dataset.refusedKey = record.key;
    if (record.status === 400 && record.data && typeof record.data === "object") {
      showErrors(f, record.data, true);
    }
  }

  async function flush() {
    if (!outbox.items().length) return;
    const result = await outbox.flush((item, sent) =>
      fmt(words.refused, { message: describe(numberOf(item), sent.data) }));
    if (result.busy) return;
    notes.show();
    const stored = result.stored;
    if (stored.length === 1) notes.flash(fmt(words.stored, { number: stored[0] }));
    else if (stored.length > 1) notes.flash(fmt(words.stored_many, { numbers: stored.join(", ") }));
    if (result.changed) refresh(false, stored.length ? Math.max(...stored) : 0);
  }

  /* `reveal`: after a hand is confirmed, the new totals, the "stored" line, who deals next
   * and the winner's banner come into view (the form and preview had the phone scrolled
   * far below them). `expect`: the number of a hand just stored; a sheet without it (the
   * network just back, answered by the service worker's older copy) is fetched again, a
   * little later each time. */
  function refresh(reveal, expect, tries) {
    const url = root.dataset.live;
    if (!url) return;
    if (!window.htmx) {
      window.location.reload();
      return;
    }
    window.htmx.ajax("GET", url, { target: "#summary", swap: "none" }).then(() => {
      init();
      if (reveal) revealScores();
      document.dispatchEvent(new CustomEvent("scorekeeper:refreshed"));
      const late = expect && !document.getElementById("hand-" + expect);
      const tried = tries || 0;
      if (late && tried < 5) {
        window.setTimeout(() => refresh(false, expect, tried + 1), 500 * 2 ** tried);
      }
    }, () => window.location.reload());
  }

  function revealScores() {
    const flash = document.getElementById("flash");
    const top = flash && !flash.hidden ? flash : document.getElementById("summary");
    if (top) top.scrollIntoView({ block: "start" });
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
    if (f.dataset.correcting && !navigator.onLine) {
      pending = null;
      showErrors(f, { _general: [words.offline_correction] });
      return undefined;
    }
    if (!navigator.onLine) return showPreview(null, true, page);
    let response;
    try {
      response = await api(PREVIEW, "POST", payload);
    } catch (error) {
      if (pending !== payload) return undefined;
      if (f.dataset.correcting) {
        pending = null;
        showErrors(f, { _general: [words.offline_correction] });
      } else showPreview(null, true, page);
      return undefined;
    }
    const data = await answer(response);
    if (pending !== payload) return undefined; // edited while the preview was on its way
    if (response.ok) showPreview(data, false, page);
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
    if (f.dataset.correcting) {
      correct(f, body);
      return;
    }
    const number = outbox.nextNumber(Number(f.dataset.number || 0));
    const item = { key: newKey(), body: Object.assign({}, body, number ? { number } : {}) };
    const button = document.getElementById("confirm-hand");
    button.disabled = true;
    if (outbox.items().length || !navigator.onLine) {
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
      notes.flash(fmt(words.stored, { number: result.data.number }));
      refresh(true);
    } else if (result.status === 400) {
      pending = null;
      hidePreview();
      showErrors(f, result.data);
    } else {
      // Most often another phone stored this hand first: the note shows that hand, and the
      // form is drawn again, empty, for the next number.
      pending = null;
      hidePreview();
      settle(f);
      refuse(item, result, words.conflict, false);
      refresh(true);
    }
  }

  function keep(item, f) {
    outbox.add(item);
    notes.showRefused();
    settle(f);
    pending = null;
    hidePreview();
    resetForm(f);
    document.getElementById("confirm-hand").disabled = false;
    notes.showOutbox();
    flush();
  }

  /* A previewed correction is saved; the score sheet then says so (the flash is carried
   * over in sessionStorage) and marks the row. */
  async function correct(f, payload) {
    const button = document.getElementById("confirm-hand");
    button.disabled = true;
    let response;
    try {
      response = await api("hands/" + f.dataset.correcting + "/", "PUT", payload);
    } catch (error) {
      button.disabled = false;
      showErrors(f, { _general: [words.offline_correction] });
      return;
    }
    button.disabled = false;
    pending = null;
    hidePreview();
    if (response.ok) {
      try {
        sessionStorage.setItem(FLASH_KEY, fmt(words.corrected, { number: f.dataset.correcting }));
      } catch (error) { /* private mode: the marked row still shows it */ }
      window.location.assign(root.dataset.back);
      return;
    }
    showErrors(f, (await answer(response)) || { _general: [words.error] });
  }

  function carriedFlash() {
    let text = null;
    try {
      text = sessionStorage.getItem(FLASH_KEY);
      sessionStorage.removeItem(FLASH_KEY);
    } catch (error) { return; }
    if (text) notes.flash(text);
  }

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
    notes.show();
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
    } else if (target.hasAttribute("data-count-thirds")) {
      if (countThirds(f, target, words.impossible_count)) edited(f);
    } else if (target.id === "confirm-hand") confirmHand();
    else if (target.id === "edit-hand") {
      invalidate();
      f.querySelector("input:not([type=hidden]):not(:disabled)").focus();
    }
  });
  // Any edit of the form, by a thumb or by the script (steppers, helpers), drops the preview.
  document.addEventListener("input", (event) => {
    const f = form();
    if (!f || !f.contains(event.target)) return;
    fillPair(f, event.target);
    edited(f);
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
  // The match was finished elsewhere (a tournament director's result): the form goes and
  // the result comes into view.
  document.addEventListener("scorekeeper:finished-elsewhere", () => refresh(true));
  window.addEventListener("storage", (event) => {
    // Another tab of this match on the phone queued or refused a hand.
    if (event.key === outbox.queueKey || event.key === outbox.refusedKey) notes.show();
  });
  window.setInterval(() => { if (navigator.onLine && outbox.items().length) flush(); }, 5000);
  init();
  if (!root.dataset.back) carriedFlash();
  flush();
}
