/**
 * Forms of spoken English read as what they say: "o'clock" heard as two words after an hour
 * ("three o clock"); an adverb of emphasis between a permission and its verb ("you can totally
 * come in"); a spoken "like" opening a part of its own before a clause ("like the roof leaks") as
 * a reason, never a condition; and "already" between the verb of a bound and its hour ("let it end
 * already at 9") still moving that bound; and a word limit run on with no comma after a reason
 * ("i can't see the screen twelve words max") is a part of its own, not cut off with the reason.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["den", "attic", "sunroom", "cellar"], sceneId: "s1" };

describe("o'clock said as two words", () => {
  it("is the clock word after an hour", async () => {
    for (const [m, when] of [
      ["between 3 o clock and 5 o clock keep out of the sunroom", "15-17"],
      ["from one o clock till three nobody goes in the den, my dad naps there", "13-15"],
      ["keep out of the attic after ten o clock at night", "22-6"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        roomsAndHours(rules),
        [{ room: m.includes("sunroom") ? "sunroom" : m.includes("den") ? "den" : "attic", when: [when] }],
        m,
      );
    }
  });
});

describe("an adverb of emphasis inside a permission", () => {
  it("lifts the ban in force as the plain permission does", async () => {
    for (const m of [
      "you can totally go in the cellar again, the damp is fixed",
      "You can definitely come into the cellar again.",
      "you can really go in the cellar now, the paint is dry",
    ]) {
      const { rules } = await taught(house, "Stay out of the cellar.", "Never go in the attic.", m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "attic", when: [] }], m);
    }
  });

  it("still asks how long a bare permission holds", async () => {
    const { rules, reply } = await taught(house, "Stay out of the cellar.", "you can totally go in the cellar");
    assert.deepEqual(roomsAndHours(rules), [{ room: "cellar", when: [] }]);
    assert.match(reply, /\?/);
  });
});

describe("a spoken 'like' opening a reason", () => {
  it("says why, and leaves the ban as said", async () => {
    for (const m of [
      "Don't go in the attic. like the boards are loose and my wife would freak if you fell through",
      "probably better if you don't go in the attic? like it's a mess up there and someone could trip if you move stuff",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "attic", when: [] }], m);
      assert.doesNotMatch(reply, /\?/, m);
    }
  });

  it("is not read as a reason when it only compares", async () => {
    const { reply } = await taught(house, "don't go in the den, like the attic");
    assert.match(reply, /\?/);
  });
});

describe("'already' between the verb of a bound and its hour", () => {
  it("moves that bound and keeps the other", async () => {
    const { rules } = await taught(
      house,
      "Don't go in the sunroom from 6am to 10am.",
      "For the sunroom rule, make it finish already at 9, not 10; the beginning stays put.",
    );
    assert.deepEqual(roomsAndHours(rules), [{ room: "sunroom", when: ["6-9"] }]);
  });
});

describe("a word limit run on after a reason", () => {
  it("is kept, the reason left out", async () => {
    for (const [m, n] of [
      ["replies way too long im driving cant see the screen twelve words max going forward", 12],
      ["because i cannot read it 8 words tops", 8],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => (r.requirement.kind === "word_limit" ? r.requirement.maxWords : r.requirement.kind)),
        [n],
        m,
      );
    }
  });
});
