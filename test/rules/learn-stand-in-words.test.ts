/**
 * A behaviour in the user's words is kept only when it says what to do. Words that stand in for a
 * thing said elsewhere ("the other one", "the same stuff") say nothing of it: such a clause is asked
 * back, never kept as a lasting rule beside the ban it was said about. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["front bathroom", "back bathroom", "pantry"], sceneId: "s1" };

describe("words that only stand in for a thing", () => {
  it("keep no rule of their own beside a room put right", async () => {
    for (const m of [
      "Sorry, I meant the back bathroom, not the other one",
      "the back bathroom is the one I mean, not the other",
      "no, not that one. the same as before",
    ]) {
      const { rules, reply } = await taught(house, "Never go in the front bathroom.", m);
      assert.ok(
        rules.every((r) => r.requirement.kind !== "behavior"),
        `${m}: ${JSON.stringify(rules.map((r) => r.requirement))}`,
      );
      assert.match(reply, /\?/, m);
    }
  });

  it("a behaviour that says what to do is still kept", async () => {
    const { rules } = await taught(house, "don't use the other door, use the side door");
    assert.ok(rules.some((r) => r.requirement.kind === "behavior"));
  });
});
