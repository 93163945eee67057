/**
 * A permission for any time with hours excepted is a ban at those hours and nothing more, also
 * when the room is fronted as the permitting verb's object ("the study you can enter any time,
 * except …") and when the time is the robot's free choice ("whenever you like", "if you want
 * to"), which is no condition of its own. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "cellar", "den"], sceneId: "s1" };
const read = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    (r.requirement as { room?: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
    r.exceptions.length,
  ]);

describe("a permission with hours excepted", () => {
  it("with its room fronted is a ban at those hours", async () => {
    for (const m of [
      "The study you can enter any time, except after 11 pm",
      "study you may go in whenever, except after 11 pm",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(read(rules), [["study", [[23, 6]], 0]], m);
    }
  });

  it("with the robot's free choice of when keeps no condition for it", async () => {
    for (const m of [
      "you can go into the cellar whenever you like, except from 7 to 9 in the morning",
      "the cellar you can enter if you want to, except from 7 to 9 in the morning",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(read(rules), [["cellar", [[7, 9]], 0]], m);
    }
  });

  it("a room fronted with another subject than the robot is no permission of it", async () => {
    const { rules } = await taught(house, "The den my son can enter any time, except after 11 pm");
    assert.deepEqual(rules, []);
  });
});
