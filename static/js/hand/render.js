/* The outbox on the page: the waiting banner, the refused hands (each with a Dismiss
 * button), the form's hand number after the waiting ones, and the flash line. The notes sit
 * at the top of the form for a new hand, so that a table sees them where it enters the next
 * hand (elsewhere under the flash); they are kept by the script so that they survive the
 * live parts being swapped by htmx. */
import { fmt, form, fromTemplate } from "./dom.js";

export class Notes {
  constructor(outbox, words) {
    this.outbox = outbox;
    this.words = words;
    this.queueBox = document.getElementById("queue");
    this.flashEl = document.getElementById("flash");
    this.refusedBox = null;
    this.box = null;
  }

  place() {
    if (!this.box) this.box = fromTemplate("hand-notes-template");
    const { box, refusedBox, queueBox, flashEl } = this;
    if (refusedBox && refusedBox.parentElement !== box) box.prepend(refusedBox);
    if (queueBox && queueBox.parentElement !== box) box.append(queueBox);
    box.hidden = ![refusedBox, queueBox].some((el) => el && !el.hidden);
    const f = form();
    if (f && !f.dataset.correcting) {
      if (box.nextElementSibling !== f) f.before(box);
    } else if (flashEl && box.previousElementSibling !== flashEl) {
      flashEl.after(box);
    }
  }

  showOutbox() {
    const f = form();
    if (this.queueBox) {
      const count = this.outbox.items().length;
      this.queueBox.hidden = count === 0;
      this.queueBox.textContent = count === 1 ? this.words.waiting_one
        : fmt(this.words.waiting_many, { count });
    }
    this.place();
    if (f) this.showNumber(f);
  }

  /* The form's title says which hand it enters: after the waiting ones, not before them. */
  showNumber(f) {
    const title = document.getElementById("enter-title");
    const base = Number(f.dataset.number || 0);
    if (!title || f.dataset.correcting || !base) return;
    const number = this.outbox.nextNumber(base);
    f.dataset.entering = String(number);
    const slot = title.querySelector("[data-hand-number]");
    if (slot) {
      slot.textContent = String(number);
      return;
    }
    if (title.dataset.text === undefined) title.dataset.text = title.textContent;
    const text = title.dataset.text;
    const found = Array.from(text.matchAll(new RegExp("(?<!\\d)" + base + "(?!\\d)", "g"))).pop();
    if (!found) return;
    title.textContent = number === base ? text
      : text.slice(0, found.index) + number + text.slice(found.index + found[0].length);
  }

  showRefused() {
    const items = this.outbox.refused();
    if (!items.length && !this.refusedBox) return;
    if (!this.refusedBox) this.refusedBox = fromTemplate("refused-template");
    this.refusedBox.textContent = "";
    const f = form();
    items.forEach((record) => {
      const note = fromTemplate("refused-note-template");
      note.dataset.refused = record.key;
      const restored = f && f.dataset.refusedKey === record.key && record.status === 409;
      note.querySelector("p").textContent = record.text + (restored ? " " + this.words.back_in_form : "");
      const close = note.querySelector("button");
      close.dataset.dismissRefused = record.key;
      close.setAttribute("aria-label", this.words.dismiss);
      this.refusedBox.append(note);
    });
    this.refusedBox.hidden = items.length === 0;
    this.place();
  }

  show() {
    this.showRefused();
    this.showOutbox();
  }

  flash(text, kind) {
    const el = this.flashEl;
    if (!el) return;
    el.className = "status " + (kind || "ok");
    el.textContent = text;
    el.hidden = !text;
  }
}
