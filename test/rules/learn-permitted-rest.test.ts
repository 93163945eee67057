/**
 * Hours permitted beside a ban in the same message: said of hours the ban leaves (its complement,
 * pointed back at with "before that" / "after that" / "otherwise", or said outright) they add
 * nothing, and the ban is kept as said; said of hours the ban holds they contradict it, and
 * nothing is kept until the user says. Never a second ban. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes, permitsOnlyOutside, permittedHours } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["workshop", "loft", "nursery", "kitchen"], sceneId: "s1" };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    i.draft?.requirement,
    i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
  ]);

describe("hours permitted beside a ban", () => {
  it("of the hours the ban leaves add nothing: the ban is kept as said", () => {
    for (const [m, room, w] of [
      ["from now on keep away from the workshop after 8 pm, before that you can go in", "workshop", [20, 6]],
      ["stay out of the loft in the evening; the rest of the time it's fine", "loft", [17, 21]],
      ["no going in the nursery before 9 am. after that you may go in", "nursery", [0, 9]],
      ["always avoid the kitchen between 5 and 7 pm, otherwise it's ok", "kitchen", [17, 19]],
      ["stay out of the workshop at night, in the daytime it's alright", "workshop", [21, 6]],
    ] as const)
      assert.deepEqual(read(m), [["add", { kind: "avoid_room", room }, [w]]], m);
  });

  it("of hours the ban holds keep nothing", () => {
    for (const m of [
      "from now on keep away from the workshop after 8 pm, after 10 pm you can go in",
      "no going in the nursery before 9 am, before that it's fine",
      "stay out of the loft in the evening, but between 6 and 7 pm it's fine",
    ]) {
      const items = learn(m, [], ctx).items;
      assert.ok(items.length > 0, m);
      assert.ok(
        items.every((i) => i.decision !== "add"),
        `${m}: ${JSON.stringify(items.map((i) => i.decision))}`,
      );
    }
  });

  it("the language part: which parts permit hours, and whether they lie outside a ban", () => {
    assert.equal(permittedHours("before that it's not ok"), undefined);
    assert.equal(permittedHours("you can go in"), undefined);
    const after8 = findTimes("after 8 pm");
    assert.ok(permitsOnlyOutside(permittedHours("before that it's fine")!, after8));
    assert.ok(!permitsOnlyOutside(permittedHours("after that it's fine")!, after8));
    assert.ok(!permitsOnlyOutside(permittedHours("after 11 pm you may go in")!, after8));
    assert.ok(permitsOnlyOutside(permittedHours("between noon and 6 pm it's ok")!, after8));
  });
});
