/**
 * A change of referent said as the old object breaking ("the blue flask leaked, so the steel one
 * is my …"): everything the old object was used for ends with it, not only the one fact the new
 * object takes over; a contrast alone ("…, not the blue one") moves that one fact and leaves the
 * old object's other uses. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-ended-referent-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("an old object said to have broken", () => {
  it("loses every use it had, a clock time among them", async () => {
    const store = open();
    await tell(store, 1, "mug_b", "mug", "Cocoa before bed goes in the blue mug.");
    await tell(store, 2, "mug_b", "mug", "The blue mug. 6pm, after the news.");
    await tell(store, 3, "mug_s", "mug", "The blue mug cracked. The steel one holds my bedtime cocoa now.");
    const blue = await valid(store, "mug_b");
    assert.ok(!blue.some((t) => /cocoa|6pm/.test(t)), JSON.stringify(blue));
  });

  it("a contrast alone moves the one fact and leaves the old object's other uses", async () => {
    const store = open();
    await tell(store, 1, "mug_c", "mug", "Cocoa before bed goes in the blue mug.");
    await tell(store, 2, "mug_c", "mug", "I take the blue mug to the allotment on Sundays.");
    await tell(store, 3, "mug_d", "mug", "The steel one holds my bedtime cocoa now, not the blue one.");
    const blue = await valid(store, "mug_c");
    assert.ok(
      blue.some((t) => /allotment/.test(t)),
      JSON.stringify(blue),
    );
  });
});
