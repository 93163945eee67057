/**
 * A negation takes back only the fact it negates: an imperative or an aside beside a fact ("…,
 * don't lend it out") and a contrast with another object ("not glass one") leave the fact stored.
 * A change that names part of a value another object holds ("… is for swimming now" of "… for
 * swimming on Mondays and Fridays") moves that fact; the same words not said as a change move
 * nothing. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementsFromInstruction } from "../../src/language/index.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { readStatement } from "../../src/memory/statement-kind.ts";
import { tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-negation-scope-");

async function valid(store: SqliteMemoryStore, objectId: string): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null).map((s) => s.text);
}

/** The statements the extractor writes for `said`, read as memory reads them. */
function read(said: string, category: string) {
  return statementsFromInstruction(said, category).map((s) => readStatement(s, category));
}

describe("the reach of a negation", () => {
  it("an imperative or an aside after a fact is a clause of its own; the fact is kept", () => {
    const lent = read("The grey rucksack belongs to my nephew Otto, don't lend it to anybody.", "backpack");
    assert.ok(
      lent.some((s) => /nephew Otto/.test(s.text) && !s.retracts && s.kind === "owner"),
      JSON.stringify(lent),
    );
    const weekends = read("Silver watch, weekends only, cannot wear it at the plant anyway.", "watch");
    assert.ok(
      weekends.some((s) => /weekends/.test(s.text) && !s.retracts),
      JSON.stringify(weekends),
    );
  });

  it("a contrast with another object is no retraction and is not stored as this one's", () => {
    const [godmother] = read("Blue ceramic mug, not glass one, is from my godmother Ines.", "mug").filter((s) =>
      /godmother/.test(s.text),
    );
    assert.ok(godmother, "the giver is kept");
    assert.equal(godmother.retracts, false);
    assert.equal(godmother.kind, "giver");
    assert.ok(!/glass/.test(godmother.text), godmother.text);
    // a negated verb still takes a fact back
    assert.equal(readStatement("the user no longer brings this mug to the studio", "mug").retracts, true);
  });

  it("a subject told by its colour or material is a thing, a person's doing is not the object's", () => {
    assert.equal(readStatement("the user's purple galoshes are for muddy walks", "shoes").about, "object");
    assert.equal(readStatement("Striped mittens, winter only", "hat").about, "object");
    assert.equal(readStatement("the user's neighbour Tom walks a lot", "shoes").about, "entity");
  });
});

describe("a change that names part of a held value", () => {
  it("moves that fact from the other object, and leaves that object's other facts", async () => {
    const store = open();
    await tell(store, 1, "watch_a", "watch", "The black watch, I wear it for swimming on Mondays and Fridays.");
    await tell(store, 2, "watch_a", "watch", "My brother Cas gave me the black watch.");
    await tell(store, 3, "watch_b", "watch", "The pink watch is for swimming now.");
    const black = await valid(store, "watch_a");
    assert.ok(!black.some((t) => /swimming/.test(t)), JSON.stringify(black));
    assert.ok(
      black.some((t) => /brother Cas/.test(t)),
      "who gave it still holds",
    );
  });

  it("the same words not said as a change move nothing", async () => {
    const store = open();
    await tell(store, 1, "watch_a", "watch", "The black watch, I wear it for swimming on Mondays and Fridays.");
    await tell(store, 2, "watch_b", "watch", "The pink watch is for swimming lessons with my niece.");
    assert.ok((await valid(store, "watch_a")).some((t) => /swimming/.test(t)));
  });
});
