/* What the form shows and does by itself: parts shown by [data-when], complements and sums,
 * steppers, declarations, the helpers (a bid fills the tricks, a capot the card points,
 * the thirds counter) and the errors next to their fields. Every number comes from the
 * server in data- attributes (data-total, data-per-point, data-capot-points…). */
import { all } from "./dom.js";
import { controls, current, flatten, set } from "./payload.js";

// The sentence for an error the server did not explain, in the page's language.
const fallback = { error: "Something went wrong." };
export function setFallback(text) {
  fallback.error = text;
}

export function update(f) {
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

export function step(button) {
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

export function addDeclaration(f) {
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

export function helpers(f, target) {
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

export function countThirds(f, button) {
  const facts = button.dataset;
  const aces = Number(current(f, "_aces") || 0);
  const figures = Number(current(f, "_figures") || 0);
  const last = current(f, "_last") === "0" ? Number(facts.lastTrick) : 0;
  set(f, "thirds.0", Math.min(Number(facts.max), Number(facts.ace) * aces + figures + last));
}

export function prefill(f, payload) {
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

export function clearErrors(f) {
  all("[data-error-for]", f).forEach((el) => { el.hidden = true; el.textContent = ""; el.removeAttribute("role"); });
  all("[aria-invalid]", f).forEach((el) => el.removeAttribute("aria-invalid"));
}

export function showErrors(f, data, quiet) {
  let first = null;
  const body = data && typeof data === "object" ? data : { _general: [fallback.error] };
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

export function resetForm(f) {
  f.reset();
  all("[data-declaration]", f).forEach((el) => el.remove());
  clearErrors(f);
  update(f);
}
