/**
 * A stretch from one of people's times to another ("after supper till bedtime", "from breakfast
 * until the school run") is one condition in the user's words, read back as said, not two
 * conditions read back out of order. One of people's times alone stays one condition. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["den", "sewing room"], sceneId: "s1" };
const conds = (m: string) =>
  learn(m, [], house).items.flatMap((i) =>
    (i.draft?.conditions ?? []).map((c) => [c.kind, c.kind === "text" ? c.text : c.quote]),
  );

describe("a stretch between two of people's times", () => {
  it("is one condition", () => {
    assert.deepEqual(conds("please stay out of the den after supper till bedtime, the kids do homework"), [
      ["text", "after supper till bedtime"],
    ]);
    assert.deepEqual(conds("Keep out of the sewing room from breakfast until lunch."), [
      ["text", "from breakfast until lunch"],
    ]);
  });

  it("said with one end, is that end", () => {
    assert.deepEqual(conds("keep out of the den until bedtime"), [["text", "until bedtime"]]);
  });
});
