/* The outbox on the page: the waiting banner, the refused hands (each with a Dismiss
 * button), the form's hand number after the waiting ones, and the flash line. The notes sit
 * at the top of the form for a new hand, so that a table sees them where it enters the next
 * hand (elsewhere under the flash); they are kept by the script so that they survive the
 * live parts being swapped by htmx. */
import { fmt, form, fromTemplate } from "./dom.js";
import { numberOf } from "./outbox.js";

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
    this.showDealer();
  }

  /* "Who deals next" moves on with the hands waiting on the phone. The server says how
   * (#rotation, from the engine): by seat of the dealer, the next dealer after a played
   * hand (`passes`) or the hand's field that names him (`named_by`), whether a thrown-in
   * hand is dealt again, and each dealer's sentences. */
  showDealer() {
    const data = document.getElementById("rotation");
    const next = document.getElementById("next");
    if (!data || !next) return;
    const rotation = JSON.parse(data.textContent);
    const waiting = this.outbox.items().filter((item) => numberOf(item) >= rotation.number);
    if (next.dataset.deals === undefined) {
      next.dataset.deals = next.querySelector("[data-deals]").textContent;
      next.dataset.speaks = next.querySelector("[data-speaks]").textContent;
    }
    let dealer = rotation.dealer;
    waiting.forEach(({ body }) => {
      if (dealer === null || (rotation.stays_when_thrown_in && body.thrown_in === true)) return;
      if (rotation.named_by) {
        const named = body[rotation.named_by];
        dealer = Number.isInteger(named) ? named : rotation.speakers[dealer];
      } else dealer = rotation.passes ? rotation.passes[dealer] : null;
      if (dealer === undefined) dealer = null;
    });
    next.hidden = dealer === null;
    if (dealer === null) return;
    const number = this.outbox.nextNumber(rotation.number);
    next.querySelector("[data-deals]").textContent = waiting.length
      ? fmt(rotation.deals[dealer], { number }) : next.dataset.deals;
    next.querySelector("[data-speaks]").textContent = !waiting.length ? next.dataset.speaks
      : rotation.speakers[dealer] === null ? "" : rotation.speaks[dealer];
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
    items.forEach((record) => {
      const note = fromTemplate("refused-note-template");
      note.dataset.refused = record.key;
      note.querySelector("p").textContent = this.text(record);
      const close = note.querySelector("button");
      close.dataset.dismissRefused = record.key;
      close.setAttribute("aria-label", this.words.dismiss);
      this.refusedBox.append(note);
    });
    this.refusedBox.hidden = items.length === 0;
    this.place();
  }

  /* A hand pushed aside because its number is on the sheet now: another phone stored it,
   * and the note shows that hand (its line as the sheet has it). */
  text(record) {
    const row = record.status === 409 && record.number
      ? document.querySelector("#hand-" + record.number + " .line") : null;
    if (!row) return record.text;
    return fmt(this.words.already_stored, { number: record.number, line: row.textContent.trim() });
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
