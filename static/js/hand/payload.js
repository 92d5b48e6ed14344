/* The form as the variant's JSON payload, and back. Controls are named by payload path
 * ("declarer", "bids.2", "claim.team", "declarations.0.high"); names starting with "_" are
 * helpers and never sent; disabled controls (a part hidden by [data-when]) are not sent. */
import { all } from "./dom.js";

export function controls(f, name) {
  return all("[name]", f).filter((el) => el.name === name);
}

export function current(f, name) {
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

export function serialize(f) {
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

export function set(f, name, value) {
  const els = controls(f, name);
  if (!els.length) return;
  const text = value === null || value === undefined ? "" : String(value);
  if (els[0].type === "radio") els.forEach((el) => { el.checked = el.value === text; });
  else if (els[0].type === "checkbox" && name.endsWith("[]")) els.forEach((el) => { el.checked = false; });
  else if (els[0].type === "checkbox") els[0].checked = Boolean(value);
  else els[0].value = text;
}

export function flatten(value, prefix, out) {
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
