/**
 * A ban followed by a fragment that only stresses it ("…, not even to peek", "…, not once") keeps
 * one rule: the fragment has no verb of its own, so it asks nothing new and is never a behaviour
 * rule beside the ban; "even if …" / "even when …" is concessive (the ban holds then too), never a
 * condition that would narrow the ban. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { elliptical } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "garage", "attic", "nursery", "workshop", "sunroom"], sceneId: "s1" };

describe("a ban stressed by a verbless fragment", () => {
  it("keeps the one ban, with no behaviour rule and no condition", async () => {
    for (const [m, room] of [
      ["keep out of the attic, not even to peek inside", "attic"],
      ["I don't want you in the workshop, not for a second", "workshop"],
      ["the paint is still wet so never enter the sunroom, not even briefly", "sunroom"],
      ["please stay away from the nursery - not once", "nursery"],
      ["don't go into the garage, not even if I ask nicely", "garage"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules.map((r) => r.requirement))}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(rules[0].conditions, [], m);
      assert.deepEqual(rules[0].exceptions, [], m);
    }
  });

  it("a concessive 'even when …' is no condition of the ban", async () => {
    const { rules } = await taught(house, "stay out of the pantry even when my parents visit");
    assert.equal(rules.length, 1);
    assert.deepEqual(rules[0].conditions, []);
  });

  it("a 'not' fragment that says when is still read as when", async () => {
    // the hours left out of a permission are banned: the fragment is no mere stress
    const { rules } = await taught(house, "you may use the garage, just not after 10 pm");
    assert.equal(rules.length, 1, JSON.stringify(rules));
    assert.equal(rules[0].requirement.kind, "avoid_room");
    assert.ok(
      rules[0].conditions.some((c) => c.kind === "time"),
      JSON.stringify(rules[0].conditions),
    );
  });
});

describe("elliptical", () => {
  it("is a fragment opened by 'not' with no finite verb of its own", () => {
    for (const f of ["not even for a look", "not once", "not even to fetch my keys", "not even if I ask"])
      assert.ok(elliptical(f), f);
    for (const f of ["not when guests are over", "do not go there", "not", "never", "not if it rains"])
      assert.equal(elliptical(f), false, f);
  });
});
