/**
 * "Negative on" before a gerund, the radio's way of saying no ("negative on parking in the
 * shed"), forbids as "no parking" does; a result reported with it ("the check came back
 * negative on …") forbids nothing. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["shed", "porch", "larder"], sceneId: "s1" };

describe("'negative on' before a gerund", () => {
  it("reads a ban on stopping in the room named", async () => {
    for (const [m, room] of [
      ["Negative on lingering in the larder. Pass straight through.", "larder"],
      ["ok negative on parking on the porch", "porch"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      const [r] = rules;
      assert.equal(r.requirement.kind, "no_stop_in_room", m);
      assert.equal(r.requirement.kind === "no_stop_in_room" && r.requirement.room, room, m);
    }
  });

  it("keeps nothing for a result reported with it", async () => {
    const { rules } = await taught(house, "the damp test came back negative on checking the shed");
    assert.equal(rules.length, 0);
  });
});
