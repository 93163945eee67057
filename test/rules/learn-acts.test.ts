/**
 * What each clause of a correction does, read by its act: a reason beside a rule stays no rule,
 * a statement alone corrects nothing, a permission everywhere but some rooms bans those rooms
 * (and never lifts a ban on them), a one-off marker typed with a slip is still a one-off, and a
 * degree with no measure is asked back. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { teach } from "../../src/rules/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";

const rooms = ["kitchen", "garage", "attic", "cellar", "hallway", "bedroom", "study"];
const ctx = { rooms, sceneId: "s1", at: 1 };
const kinds = (m: string) =>
  learn(m, [], ctx).items.map((i) => [i.decision, i.draft?.requirement.kind ?? null, i.question ? "?" : ""]);

describe("clauses by their act", () => {
  it("a reason said beside a rule is no rule of its own", () => {
    assert.deepEqual(kinds("keep out of the attic, the boards there are loose"), [["add", "avoid_room", ""]]);
    assert.deepEqual(kinds("never stop in the hallway it blocks the stairs"), [["add", "no_stop_in_room", ""]]);
  });

  it("the reason is kept on the rule it explains, in the user's words", () => {
    const out = learn("never stop in the kitchen, the dog eats there. and dont go in the attic", [], ctx);
    const byRoom = Object.fromEntries(
      out.items.map((i) => [i.draft?.requirement.kind === "no_stop_in_room" ? "kitchen" : "attic", i.draft?.rationale]),
    );
    assert.deepEqual(byRoom, { kitchen: "the dog eats there", attic: undefined });
  });

  it("a statement alone corrects nothing", () => {
    const out = learn("the cellar is the room under the kitchen", [], ctx);
    assert.equal(out.signal, false, JSON.stringify(out.items));
  });

  it("a permission everywhere but some rooms bans those rooms, and lifts no ban on them", async () => {
    assert.deepEqual(kinds("feel free to roam anywhere except the cellar and the attic"), [
      ["add", "avoid_room", ""],
      ["add", "avoid_room", ""],
    ]);
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      await teach(lib, "u", "Stay out of the study.", ctx);
      const t = await teach(lib, "u", "you can go anywhere but the study", { ...ctx, at: 2 });
      assert.ok(!t.items.some((i) => i.decision === "retract"), JSON.stringify(t.items));
      const left = (await lib.snapshot("u")).rules.map((v) => v.rule.requirement);
      assert.deepEqual(left, [{ kind: "avoid_room", room: "study" }]);
    } finally {
      await lib.close();
    }
  });

  it("a hedged rule is read back as a question and kept only once confirmed", () => {
    const out = learn("perhaps dont go in the cellar at night, i dunno", [], ctx);
    assert.deepEqual(
      out.items
        .filter((i) => i.draft)
        .map((i) => [i.decision, /never enter the basement|cellar/i.test(i.question ?? "")]),
      [["unclear", true]],
      JSON.stringify(out.items),
    );
  });

  it("the same said of another room copies the last rule about a room, conditions and all", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      await teach(lib, "u", "Never stop in the study after 10pm.", ctx);
      const t = await teach(lib, "u", "the same goes for the attic", { ...ctx, at: 2 });
      assert.deepEqual(
        t.items.map((i) => [i.decision, i.draft?.requirement, i.draft?.conditions.map((c) => c.kind)]),
        [["add", { kind: "no_stop_in_room", room: "attic" }, ["time"]]],
      );
      const none = learn("same for the attic", [], ctx);
      assert.ok(none.items.every((i) => i.decision === "unclear" && i.question));
    } finally {
      await lib.close();
    }
  });

  it("a permission but for some days bans just then, and a ban but for some days gives way just then", async () => {
    const conds = (m: string) =>
      learn(m, [], ctx).items.map((i) => [
        i.decision,
        i.draft?.conditions.map((c) => c.quote),
        i.draft?.exceptions.map((c) => c.quote),
      ]);
    assert.deepEqual(conds("you may go in the cellar except on mondays"), [["add", ["on mondays"], []]]);
    assert.deepEqual(conds("keep out of the cellar except on mondays"), [["add", [], ["on mondays"]]]);
    // with a ban in force, the permission narrows it to those days; it never permits them
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      await teach(lib, "u", "Stay out of the study.", ctx);
      await teach(lib, "u", "you can go in the study except on weekdays", { ...ctx, at: 2 });
      const [v] = (await lib.snapshot("u")).rules;
      assert.deepEqual(
        [v.rule.conditions.map((c) => c.quote), v.rule.exceptions.map((c) => c.quote)],
        [["on weekdays"], []],
      );
    } finally {
      await lib.close();
    }
  });

  it("rooms made of the words around them are never kept as rooms", () => {
    for (const m of ["never go into busy rooms", "dont enter rooms with the lights off", "stay out of messy rooms"]) {
      const out = learn(m, [], ctx);
      const kept = (i: (typeof out.items)[number]) => i.decision !== "unclear" && i.decision !== "task_local";
      const room = (i: (typeof out.items)[number]) => {
        const q = i.draft?.requirement;
        return q && (q.kind === "avoid_room" || q.kind === "no_stop_in_room") ? q.room : undefined;
      };
      assert.ok(
        out.items.every((i) => !kept(i) || room(i) === undefined || rooms.includes(room(i)!)),
        `${m}: ${JSON.stringify(out.items.map((i) => [i.decision, i.draft?.requirement]))}`,
      );
    }
  });

  it("a one-off marker typed with a slip is still a one-off", () => {
    assert.deepEqual(kinds("only thsi tiem skip the cellar"), [["task_local", "avoid_room", ""]]);
    assert.deepEqual(kinds("for this serch dont go in the attic"), [["task_local", "avoid_room", ""]]);
  });

  it("a lasting wish with a degree and no measure is asked back; for this answer it is done as said", () => {
    const vague = learn("try to be a little more tidy in general", [], ctx);
    assert.ok(
      vague.items.every((i) => i.decision === "unclear" && i.question),
      JSON.stringify(vague.items),
    );
    assert.deepEqual(kinds("keep this reply a bit shorter than usual"), [["task_local", "behavior", ""]]);
  });

  it("a reason said with a short form of 'because' is no condition, and its words say nothing of how long", () => {
    const out = learn("at night keep out of the attic cuz the kids sometimes sleep up there", [], ctx);
    assert.deepEqual(
      out.items.map((i) => [i.decision, i.draft?.conditions.map((c) => c.quote)]),
      [["add", ["at night"]]],
    );
  });

  it("'stop with' a reply format drops it", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      await teach(lib, "u", "Reply in JSON with found and room.", ctx);
      const t = await teach(lib, "u", "you can stop with the json", { ...ctx, at: 2 });
      assert.deepEqual(
        t.items.map((i) => i.decision),
        ["retract"],
      );
    } finally {
      await lib.close();
    }
  });

  it("a negation right before a room bans it; after a complaint about that room it holds from now on", () => {
    assert.deepEqual(kinds("never the attic, ever"), [["add", "avoid_room", ""]]);
    assert.deepEqual(kinds("jeez you drove into the study. no study"), [["add", "avoid_room", ""]]);
    // no verb, no word of how long, no complaint: which is asked
    assert.deepEqual(kinds("no cellar"), [["unclear", "avoid_room", "?"]]);
    assert.deepEqual(
      kinds("no need to go to the kitchen").map((k) => k[1]),
      [null],
    );
  });

  it("a rule's new start replaces its hours", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      await teach(lib, "u", "Stay out of the hallway at night.", ctx);
      await teach(lib, "u", "the hallway one should kick in after 10pm", { ...ctx, at: 2 });
      const [rule] = (await lib.snapshot("u")).rules;
      assert.deepEqual(
        rule.rule.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind)),
        [[22, 6]],
      );
    } finally {
      await lib.close();
    }
  });
});
