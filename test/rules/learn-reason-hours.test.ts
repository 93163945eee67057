/**
 * A message that only explains, with hours in its explanation ("… that's why …", "because …"),
 * asks for nothing: it is no correction. A statement with hours and no word of explanation may
 * give a condition its hours, so it is still asked, and a request with a reason is still a rule;
 * a reason said as a relative clause ("…, which is when I read") is no condition of it.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["kitchen", "hall", "study"] };

describe("a reason with hours in it, alone", () => {
  it("is no correction", () => {
    for (const m of [
      "My brother drives a night bus, that's why the kitchen is empty in the evenings.",
      "Because the twins sleep from 8 pm, the hall is dark after that.",
      "we get up at 5 am, so the study is busy early in the morning",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, `${m}: ${JSON.stringify(out.items)}`);
    }
  });

  it("still asks about hours said without a word of explanation, and keeps a request given a reason", () => {
    const told = learn("The twins nap from 1 to 3.", [], ctx);
    assert.equal(told.signal, true);
    const asked = learn("Keep out of the study after 9 pm, because that's when I read.", [], ctx);
    assert.equal(asked.items[0]?.decision, "add");
  });

  it("said as a relative clause on the hours or the room, is the rule's reason, not a second condition", () => {
    for (const m of [
      "Please keep out of the study between 6 and 9 pm, which is when I practise the violin.",
      "don't stop in the hall which is where the buggy is parked",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.items.length, 1, JSON.stringify(out.items));
      const d = out.items[0].draft;
      assert.ok(d && out.items[0].decision === "add", JSON.stringify(out.items[0]));
      assert.ok(!d.conditions.some((c) => c.kind === "text"), JSON.stringify(d.conditions));
    }
  });
});

describe("a part of the day counted short of every one ('most mornings')", () => {
  it("in a reason says how often, not when: the ban said plainly holds", () => {
    for (const [m, room] of [
      ["Keep out of the kitchen, the stove is roaring most evenings and it's far too hot.", "kitchen"],
      ["don't go in the study, my son revises there most afternoons", "study"],
    ] as const) {
      const out = learn(m, [], ctx);
      assert.deepEqual(
        out.items.map((i) => [i.decision, i.draft?.requirement, i.draft?.conditions]),
        [["add", { kind: "avoid_room", room }, []]],
        m,
      );
    }
  });

  it("in the request itself, is kept as said, never an all-day ban", () => {
    const out = learn("stay out of the hall most evenings", [], ctx);
    for (const i of out.items) assert.ok(!i.draft || i.draft.conditions.length > 0, JSON.stringify(i));
  });

  it("is no quantifier when 'most' closes a limit ('at the most') before the hours", () => {
    const out = learn("Replies of ten words at the most in the mornings, please.", [], ctx);
    assert.deepEqual(
      out.items.map((i) => i.draft?.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind))),
      [["6-12"]],
    );
  });
});

describe("a time told in a reason, after a request with hours of its own", () => {
  it("is the reason's: fronted before a statement, or set off after 'because'", () => {
    for (const m of [
      "Keep out of the study in the evenings. After supper we read in there.",
      "At night you don't go in the study. After ten I write in there, because I sleep in late, until nine in the morning.",
    ]) {
      const out = learn(m, [], ctx);
      assert.ok(
        out.items.every((i) => !i.draft || i.draft.conditions.every((c) => c.kind === "time")),
        `${m}: ${JSON.stringify(out.items.map((i) => [i.decision, i.draft?.conditions]))}`,
      );
      // kept with its own hours only, or asked: never a second window from the reason
      for (const i of out.items.filter((x) => x.decision === "add"))
        assert.ok(
          i.draft?.conditions.every((c) => c.kind === "time" && (c.fromHour === 17 || c.fromHour === 21)),
          `${m}: ${JSON.stringify(i.draft?.conditions)}`,
        );
    }
  });

  it("still gives a request with no hours of its own its when", () => {
    const out = learn("Don't go in the hall while I nap. After lunch I nap.", [], ctx);
    assert.ok(
      out.items.some((i) => i.draft?.conditions.length),
      JSON.stringify(out.items),
    );
  });
});
