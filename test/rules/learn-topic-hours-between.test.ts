/**
 * A room fronted as the topic, hours said between it and the negated verb ("the workshop from
 * 10pm to 6am you cannot go in"): a ban on that room at those hours. Words other than the robot
 * between the room and the verb leave it no topic. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "pantry", "hall"], sceneId: "s1" };
const kept = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    r.requirement.kind,
    (r.requirement as { room?: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("a fronted room with hours before its negated verb", () => {
  it("is a ban on that room at those hours", async () => {
    for (const m of ["the workshop from 10pm to 6am you cannot go in", "workshop between 10pm and 6am never go in"]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(kept(rules), [["avoid_room", "workshop", [[22, 6]]]], `${m} ${reply}`);
    }
  });
});

describe("a fronted room with someone else before the negated verb", () => {
  it("is no ban on the robot", async () => {
    const { rules } = await taught(house, "the workshop from 10pm to 6am my son cannot go in");
    assert.deepEqual(kept(rules), []);
  });
});
