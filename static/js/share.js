/* Share buttons (templates/includes/share_button.html): the phone's share sheet where it has
 * one; elsewhere the button copies the link and says so. */
const say = (button, text) => {
  const status = document.getElementById(button.dataset.status);
  if (!status) return;
  status.textContent = text;
  status.hidden = false;
};

const copy = async (text) => {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on a local network: the old way, through a selected field.
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  const done = document.execCommand("copy");
  field.remove();
  if (!done) throw new Error("copy refused");
};

for (const button of document.querySelectorAll("[data-share]")) {
  const canShare = typeof navigator.share === "function";
  if (!canShare) button.textContent = button.dataset.copyLabel;
  button.addEventListener("click", async () => {
    const url = button.dataset.share;
    if (canShare) {
      try {
        await navigator.share({ title: button.dataset.shareTitle, url });
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return; // the player closed the sheet
      }
    }
    try {
      await copy(url);
      say(button, button.dataset.copied);
    } catch (error) {
      const field = button.closest("section") && button.closest("section").querySelector("input[readonly]");
      if (field) field.select();
    }
  });
}
