/**
 * A rule named with what it now is, its new hours right after ("the snug rule is now 7 to 9", said
 * tersely with no verb: "loft ban now 1900 to 2200"), is that rule's hours revised: it keeps its
 * room and kind, and no rule is added beside it. A number that is no hours ("the word limit is now
 * 15") is no new window, and with no rule about the room in force, which rule is meant is asked.
 * Sentences written for this test, not taken from a set.
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

describe("a rule said to be now other hours", () => {
  it("revises the hours of the rule in force about that room", async () => {
    for (const [m, h] of [
      ["the snug rule is now 7 pm to 9 pm, film night moved", "19-21"],
      ["Snug restriction now 1930 to 2200, thanks.", "19-22"],
      ["ok so the snug ban is now from six to eight in the evening", "18-20"],
    ] as const) {
      const { rules } = await taught(house, "Never stop in the snug from 8 pm to 11 pm.", m);
      assert.deepEqual(summary(rules), [[{ kind: "no_stop_in_room", room: "snug" }, [h]]], m);
    }
  });

  it("with no rule about the room, keeps nothing new and asks", async () => {
    const { rules, reply } = await taught(house, "Keep out of the loft after 10 pm.", "snug rule now 7 to 9");
    assert.deepEqual(summary(rules), [[{ kind: "avoid_room", room: "loft" }, ["22-6"]]]);
    assert.match(reply, /\?/);
  });

  it("a limit said to be now a number gains no hours", async () => {
    const { rules } = await taught(house, "Keep your replies under 20 words.", "the limit is now 12 words");
    for (const r of rules)
      assert.ok(
        r.conditions.every((c) => c.kind !== "time"),
        JSON.stringify(r.conditions),
      );
  });
});
