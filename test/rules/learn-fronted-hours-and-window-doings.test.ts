/**
 * Two shapes of a new ban with hours. Hours said first, then the room fronted as the topic and a
 * negated verb of going after it ("at night the cellar you don't go"): the hours are the ban's
 * condition and the room its object. A permission with hours left out, and a clause right after
 * those hours telling what goes on in them ("… except 9 to 11 while I'm painting"): the clause says
 * why those hours, so the ban holds at them, with no second condition the robot cannot check; a
 * clause that is no activity going on ("when I'm home", "if it rains") stays a condition. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["workshop", "sun room", "cellar", "studio"], sceneId: "s1" };

describe("hours said before a fronted room and its negated verb of going", () => {
  it("are the ban's hours, whichever hours and negation", async () => {
    for (const [m, room, when] of [
      ["at night the cellar you don't go.", "cellar", "21-6"],
      ["in the mornings the studio you never go in, friend.", "studio", "6-12"],
      ["after 10 pm the workshop you do not enter.", "workshop", "22-6"],
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room, when: [when] }], m);
    }
  });

  it("keep nothing when the verb of going is not negated", async () => {
    const { rules } = await taught(house, "in the evenings the sun room you go.");
    assert.deepEqual(rules, []);
  });
});

describe("a permission with hours left out and what goes on in them", () => {
  it("bans the room at those hours only, the activity read as their reason", async () => {
    for (const m of [
      "Go in the studio whenever you like, save between 9 and 11 in the morning when I'm painting.",
      "you can pop into the studio any time, 'cept from 9 till 11 am while the kids are practising",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "studio", when: ["9-11"] }], m);
      assert.deepEqual(rules[0].exceptions, [], m);
    }
  });

  it("keeps a clause that tells no activity, or an if-clause, as a condition beside the hours", async () => {
    for (const m of [
      "you may go into the cellar any time, except from 6 to 8 pm when I'm home.",
      "you may go into the cellar any time, except from 6 to 8 pm if it is raining.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "cellar", when: ["text", "18-20"] }], m);
    }
  });

  it("keeps a plain ban's activity clause as its condition", async () => {
    const m = "keep out of the workshop between 2 and 4 pm while I'm welding";
    const { rules } = await taught(house, m);
    assert.deepEqual(roomsAndHours(rules), [{ room: "workshop", when: ["14-16", "text"] }]);
  });
});
