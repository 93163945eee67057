/**
 * A room fronted as the object of a negated verb of going, the robot named as the subject between
 * them ("the loft you don't go into", "the pantry you shall not go to"): the room is the verb's,
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
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
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
