/**
 * A room said as the end of a route ("to reach the pantry", "on the way to the porch") is where
 * the robot is going, not what a ban in the same clause is about: it is never banned by that
 * clause, and a later "there" points back at the place on the way. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isRouteGoal } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "porch", "laundry", "loft", "snug", "workshop"], sceneId: "s1" };
const kept = async (...messages: string[]) => {
  const { rules, reply } = await taught(house, ...messages);
  return {
    rules: rules.map((r) => `${r.requirement.kind}:${"room" in r.requirement ? r.requirement.room : ""}`).sort(),
    reply,
  };
};

describe("a route's goal", () => {
  it("is read from the words before it, not from a ban's own verb", () => {
    const at = (s: string, w: string) => [s.split(" "), s.split(" ").indexOf(w)] as const;
    assert.equal(isRouteGoal(...at("cut through the snug to reach the porch", "porch")), true);
    assert.equal(isRouteGoal(...at("on your way to the loft", "loft")), true);
    assert.equal(isRouteGoal(...at("pass the laundry to get to my workshop", "workshop")), true);
    assert.equal(isRouteGoal(...at("please do not go to the loft", "loft")), false);
    assert.equal(isRouteGoal(...at("no reaching into the pantry", "pantry")), false);
  });

  it("is not what a later 'there' points back at when a place on the way was named", async () => {
    const a = await kept("Cutting through the laundry to get to the porch is fine, only never park there.");
    assert.deepEqual(a.rules, ["no_stop_in_room:laundry"], a.reply);
    const b = await kept(
      "No waiting in the snug. Walk across it on your way to the loft if you must, but don't pause there.",
    );
    assert.deepEqual(b.rules, ["no_stop_in_room:snug"], b.reply);
  });

  it("is never banned by the clause that leads to it; a ban said only on the way is asked, not widened", async () => {
    const a = await kept("please never stop in the workshop on the way to the pantry");
    assert.deepEqual(a.rules, [], a.reply);
    assert.match(a.reply, /pantry/);
    // (a message with a clause it could not place may be asked whole: doing less is safe)
    const b = await kept("Don't go into the loft en route to the porch, and keep out of the snug.");
    assert.ok(!b.rules.some((r) => r.endsWith(":porch") || r.endsWith(":loft")), b.reply);
  });

  it("stays the room of a plain ban that goes to it", async () => {
    const a = await kept("do not go to the pantry");
    assert.deepEqual(a.rules, ["avoid_room:pantry"], a.reply);
    const b = await kept("don't go to the porch at night, there's no light out there");
    assert.equal(b.rules.length, 1, b.reply);
    assert.equal(b.rules[0], "avoid_room:porch");
  });

  it("is no permission of its own beside a pass-through permission and a no-stop ban", async () => {
    const a = await kept("you may cross the snug to reach the porch, just don't stand around in the snug");
    assert.deepEqual(a.rules, ["no_stop_in_room:snug"], a.reply);
    const b = await kept("The workshop: u can cross it to get to the loft, just dont park urself in there lol");
    assert.deepEqual(b.rules, ["no_stop_in_room:workshop"], b.reply);
    const c = await kept("the laundry? you're free to cross it on the way to the pantry but never wait in it");
    assert.deepEqual(c.rules, ["no_stop_in_room:laundry"], c.reply);
  });

  it("with a rule in force on it, is not passed over: the permission is still weighed", async () => {
    const a = await kept(
      "never go into the porch",
      "you can cross the snug to reach the porch, just don't stop in the snug",
    );
    assert.ok(a.rules.includes("avoid_room:porch"), a.reply);
  });
});
