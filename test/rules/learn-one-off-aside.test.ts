/**
 * A ban for one task with a clause after it on what goes on there ("…, where …", "…, wherein …",
 * "… while …"): the clause is why the room is closed now, and the one-off already ends with the
 * task, so the ban holds the whole task with no condition of its own. The same clause on a lasting
 * ban still narrows it. A relative clause set off after a statement before the ban ("…, which should
 * be dry by tomorrow, so …") says more of what the statement names, never when. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["pantry", "garage", "nursery", "study"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], house).items.map((i) => [i.decision, i.draft?.requirement, i.draft?.conditions.map((c) => c.kind)]);

describe("a one-off ban with a clause on what goes on there", () => {
  it("holds for the whole task, the clause being its reason", () => {
    for (const [m, room] of [
      ["for this search only, keep out of the nursery, where the twins are napping", "nursery"],
      ["only this once, do not go into the study, wherein my papers are laid out on the floor", "study"],
      ["just for today's run, the garage is off limits while the floor is being painted", "garage"],
    ] as const)
      assert.deepEqual(read(m), [["task_local", { kind: "avoid_room", room }, []]], m);
  });

  it("a relative clause set off after a statement before the ban says more of it, no condition", () => {
    for (const m of [
      "the garage floor is freshly sealed, which should have set by tomorrow, so for this run please keep out of it",
      "my nephew is staying in the study, who leaves on Friday, so just this once don't go in there",
    ]) {
      const out = read(m);
      assert.equal(out.length, 1, m);
      assert.equal(out[0][0], "task_local", m);
      assert.deepEqual(out[0][2], [], m);
    }
    // hours in it stay: they may be the ban's
    const timed = read("the twins nap in the nursery, which is from 1 to 3, so keep out of it");
    assert.ok(
      timed.some((r) => (r[2] as string[] | undefined)?.includes("time")),
      JSON.stringify(timed),
    );
  });

  it("a lasting ban keeps the clause as when it holds", () => {
    assert.deepEqual(read("stay out of the garage while the floor is being painted"), [
      ["add", { kind: "avoid_room", room: "garage" }, ["text"]],
    ]);
  });
});
