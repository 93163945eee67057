/**
 * Words beside a new ban that say nothing of where or when it holds: "here is …" presenting what
 * follows, "of the house" naming its people, an auctioneer's "going once", a day that owns a
 * thing ("tomorrow's lessons"), a reason said as "that is where I …" in Caribbean English or
 * Pidgin, and a stretch of the day said again by clock hours after the same word of time. The
 * ban holds where and when it was said; a real condition stays. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["den", "workshop", "back room", "veranda", "sewing room", "store room"], sceneId: "s1" };

describe("asides beside a new ban", () => {
  it("reads 'here is' presenting a request as no word of this house", async () => {
    for (const m of ["Here's my one ask: keep out of the workshop.", "Here are the rules, stay out of the den."]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].conditions, [], m);
      assert.equal(rules[0].scope, "global", m);
    }
    const { rules } = await taught(house, "In here, stay out of the den.");
    assert.equal(rules[0].scope, "scene:s1");
  });

  it("reads 'the man of the house' as a person, and keeps his doing as a condition", async () => {
    const { rules } = await taught(house, "While the man of the house is napping, you keep out of the den.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "den", when: ["text"] }]);
  });

  it("reads a counted 'once' as no condition, and a subordinating 'once' as one", async () => {
    const sold = await taught(
      house,
      "From ten at night to five in the morning, going, going, gone, the den is shut to you.",
    );
    assert.deepEqual(roomsAndHours(sold.rules), [{ room: "den", when: ["22-5"] }]);
    const once = await taught(house, "Keep out of the workshop once the glue is drying.");
    assert.deepEqual(roomsAndHours(once.rules), [{ room: "workshop", when: ["text"] }]);
  });

  it("reads a day that owns a thing as no day of the rule", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the workshop from 2 pm to 5 pm, while I'm cutting tomorrow's boards.",
    );
    assert.deepEqual(roomsAndHours(rules), [{ room: "workshop", when: ["14-17"] }]);
  });

  it("reads 'that is where I …' in Caribbean English and Pidgin as a reason", async () => {
    for (const m of [
      "Nuh go inna di sewing room from ten o'clock a night till six inna di morning, for dat a weh mi study fi mi exam.",
      "Make you no dey enter the store room for night time, na there I dey count the shop money.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.ok(
        rules[0].conditions.every((c) => c.kind === "time"),
        m,
      );
    }
  });

  it("reads a stretch and the clock hours after the same word of time as one window", async () => {
    const { rules } = await taught(house, "Before the school run, before 8 in the morning, the veranda is off limits.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "veranda", when: ["0-8"] }]);
    // a different word of time: both are kept
    const two = await taught(house, "After the school run, before 8 in the morning, the veranda is off limits.");
    assert.deepEqual(roomsAndHours(two.rules), [{ room: "veranda", when: ["0-8", "text"] }]);
  });
});

describe("hedges, idioms and learners' word order beside a new ban", () => {
  it("reads 'I don't know if …' and idioms of days as no condition", async () => {
    for (const m of [
      "I don't know if I worry too much, but the workshop ceiling sags. Stay out of it.",
      "The den smells of damp from the old lodger days. Keep out of it.",
      "The veranda rail is rotten, it will snap one of these days. Keep off the veranda.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("reads 'don't to go' and 'please to not enter' as the plain ban", async () => {
    for (const [m, when] of [
      ["The back room, don't to go in after ten at night.", ["22-6"]],
      ["In the workshop please to not enter from one until three in the afternoon.", ["13-15"]],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), [{ room: m.includes("workshop") ? "workshop" : "back room", when }], m);
    }
  });

  it("reads a fronted room before a negated verb of going with the hours after it", async () => {
    const { rules } = await taught(house, "In the den don't go from four until six.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "den", when: ["16-18"] }]);
  });
});

describe("hours said twice in a new ban", () => {
  it("reads the same hours said again after an interruption as one window", async () => {
    const { rules } = await taught(
      house,
      "dont go in the den from two to five in the afternoon the kids nap there hang on yes two to five",
    );
    assert.deepEqual(roomsAndHours(rules), [{ room: "den", when: ["14-17"] }]);
  });

  it("reads a morning with an end before its start as one window, never two rules", async () => {
    const { rules } = await taught(house, "In the morning, before five o'clock, keep out of the workshop.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "workshop", when: ["0-5"] }]);
  });
});

describe("a reason about a part of a room beside a ban with no object", () => {
  it("reads the one room of the house, not the part the reason is about", async () => {
    const { rules } = await taught(house, "the workshop, please keep out, the steps are crumbling");
    assert.deepEqual(roomsAndHours(rules), [{ room: "workshop", when: [] }]);
  });

  it("still asks when two rooms of the house are named", async () => {
    const { rules, reply } = await taught(house, "the workshop and the den, keep out");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });
});
