/* The preview panel: what the hand would score, column by column, before it is confirmed. */
import { fromTemplate } from "./dom.js";

/* Scores with a true minus sign (−9), as on the sheet. */
export function minus(value) {
  return value < 0 ? "−" + (-value) : String(value);
}

export function signed(value) {
  return value > 0 ? "+" + value : minus(value);
}

/* `data` is the preview's answer (null when offline); `page` holds words, columns, lang. */
export function showPreview(data, offline, page) {
  const { words, columns, lang } = page;
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
      const item = fromTemplate("preview-point-template");
      item.querySelector("[data-label]").textContent = label;
      item.querySelector("[data-delta]").textContent = signed(deltas[index] || 0);
      item.querySelector("[data-after-word]").textContent = words.after;
      const total = afters[index];
      // −9 stays −9 in a right-to-left line: the figure is a left-to-right <bdi>.
      item.querySelector("[data-after]").textContent = typeof total === "number" ? minus(total) : "–";
      list.append(item);
    });
  }
  const lineEl = document.getElementById("preview-line");
  lineEl.textContent = line;
  if (!offline && data.ended_game) {
    const end = fromTemplate("ends-game-template");
    end.textContent = words.ends_game;
    lineEl.append(end);
  }
  document.getElementById("confirm-hand").textContent = offline ? words.keep : words.confirm;
  panel.hidden = false;
  panel.focus();
  panel.scrollIntoView({ block: "nearest" });
}

export function hidePreview() {
  const panel = document.getElementById("preview");
  if (panel) panel.hidden = true;
}
