// The public page and the projector: the clock, "find your table" and the cheap poll
// (htmx asks for the live part; the server answers 304 while nothing changed).
import { setServerNow, tick, whileVisible } from "./public-clock.js";

const root = document.getElementById("public-root");
const live = document.getElementById("live");
const find = document.getElementById("find");
const timeWord = root.dataset.timeWord || "";

const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();

function filter() {
  if (!find) return;
  const query = fold(find.value.trim());
  for (const row of document.querySelectorAll("#find-list li")) {
    row.hidden = query !== "" && !fold(row.dataset.name || "").includes(query);
  }
}

setServerNow(root.dataset.now);
tick(root, timeWord);
setInterval(() => tick(root, timeWord), 1000);
if (find) find.addEventListener("input", filter);
filter();

document.body.addEventListener("htmx:afterRequest", (event) => {
  const date = event.detail.xhr && event.detail.xhr.getResponseHeader("Date");
  if (date) setServerNow(new Date(date).toISOString());
});
document.body.addEventListener("htmx:afterSwap", () => {
  filter();
  tick(root, timeWord);
  document.dispatchEvent(new CustomEvent("sk:live-swapped"));
});
whileVisible(() => { if (window.htmx) window.htmx.trigger(live, "sk-poll"); });
