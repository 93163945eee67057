/**
 * A habit the user says they had with another object ("I used to carry the leather satchel to
 * the market, …, these days I take this one") is a change of referent: the role is said again of
 * the new object, and the old object's fact of that role stops holding, even when it was said
 * with no verb ("for the market"). Scenes and phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { DAY, tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-used-to-");

async function valid(store: SqliteMemoryStore, objectId: string, day: number): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null || s.invalidAt > day * DAY).map((s) => s.text);
}

describe("a past habit with another object", () => {
  it("says the role again of the new object and names the old one as replaced", () => {
    const said = statementsFromInstruction(
      "The canvas tote. I used to carry the leather backpack to the market, but the straps dig in, so nowadays I take the tote.",
      "bag",
    );
    assert.ok(
      said.some((s) => /carries/.test(s) && /market/.test(s)),
      said.join(" | "),
    );
    assert.ok(
      said.some((s) => /instead of the leather backpack/.test(s)),
      said.join(" | "),
    );
    assert.ok(!said.some((s) => /used/.test(s)), said.join(" | "));
  });

  it("without a change said, a past habit is only told", () => {
    const said = statementsFromInstruction(
      "The canvas tote. I used to carry the leather backpack to the market.",
      "bag",
    );
    assert.ok(!said.some((s) => /instead of/.test(s)), said.join(" | "));
  });

  it("supersedes the old object's fact of that role, said without a verb", async () => {
    const store = open();
    await tell(store, 1, "backpack_leather", "backpack", "Brown leather backpack. For the market.");
    await tell(store, 2, "backpack_leather", "backpack", "The leather backpack again, my uncle gave it to me.");
    await tell(
      store,
      9,
      "bag_tote",
      "bag",
      "The canvas tote. I used to carry the leather backpack to the market, but the straps dig in, so nowadays I take the tote.",
    );
    const old = await valid(store, "backpack_leather", 9);
    assert.ok(!old.some((t) => /market/.test(t)), old.join(" | "));
    assert.ok(
      old.some((t) => /uncle/.test(t)),
      "who gave it still holds",
    );
  });
});
