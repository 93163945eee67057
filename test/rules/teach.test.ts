import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checked, presented } from "../../src/rules/library.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";

describe("teach: learn, compile, store", () => {
  it("a conversation of corrections over sessions", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    const ctx = { sceneId: "house_1", at: 1 };
    const a = await teach(lib, "u1", "In this house, stay out of the garage.", ctx);
    assert.equal(a.items[0].decision, "add");
    assert.equal(a.items[0].ruleId, "R1");
    assert.equal(a.write?.libraryVersion, 1);
    assert.equal(a.reply, "From now on I'll stay out of the garage in this house.");

    const again = await teach(lib, "u1", "I told you: in this house, keep out of the garage!", ctx);
    assert.equal(again.items[0].decision, "reuse");
    assert.equal(again.write, undefined, "reuse writes nothing");
    assert.equal(again.items[0].check?.kind, "programmatic", "a rule said again is checked as the rule in force is");

    const local = await teach(lib, "u1", "Skip the kitchen just for now", ctx);
    assert.equal(local.items[0].decision, "task_local");
    assert.equal(local.taskLocal[0].requirement.kind, "avoid_room");
    assert.equal(local.write, undefined);
    assert.match(local.reply, /^Just for this task, I'll stay out of the kitchen\./);

    const vague = await teach(lib, "u1", "always be careful", ctx);
    assert.equal(vague.items[0].decision, "unclear");
    assert.equal(vague.write, undefined, "an unclear correction stores nothing");
    assert.match(vague.reply, /\?$/, "and is asked back");

    await teach(lib, "u1", "Don't go in the office when I have guests", ctx);
    const s = await lib.snapshot("u1");
    assert.deepEqual(
      s.rules.map((r) => [r.ruleId, r.check.kind]),
      [
        ["R1", "programmatic"],
        ["R2", "guidance"],
      ],
    );
    assert.deepEqual(
      presented(s).map((r) => r.ruleId),
      ["R1", "R2"],
    );
    assert.deepEqual(
      checked(s).map((r) => r.ruleId),
      ["R1"],
    );

    // another house: the same words make a second rule for that house
    const b = await teach(lib, "u1", "In this house, stay out of the garage.", { sceneId: "house_2", at: 2 });
    assert.equal(b.items[0].decision, "add");
    const gone = await teach(lib, "u1", "You can go into the garage again.", { sceneId: "house_2", at: 3 });
    assert.deepEqual(
      gone.items.map((i) => i.decision),
      ["retract", "retract"],
    );
    assert.match(gone.reply, /OK, I may go into the garage again\./);
    await lib.close();
  });

  it("a condition the robot cannot compute stays on the rule, said back with how it is held to", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    const t = await teach(lib, "u1", "When the baby's asleep, stay out of the nursery.", { at: 1 });
    const r = (await lib.snapshot("u1")).rules[0];
    assert.deepEqual(r.rule.requirement, { kind: "avoid_room", room: "nursery" });
    assert.deepEqual(
      r.rule.conditions.map((c) => [c.kind, c.quote]),
      [["text", "When the baby's asleep"]],
    );
    assert.equal(r.check.kind, "guidance", "kept as guidance with its condition, never checked without it");
    assert.equal(
      t.reply,
      "From now on I'll stay out of the nursery when the baby's asleep; I can't tell when that is myself: which hours are those? Tell me and I'll check them.",
    );
    // the hours, given later, make the condition a clock window the check can compute
    const h = await teach(lib, "u1", "She naps from 1 to 3 pm.", { at: 2 });
    assert.equal(h.items[0].decision, "revise");
    const now = (await lib.snapshot("u1")).rules[0];
    assert.deepEqual(
      now.rule.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[13, 15]],
    );
    assert.equal(now.check.kind, "programmatic");
    assert.equal(now.supersedes, "R1@1");
    await lib.close();
  });

  it("updates revise or retract the rule they are about, with history", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    const ctx = { sceneId: "s1", rooms: ["kitchen", "garage", "laundry room", "hallway"], at: 1 };
    await teach(lib, "u1", "Keep replies under 15 words.", ctx);
    await teach(lib, "u1", "Never go in the laundry room.", ctx);
    await teach(lib, "u1", "Stay out of the kitchen in the morning.", ctx);
    await teach(lib, "u1", "Stay out of the garage.", ctx);
    const revise = await teach(lib, "u1", "Actually, 20 words is fine.", ctx);
    assert.equal(revise.items[0].decision, "replace");
    const again = await teach(lib, "u1", "make that 25 words", ctx);
    assert.equal(again.items[0].decision, "replace");
    for (const m of [
      "ok u can go in the laundry room again",
      "forget what I said about the kitchen",
      "the garage is fine again",
    ])
      assert.equal((await teach(lib, "u1", m, ctx)).items[0].decision, "retract", m);
    const s = await lib.snapshot("u1");
    assert.deepEqual(
      s.rules.map((r) => [r.ruleId, r.rule.requirement]),
      [["R1", { kind: "word_limit", target: "reply", maxWords: 25 }]],
    );
    const h = await lib.versions("u1", "R1");
    assert.deepEqual(
      h.map((v) => [v.versionId, v.change, v.rule.requirement.kind === "word_limit" && v.rule.requirement.maxWords]),
      [
        ["R1@1", "add", 14],
        ["R1@2", "replace", 20],
        ["R1@3", "replace", 25],
      ],
    );
    const laundry = await lib.versions("u1", "R2");
    assert.deepEqual(
      laundry.map((v) => [v.change, v.status, v.retraction?.quote ?? null]),
      [
        ["add", "active", null],
        ["retract", "retracted", "u can go in the laundry room again"],
      ],
    );
    // a value for a rule the user does not have is asked back, not guessed
    const lone = await teach(new SqliteRuleLibrary(":memory:"), "u2", "make that 20 words", ctx);
    assert.equal(lone.items[0].decision, "unclear");
    assert.equal(lone.reply, "Should I keep my replies to 20 words or fewer from now on?");
    await lib.close();
  });
});
