/**
 * A room typed with a slip of the fingers (a letter doubled or left out, two neighbours swapped)
 * is read as the house's own label when exactly one label is that near, also for a short name,
 * so long as what was typed is no English word of its own; a letter changed for another in a
 * short name, a real word, or two labels as near are never guessed (the learner asks). The
 * article and the negation that tell where a room is expected are read through the same slips.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { knownWord, matchRoom, oneSlip, tokenize } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["hall", "den", "pantry", "attic", "loft", "lift", "boot room", "box room"], sceneId: "s1" };

describe("a slip of the fingers", () => {
  it("is a letter added, one left out, or two neighbours swapped; never a letter changed", () => {
    for (const [typed, name] of [
      ["halll", "hall"],
      ["hal", "hall"],
      ["pnatry", "pantry"],
      ["atitc", "attic"],
    ])
      assert.ok(oneSlip(typed, name), `${typed} → ${name}`);
    for (const [typed, name] of [
      ["shep", "shed"],
      ["hall", "hall"],
      ["de", "den"],
      ["ptanry", "pantry"],
    ])
      assert.equal(oneSlip(typed, name), false, `${typed} → ${name}`);
  });

  it("tells an English word from a slip by the library's lexicon", () => {
    for (const w of ["hall", "lot", "all", "shop"]) assert.ok(knownWord(w), w);
    for (const w of ["hal", "lofft", "pnatry"]) assert.equal(knownWord(w), false, w);
  });

  it("reads the one label that near, and no label when two are", () => {
    assert.deepEqual(matchRoom(["dne"], house.rooms, true), { room: "den", words: 1, fuzzy: true });
    assert.equal(matchRoom(["lft"], house.rooms, true), undefined, "loft and lift are both a letter away");
  });

  it("turns a ban on a mistyped room into a ban on the house's room", () => {
    for (const [m, kind, room] of [
      ["please keep out of the hal", "avoid_room", "hall"],
      ["never go into the pnatry", "avoid_room", "pantry"],
      ["dont go in teh atic", "avoid_room", "attic"],
      ["dotn park in the den", "no_stop_in_room", "den"],
    ] as const) {
      const out = learn(m, [], house);
      assert.equal(out.items.length, 1, m);
      assert.equal(out.items[0].decision, "add", `${m}: ${out.items[0].question ?? ""}`);
      assert.deepEqual(out.items[0].draft?.requirement, { kind, room }, m);
    }
  });

  it("spells out a mistyped contraction and reads a mistyped article", () => {
    assert.deepEqual(
      tokenize("dotn go in teh den").map((t) => t.w),
      ["do", "not", "go", "in", "the", "den"],
    );
  });
});
