// The tournament's panel on a match page: the clock, and a refresh every 10 s while the
// page is visible (the next round's table appears once it is drawn); after a hand the match
// page's live parts refresh it too.
import { setServerNow, tick, whileVisible } from "./public-clock.js";

const panel = document.querySelector(".t-panel[data-poll]");
if (panel) {
  setServerNow(panel.dataset.now);
  const word = () => panel.dataset.timeWord || "";
  tick(panel, word());
  setInterval(() => tick(panel, word()), 1000);
  // The match ended on this phone and the other side is asked to agree: the page reloads
  // once to show the Agree / Disagree form (it sits outside the panel).
  const asked = () => {
    tick(panel, word());
    if ("writable" in panel.dataset && !("asking" in panel.dataset) && panel.querySelector("[data-awaiting]")) {
      window.location.reload();
      return true;
    }
    return false;
  };
  // After a hand, the live parts bring the panel's content with them (an out-of-band swap:
  // "1 of 2 hands" moves with the hand); the page then says so.
  document.addEventListener("scorekeeper:refreshed", asked);
  whileVisible(async () => {
    try {
      const response = await fetch(panel.dataset.poll, { cache: "no-cache" });
      if (!response.ok) return;
      const date = response.headers.get("Date");
      if (date) setServerNow(new Date(date).toISOString());
      panel.innerHTML = await response.text();
      if (asked()) return;
      // The match ended while this phone still shows the hand form (a director's result):
      // the page takes the new state in.
      const form = document.getElementById("hand-form");
      if (panel.querySelector("[data-finished]") && form && !form.dataset.correcting) {
        document.dispatchEvent(new CustomEvent("scorekeeper:finished-elsewhere"));
      }
    } catch {
      // No network: the panel stays as it was and the clock keeps counting.
    }
  });
}
