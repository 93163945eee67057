/**
 * Two requests run together with "and", the second with its room said first as its topic ("… and
 * the cellar always you keep out"): the second is a request of its own, lasting or for this task as
 * its own words say, never swallowed by the reason before it. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["cellar", "sewing room", "utility", "landing"] };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft && "room" in i.draft.requirement ? i.draft.requirement.room : undefined,
  ]);

describe("a second request with a fronted room after 'and'", () => {
  it("is read beside a one-off with its reason", () => {
    for (const m of [
      "skip the utility tonight because the washer is leaking and the cellar always you keep out",
      "skip the utility tonight because the washer is leaking and the cellar you must never go into",
    ])
      assert.deepEqual(
        read(m),
        [
          ["task_local", "utility"],
          ["add", "cellar"],
        ],
        m,
      );
  });

  it("a plain 'and' before a noun that names no room does not cut", () => {
    assert.deepEqual(read("stay out of the sewing room while the glue and the paint dry"), [["add", "sewing room"]]);
  });
});
