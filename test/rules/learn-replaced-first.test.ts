/**
 * The room of a rule in force put right with the room replaced said first ("not the X, I meant
 * the Y"): the rule now names the new room, and the old room is no longer banned. With no rule
 * naming the room replaced, the words are a slip put right inside the message, as before. Typed
 * in haste, "I" may be left out after the apology ("sorry meant the Y").
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["laundry", "workshop", "attic", "nursery"], sceneId: "s1" };
const rooms = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => ("room" in r.requirement ? r.requirement.room : r.requirement.kind));

describe("the room replaced said first, then the one meant", () => {
  it("moves the rule in force to the room meant", async () => {
    for (const m of [
      "My mistake. Not the laundry, I meant the workshop.",
      "no no, not laundry — we meant the workshop",
      "Not the laundry, sorry, I meant the workshop!",
      // an apology or a word of taking back before the room replaced
      "oh sorry not the laundry, I meant the workshop",
      "whoops not the laundry - we meant the workshop",
    ]) {
      const { rules } = await taught(house, "Please keep away from the laundry after 8 pm.", m);
      assert.deepEqual(rooms(rules), ["workshop"], m);
      const c = rules[0].conditions[0];
      assert.ok(c?.kind === "time" && c.fromHour === 20, `${m}: the hours stay`);
    }
  });

  it("reads the one meant with its subject left out after an apology", async () => {
    for (const m of ["soz meant the workshop not the laundry", "Sorry, meant the workshop, not the laundry."]) {
      const { rules } = await taught(house, "Please keep away from the laundry after 8 pm.", m);
      assert.deepEqual(rooms(rules), ["workshop"], m);
    }
  });

  it("reads a word of taking back typed as it sounds ('ment')", async () => {
    const { rules } = await taught(house, "keep out of the attic", "hang on i ment the nursery not the attic");
    assert.deepEqual(rooms(rules), ["nursery"]);
  });

  it("leaves a rule about another room alone, and reads a slip with no such rule as before", async () => {
    const other = await taught(house, "Keep out of the nursery.", "Not the laundry, I meant the workshop.");
    assert.ok(!rooms(other.rules).includes("laundry"));
    assert.ok(rooms(other.rules).includes("nursery"));
    const slip = await taught(house, "Never the attic, sorry, I meant the workshop.");
    assert.deepEqual(rooms(slip.rules), ["workshop"]);
  });
});
