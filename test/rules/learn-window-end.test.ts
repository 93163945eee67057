/**
 * The end of a window said alone, in a fragment after the sentence that opened the window ("…
 * after 9 pm. Until 7."), is that window's end: one rule with the whole window, no second rule from
 * midnight. A room ban said without a verb but with both ends of its hours on the clock keeps to a
 * schedule and lasts; with one end assumed or the half of the day guessed, it is still asked.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["garage", "workshop", "attic", "pantry", "porch"];
const hours = (m: string) =>
  learn(m, [], { rooms }).items.map((i) => ({
    decision: i.decision,
    room: i.draft && "room" in i.draft.requirement ? i.draft.requirement.room : undefined,
    windows: (i.draft?.conditions ?? []).flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : [])),
  }));

describe("a window's end said in a fragment of its own", () => {
  it("closes the window opened in the sentence before", () => {
    for (const [m, room, from, to] of [
      ["Keep out of the workshop after 9 pm. Until 7.", "workshop", 21, 7],
      ["Please don't go into the attic after 8 in the evening. Till about 5.", "attic", 20, 5],
      ["Never enter the pantry after 1 pm. Until 4, ok?", "pantry", 13, 16],
    ] as const)
      assert.deepEqual(hours(m), [{ decision: "add", room, windows: [[from, to]] }], m);
  });

  it("lasts for a verbless room ban once both ends are on the clock, and asks with one end assumed", () => {
    assert.deepEqual(hours("No porch after 11 pm. Until 6."), [{ decision: "add", room: "porch", windows: [[23, 6]] }]);
    assert.deepEqual(hours("Not the garage from 10 pm to 5 am."), [
      { decision: "add", room: "garage", windows: [[22, 5]] },
    ]);
    for (const m of ["No porch after 11 pm.", "Not the garage between 3 and 5."])
      assert.equal(hours(m)[0].decision, "unclear", m);
  });
});
