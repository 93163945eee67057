import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { LearnContext } from "../../src/rules/learn/offline-learner.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";
import type { LearnerAnswerItem } from "../../src/rules/types.ts";
import type { WireJson } from "../mllm/scripted-server.ts";
import { PROVIDERS, type Scripted, scripted } from "./model-scripted.ts";

/** A reading as the scripted model gives it: a lasting, global, clear add unless told otherwise. */
const read = (o: Partial<LearnerAnswerItem> & Pick<LearnerAnswerItem, "clause" | "quotes">): LearnerAnswerItem => ({
  decision: "add",
  reason: "a lasting preference",
  statement: o.clause,
  requirement: null,
  scope: "global",
  conditions: [],
  exceptions: [],
  stage: "pre_action",
  clear: true,
  ruleId: null,
  ...o,
});

const ctx: LearnContext = { sceneId: "flat_7", at: 1_700_000_000_000, taskId: "t-12" };

/**
 * Hand-written corrections, each with the reading a model gives and what the layer must make
 * of it: decision, persistence, scope, stage, requirement kind.
 */
const PHRASINGS: {
  message: string;
  reading: LearnerAnswerItem[];
  signal?: boolean;
  want: { decision: string; persistence?: string; scope?: string; stage?: string; kind?: string }[];
}[] = [
  {
    message: "From now on, please keep out of the garage after 10pm, unless I specifically ask you to go in there.",
    reading: [
      read({
        clause: "From now on, please keep out of the garage after 10pm, unless I specifically ask you to go in there.",
        statement: "keep out of the garage",
        quotes: ["From now on", "keep out of the garage"],
        requirement: { kind: "avoid_room", room: "Garage" },
        conditions: [{ kind: "time", fromHour: 22, toHour: 6, quote: "after 10pm" }],
        exceptions: [
          { kind: "instruction_mentions", room: "garage", quote: "unless I specifically ask you to go in there" },
        ],
      }),
    ],
    want: [{ decision: "add", persistence: "persistent", scope: "global", stage: "pre_action", kind: "avoid_room" }],
  },
  {
    message: "Whenever you’re at my place, don’t park yourself in the hallway — people trip over you.",
    reading: [
      read({
        clause: "don't park yourself in the hallway",
        quotes: ["don't park yourself in the hallway", "at my place"],
        requirement: { kind: "no_stop_in_room", room: "hallway" },
        scope: "this_house",
      }),
    ],
    want: [{ decision: "add", scope: "scene:flat_7", stage: "pre_action", kind: "no_stop_in_room" }],
  },
  {
    message: "Ugh, way too chatty. Twenty words max when you answer me, ok?",
    reading: [
      read({
        clause: "Twenty words max when you answer me",
        quotes: ["Twenty words max"],
        requirement: { kind: "word_limit", target: "reply", maxWords: 20 },
        // the kind decides the stage: a reply's word limit is checked at delivery whatever was said
        stage: "pre_action",
      }),
    ],
    want: [{ decision: "add", stage: "delivery", kind: "word_limit" }],
  },
  {
    message: "Just for today, leave the nursery alone, the baby is sleeping.",
    reading: [
      read({
        decision: "task_local",
        clause: "Just for today, leave the nursery alone",
        quotes: ["Just for today", "leave the nursery alone"],
        requirement: { kind: "avoid_room", room: "nursery" },
        scope: "this_task",
      }),
    ],
    want: [
      { decision: "task_local", persistence: "task_local", scope: "task", stage: "pre_action", kind: "avoid_room" },
    ],
  },
  {
    message: "It'd be nice if you sometimes told me how long the search took.",
    reading: [
      read({
        decision: "defer",
        clause: "It'd be nice if you sometimes told me how long the search took.",
        statement: "told me how long the search took",
        quotes: ["sometimes", "told me how long the search took"],
        requirement: { kind: "behavior", text: "tell the user how long the search took" },
        stage: "delivery",
      }),
    ],
    want: [{ decision: "defer", persistence: "defer", stage: "delivery", kind: "behavior" }],
  },
  {
    message: "Can you grab my charger from the office?",
    signal: false,
    reading: [],
    want: [],
  },
  {
    message: "When you write up your summary notes, put the object's name in a field called object, in JSON.",
    reading: [
      read({
        clause: "put the object's name in a field called object, in JSON",
        quotes: ["a field called object", "in JSON", "summary notes"],
        requirement: { kind: "json_fields", target: "artifact", fields: ["object"] },
        stage: "artifact",
      }),
    ],
    want: [{ decision: "add", stage: "artifact", kind: "json_fields" }],
  },
  {
    message: "Please stop describing the furniture to me. And always say which room it was in.",
    reading: [
      read({
        clause: "Please stop describing the furniture to me.",
        statement: "stop describing the furniture to me",
        quotes: ["stop describing the furniture to me"],
        requirement: { kind: "behavior", text: "do not describe the furniture in replies" },
        stage: "delivery",
      }),
      read({
        clause: "always say which room it was in",
        quotes: ["always say which room it was in"],
        requirement: { kind: "mention", target: "reply", what: "{found_room}" },
        stage: "delivery",
      }),
    ],
    want: [
      { decision: "add", stage: "delivery", kind: "behavior" },
      { decision: "add", stage: "delivery", kind: "mention" },
    ],
  },
];

for (const provider of PROVIDERS) {
  describe(`learner through ${provider}`, () => {
    let s: Scripted;
    before(async () => {
      s = await scripted(provider);
    });
    after(() => s.server.close());
    beforeEach(() => s.server.reset());

    it("reads hand-written corrections into grounded drafts: persistence, scope, stage, kind", async () => {
      for (const p of PHRASINGS) {
        s.server.reset();
        s.server.push(s.answer({ signal: p.signal ?? true, items: p.reading }));
        const { outcome, calls } = await s.layer.learner.learn(p.message, [], ctx);
        assert.equal(calls.length, 1, p.message);
        assert.ok(s.text(s.server.requests[0]).includes(p.message), "the model reads the message");
        if (provider === "openai")
          assert.equal((s.server.requests[0].body as WireJson).response_format.json_schema.strict, true, "enforced");
        assert.equal(outcome.signal, p.signal ?? true, p.message);
        assert.equal(outcome.items.length, p.want.length, `${p.message}: ${JSON.stringify(outcome.items)}`);
        p.want.forEach((w, i) => {
          const it = outcome.items[i];
          assert.equal(it.decision, w.decision, `${p.message}: ${it.reason}`);
          if (w.persistence) assert.equal(it.draft?.persistence, w.persistence, p.message);
          if (w.scope) assert.equal(it.draft?.scope, w.scope, p.message);
          if (w.stage) assert.equal(it.draft?.stage, w.stage, p.message);
          if (w.kind) assert.equal(it.draft?.requirement.kind, w.kind, p.message);
          // every quote and the statement are the user's words, as written
          for (const q of [...(it.draft?.quotes ?? []), it.draft?.statement ?? "", it.clause])
            assert.ok(p.message.includes(q), `${JSON.stringify(q)} is in ${JSON.stringify(p.message)}`);
          assert.equal(it.draft?.source.message, p.message);
          assert.equal(it.draft?.source.taskId, "t-12");
        });
      }
    });

    it("rooms are stored as the user named them, never as a wider room; typographic quotes are kept as typed", async () => {
      const [garage, hallway, , nursery] = PHRASINGS.map((p) => p);
      s.server.push(s.answer({ signal: true, items: garage.reading }));
      const g = (await s.layer.learner.learn(garage.message, [], ctx)).outcome.items[0].draft!;
      assert.deepEqual(g.requirement, { kind: "avoid_room", room: "garage" });
      assert.deepEqual(g.conditions, [{ kind: "time", fromHour: 22, toHour: 6, quote: "after 10pm" }]);
      assert.equal(g.exceptions[0].kind, "instruction_mentions");
      s.server.push(s.answer({ signal: true, items: hallway.reading }));
      const h = (await s.layer.learner.learn(hallway.message, [], ctx)).outcome.items[0].draft!;
      assert.deepEqual(h.quotes, ["don’t park yourself in the hallway", "at my place"]);
      assert.equal(h.statement, "don’t park yourself in the hallway");
      s.server.push(s.answer({ signal: true, items: nursery.reading }));
      const n = (await s.layer.learner.learn(nursery.message, [], ctx)).outcome.items[0].draft!;
      assert.deepEqual(n.requirement, { kind: "avoid_room", room: "nursery" }, "a nursery is no bedroom");
    });

    it("a quote that is not in the message is sent back once; still invented, the reading is rejected as unclear", async () => {
      const message = "Please keep out of the laundry room, the floor is wet all the time.";
      const invented = read({
        clause: "keep out of the laundry room",
        statement: "stay out of the laundry room",
        quotes: ["stay out of the laundry room"],
        requirement: { kind: "avoid_room", room: "laundry room" },
      });
      s.server.push(s.answer({ signal: true, items: [invented] }), s.answer({ signal: true, items: [invented] }));
      const { outcome, calls } = await s.layer.learner.learn(message, [], ctx);
      assert.equal(calls.length, 2);
      const revision = s.text(s.server.requests[1]);
      assert.match(revision, /Your reading was rejected/);
      assert.match(revision, /the quote "stay out of the laundry room" is not in the message/);
      assert.equal(outcome.items.length, 1);
      assert.equal(outcome.items[0].decision, "unclear");
      assert.equal(outcome.items[0].draft, undefined, "no rule");
      assert.match(outcome.items[0].reason, /rejected: .*"stay out of the laundry room" is not in the message/);
    });

    it("a revision that quotes the message exactly is accepted", async () => {
      const message = "Please keep out of the laundry room, the floor is wet all the time.";
      const item = {
        clause: "keep out of the laundry room",
        quotes: ["keep out of the laundry room"],
        requirement: { kind: "avoid_room" as const, room: "laundry room" },
      };
      s.server.push(
        s.answer({ signal: true, items: [read({ ...item, quotes: ["never go into the laundry"] })] }),
        s.answer({ signal: true, items: [read(item)] }),
      );
      const { outcome, calls } = await s.layer.learner.learn(message, [], ctx);
      assert.equal(calls.length, 2);
      assert.equal(outcome.items[0].decision, "add");
      assert.deepEqual(outcome.items[0].draft?.quotes, ["keep out of the laundry room"]);
    });

    it("an answer that never fits the schema is unclear, with no rule and the failed call recorded", async () => {
      s.server.push(s.answer("Sure! I'll remember that."), s.answer({ signal: "yes", items: [] }));
      const { outcome, calls } = await s.layer.learner.learn("never go in the basement", [], ctx);
      assert.equal(outcome.items.length, 1);
      assert.equal(outcome.items[0].decision, "unclear");
      assert.match(
        outcome.items[0].reason,
        /the model's reading was unusable: output never matched schema "rule_reading"/,
      );
      assert.equal(calls.length, 1);
      assert.equal(calls[0].attempts, 2);
      assert.ok(calls[0].error);
    });

    it("'this house' with no house known is unclear without a revision", async () => {
      s.server.push(
        s.answer({
          signal: true,
          items: [
            read({
              clause: "in this house, stay out of the attic",
              quotes: ["in this house", "stay out of the attic"],
              requirement: { kind: "avoid_room", room: "attic" },
              scope: "this_house",
            }),
          ],
        }),
      );
      const { outcome, calls } = await s.layer.learner.learn("in this house, stay out of the attic", [], {});
      assert.equal(calls.length, 1);
      assert.equal(outcome.items[0].decision, "unclear");
      assert.match(outcome.items[0].reason, /no house is known/);
    });

    it("resolves against the library through teach: replace, reuse, retract, unknown ids and duplicates refused", async () => {
      const lib = new SqliteRuleLibrary(":memory:");
      const layer = s.layer;
      const opts = { learner: layer.learner };
      // R1: a word limit, read by the model and compiled offline (no proposer given)
      s.server.push(
        s.answer({
          signal: true,
          items: [
            read({
              clause: "keep replies under 15 words",
              quotes: ["under 15 words"],
              requirement: { kind: "word_limit", target: "reply", maxWords: 14 },
              stage: "delivery",
            }),
          ],
        }),
      );
      const a = await teach(lib, "u1", "Please keep replies under 15 words.", ctx, opts);
      assert.equal(a.items[0].decision, "add");
      assert.equal(a.items[0].check?.kind, "programmatic");
      assert.equal(a.calls.length, 1);
      assert.ok(s.text(s.server.requests[0]).includes("The user has no rules yet."));

      // the library is in the prompt; a second add of the same requirement goes back, then is refused
      s.server.reset();
      const dup = read({
        clause: "no more than 30 words",
        quotes: ["no more than 30 words"],
        requirement: { kind: "word_limit", target: "reply", maxWords: 30 },
        stage: "delivery",
      });
      s.server.push(s.answer({ signal: true, items: [dup] }), s.answer({ signal: true, items: [dup] }));
      const d = await teach(lib, "u1", "Actually, no more than 30 words from now on.", ctx, opts);
      assert.match(s.text(s.server.requests[0]), /- R1: "keep replies under 15 words"/);
      assert.equal(d.items[0].decision, "unclear");
      assert.match(d.items[0].reason, /R1 already holds this requirement/);
      assert.equal(d.write, undefined);

      // the fixed reading replaces R1
      s.server.reset();
      s.server.push(s.answer({ signal: true, items: [{ ...dup, decision: "replace", ruleId: "R1" }] }));
      const r = await teach(lib, "u1", "Actually, no more than 30 words from now on.", ctx, opts);
      assert.equal(r.items[0].decision, "replace");
      assert.equal(r.items[0].base, "R1@1");
      assert.equal(r.write?.written[0].versionId, "R1@2");
      assert.equal(r.write?.written[0].supersedes, "R1@1");

      // a "replacement" that changes what the rule is about is refused
      s.server.reset();
      const swap = read({
        decision: "replace",
        clause: "keep out of the garage",
        quotes: ["keep out of the garage"],
        requirement: { kind: "avoid_room", room: "garage" },
        ruleId: "R1",
      });
      s.server.push(s.answer({ signal: true, items: [swap] }), s.answer({ signal: true, items: [swap] }));
      const w = await teach(lib, "u1", "Instead, keep out of the garage.", ctx, opts);
      assert.equal(w.items[0].decision, "unclear");
      assert.match(w.items[0].reason, /R1 is a word_limit rule; a replace of it cannot make it avoid_room/);

      // said again: reuse, nothing written
      s.server.reset();
      s.server.push(s.answer({ signal: true, items: [{ ...dup, decision: "reuse", ruleId: "R1" }] }));
      const again = await teach(lib, "u1", "I said no more than 30 words from now on!", ctx, opts);
      assert.equal(again.items[0].decision, "reuse");
      assert.equal(again.items[0].ruleId, "R1");
      assert.equal(again.write, undefined);

      // a rule the user does not have cannot be retracted
      s.server.reset();
      const ghost = read({
        decision: "retract",
        clause: "forget the rule about the garage",
        statement: "",
        quotes: ["forget the rule about the garage"],
        ruleId: "R7",
      });
      s.server.push(s.answer({ signal: true, items: [ghost] }), s.answer({ signal: true, items: [ghost] }));
      const g = await teach(lib, "u1", "forget the rule about the garage", ctx, opts);
      assert.equal(g.items[0].decision, "unclear");
      assert.match(g.items[0].reason, /the user has no rule R7 in force/);

      // an explicit retraction of R1
      s.server.reset();
      s.server.push(
        s.answer({
          signal: true,
          items: [
            read({
              decision: "retract",
              clause: "Drop the word limit",
              statement: "",
              quotes: ["Drop the word limit"],
              ruleId: "R1",
            }),
          ],
        }),
      );
      const x = await teach(lib, "u1", "Drop the word limit, talk as much as you like.", ctx, opts);
      assert.equal(x.items[0].decision, "retract");
      assert.equal(x.write?.written[0].retracts, "R1@2");
      assert.equal((await lib.snapshot("u1")).rules.length, 0);
      await lib.close();
    });
  });
}
