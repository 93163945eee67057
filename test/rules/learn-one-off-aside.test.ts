/**
 * A ban for one task with a clause after it on what goes on there ("…, where …", "…, wherein …",
 * "… while …"): the clause is why the room is closed now, and the one-off already ends with the
 * task, so the ban holds the whole task with no condition of its own. The same clause on a lasting
 * ban still narrows it. Sentences written for this test, not taken from a set.
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

  it("a lasting ban keeps the clause as when it holds", () => {
    assert.deepEqual(read("stay out of the garage while the floor is being painted"), [
      ["add", { kind: "avoid_room", room: "garage" }, ["text"]],
    ]);
  });
});
