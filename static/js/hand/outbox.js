/* The outbox: confirmed hands kept in localStorage until the server has them, each with its
 * own Idempotency-Key, so a hand entered without network is stored exactly once when the
 * network returns. Hands go in the order of their numbers (the server takes them only in
 * order). A hand the server refuses is kept apart, with the reason, until it is dismissed or
 * entered again; the hands queued after one refused as invalid (400) wait for it.
 *
 * No DOM here: `send(item)` answers { state: "stored" | "refused" | "network", status, data },
 * `describe(item, result)` gives a refused hand's sentence. */

const numberOf = (item) => (item && item.body && Number(item.body.number)) || 0;

export { numberOf };

export class Outbox {
  constructor(matchId, { storage = window.localStorage, send, serverNumber = () => 0 } = {}) {
    this.storage = storage;
    this.send = send;
    this.serverNumber = serverNumber;
    this.queueKey = "sk-outbox-" + matchId;
    this.refusedKey = "sk-refused-" + matchId;
    this.flushing = false;
  }

  load(name) {
    try { return JSON.parse(this.storage.getItem(name)) || []; } catch (error) { return []; }
  }

  save(name, items) {
    try {
      if (items.length) this.storage.setItem(name, JSON.stringify(items));
      else this.storage.removeItem(name);
    } catch (error) { /* private mode: the hand is sent now or not at all */ }
  }

  /* The waiting hands: { key, body }, body.number the hand's number. */
  items() {
    return this.load(this.queueKey);
  }

  saveItems(items) {
    const sorted = items.map((item, index) => [item, index]).sort(([a, i], [b, j]) =>
      (numberOf(a) || Infinity) - (numberOf(b) || Infinity) || i - j).map(([item]) => item);
    this.save(this.queueKey, sorted);
  }

  add(item) {
    this.saveItems(this.items().concat([item]));
    this.forget(numberOf(item));
  }

  /* Waiting hands the server refused: { key, number, status, data, body, text }. */
  refused() {
    return this.load(this.refusedKey);
  }

  saveRefused(items) {
    this.save(this.refusedKey, items);
  }

  /* The first number neither stored nor waiting, from the server's next one. */
  nextNumber(base) {
    if (!base) return 0;
    const taken = new Set(this.items().map(numberOf));
    let number = base;
    while (taken.has(number)) number += 1;
    return number;
  }

  /* A hand refused as invalid (400) leaves a hole: the hands after it wait until it is
   * entered again (or dismissed), or each of them would be refused as out of order. */
  hole(item) {
    const number = numberOf(item);
    if (!number) return null;
    const waiting = new Set(this.items().map(numberOf));
    const base = this.serverNumber();
    return this.refused().find((r) => r.status === 400 && r.number && r.number < number
      && r.number >= base && !waiting.has(r.number)) || null;
  }

  /* Keeps a refused hand, with its sentence, until it is dismissed or entered again. */
  refuse(item, result, text) {
    const record = { key: item.key, number: numberOf(item), status: result.status || 0,
      data: result.data, body: item.body, text };
    this.saveRefused(this.refused().filter((r) => r.key !== item.key).concat([record]));
    return record;
  }

  /* A hand entered again (or stored) for a refused hand's number replaces it. */
  forget(number) {
    if (!number) return false;
    const items = this.refused();
    const left = items.filter((r) => r.number !== number || r.status !== 400);
    if (left.length !== items.length) this.saveRefused(left);
    return left.length !== items.length;
  }

  drop(key) {
    this.saveRefused(this.refused().filter((r) => r.key !== key));
  }

  /* The table dismisses a refused hand. If it left a hole, the hands queued after it on
   * this phone move up one: none of them was sent (they waited), so their keys are unused. */
  dismiss(key) {
    const record = this.refused().find((r) => r.key === key);
    this.drop(key);
    if (record && record.status === 400 && record.number && record.number >= this.serverNumber()
        && !this.items().some((item) => numberOf(item) === record.number)) {
      this.saveItems(this.items().map((item) => (numberOf(item) > record.number
        ? Object.assign({}, item, { body: Object.assign({}, item.body, { number: numberOf(item) - 1 }) })
        : item)));
    }
    return record || null;
  }

  /* Sends the waiting hands in order, each once, until the network fails or a hole stops
   * them. Answers { stored: [numbers], changed }; `describe(item, result)` names a refusal. */
  async flush(describe) {
    if (this.flushing || !this.items().length) return { stored: [], changed: false, busy: true };
    this.flushing = true;
    const stored = [];
    let changed = false;
    try {
      while (this.items().length) {
        const item = this.items()[0];
        if (this.hole(item)) break;
        const result = await this.send(item);
        if (result.state === "network") break;
        this.saveItems(this.items().filter((other) => other.key !== item.key));
        changed = true;
        if (result.state === "stored") {
          const number = result.data && result.data.number;
          if (number) stored.push(number);
          this.forget(number);
        } else {
          this.refuse(item, result, describe(item, result));
        }
      }
    } finally {
      this.flushing = false;
    }
    return { stored, changed, busy: false };
  }
}
