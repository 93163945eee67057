/**
 * A room added after a request with a word of addition ("too", "as well", "also", "plus"), with
 * fillers or a speaker's "sorry" / "actually" between, is on the request's list: both rooms are
 * kept, the first is never taken back. Without a word of addition the later room is no addition.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const rooms = ["den", "study", "porch", "garage", "pantry", "laundry room", "cellar", "kitchen"];
const house = { rooms, sceneId: "s1" };

describe("a room added after the request", () => {
  it("keeps both rooms, with the request's own hours", async () => {
    const cases: [string, string[], number[][]][] = [
      ["never the garage, actually the laundry room too", ["garage", "laundry room"], []],
      ["keep out of the den, oh and the study as well", ["den", "study"], []],
      ["not ever the pantry, um, the cellar also", ["pantry", "cellar"], []],
      ["stay away from the porch, sorry, plus the kitchen, after 10", ["porch", "kitchen"], [[22, 6]]],
      ["don't go in the study, the den too, at night", ["study", "den"], [[21, 6]]],
    ];
    for (const [m, want, hours] of cases) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence]),
        want.map((room) => [{ kind: "avoid_room", room }, "persistent"]),
        m,
      );
      for (const r of rules)
        assert.deepEqual(
          r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind)),
          hours,
          m,
        );
    }
  });

  it("a room after a contrast is no addition to the list", async () => {
    const { rules } = await taught(house, "never the cellar but the kitchen, just this time");
    assert.ok(!rules.some((r) => r.requirement.kind === "avoid_room" && r.requirement.room === "kitchen"));
  });
});
