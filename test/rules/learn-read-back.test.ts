/**
 * The read-back verifier (learn/verify.ts): before a rule is kept, what it holds is checked
 * against the clause it came from. Two layers: whole messages through the learner, where a check
 * turns what would have been kept wrongly into a question; and the checks alone, on readings made
 * by hand, so each is shown to hold whatever the readers before it do. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import type { LearnItem } from "../../src/rules/learn/items.ts";
import type { ReadCtx, Reading, RuleReading } from "../../src/rules/learn/reading.ts";
import { verifyItems } from "../../src/rules/learn/verify.ts";
import type { RuleDraft, RuleVersion } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = {
  rooms: ["kitchen", "garage", "attic", "cellar", "study", "den", "nan's room", "master bedroom"],
  sceneId: "s1",
};
const kept = async (...messages: string[]) => (await taught(house, ...messages)).rules;

describe("read-back: whole messages", () => {
  it("hours after a room an exception names say when that room is barred: a ban then, never one that gives way then", async () => {
    for (const [m, room, from, to] of [
      ["you can go anywhere you like apart from the cellar before 7am", "cellar", 0, 7],
      ["feel free to wander anywhere but the garage after 11pm", "garage", 23, 6],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(rules[0].exceptions, [], m);
      assert.deepEqual(
        rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
        [[from, to]],
        m,
      );
    }
    // a permission not read as one keeps nothing, and asks
    const { rules, reply } = await taught(house, "roam the whole flat as you please, except the garage after 11pm");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });

  it("a room said as someone's is not the bare room when the house has no such room", async () => {
    for (const m of ["don't go in Nan's bedroom", "keep out of my uncle's bedroom please"]) {
      const rules = await kept(m);
      assert.ok(
        !rules.some((r) => "room" in r.requirement && r.requirement.room === "bedroom"),
        `${m}: ${JSON.stringify(rules)}`,
      );
    }
    // the house's only study is the study, whoever's it is said to be
    const [r] = await kept("please don't go into Dad's study");
    assert.deepEqual(r?.requirement, { kind: "avoid_room", room: "study" });
  });

  it("hours written as four digits are never dropped into an all-day ban", async () => {
    for (const m of [
      "stay out of the garage between 2200 and 0500",
      "no going into the attic from 1930 to 2300 please",
    ]) {
      const rules = await kept(m);
      for (const r of rules) assert.ok(r.conditions.length > 0, `${m}: kept with no hours`);
    }
  });

  it("a one-off said between two requests is never left off the second", async () => {
    const rules = await kept("could you avoid the attic and - only this once - skip the cellar as well");
    assert.deepEqual(rules, []);
  });

  it("a free-text rule that names the value of a rule in force is asked, not kept beside it", async () => {
    const rules = await kept("Keep answers to 10 words.", "hmm 10 is too strict, lets go with 30");
    assert.deepEqual(
      rules.map((r) => r.requirement.kind),
      ["word_limit"],
    );
  });

  it("a room taken back inside its own clause is not kept", async () => {
    const rules = await kept("the attic, don't go in there, hang on, no, the cellar, don't go in the cellar");
    assert.ok(!rules.some((r) => "room" in r.requirement && r.requirement.room === "attic"), JSON.stringify(rules));
  });

  it("a room banned and said to be fine in one message is asked, not banned", async () => {
    for (const m of [
      "stay out of the den. actually no, the den is fine, it's the study I meant",
      "Not the attic, ok? The attic is fine. Keep out of the cellar.",
    ]) {
      const rules = await kept(m);
      assert.ok(!rules.some((r) => "room" in r.requirement && ["den", "attic"].includes(r.requirement.room)), m);
    }
  });

  it("a new rule beside an unsettled word about the rule in force of its kind is asked, not kept beside it", async () => {
    const rules = await kept(
      "never stop in the garage",
      "Wrong room. Not the garage: the cellar, don't stop there. The garage is fine.",
    );
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "no_stop_in_room", room: "garage" }],
    );
  });
});

/** A reading of "stay out of the den" as the room reader makes it, with what a test changes. */
function reading(message: string, over: Partial<RuleReading> = {}): { rc: ReadCtx; r: RuleReading } {
  const tokens = tokenize(message);
  const rc: ReadCtx = { message, tokens, house: house.rooms };
  const all = { a: 0, b: tokens.length };
  const r: RuleReading = {
    type: "rule",
    requirement: { kind: "avoid_room", room: "den" },
    stage: "pre_action",
    // the act's own words: "stay out of the den"
    quotes: [{ a: 0, b: Math.min(5, tokens.length) }],
    clear: true,
    persistence: "persistent",
    saidLasting: false,
    scope: "global",
    conditions: [],
    exceptions: [],
    clause: all,
    ...over,
  };
  return { rc, r };
}

function item(message: string, d: Partial<RuleDraft> = {}): LearnItem {
  const draft: RuleDraft = {
    statement: message,
    quotes: [message],
    requirement: { kind: "avoid_room", room: "den" },
    persistence: "persistent",
    scope: "global",
    conditions: [],
    exceptions: [],
    stage: "pre_action",
    clear: true,
    source: { message, at: 1 },
    ...d,
  } as RuleDraft;
  return { decision: "add", reason: "test", clause: message, persistence: "persistent", draft };
}

const verified = (message: string, over: Partial<RuleReading>, d: Partial<RuleDraft>, rules: RuleVersion[] = []) => {
  const { rc, r } = reading(message, over);
  const items = [item(message, d)];
  verifyItems(rc, items, [r], rules);
  return items[0];
};

describe("read-back: the checks alone", () => {
  it("a rule that holds what its clause says is kept as it is", () => {
    assert.equal(verified("stay out of the den", {}, {}).decision, "add");
  });

  it("(a) hours no time expression gives are not kept", () => {
    const hours = [{ kind: "time" as const, fromHour: 20, toHour: 23, quote: "later on" }];
    const out = verified("stay out of the den later on", {}, { conditions: hours });
    assert.equal(out.decision, "unclear");
    // said, the same hours pass
    const said = verified("stay out of the den from 8pm to 11pm", {}, { conditions: hours });
    assert.equal(said.decision, "add", said.question);
  });

  it("(a) a room its clause does not name is not kept", () => {
    const out = verified("stay out of the den", {}, { requirement: { kind: "avoid_room", room: "attic" } });
    assert.equal(out.decision, "unclear");
  });

  it("(b) a room named in the act's words that no rule holds is asked", () => {
    assert.equal(verified("stay out of the den and the attic", {}, {}).decision, "unclear");
  });

  it("(b) a time said in the act's clause that the rule does not hold is asked", () => {
    const out = verified("stay out of the den at night", {}, {});
    assert.equal(out.decision, "unclear");
    assert.match(out.question ?? "", /at night/);
  });

  it("(b) a when-clause no condition took is asked; a polite 'if' is not a condition", () => {
    assert.equal(verified("stay out of the den while the twins nap", {}, {}).decision, "unclear");
    assert.equal(verified("stay out of the den if you could", {}, {}).decision, "add");
  });

  it("(c) a one-off in the act's clause keeps the rule for this task only", () => {
    const out = verified("for this search stay out of the den", {}, {});
    assert.equal(out.decision, "task_local");
    assert.equal(out.draft?.persistence, "task_local");
  });

  it("(d) a change that turns a rule into another kind is asked", () => {
    const old: RuleVersion = {
      ruleId: "R1",
      versionId: "R1@1",
      status: "active",
      createdAt: 0,
      rule: item("keep replies short").draft as RuleDraft,
    } as RuleVersion;
    (old.rule as RuleDraft).requirement = {
      kind: "word_limit",
      target: "reply",
      maxWords: 10,
    } as RuleDraft["requirement"];
    const { rc, r } = reading("stay out of the den");
    const it = { ...item("stay out of the den"), decision: "revise" as const, ruleId: "R1" };
    const items: LearnItem[] = [it];
    verifyItems(rc, items, [r], [old]);
    assert.equal(items[0].decision, "unclear");
  });

  it("(d) a permission said with a limit never ends the whole rule", () => {
    const message = "you can go in the den again, just not while she naps";
    const tokens = tokenize(message);
    const rc: ReadCtx = { message, tokens, house: house.rooms };
    const at = tokens.findIndex((t) => t.w === "while");
    const all = { a: 0, b: tokens.length };
    const base = { persistence: "persistent" as const, saidLasting: false, scope: "global" as const, clause: all };
    const limited: Reading = {
      type: "retract",
      ...base,
      targets: [{ kind: "room", room: "den", act: "enter" }],
      quote: all,
      bare: false,
      conditions: [{ kind: "text", a: at, b: tokens.length, negated: true }],
      exceptions: [],
    };
    const items: LearnItem[] = [{ decision: "retract", reason: "test", clause: message, ruleId: "R1" }];
    verifyItems(rc, items, [limited], []);
    assert.equal(items[0].decision, "unclear");
    // said with no limit, it ends the rule
    const whole: LearnItem[] = [{ decision: "retract", reason: "test", clause: message, ruleId: "R1" }];
    verifyItems(rc, whole, [{ ...limited, conditions: [] } as Reading], []);
    assert.equal(whole[0].decision, "retract");
  });

  it("(e) a free-text rule that is only its own condition makes no rule", () => {
    const message = "but not when the twins nap";
    const { rc, r } = reading(message, {
      requirement: { kind: "behavior", text: message },
      exceptions: [{ kind: "text", a: 0, b: 6 }],
    });
    const items = [item(message, { requirement: { kind: "behavior", text: message } })];
    verifyItems(rc, items, [{ ...r, quotes: [{ a: 0, b: 6 }] }], []);
    assert.equal(items[0].decision, "unclear");
  });

  it("(e) a hedge makes no rule", () => {
    assert.equal(verified("maybe stay out of the den, not sure", {}, {}).decision, "unclear");
  });
});
