// The tournament's panel on a match page: the clock, and a refresh every 10 s while the
// page is visible (the next round's table appears once it is drawn).
import { setServerNow, tick, whileVisible } from "./public-clock.js";

const panel = document.querySelector(".t-panel[data-poll]");
if (panel) {
  setServerNow(panel.dataset.now);
  const word = () => panel.dataset.timeWord || "";
  tick(panel, word());
  setInterval(() => tick(panel, word()), 1000);
  whileVisible(async () => {
    try {
      const response = await fetch(panel.dataset.poll, { cache: "no-cache" });
      if (!response.ok) return;
      const date = response.headers.get("Date");
      if (date) setServerNow(new Date(date).toISOString());
      panel.innerHTML = await response.text();
      tick(panel, word());
      // The match ended while this phone still shows the hand form (a director's result):
      // the page takes the new state in.
      // The match ended on this phone and the other side is asked to agree: the page
      // reloads once to show the Agree / Disagree form (it sits outside the polled panel).
      if ("writable" in panel.dataset && !("asking" in panel.dataset) && panel.querySelector("[data-awaiting]")) {
        window.location.reload();
        return;
      }
      const form = document.getElementById("hand-form");
      if (panel.querySelector("[data-finished]") && form && !form.dataset.correcting) {
        document.dispatchEvent(new CustomEvent("scorekeeper:finished-elsewhere"));
      }
    } catch {
      // No network: the panel stays as it was and the clock keeps counting.
    }
  });
}
