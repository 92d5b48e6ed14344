// The round's clock on the public pages and the match page: counts down from each
// [data-ends-at] with the server's time (data-now, then each poll's Date header), so the
// clock needs no per-second request. A module shared by public.js and public-panel.js.
let offset = 0; // server time minus this device's time, in milliseconds

export function setServerNow(iso) {
  const server = Date.parse(iso);
  if (!Number.isNaN(server)) offset = server - Date.now();
}

function format(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

export function tick(root, timeWord) {
  for (const clock of root.querySelectorAll("[data-ends-at]")) {
    const left = Date.parse(clock.dataset.endsAt) - (Date.now() + offset);
    if (left <= 0) {
      clock.textContent = timeWord;
      clock.classList.add("is-time");
    } else {
      clock.textContent = format(left);
    }
  }
}

// Run ``poll`` every 10 s, only while the page is visible, and at once when it shows again.
export function whileVisible(poll, seconds = 10) {
  setInterval(() => { if (document.visibilityState === "visible") poll(); }, seconds * 1000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") poll();
  });
}
