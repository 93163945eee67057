/**
 * Terse speech about one room: a room then a bare refusal in one breath ("loft never") bans it; a
 * permission to go with no place said ("you can go in now") is one for the room the user has just
 * said something of, and a room taken back twice in one message is taken back once. Beside a ban
 * said of the room in the same message, or with two rooms said before it, it lifts nothing.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "scullery", "snug", "hall"], sceneId: "s4" };
const rooms = (rules: { requirement: { kind: string; room?: string } }[]) => rules.map((r) => r.requirement.room);

describe("a room then a bare refusal", () => {
  it("bans the room", async () => {
    for (const m of ["the loft never. never ever.", "scullery never"]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
    }
  });
});

describe("a permission to go with no place said", () => {
  const ban = "Keep out of the scullery.";
  it("lifts the ban on the room just spoken of", async () => {
    for (const m of [
      "The scullery floor is dry now. You can go in.",
      "scullery's been cleaned now, u may go in",
      "Scullery fine now. You can go in again, the scullery I mean.",
      // taken back twice in one message: once
      "Scullery okay now. The paint has dried, you can go.",
    ]) {
      const { rules } = await taught(house, ban, m);
      assert.deepEqual(rooms(rules), [], m);
    }
  });

  it("lifts nothing beside a ban said of that room, or after two rooms", async () => {
    for (const m of [
      "Don't stop in the snug. You can go in.",
      "The snug and the scullery are clean now. You can go in.",
    ]) {
      const { rules } = await taught(house, ban, m);
      assert.ok(rooms(rules).includes("scullery"), m);
    }
  });
});
