/**
 * A role said as taken over with a verb of changing over ("I've switched to …") moves the one
 * fact of another object that it names a word of use of, across categories too, even when the
 * change adds a reason and words the role briefly; a change in eye-dialect spelling ("noo") is a
 * change. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-switched-over-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("a role taken over with a verb of changing over", () => {
  it("moves the other object's fact it names, though worded briefly and with a reason", async () => {
    const store = open();
    await tell(store, 1, "book_t", "book", "I read the green paperback on my tram ride to the clinic every morning.");
    await tell(
      store,
      2,
      "phones_t",
      "headphones",
      "I switched to audiobooks on the grey headphones for the tram ride, less queasy.",
    );
    const book = await valid(store, "book_t");
    assert.ok(!book.some((t) => /tram/.test(t)), JSON.stringify(book));
  });

  it("moves nothing of an object whose facts share no word of use with it", async () => {
    const store = open();
    await tell(store, 1, "mug_k", "mug", "I drink my cocoa from the spotted mug before bed.");
    await tell(store, 2, "hat_k", "hat", "I switched to the straw hat for the allotment, it keeps the sun off.");
    const mug = await valid(store, "mug_k");
    assert.ok(
      mug.some((t) => /cocoa/.test(t)),
      JSON.stringify(mug),
    );
  });

  it("a change spelt in eye dialect ('noo') moves the fact as 'now' does", async () => {
    const store = open();
    await tell(store, 1, "watch_r", "watch", "The orange watch is for swimming at the baths.");
    await tell(store, 2, "watch_s", "watch", "Got a steel one, that's the one for swimming noo.");
    const orange = await valid(store, "watch_r");
    assert.ok(!orange.some((t) => /swimming/.test(t)), JSON.stringify(orange));
  });
});
