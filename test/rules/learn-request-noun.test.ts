/**
 * The user asking said as a noun ("only at my request", "except with our permission") is the
 * exception to a ban, as "only when I ask" and "unless I ask" are: the robot stays out until it
 * is asked in, and never reads the phrase as hours or as a condition of the ban. Phrasings
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["library", "cellar", "nursery"], sceneId: "s1", at: 1 };
const draftOf = (m: string) => learn(m, [], ctx).items.find((i) => i.decision === "add")?.draft;

describe("asking said as a noun", () => {
  for (const m of [
    "The library is to be used only at my request.",
    "you may enter the cellar only upon our explicit instruction",
    "keep out of the nursery except with my permission",
  ])
    it(`bans the room with the asked exception: ${m}`, () => {
      const d = draftOf(m);
      assert.equal(d?.requirement.kind, "avoid_room", m);
      assert.deepEqual(d?.conditions, [], m);
      assert.deepEqual(
        d?.exceptions.map((e) => e.kind),
        ["instruction_mentions"],
        m,
      );
    });
});
