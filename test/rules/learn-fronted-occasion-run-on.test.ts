/**
 * Two requests run together, the second opened by an occasion the task words do not name ("for
 * this game only", "for this party just"): the run-on is cut there, so the occasion makes the
 * second request a one-off and leaves the first as it was said. Sentences written for this test,
 * not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["larder", "sunroom", "cellar", "porch"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], house).items.map((i) => [i.decision, i.draft?.requirement ?? null, i.draft?.persistence ?? null]);

describe("an occasion fronted on the second request of a run-on", () => {
  it("makes that request a one-off and leaves the first lasting", () => {
    assert.deepEqual(read("keep out of the larder from now on and for this game only avoid the porch"), [
      ["add", { kind: "avoid_room", room: "larder" }, "persistent"],
      ["task_local", { kind: "avoid_room", room: "porch" }, "task_local"],
    ]);
    assert.deepEqual(read("never go in the cellar and for this party just keep clear of the sunroom"), [
      ["add", { kind: "avoid_room", room: "cellar" }, "persistent"],
      ["task_local", { kind: "avoid_room", room: "sunroom" }, "task_local"],
    ]);
  });

  it("a demonstrative the verb governs opens no occasion and cuts nothing", () => {
    const out = read("stay out of the cellar and for this reason avoid the porch too");
    assert.ok(
      out.every(([, , p]) => p !== "task_local"),
      JSON.stringify(out),
    );
  });
});
