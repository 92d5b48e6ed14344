// The public page and the projector: the clock, "find your table" and the cheap polls.
// Each [data-part] (the live part, the tables, the bracket; the projector's slides) is
// asked for again every 10 s: the browser names its copy's ETag and the server answers 304
// while that part did not change, and a part whose ETag is the one shown is left as it is.
import { setServerNow, tick, whileVisible } from "./public-clock.js";

const root = document.getElementById("public-root");
const find = document.getElementById("find");
const timeWord = root.dataset.timeWord || "";
const REMEMBERED = `sk-find:${window.location.pathname}`; // per tournament

const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();

function filter() {
  if (!find) return;
  const query = fold(find.value.trim());
  for (const row of document.querySelectorAll("#find-list li")) {
    row.hidden = query !== "" && !fold(row.dataset.name || "").includes(query);
  }
}

function swapped() {
  filter();
  tick(root, timeWord);
  document.dispatchEvent(new CustomEvent("sk:live-swapped"));
}

async function refresh(part) {
  const url = part.dataset.url;
  try {
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok || part.dataset.url !== url) return; // another standings page was asked
    const date = response.headers.get("Date");
    if (date) setServerNow(new Date(date).toISOString());
    const etag = response.headers.get("ETag");
    if (etag && etag === part.dataset.etag) return; // the copy on the screen
    part.innerHTML = await response.text();
    if (etag) part.dataset.etag = etag;
    swapped();
  } catch {
    // No network: the part stays as it was and the clock keeps counting.
  }
}

// A standings page link loads that page into its part, and the polls follow that page.
root.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-standings]");
  const part = link && link.closest("[data-part]");
  if (!part) return;
  event.preventDefault();
  const url = new URL(part.dataset.url, window.location.href);
  url.searchParams.set("standings", link.dataset.standings);
  part.dataset.url = url.pathname + url.search;
  refresh(part);
});

// The name typed last time on this phone: its table shows first when the page opens.
if (find) {
  try {
    if (!find.value) find.value = localStorage.getItem(REMEMBERED) || "";
  } catch {
    // Storage refused (a private window): nothing remembered.
  }
  find.addEventListener("input", () => {
    filter();
    try {
      localStorage.setItem(REMEMBERED, find.value.trim());
    } catch {
      // Storage refused: the filter still works.
    }
  });
}

setServerNow(root.dataset.now);
tick(root, timeWord);
setInterval(() => tick(root, timeWord), 1000);
filter();
whileVisible(() => root.querySelectorAll("[data-part]").forEach(refresh));
