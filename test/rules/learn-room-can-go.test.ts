/**
 * A room as the topic of a modal of permission with the robot's going as its verb, and a word of
 * change after it, as Singapore English says it ("store room can go already", "the den can go in
 * now"), lifts the ban on that room. Without the word of change, or negated, it lifts nothing.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["store room", "den", "balcony"], sceneId: "s1" };
const roomsOf = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => (r.requirement as { room?: string }).room);

describe("a room that can be gone into now", () => {
  it("lifts the ban on that room only", async () => {
    for (const m of ["store room can go already, the leak fixed", "the store room can go in now"]) {
      const { rules } = await taught(house, "Don't go in the store room.", "Stay out of the den.", m);
      assert.deepEqual(roomsOf(rules), ["den"], m);
    }
  });

  it("lifts nothing without a word of change, or negated", async () => {
    for (const m of ["store room can go", "the store room cannot go in now"]) {
      const { rules } = await taught(house, "Don't go in the store room.", m);
      assert.deepEqual(roomsOf(rules), ["store room"], m);
    }
  });
});
