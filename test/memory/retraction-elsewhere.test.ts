/**
 * A retraction said while showing one object that names another of the user's by its category
 * ("I don't listen to podcasts on the tablet anymore", said of the radio that took that over)
 * takes back the named object's facts it speaks of, and only those; the object shown keeps its
 * own. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-retraction-elsewhere-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("a retraction naming another object", () => {
  it("takes back what that object was for, and leaves its other facts", async () => {
    const store = open();
    await tell(store, 1, "laptop_a", "laptop", "The grey laptop is what I use for the quiz night calls on Thursdays.");
    await tell(store, 2, "laptop_a", "laptop", "My aunt Vera gave me the grey laptop.");
    await tell(
      store,
      3,
      "phone_a",
      "cellphone",
      "I no longer do the quiz night calls on the laptop. This red phone does it.",
    );
    const laptop = await valid(store, "laptop_a");
    assert.ok(!laptop.some((t) => /quiz night/.test(t)), JSON.stringify(laptop));
    assert.ok(
      laptop.some((t) => /aunt Vera/.test(t)),
      JSON.stringify(laptop),
    );
  });

  it("a verb of stopping names the habit: one shared word of it is enough once the object is named", async () => {
    const store = open();
    await tell(store, 1, "hp_a", "headphones", "The blue headphones come with me to the pool, four evenings a week.");
    await tell(
      store,
      2,
      "watch_a",
      "watch",
      "I have ceased taking headphones to the pool. The steel watch counts my laps there.",
    );
    const headphones = await valid(store, "hp_a");
    assert.ok(!headphones.some((t) => /pool/.test(t)), JSON.stringify(headphones));
  });

  it("a retraction about another category leaves an object of that category alone when it shares no word", async () => {
    const store = open();
    await tell(store, 1, "laptop_a", "laptop", "The grey laptop stays on the desk in the study.");
    await tell(store, 2, "phone_a", "cellphone", "I no longer play chess on the laptop. The red phone is for chess.");
    const laptop = await valid(store, "laptop_a");
    assert.ok(
      laptop.some((t) => /study/.test(t)),
      JSON.stringify(laptop),
    );
  });
});
