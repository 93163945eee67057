/**
 * A part of the day said bare beside clock hours with an end in it ("Evening, till nine",
 * "from ten till midnight, quiz night") only places those hours: the ban keeps them and asks
 * nothing. A part of the day that holds no end said ("morning, after 10 pm") says something else
 * and is asked. "the" as eye dialects write it before a part of the day ("five in da morning")
 * and "o'clock a night" are the same hours as said in the standard way. Sentences written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findTimes, partPlacesWindows } from "../../src/language/index.ts";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["loft", "den", "workshop"], sceneId: "s1" };
const kept = async (m: string) => {
  const { rules, reply } = await taught(house, m);
  return {
    reply,
    rules: roomsAndHours(rules),
  };
};

describe("a part of the day that places clock hours", () => {
  it("is read with them, and the ban keeps the hours alone", async () => {
    for (const [m, room, hours] of [
      ["Evening, till nine, the loft is off limits.", "loft", "12-21"],
      ["keep out of the den from 7 pm to midnight, it is poker night", "den", "19-0"],
      ["Night, after eleven, you stay out of the workshop.", "workshop", "23-6"],
    ] as const) {
      const { rules } = await kept(m);
      assert.deepEqual(rules, [{ room, when: [hours] }], m);
    }
  });

  it("a part of the day with no end said in it is asked, never dropped", async () => {
    for (const m of [
      "Morning, after ten pm, don't go in the loft.",
      "Afternoon, before six am, keep out of the den.",
    ]) {
      const { rules } = await kept(m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("places a window only by an end said, never by an end assumed", () => {
    // "after 9 pm" runs to 6 by assumption: the morning holds that end, but nobody said it
    assert.ok(!partPlacesWindows("morning", [{ from: 21, to: 6, open: "after" }]));
    assert.ok(partPlacesWindows("morning", [{ from: 0, to: 6, open: "before" }]));
    assert.ok(partPlacesWindows("Night,", [{ from: 20, to: 24 }]));
    assert.ok(!partPlacesWindows("every night", [{ from: 20, to: 24 }]));
    assert.ok(!partPlacesWindows("evening", [{ from: 8, to: 11 }]));
  });
});

describe("a part of the day after an hour, as other Englishes write it", () => {
  it("reads eye-dialect articles and 'o'clock a night' as the part of the day", () => {
    const hours = (s: string) => findTimes(s).map((t) => `${t.from}-${t.to % 24}`);
    assert.deepEqual(hours("from eleven at night till five in da morning"), ["23-5"]);
    assert.deepEqual(hours("from nine oclock a night till seven in di morning"), ["21-7"]);
    assert.deepEqual(hours("from nine at night straight through till four in the morning"), ["21-4"]);
    // "two a night" counts; only after "o'clock" is "a night" a time of day
    assert.deepEqual(hours("from one to three a night"), ["1-3"]);
  });

  it("keeps the window a dialect speaker says", async () => {
    const { rules } = await kept("keep out of da loft from nine at night until seven in da morning");
    assert.deepEqual(rules, [{ room: "loft", when: ["21-7"] }]);
  });
});
