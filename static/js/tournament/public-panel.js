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
    } catch {
      // No network: the panel stays as it was and the clock keeps counting.
    }
  });
}
