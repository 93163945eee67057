/**
 * A phrase that says every day ("all days", "each day", "daily", "seven days a week") leaves no
 * day out: beside a window the window alone holds, with no condition in words kept or asked.
 * A phrase that names some days, a part of the day or a bound ("on fridays", "every night",
 * "all week") still narrows the rule. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["pantry", "music room"] };
const read = (m: string) =>
  learn(m, [], ctx).items.map((i) => [
    i.decision,
    (i.draft?.conditions ?? []).map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.quote)),
  ]);

describe("every day said beside a window", () => {
  it("adds nothing to the window", () => {
    for (const m of [
      "the pantry is closed to the robot from 22:00 to 05:00, all days",
      "keep out of the music room 1pm to 3pm each day",
      "no going in the pantry between 9pm and 6am, seven days a week",
    ]) {
      const got = read(m);
      assert.equal(got.length, 1, m);
      assert.equal(got[0][0], "add", m);
      assert.equal((got[0][1] as string[]).length, 1, m);
      assert.match((got[0][1] as string[])[0], /^\d+-\d+$/, m);
    }
  });

  it("some days still narrow the rule", () => {
    const got = read("keep out of the music room 1pm to 3pm on fridays");
    assert.ok(got.every(([, c]) => (c as string[]).some((q) => /fridays/.test(q))));
  });
});
