/**
 * "1 in the day", "9 during the day": the hour said with the day, as against the night, is in
 * daylight, so 6 to 11 are the morning and 12 to 5 the afternoon; the words are part of the hours,
 * so a permission's "just not between … in the day" is a window of its own and no leftover the
 * learner has to ask about. A part of the day that is no hour ("late in the day") stays no window.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const windows = (s: string) => findTimes(s).map((t) => [t.from, t.to, !!t.guessed]);

describe("an hour said in the day", () => {
  it("is in daylight, its half of the day said", () => {
    assert.deepEqual(windows("from 11 to 2 in the day"), [[11, 14, false]]);
    assert.deepEqual(windows("between 3 and 5 during the day"), [[15, 17, false]]);
    assert.deepEqual(windows("from 7 to 9 in the daytime"), [[7, 9, false]]);
  });

  it("is no window when no hour is said", () => {
    assert.deepEqual(windows("late in the day"), []);
    assert.deepEqual(windows("twice in the day"), []);
  });

  it("narrows a ban lifted with the hours said no to", async () => {
    const { rules } = await taught(
      { rooms: ["library", "hall"], sceneId: "s1" },
      "Never go into the library.",
      "ok you may go in the library now, just not from 11 to 2 in the day",
    );
    assert.deepEqual(
      rules.map((r) => [
        r.requirement,
        r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
      ]),
      [[{ kind: "avoid_room", room: "library" }, ["11-14"]]],
    );
  });
});
