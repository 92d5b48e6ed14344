/* Scorekeeper: what this phone remembers. Recent matches (the match page records itself,
 * the home page lists them) and the players' names in seat order (the set-up page). */
(function () {
  "use strict";
  const RECENT = "sk-recent";
  const load = (key, fallback) => {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (error) { return fallback; }
  };
  const save = (key, value) => {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* private mode */ }
  };

  const root = document.getElementById("match-root");
  if (root && root.dataset.token && root.dataset.players) {
    const d = root.dataset;
    const others = load(RECENT, []).filter((m) => m && m.token !== d.token);
    others.unshift({ token: d.token, variant: d.variant, game: d.game, players: d.players, writable: d.writable === "1",
      finished: d.finished === "1", at: Date.now() });
    save(RECENT, others.slice(0, 12));
  }

  const recent = document.getElementById("recent");
  if (recent) {
    const list = document.getElementById("recent-list");
    const template = document.getElementById("recent-item");
    load(RECENT, []).forEach((m) => {
      if (!m || typeof m.token !== "string") return;
      const item = template.content.cloneNode(true);
      const link = item.querySelector("a");
      link.href = "/m/" + encodeURIComponent(m.token) + "/";
      // The game's name in today's language (the page lists every game); as recorded otherwise.
      const named = typeof m.variant === "string"
        && Array.from(document.querySelectorAll("[data-game-name]")).find((el) => el.dataset.gameName === m.variant);
      item.querySelector("strong").textContent = named ? named.textContent : m.game || "";
      const extra = [m.writable ? "" : recent.dataset.spectator, m.finished ? recent.dataset.finished : ""]
        .filter(Boolean).join(", ");
      item.querySelector("span").textContent = (m.players || "") + (extra ? " (" + extra + ")" : "");
      list.append(item);
    });
    recent.hidden = !list.children.length;
  }

  const setup = document.getElementById("setup");
  if (setup) {
    const key = "sk-names-" + setup.dataset.players;
    const inputs = Array.from(setup.querySelectorAll('input[name^="player-"]'));
    const names = load(key, []);
    inputs.forEach((input, seat) => { if (!input.value && names[seat]) input.value = names[seat]; });
    const relabel = () => inputs.forEach((input, seat) => {
      const span = setup.querySelector('[data-seat-name="' + seat + '"]');
      if (!span) return;
      if (!span.dataset.label) span.dataset.label = span.textContent;
      span.textContent = input.value.trim() || span.dataset.label;
    });
    setup.addEventListener("input", relabel);
    setup.addEventListener("submit", () => save(key, inputs.map((input) => input.value.trim())));
    relabel();
  }
})();
