/**
 * Clock hours said first and then the stretch of the day they are ("from 2 to 4 after lunch",
 * "between 7 and 9 while we have breakfast", "9 to 5 during office hours") are those hours: one
 * checked window, the stretch's words no second condition, as when the stretch comes first
 * ("during choir practice, 7 to 9"). A stretch joined by "and", a day, or a stretch beside a part of
 * the day with no clock hours stays a condition of its own. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const house = { rooms: ["den", "study", "kitchen"], sceneId: "s1" };
const conds = (message: string) => {
  const it = learn(message, [], house).items.find((i) => i.decision === "add");
  return it?.draft?.conditions.map((c) => (c.kind === "time" ? `time:${c.fromHour}-${c.toHour}` : c.kind)).sort();
};

describe("hours then the stretch of the day they are", () => {
  it("is one window", () => {
    assert.deepEqual(conds("keep out of the den from 2 to 4 after lunch"), ["time:14-16"]);
    assert.deepEqual(conds("please avoid the kitchen between 7 and 9 while we have breakfast"), ["time:7-9"]);
    assert.deepEqual(conds("never enter the study 9 to 5 during office hours"), ["time:9-17"]);
  });

  it("is one window for a permission's hours said no to", () => {
    assert.deepEqual(conds("the den is fine, only not from 6 to 7 while we have dinner"), ["time:18-19"]);
  });

  it("keeps a stretch that is not the clock hours' own", () => {
    assert.ok(conds("keep out of the den from 2 to 4 and after dinner")?.includes("text"));
    assert.ok(conds("keep out of the den in the evening during dinner")?.includes("text"));
    assert.ok(conds("keep out of the den from 2 to 4 on weekdays")?.includes("text"));
  });
});
