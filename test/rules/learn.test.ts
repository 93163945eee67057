/**
 * The deterministic learner on hand-written corrections: whether a message is a correction,
 * persistence, scope, conditions, exceptions, stage, and the requirement read, with every quote
 * verbatim from the message; then resolution against existing rules.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileRule } from "../../src/rules/compile.ts";
import { type LearnItem, learn } from "../../src/rules/learn/offline-learner.ts";
import type { RuleDraft, RuleVersion } from "../../src/rules/types.ts";

const ctx = { sceneId: "house_7", at: 1_000 };

function one(message: string, rules: RuleVersion[] = []): LearnItem {
  const o = learn(message, rules, ctx);
  assert.equal(o.items.length, 1, `${message}: ${JSON.stringify(o.items.map((i) => i.decision))}`);
  const item = o.items[0];
  if (item.draft) {
    assert.ok(message.includes(item.draft.statement), `statement verbatim: ${item.draft.statement}`);
    // a revision built on a stored version keeps that version's quotes too
    const earlier = rules.flatMap((r) => r.rule.quotes);
    for (const q of item.draft.quotes) assert.ok(message.includes(q) || earlier.includes(q), `quote verbatim: ${q}`);
    for (const c of [...item.draft.conditions, ...item.draft.exceptions])
      assert.ok(message.includes(c.quote), `condition quote verbatim: ${c.quote}`);
  }
  return item;
}

/** a stored version made from a draft, for resolution tests */
async function stored(draft: RuleDraft, ruleId = "R1"): Promise<RuleVersion> {
  return {
    userId: "u1",
    ruleId,
    version: 1,
    versionId: `${ruleId}@1`,
    libraryVersion: 1,
    change: "add",
    status: "active",
    createdAt: 1,
    rule: draft,
    check: await compileRule(draft),
  };
}

describe("learner: rooms to avoid", () => {
  const cases: [string, string, { scope?: string; cond?: [number, number]; exc?: string }?][] = [
    ["stay out of the garage", "garage"],
    ["Don't enter the bathroom.", "bathroom"],
    ["Please keep away from the laundry room", "laundry room"],
    ["You're not allowed in the garage, ever.", "garage"],
    ["The office is off-limits.", "office"],
    ["I’d rather you didn’t go into the den", "family room"],
    ["The laundry room is a no-go zone for you.", "laundry room"],
    ["Don't ever barge into the restroom again!", "bathroom"],
    ["never go into the bedroom at night", "bedroom", { cond: [21, 6] }],
    ["Never set foot in the study after 9 pm.", "study", { cond: [21, 6] }],
    ["Avoid the kitchen in the evenings, please.", "kitchen", { cond: [17, 21] }],
    ["In this house, stay out of the garage.", "garage", { scope: "scene:house_7" }],
    ["Around here, the basement is off limits", "basement", { scope: "scene:house_7" }],
    ["Stay out of the bedroom except in the morning.", "bedroom", { exc: "time" }],
    ["Stay away from the bathroom unless I send you there.", "bathroom", { exc: "instruction_mentions" }],
    ["Never go into the bathroom, not just this time.", "bathroom"],
  ];
  for (const [msg, room, more] of cases) {
    it(msg, () => {
      const i = one(msg);
      assert.equal(i.decision, "add", i.reason);
      assert.equal(i.persistence, "persistent");
      assert.deepEqual(i.draft?.requirement, { kind: "avoid_room", room });
      assert.equal(i.draft?.stage, "pre_action");
      assert.equal(i.draft?.scope, more?.scope ?? "global");
      if (more?.cond) {
        const c = i.draft?.conditions[0];
        assert.equal(c?.kind, "time");
        assert.deepEqual(c?.kind === "time" ? [c.fromHour, c.toHour] : [], more.cond);
      } else assert.deepEqual(i.draft?.conditions, []);
      if (more?.exc) assert.equal(i.draft?.exceptions[0]?.kind, more.exc);
    });
  }

  it("several rooms in one message are several rules", () => {
    const o = learn("Never go into the garage or the office.", [], ctx);
    assert.deepEqual(
      o.items.map((i) => i.draft?.requirement),
      [
        { kind: "avoid_room", room: "garage" },
        { kind: "avoid_room", room: "office" },
      ],
    );
  });

  it("where it may stop is its own requirement", () => {
    for (const m of [
      "Never park in the hallway.",
      "don't stop in the hallway",
      "Please don't wait in the hallway when you're done",
    ]) {
      const i = one(m);
      assert.deepEqual(i.draft?.requirement, { kind: "no_stop_in_room", room: "hallway" }, m);
      assert.equal(i.draft?.stage, "pre_action");
      assert.deepEqual(i.draft?.conditions, [], m);
    }
  });
});

describe("learner: replies", () => {
  it("word limits, strict and not", () => {
    const limits: [string, number, string][] = [
      ["keep your replies under 15 words", 14, "delivery"],
      ["No more than 12 words per reply, please.", 12, "delivery"],
      ["Limit your responses to 25 words.", 25, "delivery"],
      ["Replies should be fewer than twenty words from now on.", 19, "delivery"],
      ["Your answers are way too long. Keep them to ten words or fewer.", 10, "delivery"],
      ["Keep your summary under 50 words.", 49, "artifact"],
    ];
    for (const [m, max, stage] of limits) {
      const i = one(m);
      assert.equal(i.draft?.requirement.kind, "word_limit", m);
      assert.equal(i.draft?.requirement.kind === "word_limit" && i.draft.requirement.maxWords, max, m);
      assert.equal(i.draft?.stage, stage, m);
      assert.equal(i.persistence, "persistent", m);
    }
  });

  it("JSON fields, quoted or listed", () => {
    const j: [string, string[]][] = [
      ["Please answer in JSON with the fields room and object.", ["room", "object"]],
      ['From now on, give me a JSON reply with "room" and "object" keys.', ["room", "object"]],
      ["Always include a 'confidence' field in your reply.", ["confidence"]],
      ["Always reply in JSON.", []],
    ];
    for (const [m, fields] of j) {
      const i = one(m);
      assert.deepEqual(i.draft?.requirement, { kind: "json_fields", target: "reply", fields }, m);
      assert.equal(i.draft?.stage, "delivery");
    }
  });

  it("always mention X / which room it was in", () => {
    assert.deepEqual(one("always tell me which room it was in").draft?.requirement, {
      kind: "mention",
      target: "reply",
      what: "{found_room}",
    });
    assert.deepEqual(one("When you bring something, always let me know where it was.").draft?.requirement, {
      kind: "mention",
      target: "reply",
      what: "{found_room}",
    });
    // a topic is no literal to find in the reply: guidance in the user's words
    assert.deepEqual(one("always mention the time").draft?.requirement, {
      kind: "behavior",
      text: "always mention the time",
    });
    assert.deepEqual(one('Please always mention "done" at the end.').draft?.requirement, {
      kind: "mention",
      target: "reply",
      what: "done",
    });
    const s = one("Always mention the battery level in your summary.");
    assert.equal(s.draft?.stage, "artifact");
  });

  it("other lasting behaviours are kept as free text; vague ones are unclear", () => {
    const g = one("from now on always greet me politely before answering");
    assert.equal(g.draft?.requirement.kind, "behavior");
    assert.equal(g.draft?.clear, true);
    const vague = one("always be careful");
    assert.equal(vague.decision, "unclear");
    assert.ok(vague.question, "an unclear correction is asked back");
  });
});

describe("learner: not stored", () => {
  it("task-local instructions act now and are never stored", () => {
    for (const m of [
      "not the bathroom this time",
      "just for now, avoid the kitchen",
      "Can you not go into the bedroom right now?",
      "For this trip only, skip the dining room.",
      "Keep it under 5 words this time",
      // "today" with a request: this task only, the narrower reading (a one-off never kept)
      "Don't go through the living room today.",
    ]) {
      const i = one(m);
      assert.equal(i.decision, "task_local", m);
      assert.equal(i.persistence, "task_local", m);
      assert.equal(i.draft?.scope, "task", m);
    }
  });

  it("a bound longer than one task is kept on the rule as said, never dropped or made permanent", async () => {
    for (const [m, bound] of [
      ["stay out of the garage for the rest of the week", "for the rest of the week"],
      ["until friday dont go in the basement", "until friday"],
    ]) {
      const i = one(m);
      assert.equal(i.decision, "add", m);
      assert.deepEqual(
        i.draft?.conditions.map((c) => [c.kind, c.quote]),
        [["text", bound]],
        m,
      );
      assert.equal((await compileRule(i.draft!)).kind, "guidance", m);
    }
  });

  it("a permission for this task only does not retract the rule", async () => {
    const rule = await stored(one("stay out of the garage").draft!);
    const i = one("you can go into the garage this time", [rule]);
    assert.equal(i.decision, "task_local");
  });

  it("vague activation defers", () => {
    for (const m of [
      "sometimes stay out of the office",
      "When it's appropriate, avoid the bedroom.",
      "If needed, keep your replies under 10 words.",
    ]) {
      const i = one(m);
      assert.equal(i.decision, "defer", m);
      assert.equal(i.persistence, "defer", m);
    }
  });

  it("requests, questions and thanks are not corrections", () => {
    for (const m of [
      "Bring me my mug",
      "Where are my keys?",
      "Could you find my wallet?",
      "Go to the kitchen and get my mug.",
      "Great job, thanks!",
      "I want my keys",
    ]) {
      const o = learn(m, [], ctx);
      assert.equal(o.signal, false, m);
      assert.deepEqual(o.items, [], m);
    }
  });

  it("unclear corrections create no rule", () => {
    for (const m of ["don't do that again", "Why did you go into the garage?", "forget it"]) {
      const o = learn(m, [], ctx);
      assert.ok(
        o.items.every((i) => i.decision === "unclear" || i.decision === "nothing_to_retract"),
        `${m}: ${JSON.stringify(o.items)}`,
      );
      assert.ok(
        o.items.every((i) => !i.draft || i.decision !== "add"),
        m,
      );
    }
  });

  it("'this house' without a known house is no rule", () => {
    const o = learn("In this house, stay out of the garage.", [], { at: 1 });
    assert.equal(o.items[0].decision, "unclear");
  });
});

describe("learner: resolution against the library", () => {
  it("the same rule again is reused", async () => {
    const r = await stored(one("stay out of the garage").draft!);
    const i = one("Keep out of the garage!", [r]);
    assert.equal(i.decision, "reuse");
    assert.equal(i.ruleId, "R1");
    // a narrower restatement is covered by the broader rule
    assert.equal(one("never go into the garage at night", [r]).decision, "reuse");
  });

  it("a new number replaces, a new condition revises", async () => {
    const w = await stored(one("keep your replies under 15 words").draft!);
    const i = one("Actually, keep replies to at most 30 words.", [w]);
    assert.equal(i.decision, "replace");
    assert.equal(i.base, "R1@1");
    assert.equal(i.draft?.requirement.kind === "word_limit" && i.draft.requirement.maxWords, 30);
    const night = await stored(one("never go into the bedroom at night").draft!);
    const j = one("Stay out of the bedroom in the evenings", [night]);
    assert.equal(j.decision, "revise");
    const k = one("stay out of the bedroom", [night]);
    assert.equal(k.decision, "revise", "widening a conditioned rule is a revision");
  });

  it("more JSON fields 'too' are merged", async () => {
    const j = await stored(one("Please answer in JSON with the fields room and object.").draft!);
    const i = one('Include a "confidence" field too.', [j]);
    assert.equal(i.decision, "revise");
    assert.deepEqual(i.draft?.requirement.kind === "json_fields" && i.draft.requirement.fields, [
      "room",
      "object",
      "confidence",
    ]);
  });

  it("a different room is a new rule", async () => {
    const r = await stored(one("stay out of the garage").draft!);
    assert.equal(one("stay out of the office", [r]).decision, "add");
  });

  it("retractions name the rule they end", async () => {
    const g = await stored(one("stay out of the garage").draft!, "R1");
    const w = await stored(one("keep your replies under 15 words").draft!, "R2");
    const j = await stored(one("Always reply in JSON.").draft!, "R3");
    const m = await stored(one("always tell me which room it was in").draft!, "R4");
    const lib = [g, w, j, m];
    const cases: [string, string][] = [
      ["you can go into the garage again", "R1"],
      ["The garage is fine now.", "R1"],
      ["Feel free to enter the garage from now on.", "R1"],
      ["You don't have to stay out of the garage anymore.", "R1"],
      ["forget the word limit", "R2"],
      ["Never mind about the length of your replies.", "R2"],
      ["Drop the JSON thing.", "R3"],
      ["You no longer need to tell me which room it was in.", "R4"],
    ];
    for (const [msg, id] of cases) {
      const i = one(msg, lib);
      assert.equal(i.decision, "retract", `${msg}: ${i.reason}`);
      assert.equal(i.ruleId, id, msg);
      assert.ok(i.quote && msg.includes(i.quote), msg);
    }
    assert.equal(one("you can go into the office again", lib).decision, "nothing_to_retract");
  });

  it("a permission limited in time is an exception, not a retraction", async () => {
    const g = await stored(one("stay out of the garage").draft!);
    const i = one("You may go into the garage during the day.", [g]);
    assert.equal(i.decision, "revise");
    assert.equal(i.draft?.exceptions[0]?.kind, "time");
  });

  it("a bundled message yields one item per requirement", () => {
    const o = learn("Stay out of the kitchen, and keep answers to at most 20 words.", [], ctx);
    assert.deepEqual(
      o.items.map((i) => [i.decision, i.draft?.requirement.kind]),
      [
        ["add", "avoid_room"],
        ["add", "word_limit"],
      ],
    );
  });
});

describe("learner: what it cannot read exactly is narrower or asked, never broader", () => {
  const house = { ...ctx, rooms: ["kitchen", "bedroom", "guest bedroom", "bathroom", "garage", "office", "study"] };
  const read = (m: string, rules: RuleVersion[] = []) => learn(m, rules, house).items;

  it("a room said with a word the house's labels lack is asked, and the house's own label is kept", () => {
    for (const m of ["never go in the back bedroom", "stay out of the bathroom upstairs"]) {
      const [i] = read(m);
      assert.equal(i.decision, "unclear", m);
      assert.match(i.question ?? "", /\?$/, m);
    }
    assert.deepEqual(read("avoid the guest bedroom")[0].draft?.requirement, {
      kind: "avoid_room",
      room: "guest bedroom",
    });
    assert.deepEqual(read("dont go near the study")[0].draft?.requirement, { kind: "avoid_room", room: "study" });
  });

  it("a place that is no room, and how often left open, are asked back", () => {
    assert.equal(read("dont go upstairs after 10")[0].decision, "unclear");
    assert.equal(read("dont go in the garage so often")[0].decision, "defer");
  });

  it("a word of when is kept as a condition wherever it stands; politeness and emphasis are none", () => {
    const conds = (m: string) => read(m)[0].draft?.conditions.map((c) => [c.kind, c.quote]);
    assert.deepEqual(conds("dont go in the garage late"), [["text", "late"]]);
    assert.deepEqual(conds("stay out of the kitchen between breakfast and lunch"), [
      ["text", "between breakfast and lunch"],
    ]);
    assert.deepEqual(conds("dont go in the office on mondays or wednesdays"), [["text", "on mondays or wednesdays"]]);
    assert.deepEqual(conds("it would be great if you stayed out of the garage"), []);
    assert.deepEqual(conds("if you could avoid the dining room that would be great"), []);
    assert.deepEqual(conds("always tell me the room, even late at night"), []);
    assert.deepEqual(
      read("don't go in the living room except to get the remote")[0].draft?.exceptions.map((c) => c.kind),
      ["text"],
    );
    assert.deepEqual(
      read("only go in the kitchen when i ask")[0].draft?.exceptions.map((c) => c.kind),
      ["instruction_mentions"],
    );
    assert.equal(learn("find my keys before 9", [], house).signal, false);
  });

  it("a permission that says when is an exception; a field dropped by name leaves the JSON rule", async () => {
    const ban = await stored(one("Never go in the garage.").draft!);
    const [p] = read("the garage is ok when i tell you to go there", [ban]);
    assert.equal(p.decision, "revise");
    assert.deepEqual(
      p.draft?.exceptions.map((c) => c.kind),
      ["instruction_mentions"],
    );
    const json = await stored(one("Answer in JSON with found, room and object.").draft!);
    const [f] = read("no need for the object field", [json]);
    assert.equal(f.decision, "revise");
    assert.deepEqual(f.draft?.requirement, { kind: "json_fields", target: "reply", fields: ["found", "room"] });
    assert.equal(read("drop the colour field", [json])[0].decision, "unclear");
  });

  it("each window is the room's it follows; an act's own 'in general' outlasts another's 'this time'", () => {
    const rs = read("stay out of the bathroom in the morning and the kitchen at night").map((i) => [
      i.draft?.requirement.kind === "avoid_room" ? i.draft.requirement.room : "",
      i.draft?.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
    ]);
    assert.deepEqual(rs, [
      ["bathroom", ["6-12"]],
      ["kitchen", ["21-6"]],
    ]);
    assert.deepEqual(
      read("this time dont go in the office and in general keep answers under 10 words").map((i) => i.decision),
      ["task_local", "add"],
    );
  });

  it("a permission with an exception keeps the ban for it; a limit said to be wrong is not the new one", async () => {
    const ban = await stored(one("Stay out of the garage.").draft!);
    const [night] = read("ok you can go in the garage except at night", [ban]);
    assert.equal(night.decision, "revise");
    assert.deepEqual(
      night.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[21, 6]],
    );
    const [guests] = read("you can go in the garage except when guests are over", [ban]);
    assert.deepEqual(
      guests.draft?.conditions.map((c) => c.quote),
      ["when guests are over"],
    );
    assert.equal(read("you can go in the garage unless im home", [ban])[0].decision, "unclear");
    const limit = await stored(one("Keep replies under 15 words.").draft!);
    for (const [m, n] of [
      ["20 words is too short, make it 35", 35],
      ["bump the limit up to 40", 40],
    ] as const) {
      const [i] = read(m, [limit]);
      assert.equal(i.decision, "replace", m);
      assert.deepEqual(i.draft?.requirement, { kind: "word_limit", target: "reply", maxWords: n }, m);
    }
  });
});
