// The public page and the projector: the clock, "find your table" and the cheap polls.
// "Find your table" never holds the whole list: it asks the server for the few names that
// hold what is typed (?q=), and asks again when the live part names new tables. The
// [data-lazy] parts (the brackets) are fetched once the page is shown.
// The [data-poll] part (the live part; the projector's slides) is asked for again every
// 10 s: the browser names its copy's ETag and the server answers 304 while it did not
// change. It names the current ETag of the page's other parts ("find your table", the
// bracket), and one of them is fetched only when that differs from the copy shown.
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
    const etag = (response.headers.get("ETag") || "").replace(/^W\//, "");
    if (!etag || etag !== part.dataset.etag) {
      part.innerHTML = await response.text();
      if (etag) part.dataset.etag = etag;
      swapped();
    }
    follow(part);
  } catch {
    // No network: the part stays as it was and the clock keeps counting.
  }
}

// The other parts whose current ETag the live part names: fetched once they changed.
function follow(part) {
  const etags = part.querySelector(".part-etags");
  if (!etags) return;
  for (const [id, etag] of Object.entries(etags.dataset)) {
    const other = document.getElementById(id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    if (other && other !== part && etag && other.dataset.etag !== etag) refresh(other);
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

// The names that hold what is typed, asked for (the part's ETag cleared: it is swapped).
const found = document.getElementById("find-tables");
function search() {
  if (!find || !found) return;
  const url = new URL(found.dataset.url, window.location.href);
  url.searchParams.set("q", find.value.trim());
  found.dataset.url = url.pathname + url.search;
  found.dataset.etag = "";
  refresh(found);
}

// The name typed last time on this phone: its table shows first when the page opens.
if (find) {
  try {
    if (!find.value) find.value = localStorage.getItem(REMEMBERED) || "";
  } catch {
    // Storage refused (a private window): nothing remembered.
  }
  find.addEventListener("input", () => {
    filter();
    search(); // an answer overtaken by a later keystroke is dropped (refresh)
    try {
      localStorage.setItem(REMEMBERED, find.value.trim());
    } catch {
      // Storage refused: the filter still works.
    }
  });
  if (find.value.trim()) search();
}

setServerNow(root.dataset.now);
tick(root, timeWord);
setInterval(() => tick(root, timeWord), 1000);
filter();
root.querySelectorAll("[data-lazy]").forEach(refresh);
whileVisible(() => root.querySelectorAll("[data-poll]").forEach(refresh));
