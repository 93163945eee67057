/**
 * Two requests run together without punctuation, one said to last and one for this task only:
 * each keeps its own how-long. The run-on is cut before the second request when a marker of how
 * long opens it, with "just" or "only" before it ("… and just for tonight avoid …"), or when words
 * that only manage the talk come first ("… and you know what, never …"); a "so" that opens the
 * message explains nothing said before it, so the request after it is read. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["larder", "sunroom", "cellar", "porch"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], house).items.map((i) => [i.decision, i.draft?.requirement ?? null, i.draft?.persistence ?? null]);

describe("a one-off and a lasting request in one run-on", () => {
  it("a marker with just/only before it opens the second request", () => {
    assert.deepEqual(
      read("never park in the porch at all and only for tonight keep clear of the cellar the pump is out"),
      [
        ["add", { kind: "no_stop_in_room", room: "porch" }, "persistent"],
        ["task_local", { kind: "avoid_room", room: "cellar" }, "task_local"],
      ],
    );
  });

  it("talk-managing words before the second request leave the first one-off its own", () => {
    assert.deepEqual(
      read("right this time avoid the larder the cat had kittens and you know what never go in the sunroom"),
      [
        ["task_local", { kind: "avoid_room", room: "larder" }, "task_local"],
        ["add", { kind: "avoid_room", room: "sunroom" }, "persistent"],
      ],
    );
  });

  it("a 'so' opening the message is no reason", () => {
    assert.deepEqual(read("so the cellar you must never go down there"), [
      ["add", { kind: "avoid_room", room: "cellar" }, "persistent"],
    ]);
  });
});
