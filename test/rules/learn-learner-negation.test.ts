/**
 * "you no go in there": English as many learners speak it puts "no" before the verb its subject
 * does, and may say the room first as the topic with the robot as the verb's subject. Both are
 * bans; "you no need to" and "thank you no problem" are not. Sentences written for this test,
 * not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["veranda", "laundry", "loft", "snug", "workshop"], sceneId: "s1" };
const kept = async (m: string) => {
  const { rules, reply } = await taught(house, m);
  const said = rules.map((r) => [
    r.requirement.kind,
    "room" in r.requirement ? r.requirement.room : "",
    r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)).join(","),
  ]);
  return { said, reply };
};

describe("a ban said with 'no' before the verb", () => {
  it("is a ban on the room, with its hours or its condition", async () => {
    assert.deepEqual((await kept("you no go inside the workshop")).said, [["avoid_room", "workshop", ""]]);
    assert.deepEqual((await kept("Robot, u no stop in laundry, ok?")).said, [["no_stop_in_room", "laundry", ""]]);
    const night = await kept("after ten at night you no come to the snug");
    assert.equal(night.said.length, 1, night.reply);
    assert.equal(night.said[0][1], "snug");
  });

  it("is a ban on the room said first as its topic, the robot its subject", async () => {
    assert.deepEqual((await kept("Loft, you no go.")).said, [["avoid_room", "loft", ""]]);
    assert.deepEqual((await kept("The veranda, from seven to nine in the morning, you never go.")).said, [
      ["avoid_room", "veranda", "7-9"],
    ]);
  });

  it("is no ban where 'no' says there is no need or no trouble", async () => {
    assert.deepEqual((await kept("you no need to go in the loft today")).said, []);
    assert.deepEqual((await kept("thank you no problem at all")).said, []);
  });
});
