/**
 * A room set off before a request that points back at it ("…, and the attic, keep out of it") is
 * that request's topic: it takes the request's own persistence, never the one-off of the request
 * before it, and is not added to that request's list. "that one" after a word of place points back
 * at a room, and so does "that" alone ("stay out of that for good"); "that one time", "for that one"
 * stay the task at hand, and "because of that" points back at what was said.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "study", "porch", "garage", "pantry", "cellar", "attic"], sceneId: "s1" };
const kept = (rules: Awaited<ReturnType<typeof taught>>["rules"]) => rules.map((r) => [r.requirement, r.persistence]);

describe("a room set off before the request that points back at it", () => {
  it("takes the lasting request's persistence, and the one-off stays with its own room", async () => {
    const cases: [string, string, string][] = [
      [
        "skip the porch just for today, the tiles are wet, and the cellar, keep out of that one for good",
        "porch",
        "cellar",
      ],
      ["avoid the den this time only, and the garage, never go in there", "den", "garage"],
      ["for this run stay out of the study, and the pantry, stay out of it from now on", "study", "pantry"],
    ];
    for (const [m, once, lasting] of cases) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(kept(rules), [[{ kind: "avoid_room", room: lasting }, "persistent"]], m);
      assert.match(reply, new RegExp(`this task, I'll stay out of the ${once}`), m);
      assert.doesNotMatch(reply, new RegExp(`this task, I'll stay out of the ${lasting}`), m);
    }
  });

  it("reads 'that one' after a word of place as the room before it", async () => {
    const { rules } = await taught(house, "the attic, stay out of that one");
    assert.deepEqual(kept(rules), [[{ kind: "avoid_room", room: "attic" }, "persistent"]]);
  });

  it("reads 'that' alone after a word of place as the room before it, with its own persistence", async () => {
    const cases: [string, string, string][] = [
      ["just this once keep out of the pantry, and the attic, you stay out of that for good", "pantry", "attic"],
      ["on this run skip the den, the rug is up, and the porch, steer clear of that from now on", "den", "porch"],
    ];
    for (const [m, once, lasting] of cases) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(kept(rules), [[{ kind: "avoid_room", room: lasting }, "persistent"]], m);
      assert.match(reply, new RegExp(`this task, I'll stay out of the ${once}`), m);
    }
    const { rules } = await taught(house, "the cellar: don't go in that");
    assert.deepEqual(kept(rules), [[{ kind: "avoid_room", room: "cellar" }, "persistent"]]);
  });

  it("keeps 'that' before a noun, or after 'because of', no room", async () => {
    const { rules } = await taught(house, "the garage is a mess. because of that, you may go in the study");
    assert.ok(!rules.some((r) => (r.requirement as { room?: string }).room === "garage"));
    const box = await taught(house, "in the den, stay out of that box");
    assert.ok(!box.rules.some((r) => (r.requirement as { room?: string }).room === "den"));
  });

  it("keeps 'that one time' and 'for that one' a one-off", async () => {
    for (const m of ["keep out of the den for that one", "stay out of the study, that one time only"]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });
});
