/**
 * The 24-hour clock: a point with its minutes ("20:00", "06:00") is a time wherever it stands;
 * four digits ("0600", "2130 hrs") are read as a clock time where a preposition, a word of the
 * clock or a dash between two quarter hours frames them, and left unread (so the learner asks)
 * where nothing does. A four-digit count
 * ("up to 1500 words") is no time. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const hours = (s: string) => findTimes(s).map((t) => [t.from, t.to % 24]);

describe("the 24-hour clock", () => {
  it("two points with minutes make a window, joined by 'to' or a dash", () => {
    assert.deepEqual(hours("the cellar is closed 19:30 to 23:00"), [[19, 23]]);
    assert.deepEqual(hours("no porch 23:00-05:00 on weeknights"), [[23, 5]]);
    assert.deepEqual(hours("attic off limits 01:00 to 04:00"), [[1, 4]]);
  });

  it("four digits framed by a preposition or by 'hours' are clock times", () => {
    for (const [s, w] of [
      ["avoid the pantry from 0630 till 0830", [6, 8]],
      ["the gym is out of bounds between 1300 and 1500 hrs", [13, 15]],
      ["stay out of the loft after 2145", [21, 6]],
      ["no hoovering in the hall before 0700", [0, 7]],
      ["keep clear of the study 2200 hours to 0600 hours", [22, 6]],
      ["don't go in the workshop at 1400", [14, 15]],
    ] as const)
      assert.deepEqual(hours(s), [w], s);
  });

  it("two four-digit clock times joined by 'to' are a window, as a ward chart writes them", () => {
    for (const [s, w] of [
      ["no vacuuming in the nursery 1330 to 1530", [13, 15]],
      ["boiler room closed 2300 to 0500, the pipes knock", [23, 5]],
    ] as const)
      assert.deepEqual(hours(s), [w], s);
    for (const s of ["the den 0700 0900", "a budget of 1500 to 2000 dollars", "between 1200 to 1500 words"])
      assert.deepEqual(hours(s), [], s);
  });

  it("four digits with nothing framing them, and counts, are no time", () => {
    for (const s of ["the den 0700 0900", "answers of up to 1200 words", "after 1250 tries"])
      assert.deepEqual(hours(s), [], s);
  });

  it("two clock ends on the quarter hour joined by a dash are a window; years, odd minutes and units are not", () => {
    for (const [s, w] of [
      ["the den 0700-0900", [7, 9]],
      ["no hoovering on the landing 1330-1545", [13, 15]],
      ["cellar shut 2100–0600", [21, 6]],
    ] as const)
      assert.deepEqual(hours(s), [w], s);
    for (const s of [
      "the den 1990-2010",
      "photos 1900-2000 in the loft",
      "code 0713-0958",
      "a budget of 1500-2000 dollars",
    ])
      assert.deepEqual(hours(s), [], s);
  });

  it("two bare hours of which one only the 24-hour clock shows are a window; a count after them is not", () => {
    for (const [s, w] of [
      ["the garage. 18–22.", [18, 22]],
      ["study closed 14-16 on weekdays", [14, 16]],
      ["no loft 23 to 7", [23, 7]],
    ] as const)
      assert.deepEqual(hours(s), [w], s);
    for (const s of ["the kettle takes 13-15 minutes", "a group of 14 to 20 kids", "the den 8-10"])
      assert.deepEqual(hours(s), [], s);
  });

  it("the learner keeps a framed 24-hour window on the rule and asks about an unframed one", () => {
    const ctx = { rooms: ["pantry", "garage", "study"], sceneId: "s1" };
    const kept = learn("from now on keep out of the garage between 2300 and 0600 hrs", [], ctx).items;
    assert.deepEqual(
      kept.map((i) => [
        i.decision,
        i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      ]),
      [["add", [[23, 6]]]],
    );
    const dashed = learn("pantry off limits 0600-0800, the floor gets mopped", [], ctx).items;
    assert.deepEqual(
      dashed.map((i) => [
        i.decision,
        i.draft?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      ]),
      [["add", [[6, 8]]]],
    );
    const asked = learn("keep out of the study 0800 1000", [], ctx).items;
    assert.ok(asked.length > 0 && asked.every((i) => i.decision === "unclear"), JSON.stringify(asked));
  });
});
