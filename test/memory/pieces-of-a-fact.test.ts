/**
 * People describe an object in pieces: a fact, then a piece that goes on with it, and words to
 * the listener that say nothing of the object. The piece is kept with its fact (so a change that
 * moves the fact takes the piece too), the words to the listener are not kept, and a fact whose
 * subject is a word standing for the object ("the new pair") or that names the object only by its
 * looks is the object's, not someone else's. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  goesOnWithFact,
  statementsFromInstruction,
  tellsNothing,
  withoutWordsToListener,
} from "../../src/language/index.ts";
import type { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { readStatement } from "../../src/memory/statement-kind.ts";
import { DAY, tellingMemory } from "./helpers.ts";

const { open, tell } = tellingMemory("polar-pieces-");

async function valid(store: SqliteMemoryStore, objectId: string, day: number): Promise<string[]> {
  const [m] = await store.objectMemories("u", [objectId]);
  return (m?.statements ?? []).filter((s) => s.invalidAt === null || s.invalidAt > day * DAY).map((s) => s.text);
}

describe("pieces of a fact", () => {
  it("tells a word to the listener from a fact", () => {
    for (const s of [
      "Note that down.",
      "Log that one for me.",
      "Remember this one.",
      "Done.",
      "Jot this mug down please.",
      "Okay, write that down.",
      "Sanna, note this one.",
    ])
      assert.equal(tellsNothing(s, "mug"), true, s);
    for (const s of [
      "Note: it's my gym bottle.",
      "Keep it by the door.",
      "Sundays.",
      "My aunt knitted it.",
      "Green, note that.",
      "Write my name on it.",
    ])
      assert.equal(tellsNothing(s, "mug"), false, s);
  });

  it("tells a piece that goes on with the fact before it from a fact or a description of its own", () => {
    for (const s of ["Before the kids wake up.", "Mondays and Thursdays.", "Down the lane and over the bridge."])
      assert.equal(goesOnWithFact(s, "mug"), true, s);
    for (const s of ["Green and glass.", "When it rains, I take it.", "The small mug.", "My aunt knitted it."])
      assert.equal(goesOnWithFact(s, "mug"), false, s);
  });

  it("keeps the piece inside its fact and leaves the words to the listener out", () => {
    const out = statementsFromInstruction(
      "I drink my cocoa from the chipped green beaker. After the dog walk. Got that?",
      "mug",
    );
    assert.equal(out.length, 1, JSON.stringify(out));
    assert.match(out[0], /cocoa/);
    assert.match(out[0], /after the dog walk/);
    assert.deepEqual(statementsFromInstruction("Log this mug.", "mug"), []);
  });

  it("asks memory with the request's description, not its words to the listener", () => {
    assert.equal(withoutWordsToListener("Stand by. The cup for my cocoa. Go."), "The cup for my cocoa");
    assert.equal(withoutWordsToListener("Go."), "Go.");
    assert.equal(
      withoutWordsToListener("Where is the cup I drink cocoa from?"),
      "Where is the cup I drink cocoa from?",
    );
  });

  it("reads a subject that stands for the object, or a thing named by its looks, as the object's", () => {
    assert.equal(readStatement("the new leather pair is for work", "shoes").about, "object");
    assert.equal(readStatement("the user's evening cocoa goes in the tall striped beaker", "mug").about, "object");
    assert.equal(readStatement("the user's brother has the red car", "mug").about, "entity");
  });

  it("a change that moves a routine takes the piece said with it", async () => {
    const store = open();
    await tell(store, 1, "mug_green", "mug", "My evening cocoa goes in the chipped green beaker. After the dog walk.");
    await tell(store, 2, "mug_white", "mug", "My aunt gave me this white mug.");
    await tell(
      store,
      9,
      "mug_white",
      "mug",
      "The green beaker fell off the shelf and broke. Now the white one is my evening cocoa mug.",
    );
    const green = await valid(store, "mug_green", 9);
    assert.ok(!green.some((t) => /dog walk/.test(t)), JSON.stringify(green));
    assert.ok((await valid(store, "mug_white", 9)).some((t) => /cocoa/.test(t)));
  });

  it("never reads the weather's or the hour's \"it\" as the object", () => {
    for (const [text, category] of [
      ["I put this yellow cap on for the school run, when it drizzles in the morning.", "hat"],
      ["It pours most afternoons here, so this hooded hat comes along.", "hat"],
      ["We take these keys along at weekends, as it gets dark early.", "keys"],
    ]) {
      const out = statementsFromInstruction(text, category);
      assert.ok(!out.some((t) => /(?:hat|keys) (?:drizzles|pours|gets dark)/.test(t)), JSON.stringify(out));
    }
    // the object's own "it" is still the object
    assert.ok(statementsFromInstruction("I love it, it keeps my ears warm.", "hat").some((t) => /this hat/.test(t)));
  });
});
