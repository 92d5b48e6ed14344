/* The accessibility audit that test_accessibility.py runs in each page: a list of problems. */
() => {
  const problems = [];
  const visible = (el) => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && !el.closest("[hidden]");
  };
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (el.name ? "[" + el.name + "]" : "") + " " + (el.textContent || "").trim().slice(0, 30);
  // 1. Every control has a name.
  for (const el of document.querySelectorAll("input:not([type=hidden]), select, textarea, button")) {
    const named = el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`))
      || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")
      || (el.tagName === "BUTTON" && el.textContent.trim());
    if (!named) problems.push("no name: " + describe(el));
  }
  // 2. Tap targets of 44 px or more.
  const targets = "button, a.button, .chip > span, .card-link, a.fix, select, "
    + "input[type=text], input[type=number], .switch, a, summary";
  for (const el of document.querySelectorAll(targets)) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 43.5 || r.width < 43.5) problems.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${describe(el)}`);
  }
  // 3. Nothing wider than the phone; no positive tabindex to upset the focus order.
  if (document.documentElement.scrollWidth > window.innerWidth) problems.push("horizontal overflow");
  if (document.querySelector("[tabindex]:not([tabindex='-1']):not([tabindex='0'])")) problems.push("tabindex");
  // 4. Contrast of every visible text against what is behind it.
  const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((acc, v, i) => acc + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (el) => {
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const c = rgb(getComputedStyle(node).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  for (const el of document.querySelectorAll("body *")) {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !visible(el) || el.closest("svg")) continue;
    const s = getComputedStyle(el);
    const [a, b] = [lum(rgb(s.color).slice(0, 3)), lum(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const large = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.5 && Number(s.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) problems.push(`contrast ${ratio.toFixed(2)}: ${describe(el)}`);
  }
  return problems;
}
