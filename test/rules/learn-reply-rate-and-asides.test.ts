/**
 * Reply limits said as a rate ("ten words a reply" is every reply, as "per reply" is), a complaint
 * about the talk beside a limit ("stop with the lectures") that drops no rule, asides about the
 * saying itself ("while I remember") and the speaker's own inability ("I can't see the screen")
 * that bound nothing, and a ban on stopping kept with its proviso or its lingering verb.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Requirement, teach } from "../../src/rules/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";

const ctx = { rooms: ["hallway", "cellar", "study", "pantry", "garage"], sceneId: "s1", at: 1 };
const items = (m: string, before: Parameters<typeof learn>[1] = []) =>
  learn(m, before, ctx).items.map((i) => ({
    decision: i.decision,
    requirement: i.draft?.requirement as Requirement | undefined,
    conditions: i.draft?.conditions.length ?? 0,
    question: i.question !== undefined,
  }));
const limitOf = (r: Requirement | undefined) => (r?.kind === "word_limit" ? r.maxWords : undefined);

describe("a word limit said as a rate", () => {
  it("counts every reply, so it lasts", () => {
    for (const [m, n] of [
      ["ten words an answer please", 10],
      ["nine words a reply, that's plenty", 9],
      ["stick to two dozen words a response", 24],
    ] as const) {
      const out = items(m);
      assert.equal(out.length, 1, `${m}: ${JSON.stringify(out)}`);
      assert.equal(out[0].decision, "add", `${m}: ${JSON.stringify(out)}`);
      assert.equal(limitOf(out[0].requirement), n, m);
    }
  });

  it("'at a time' after the count is each reply's count, no time it holds at", () => {
    const out = items("no more than a dozen words at a time");
    assert.deepEqual(
      out.map((i) => [i.decision, limitOf(i.requirement), i.conditions]),
      [["add", 12, 0]],
      JSON.stringify(out),
    );
  });

  it("still keeps one answer picked out for this task only", () => {
    for (const m of ["give me a ten word answer", "keep this answer under ten words"]) {
      const out = items(m);
      assert.ok(out.length > 0, m);
      for (const i of out) assert.notEqual(i.decision, "add", `${m}: ${JSON.stringify(out)}`);
    }
  });
});

describe("a complaint about the talk beside a limit", () => {
  it("drops no rule and keeps the limit", () => {
    const out = items("enough, stop with the lectures, twenty words a reply");
    assert.ok(
      out.every((i) => i.decision !== "retract"),
      JSON.stringify(out),
    );
    assert.deepEqual(
      out.filter((i) => i.decision === "add").map((i) => limitOf(i.requirement)),
      [20],
      JSON.stringify(out),
    );
  });

  it("while 'stop with' a rule of the replies still drops it", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    try {
      await teach(lib, "u", "Keep your replies to twelve words.", ctx);
      const t = await teach(lib, "u", "ok you can stop with the word cap", { ...ctx, at: 2 });
      assert.deepEqual(
        t.items.map((i) => i.decision),
        ["retract"],
      );
    } finally {
      await lib.close();
    }
  });
});

describe("asides that bound nothing", () => {
  it("a when-clause about the saying is no condition", () => {
    for (const m of ["oh while I remember, keep out of the study", "before I forget, never go in the cellar"]) {
      const out = items(m);
      assert.deepEqual(
        out.map((i) => [i.decision, i.requirement?.kind, i.conditions, i.question]),
        [["add", "avoid_room", 0, false]],
        `${m}: ${JSON.stringify(out)}`,
      );
    }
  });

  it("a when-clause about the household still bounds the ban", () => {
    const out = items("keep out of the study while I sleep");
    assert.ok(
      out.every((i) => i.decision !== "add" || i.conditions > 0),
      JSON.stringify(out),
    );
  });

  it("the speaker's inability run on after a limit says why, not when", () => {
    const out = items("answers of six words max i cant see the screen while cooking");
    assert.deepEqual(
      out.map((i) => [i.decision, limitOf(i.requirement), i.conditions]),
      [["add", 6, 0]],
      JSON.stringify(out),
    );
  });

  it("inside a condition the inability stays that condition", () => {
    const out = items("dont go in the garage when i cant see you");
    assert.ok(
      out.every((i) => i.decision !== "add" || i.conditions > 0),
      JSON.stringify(out),
    );
  });
});

describe("a ban on stopping beside a passage", () => {
  it("keeps its proviso after a comma", () => {
    for (const m of [
      "you can cross the hallway, as long as you don't stop there",
      "you may go through the pantry, provided you never wait in it",
    ]) {
      const out = items(m);
      assert.deepEqual(
        out.map((i) => [i.decision, i.requirement?.kind]),
        [["add", "no_stop_in_room"]],
        `${m}: ${JSON.stringify(out)}`,
      );
    }
  });

  it("reads lingering as stopping", () => {
    const out = items("you can go through the cellar but don't be hanging about in it");
    assert.deepEqual(
      out.map((i) => [i.decision, i.requirement?.kind]),
      [["add", "no_stop_in_room"]],
      JSON.stringify(out),
    );
  });
});
