/* The spectators' page: after htmx has swapped in fresh live parts (the poll in
 * includes/live_poll.html), the page says so, as the hand form does after a hand, so that
 * what listens (the phone's list of recent matches, the scoreboard) reads them again. A 304
 * (nothing changed) swaps nothing and says nothing. */
document.addEventListener("htmx:afterRequest", (event) => {
  const source = event.detail && event.detail.elt;
  if (!source || source.id !== "live-poll" || !event.detail.successful) return;
  if (event.detail.xhr && event.detail.xhr.status !== 200) return;
  document.dispatchEvent(new CustomEvent("scorekeeper:refreshed"));
});
