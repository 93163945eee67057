/**
 * A revision that moves one end of a rule's hours ("should begin at 7pm", "should last until
 * 8am", "make it 11pm") changes that end and nothing else: the other end, the room, the other
 * conditions and exceptions stay; an hour with no half of the day said is taken only when one
 * half lies near the end it moves, else am or pm is asked; which end "make it" moves is the one
 * the rule was said with, else asked. Property over random windows. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const ctx = { rooms: ["kitchen", "garage", "attic", "pantry"], sceneId: "s1" };
const said = (h: number) => (h === 0 ? "midnight" : h === 12 ? "noon" : h < 12 ? `${h}am` : `${h - 12}pm`);
const windows = (cs: Condition[]) => cs.flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour % 24]] : []));

const after = (...messages: string[]) => taught(ctx, ...messages);

describe("one end of a rule's hours moved", () => {
  it("the start or the end said moves, the other stays, the rule's other parts stay", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 23 }),
        fc.boolean(),
        async (from, len, moved, start) => {
          const to = (from + len) % 24;
          const verb = start ? "should begin at" : "should last until";
          const { rules } = await after(
            `keep out of the pantry from ${said(from)} to ${said(to)} unless I ask you to`,
            `the pantry rule ${verb} ${said(moved)}`,
          );
          assert.equal(rules.length, 1);
          const [r] = rules;
          assert.deepEqual(r.requirement, { kind: "avoid_room", room: "pantry" });
          assert.equal(r.exceptions.length, 1, "the exception was lost");
          const want = start ? [moved, to] : [from, moved];
          // a window with equal ends would hold every hour: that is asked, the rule unchanged
          if (want[0] === want[1]) assert.deepEqual(windows(r.conditions), [[from, to]]);
          else assert.deepEqual(windows(r.conditions), [want]);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("'make it' moves the end the rule was said with", async () => {
    const later = await after("stay out of the garage after 10pm", "ok make it 11pm");
    assert.deepEqual(windows(later.rules[0].conditions), [[23, 6]]);
    const earlier = await after("stay out of the garage before 9am", "make it 8am instead");
    assert.deepEqual(windows(earlier.rules[0].conditions), [[0, 8]]);
  });

  it("asks when the half of the day or the end cannot be told", async () => {
    const half = await after("keep out of the attic at night", "the attic rule should begin at 3");
    assert.deepEqual(windows(half.rules[0].conditions), [[21, 6]]);
    assert.ok(half.reply.includes("?"), half.reply);
    const which = await after("keep out of the attic at night", "make it 8pm");
    assert.deepEqual(windows(which.rules[0].conditions), [[21, 6]]);
    assert.ok(which.reply.includes("?"), which.reply);
  });
});

describe("a verb of change with the rule it changes and what it becomes", () => {
  it("gives the rule named the new hours, and asks which when more than one could be meant", async () => {
    const one = await after("keep out of the attic at night", "shift the attic ban to the afternoons please");
    assert.deepEqual(windows(one.rules[0].conditions), [[12, 17]]);
    const two = await after(
      "keep out of the attic at night",
      "keep out of the garage at night",
      "swap the rule to mornings",
    );
    assert.deepEqual(
      two.rules.map((r) => windows(r.conditions)),
      [[[21, 6]], [[21, 6]]],
    );
    assert.ok(two.reply.includes("?"), two.reply);
  });
});
