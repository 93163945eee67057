/**
 * A one-off marker set off before the request, however it is led into ("just for this evening",
 * "for this morning only", "this one outing"), makes the request for this task alone; a lasting
 * request beside it stays lasting. A room said alone after a one-off that no rule took ("this time, go
 * round. Not the snug.") is kept for this task only. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["conservatory", "workshop", "hall", "snug"] };
const decisions = (m: string) => learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.persistence]);

describe("a one-off marker led into", () => {
  it("keeps the request for this task only", () => {
    for (const m of [
      "Just for this evening, pal, steer clear of the workshop.",
      "For this morning only, keep out of the conservatory.",
      "only for today, please stay out of the snug",
      "For this one outing, do not go into the hall.",
    ])
      assert.deepEqual(decisions(m), [["task_local", "task_local"]], m);
  });

  it("gives a room said alone the one-off said before it, where no rule took that one-off", () => {
    const rooms = (m: string) =>
      learn(m, [], ctx).items.flatMap((i) =>
        i.draft && "room" in i.draft.requirement ? [[i.decision, i.draft.requirement.room]] : [],
      );
    assert.deepEqual(rooms("Right, this once, take the long way. Not the snug. Wet paint."), [["task_local", "snug"]]);
    // a one-off its own rule took stays that rule's; the room alone after it is asked
    const asked = learn("This once skip the hall. Not the snug.", [], ctx).items;
    assert.deepEqual(
      asked.map((i) => i.decision),
      ["task_local", "unclear"],
    );
    // a word of lasting in the message leaves the room alone to its own reading
    assert.deepEqual(rooms("this once, go round. not the workshop, ever."), [["add", "workshop"]]);
  });

  it("a lasting ban said alone stays lasting", () => {
    assert.deepEqual(decisions("For safety, never go into the workshop."), [["add", "persistent"]]);
  });
});
