/**
 * A change of referent whose old object is told only as the one before ("my old umbrella",
 * "the previous pair"): with one other object of the kind in memory, that is the one meant, and
 * its use ends; with two or more, the words name none of them (when unsure, no object is). A shape lost
 * ("bent", "warped") ends a role as breaking does. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readReferents } from "../../src/language/referents.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-former-referent-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

describe("an old object told only as the one before", () => {
  it("a lost shape ends its role", () => {
    const r = readReferents("My old glasses warped in the heat, so I wear these ones to read.", "eyeglasses", true);
    assert.deepEqual(r.replaced, ["old"]);
    assert.ok(
      r.aside.some((a) => /warped/.test(a)),
      JSON.stringify(r),
    );
  });

  it("is the one other object of the kind, and its use ends", async () => {
    const store = open();
    await tell(store, 1, "hat_a", "hat", "The grey hat is the one I put on to feed the hens in the morning.");
    await tell(
      store,
      2,
      "hat_b",
      "hat",
      "My old hat is bent out of shape, it does not fit anymore. I wear this straw hat to feed the hens.",
    );
    const grey = await valid(store, "hat_a");
    assert.ok(!grey.some((t) => /hens/.test(t)), JSON.stringify(grey));
  });

  it("names no object when the user has two others of the kind: neither loses every use", async () => {
    const store = open();
    await tell(store, 1, "hat_c", "hat", "The grey hat is the one I put on to feed the hens in the morning.");
    await tell(store, 2, "hat_d", "hat", "The red hat stays on the peg for weddings.");
    await tell(
      store,
      3,
      "hat_e",
      "hat",
      "My old hat is bent out of shape, it does not fit anymore. I wear this straw hat to feed the hens.",
    );
    const red = await valid(store, "hat_d");
    assert.ok(
      red.some((t) => /weddings/.test(t)),
      JSON.stringify(red),
    );
  });
});
