/**
 * The learner's safety net (learn/unread.ts): a part of the message that says for how long, when,
 * where or what to change, and that no reading took, never leaves a rule broader or more lasting
 * than what was read: the rule is kept for this task only, or asked back with the reading said.
 * What the readings do account for (a reason, a polite frame, hours said twice) is no such part.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const rooms = ["den", "study", "porch", "garage", "pantry", "nursery", "cellar"];
const house = { rooms, sceneId: "s1" };
const ctx = { rooms, sceneId: "s1" };

describe("a part left unread", () => {
  it("a duration told beside the request keeps it for this task only, and asks whether it lasts", async () => {
    for (const m of [
      "keep away from the porch, the decking is being oiled this week",
      "don't go into the study, I've got exams all week",
      "skip the garage please, they're fixing the door for the rest of the week",
    ]) {
      const out = learn(m, [], ctx);
      assert.deepEqual(
        out.items.map((i) => i.decision),
        ["task_local"],
        m,
      );
      assert.match(out.items[0].question ?? "", /after this task/, m);
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], `${m}: nothing lasting is kept`);
    }
  });

  it("people's hours said in a sentence of their own beside an all-day ban make it a question", async () => {
    for (const m of [
      "My husband naps in the study after lunch. Stay out.",
      "The nursery is the twins' from 6 to 8 pm. Don't go in.",
      "Dad works in the garage in the mornings. Keep away from the garage.",
    ]) {
      const out = learn(m, [], ctx);
      assert.ok(
        out.items.length > 0 && out.items.every((i) => i.decision === "unclear"),
        `${m}: ${JSON.stringify(out.items)}`,
      );
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /only then/, reply);
    }
    // said with "then", the hours are the ban's
    const { rules } = await taught(house, "My husband naps in the study in the afternoon. Keep out of there then.");
    assert.equal(rules.length, 1);
    assert.ok(
      rules[0].conditions.some((c) => c.kind === "time"),
      JSON.stringify(rules),
    );
  });

  it("a reason that says when asks whether the ban holds only then, unless the ban is said to last", async () => {
    const asked = learn("Keep out of the porch, because we eat out there in the evening.", [], ctx).items;
    assert.ok(asked.length > 0 && asked.every((i) => i.decision === "unclear"), JSON.stringify(asked));
    const { rules } = await taught(house, "From now on keep out of the porch, we eat out there in the evening.");
    assert.equal(rules.length, 1, JSON.stringify(rules));
  });

  it("a word of change no reading took keeps nothing and says back what was understood", async () => {
    const m = "keep out of the den. instead, the study";
    const { rules, reply } = await taught(house, m);
    assert.deepEqual(rules, [], m);
    assert.match(reply, /never enter the den/, reply);
    assert.match(reply, /\?/, reply);
  });

  it("a when-word in its British spelling is a condition, never dropped", () => {
    const out = learn("stay out of the nursery whilst the twins are napping", [], ctx);
    assert.equal(out.items[0].decision, "add");
    assert.deepEqual(
      out.items[0].draft?.conditions.map((c) => c.quote),
      ["whilst the twins are napping"],
    );
  });

  it("hours named by what fills them are a condition", () => {
    for (const m of ["outside of office hours keep out of the study", "keep away from the den during my shifts"]) {
      const out = learn(m, [], ctx);
      assert.equal(out.items[0].decision, "add", m);
      assert.deepEqual(
        out.items[0].draft?.conditions.map((c) => c.kind),
        ["text"],
        m,
      );
    }
  });

  it("a reason, a polite frame or hours said again are read: the rule is kept as said", () => {
    const cases: [string, string, number[][]][] = [
      ["stay out of the garage after 9 pm, that's when I lock it up", "garage", [[21, 6]]],
      ["I'd really appreciate it if you just didn't go in the pantry", "pantry", []],
      ["don't go in the cellar between 1 and 2, we eat lunch then", "cellar", [[13, 14]]],
    ];
    for (const [m, room, hours] of cases) {
      const out = learn(m, [], ctx);
      assert.deepEqual(
        out.items.map((i) => i.decision),
        ["add"],
        `${m}: ${out.items[0]?.question ?? ""}`,
      );
      assert.deepEqual(out.items[0].draft?.requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(
        out.items[0].draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind)),
        hours,
        m,
      );
    }
  });
});
