/**
 * The household asking as one of several ("unless either of us asks", "only when one of us sends
 * you") is the user asking: the exception or condition of being asked, kept on the room's rule,
 * never a condition in words left to guidance. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["workshop", "nursery"] };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    (i.draft?.exceptions ?? []).map((c) => c.kind),
    (i.draft?.conditions ?? []).map((c) => c.kind),
  ]);

describe("asked by one of us", () => {
  it("is the exception of being asked", () => {
    for (const m of [
      "keep out of the workshop unless either of us asks for you",
      "never enter the nursery except when any of us tells you to",
    ])
      assert.deepEqual(read(m), [["add", ["instruction_mentions"], []]], m);
  });

  it("said as when, it is the condition of being asked", () => {
    const got = read("only go in the workshop when one of us sends you");
    assert.ok(
      got.every(([, e, c]) => [...(e as string[]), ...(c as string[])].includes("instruction_mentions")),
      JSON.stringify(got),
    );
  });
});

describe("a bare ban with an exception after its particle", () => {
  it("is the one room's ban, the exception kept", () => {
    const got = learn("The nursery is where the twins sleep. Never go in unless one of us calls you.", [], ctx).items;
    assert.deepEqual(
      got.map((i) => [
        i.decision,
        (i.draft?.requirement as { room?: string })?.room,
        i.draft?.exceptions.map((e) => e.kind),
      ]),
      [["add", "nursery", ["instruction_mentions"]]],
    );
  });
});
