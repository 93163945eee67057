/**
 * "Leave the X be", "let the X be", said at the end of its clause, is "leave it alone": a room to
 * stay out of, for as long as the clause says. The same verbs before more words ("let the cat be
 * in the X") ban nothing. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["conservatory", "box room"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], house).items.map((i) => [i.decision, i.draft?.requirement ?? null, i.draft?.persistence ?? null]);

describe("leave the room be", () => {
  it("is a room to stay out of, this task only when a one-off says so", () => {
    assert.deepEqual(read("for this trip only, leave the box room be"), [
      ["task_local", { kind: "avoid_room", room: "box room" }, "task_local"],
    ]);
    assert.deepEqual(read("Let the conservatory be, please."), [
      ["add", { kind: "avoid_room", room: "conservatory" }, "persistent"],
    ]);
  });

  it("before more words, bans nothing", () => {
    for (const [d] of read("let the cat be in the conservatory")) assert.notEqual(d, "add");
  });
});
