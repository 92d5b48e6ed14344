/* Small helpers every part of the hand form uses. */
export const all = (selector, scope) => Array.from((scope || document).querySelectorAll(selector));
export const form = () => document.getElementById("hand-form");
export const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));

/* A copy of <template id="…">'s content, its first element. */
export function fromTemplate(id) {
  const template = document.getElementById(id);
  return template ? template.content.firstElementChild.cloneNode(true) : null;
}
