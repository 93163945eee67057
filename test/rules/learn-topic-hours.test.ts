/**
 * A room said as the topic, then a refusal with hours ("workshop: not after 9 pm", "attic: never
 * between 1 pm and 3 pm") bans that room at those hours, as the refusal alone bans it always. A
 * dash between two hours ("1–3 pm", "9pm-6am") is a range, whatever the dash, so its hours are
 * never dropped. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const rooms = ["workshop", "attic", "guest room", "laundry"];
const read = (m: string) =>
  learn(m, [], { rooms }).items.map((i) => [
    i.decision,
    i.draft?.requirement,
    (i.draft?.conditions ?? []).flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour]] : [])),
  ]);

describe("a room as topic, then a refusal with hours", () => {
  it("bans that room at the hours said", () => {
    for (const [m, room, from, to] of [
      ["Workshop: not after 9 pm.", "workshop", 21, 6],
      ["attic - never between 1 pm and 3 pm", "attic", 13, 15],
      ["Guest room: no, not 2–5 pm. My mother rests then.", "guest room", 14, 17],
    ] as const)
      assert.deepEqual(read(m), [["add", { kind: "avoid_room", room }, [[from, to]]]], m);
  });

  it("reads a dash between two hours as a range", () => {
    for (const [m, from, to] of [
      ["Keep out of the laundry 1–3 pm.", 13, 15],
      ["Stay out of the laundry 10pm-7am please.", 22, 7],
      ["Never go into the laundry 8 — 11 pm.", 20, 23],
    ] as const)
      assert.deepEqual(read(m), [["add", { kind: "avoid_room", room: "laundry" }, [[from, to]]]], m);
  });

  it("keeps asking a refusal with no hours or a topic that is no room", () => {
    assert.equal(learn("Workshop: not today.", [], { rooms }).items[0]?.decision, "unclear");
    assert.notEqual(learn("Dinner: not after 9 pm.", [], { rooms }).items[0]?.decision, "add");
  });
});
