/**
 * "the attic rule goes for the garage as well": a room said with a word for its rule names which
 * rule is carried over to the other room, even when another rule was taught after it; with no
 * such rule, which one is asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["attic", "garage", "larder", "study"], sceneId: "s1" };

describe("a room's rule carried over to another room", () => {
  it("carries the rule of the room named, not the last one taught", async () => {
    const { rules } = await taught(
      house,
      "Please keep out of the attic after 9 pm from now on.",
      "Never stop in the larder.",
      "ok the attic rule applies to the study too",
    );
    const study = rules.find((r) => (r.requirement as { room: string }).room === "study");
    assert.ok(study, "a rule for the study");
    assert.equal(study.requirement.kind, "avoid_room");
    assert.deepEqual(
      study.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[21, 6]],
    );
  });

  it("asks which rule when the room named has none", async () => {
    const { rules, reply } = await taught(
      house,
      "Never stop in the larder.",
      "the garage rule goes for the study as well",
    );
    assert.equal(rules.length, 1);
    assert.match(reply, /which rule/i);
  });
});
