// The desk's countdowns: the round's and each extended table's time left, ticking every
// second between the desk's polls (htmx replaces the rounds every 5 s; the ticks go on).
import { setServerNow, tick } from "./public-clock.js";

const root = document.getElementById("desk-rounds");
if (root) {
  setServerNow(root.dataset.now);
  const run = () => tick(root, root.dataset.timeWord);
  run();
  setInterval(run, 1000);
  document.body.addEventListener("htmx:afterSwap", run);
}

// A link to a table, an entry or a flag inside a closed section opens that section.
const openTarget = () => {
  const target = location.hash && document.getElementById(location.hash.slice(1));
  for (let node = target; node; node = node.parentElement) {
    if (node.tagName === "DETAILS") node.open = true;
  }
};
openTarget();
window.addEventListener("hashchange", openTarget);
