/**
 * "keep it clear", "keep it free": the place kept unblocked, said beside a rule against stopping
 * there, is no ban on going in; "keep clear of the X" still is one. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boathouse", "darkroom", "sunroom", "workshop"], sceneId: "s1" };
type Rules = Awaited<ReturnType<typeof taught>>["rules"];
const kinds = (rules: Rules) => rules.map((r) => `${r.requirement.kind}:${(r.requirement as { room?: string }).room}`);

describe("a place kept clear", () => {
  it("keeps only the rule against stopping there", async () => {
    for (const m of [
      "Don't wait in the workshop when you're done, it's a walkway, keep it clear.",
      "never stop in the sunroom, the kids play there, keep it free",
    ]) {
      const got = kinds((await taught(house, m)).rules);
      assert.ok(
        got.every((k) => k.startsWith("no_stop_in_room:")),
        `${m}: ${got}`,
      );
      assert.ok(got.length <= 1, `${m}: ${got}`);
    }
  });

  it("still bans a room the robot is told to keep clear of", async () => {
    assert.deepEqual(kinds((await taught(house, "keep clear of the darkroom")).rules), ["avoid_room:darkroom"]);
  });
});
