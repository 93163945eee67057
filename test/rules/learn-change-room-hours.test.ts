/**
 * A rule named by its room alone after a verb of change, with its new hours ("change the snug to
 * 7 till 9"), is that rule's hours revised: the rule keeps its room and kind, and no rule is added
 * beside it. With no rule about the room in force, which rule is meant is asked. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["snug", "boot room", "loft"], sceneId: "s1" };
const summary = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    r.requirement,
    r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("a rule's hours changed, the rule named by its room", () => {
  it("revises the hours of the rule in force about that room", async () => {
    for (const m of [
      "change the snug to 7 till 9, the kids moved their film night",
      "Could you change the snug to 7 till 9 please.",
    ]) {
      const { rules } = await taught(house, "Never stop in the snug from 6 pm to 8 pm.", m);
      assert.deepEqual(summary(rules), [[{ kind: "no_stop_in_room", room: "snug" }, ["19-21"]]], m);
    }
  });

  it("with no rule about the room, keeps nothing and asks", async () => {
    const { rules, reply } = await taught(house, "Keep out of the loft after 10 pm.", "change the snug to 7 till 9");
    assert.deepEqual(summary(rules), [[{ kind: "avoid_room", room: "loft" }, ["22-6"]]]);
    assert.match(reply, /\?/);
  });
});
