/**
 * A condition fronted before two requests joined by "and" with no comma after it ("after 10pm keep
 * out of the den and …") belongs to both, as it does with a comma: the second request is never
 * stored broader in time than was said. "quit" before a gerund is read as "stop". Sentences written
 * for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den", "workshop", "nursery", "porch", "sewing room"] };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.requirement.kind,
    (i.draft?.conditions ?? []).map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("a condition fronted before two joined requests, no comma", () => {
  it("hours go with both, whichever comes first", () => {
    for (const [m, h] of [
      ["after 10pm keep out of the workshop and stop calling me pal", "22-6"],
      ["before 7am stop calling me chief and stay out of the nursery", "0-7"],
      ["at night avoid the porch and quit saying cheers", "21-6"],
      ["after 11pm keep out of the den and don't go in the sewing room", "23-6"],
    ] as const) {
      const items = read(m);
      assert.equal(items.length, 2, m);
      for (const it of items) assert.deepEqual(it[2], [h], m);
    }
  });

  it("a when-lead with a clause of its own goes with both", () => {
    const items = read("while the baby sleeps keep out of the nursery and stop saying mate");
    assert.equal(items.length, 2);
    for (const it of items) assert.deepEqual(it[2], ["text"]);
  });

  it("one request with fronted hours reads as it does with a comma", () => {
    assert.deepEqual(read("after 9pm keep out of the den"), read("after 9pm, keep out of the den"));
  });
});

describe("'quit' before a gerund", () => {
  it("is 'stop'", () => {
    assert.deepEqual(read("quit parking in the porch"), read("stop parking in the porch"));
    assert.deepEqual(read("quit calling me sunshine"), read("stop calling me sunshine"));
    assert.deepEqual(
      read("never go in the den but quit asking me things"),
      read("never go in the den but stop asking me things"),
    );
  });
});
