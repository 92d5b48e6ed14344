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

  /* The match page records itself, again whenever its live parts are refreshed (the hand
   * that ends the match is entered without reloading the page). */
  const root = document.getElementById("match-root");
  const record = () => {
    const found = document.getElementById("recent-record");
    try { return found ? JSON.parse(found.textContent) : {}; } catch (error) { return {}; }
  };
  const remember = () => {
    const d = root.dataset;
    const summary = document.getElementById("summary");
    const facts = record();
    const others = load(RECENT, []).filter((m) => m && m.token !== d.token);
    others.unshift({ token: d.token, variant: d.variant, game: d.game, players: d.players, writable: d.writable === "1",
      finished: Boolean(summary) && summary.dataset.finished === "1", at: Date.now(),
      sides: Array.isArray(facts.sides) ? facts.sides : [], winner: facts.winner || "", created: facts.created || "" });
    save(RECENT, others.slice(0, 12));
  };
  if (root && root.dataset.token && root.dataset.players) {
    remember();
    document.addEventListener("scorekeeper:refreshed", remember);
  }

  /* A step that asks once more (undo, close) is dismissed by "No" or Escape. */
  const dismiss = (step) => {
    step.open = false;
    step.querySelector("summary").focus();
  };
  document.addEventListener("click", (event) => {
    const cancel = event.target.closest("[data-cancel]");
    const step = cancel && cancel.closest("details.confirm-step");
    if (step) dismiss(step);
  });
  document.addEventListener("keydown", (event) => {
    const step = event.key === "Escape" && event.target.closest && event.target.closest("details.confirm-step[open]");
    if (step) dismiss(step);
  });

  /* A recent match's date, score and winner, in the page's language; names isolated. */
  const bdi = (text) => {
    const el = document.createElement("bdi");
    el.textContent = text;
    return el;
  };
  const signed = (n) => (typeof n === "number" && n < 0 ? "\u2212" + -n : String(n));
  const describe = (item, m) => {
    const lang = document.documentElement.lang || undefined;
    const when = new Date(m.created || m.at);
    const date = item.querySelector(".recent-date");
    if (!Number.isNaN(when.getTime())) {
      date.textContent = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(when);
      date.dateTime = when.toISOString();
    }
    const score = item.querySelector(".recent-score");
    (m.sides || []).forEach(([label, points], index) => {
      if (index) score.append(" · ");
      const number = document.createElement("span");
      number.className = "score-inline";
      number.textContent = signed(points);
      score.append(bdi(String(label)), " ", number);
    });
    const winner = item.querySelector(".recent-winner");
    if (m.winner) {
      const [before, after] = recent.dataset.won.split("{name}");
      winner.append(before || "", bdi(m.winner), after || "");
    }
  };

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
      const players = item.querySelector(".recent-players");
      String(m.players || "").split(" · ").filter(Boolean).forEach((name, seat) => {
        if (seat) players.append(" · ");
        players.append(bdi(name));
      });
      if (extra) players.append(" (" + extra + ")");
      describe(item, m);
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
