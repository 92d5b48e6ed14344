/* Polls that follow a match (the spectators' page, the scoreboard: elements with data-poll
 * and hx-trigger="every …s, shown"), without evaluating anything (htmx's allowEval is off):
 * - a poll is cancelled while the page is hidden (a phone in a pocket asks nothing);
 * - when the page is shown again, each poll asks at once ("shown");
 * - after fresh live parts were swapped in, the page says so, as the hand form does after a
 *   hand, so that what listens (the phone's list of recent matches) reads them again. A 304
 *   (nothing changed) swaps nothing and says nothing. */
const polling = (event) => {
  const source = event.detail && event.detail.elt;
  return source && source.hasAttribute && source.hasAttribute("data-poll") ? source : null;
};

document.addEventListener("htmx:beforeRequest", (event) => {
  if (polling(event) && document.visibilityState !== "visible") event.preventDefault();
});

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !window.htmx) return;
  document.querySelectorAll("[data-poll]").forEach((el) => window.htmx.trigger(el, "shown"));
});

document.addEventListener("htmx:afterRequest", (event) => {
  if (!polling(event) || !event.detail.successful) return;
  if (event.detail.xhr && event.detail.xhr.status !== 200) return;
  document.dispatchEvent(new CustomEvent("scorekeeper:refreshed"));
});
