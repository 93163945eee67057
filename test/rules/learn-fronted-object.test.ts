/**
 * A room fronted as the object of a negated verb of going, the robot named as the subject between
 * them ("the loft you don't go into", "into the pantry the robot shall not go"): the room is the verb's,
 * a preposition left stranded at the clause's end included; an exception after it still holds,
 * however its subject is stressed ("unless we ourselves ask"). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withoutIntensifiers } from "../../src/language/intensifiers.ts";
import { tokenize } from "../../src/language/tokens.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "workshop", "sunroom"], sceneId: "s1" };

describe("a room fronted before the robot and a negated verb of going", () => {
  it("bans that room", async () => {
    for (const [m, room] of [
      ["The loft you don't go into.", "loft"],
      ["the workshop, you must never go inside", "workshop"],
      ["The pantry you shall not go to.", "pantry"],
      ["Sunroom you won't go to, ok?", "sunroom"],
      // the verb's particle fronted with its room, the robot named in the third person
      ["Into the workshop you must not go.", "workshop"],
      ["in the loft the robot is never to go", "loft"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
    }
  });

  it("bans nothing when someone else is the subject", async () => {
    for (const m of ["Into the loft the children do not go.", "In the pantry my mother does not go."]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("keeps the exception said after it, with its subject stressed", async () => {
    const { rules } = await taught(house, "The pantry you shall not go to, unless we ourselves ask you to.");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.deepEqual(
      rules[0].exceptions.map((c) => c.kind),
      ["instruction_mentions"],
    );
  });

  it("leaves a reflexive that is the verb's object alone", () => {
    const words = (s: string) => withoutIntensifiers(tokenize(s)).map((t) => t.w);
    assert.deepEqual(words("when I myself ask"), ["when", "i", "ask"]);
    assert.ok(words("you hurt yourself").includes("yourself"));
  });
});
