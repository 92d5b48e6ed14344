// The desk's countdowns: the round's and each extended table's time left, ticking every
// second between the desk's polls (htmx replaces the rounds every 5 s; the ticks go on); and
// a refusal said at the top of the desk brought into view.
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

// A refusal said at the top (its form is not on the page any more: the round was redrawn,
// the event went back to registration) is what the director must see, not the table the
// form's address points to: it is brought into view once the page has scrolled there.
const refusal = document.querySelector('.alert[id^="error-"]');
if (refusal) {
  const show = () => refusal.scrollIntoView({ block: "start" });
  show();
  window.addEventListener("load", show, { once: true });
}
