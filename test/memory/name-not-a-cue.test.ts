/**
 * A name is not a cue word: "the puppy, Lucky" names a dog, it says nothing of liking the object,
 * so the fact stays a routine, and a routine said later as a change on another object moves it.
 * "my lucky cap" still says a preference. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { kindOf } from "../../src/language/index.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-name-not-a-cue-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("a name that looks like a cue word", () => {
  it("a pet's name is no preference; a lower-case cue word still is", () => {
    assert.equal(kindOf("my son takes the red cap when he walks the puppy, Lucky, after school"), "routine");
    assert.equal(kindOf("the red cap is my lucky one"), "preference");
    assert.equal(kindOf("Lucky is what I call the red cap"), "preference");
  });

  it("a routine with a name in it moves when another object takes it over", async () => {
    const store = open();
    await tell(store, 1, "cap_a", "hat", "I wear the red cap when I walk the puppy, Lucky, after work.");
    await tell(store, 2, "cap_b", "hat", "Now I wear the blue cap to walk the puppy.");
    const old = await valid(store, "cap_a");
    assert.ok(!old.some((t) => /puppy/.test(t)), JSON.stringify(old));
  });
});
