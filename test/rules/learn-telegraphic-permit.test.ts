/**
 * A permission said telegraphically, the room first and its copula left out ("Garage fine now."),
 * is read as "the garage is fine now": with a word of lasting it lifts the room's rule, without one
 * it is asked; a negated one permits nothing, and "ok" after a ban is no permission. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["garage", "loft", "den"], sceneId: "s1" };

describe("a permission with its copula left out", () => {
  it("with 'now' or 'from now on' lifts the room's rule", async () => {
    for (const [m, room] of [
      ["Garage fine now. Car's sold.", "garage"],
      ["loft allowed again from now on", "loft"],
    ] as const) {
      const { rules } = await taught(house, `keep out of the ${room}`, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("with no word of how long is asked; negated or after a ban it permits nothing", async () => {
    const bare = await taught(house, "keep out of the den", "den alright");
    assert.equal(bare.rules.length, 1);
    assert.match(bare.reply, /\?/);
    const no = await taught(house, "keep out of the den", "den not ok now");
    assert.equal(no.rules.length, 1);
    assert.deepEqual(
      learn("stay out of the garage ok", [], house).items.map((i) => i.decision),
      ["add"],
    );
  });
});
