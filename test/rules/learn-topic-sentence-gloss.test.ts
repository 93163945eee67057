/**
 * A room said as a sentence of its own, then glossed acts closed by their negation that name no
 * room ("PANTRY. WALK IN OK. LINGER NO."): the room is their topic. A room said inside a sentence
 * that says something of it is no such topic, and an act naming another room keeps its own.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "pantry", "study"], sceneId: "s1" };
const kept = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => `${r.requirement.kind}:${"room" in r.requirement ? r.requirement.room : ""}`).sort();

describe("a room said alone before glossed acts", () => {
  it("is the room of a glossed refusal right after it", async () => {
    const { rules, reply } = await taught(house, "Workshop. Hang around no.");
    assert.deepEqual(kept(rules), ["no_stop_in_room:workshop"], reply);
  });

  it("stays the topic past a glossed permission between", async () => {
    const { rules, reply } = await taught(house, "PANTRY. WALK IN OK. LINGER NO.");
    assert.deepEqual(kept(rules), ["no_stop_in_room:pantry"], reply);
  });

  it("is no topic when its sentence says something of it", async () => {
    const { rules, reply } = await taught(house, "The pantry is small. Linger no.");
    assert.equal(
      rules.filter((r) => "room" in r.requirement && r.requirement.room === "pantry").length,
      0,
      `${JSON.stringify(rules)} ${reply}`,
    );
  });
});
