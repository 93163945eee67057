/**
 * A room fronted with the goal of a verb of going ("to the X …") before the robot as subject and
 * a negated verb of going is a ban on that room; the speaker as subject bans nothing. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boathouse", "darkroom", "sunroom"], sceneId: "s1" };
const room = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement as { room?: string }).room);

describe("a room fronted as the goal of going", () => {
  it("bans that room when the robot is the one not going", async () => {
    for (const [m, want] of [
      ["To the boathouse the robot never goes, it floods.", "boathouse"],
      ["to the darkroom, machine, you must never travel", "darkroom"],
      ["Okay. To the sunroom you shall not go, ever.", "sunroom"],
    ])
      assert.deepEqual(room((await taught(house, m)).rules), [want], m);
  });

  it("keeps nothing when the speaker is the one not going", async () => {
    assert.deepEqual((await taught(house, "to the boathouse I never go these days")).rules, []);
  });
});
