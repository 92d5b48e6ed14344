/* The screen stays on while a match is open (the phone lies on the table between hands):
 * a screen Wake Lock where the browser has one, asked for again whenever the page is shown
 * again (the browser lets it go when the page is hidden). Elsewhere nothing happens. */
let lock = null;

const acquire = async () => {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  if (lock && !lock.released) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    document.documentElement.dataset.awake = "1";
    lock.addEventListener("release", () => { delete document.documentElement.dataset.awake; });
  } catch (error) {
    lock = null; // refused (battery saver, no permission): the screen sleeps as usual
  }
};

document.addEventListener("visibilitychange", acquire);
acquire();
