/**
 * A request whose object only points back ("switch that", "knock it off") says nothing the robot
 * could keep in its words: alone it is asked back, and beside a clause that says what is meant it
 * adds no rule of its own (an update names what it changes; its lead-in is no second rule).
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const ctx = { rooms: ["kitchen", "garage", "attic", "cellar", "hallway", "study"], sceneId: "s1" };

const rulesAfter = async (...messages: string[]) => (await taught(ctx, ...messages)).rules;

describe("a request that only points back", () => {
  it("alone, is asked back and keeps nothing", () => {
    for (const m of ["please switch that around", "knock it off already", "can you redo this"]) {
      const out = learn(m, [], ctx);
      assert.ok(out.items.length > 0, m);
      for (const it of out.items) {
        assert.equal(it.decision, "unclear", `${m}: ${it.decision}`);
        assert.ok(it.question?.includes("?"), m);
      }
    }
  });

  it("before a rule that says what is meant, adds no free-text rule beside it", async () => {
    for (const m of [
      "let's redo that, stay out of the garage only in the mornings",
      "swap that around: keep out of the garage in the afternoons",
    ]) {
      const rules = await rulesAfter("never enter the garage at night", m);
      assert.ok(
        rules.every((r) => r.requirement.kind !== "behavior"),
        `${m}: ${JSON.stringify(rules.map((r) => r.requirement))}`,
      );
      assert.equal(rules.length, 1, m);
    }
  });
});

describe("a message about a rule that says no change the learner can read", () => {
  it("is asked back, never let pass as no correction, and the rule stays", async () => {
    for (const m of ["that curfew rule is too harsh", "tweak it so it only counts on saturdays"]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, true, m);
      assert.ok(
        out.items.every((it) => it.decision === "unclear"),
        m,
      );
      assert.ok(
        out.items.some((it) => it.question?.includes("?")),
        m,
      );
      const rules = await rulesAfter("never enter the garage at night", m);
      assert.equal(rules.length, 1, m);
    }
  });

  it("a question about the rules is no correction", () => {
    assert.equal(learn("what rules do you have for me", [], ctx).signal, false);
  });
});
