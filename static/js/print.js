/* The table cards' print button (templates/tournaments/desk/cards.html): the browser's print
 * dialog. A file of its own, as the site's Content-Security-Policy allows no inline script;
 * without scripts the button stays hidden and the browser's own Print still works. */
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
