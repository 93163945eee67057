/**
 * Hours read beside time-like words the time grammar did not take (a speech-to-text voice writes
 * an hour as a word that sounds like it, or a part of the day in two): the window read may be
 * half of what was said, or two windows for one request. The learner asks, with what it read,
 * and keeps nothing; hours read whole, or two windows said as two, are kept as before, and so
 * are hours whose sound-alikes stand where only an hour can (sounded-times.ts).
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { strayTimeWords, tokenize } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "garage", "study", "cellar", "den", "bathroom"], sceneId: "s1" };
const normal = (s: string) =>
  tokenize(s)
    .map((t) => t.w)
    .join(" ");

describe("time-like words no time reading took", () => {
  it("are found: an hour heard as another word, a clock word alone, an opened end left unread", () => {
    for (const [said, word] of [
      ["stay out of the garage from six in the evening till nein at night", "until"],
      ["no cellar after 8 pm til tree", "until"],
      ["keep to the hall, the den is off limits till for o clock", "clock"],
      ["don't go in the study after noon until leaven pm", "pm"],
    ])
      assert.ok(
        strayTimeWords(normal(said)).some((s) => s.word === word),
        `${said}: ${JSON.stringify(strayTimeWords(normal(said)))}`,
      );
  });

  it("are none where the clause says its hours whole, or a condition only people know", () => {
    for (const said of [
      "keep out of the garage from 6 till 9 at night",
      "stay out of the den after 9 pm until i get home",
      "keep out of the cellar at night until bedtime",
      "i am up early so stay out of the kitchen before 7 am",
      "avoid the study in the morning until further notice",
      "no bathroom between 7 and 9 in the morning",
    ])
      assert.deepEqual(strayTimeWords(normal(said)), [], said);
  });
});

describe("a window read beside time-like words left unread", () => {
  it("is asked with what was read, and no rule is kept", async () => {
    for (const said of [
      "stay out of the garage from six in the evening till nein at night",
      "no cellar after 8 pm til tree",
      "avoid the study from too in the afternoon til for o clock",
      "the kitchen is off limits from for o clock till 7",
      "pls dont go in the den after ten p m until leaven",
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(rules, [], `${said}: kept ${JSON.stringify(rules)}`);
      assert.match(reply, /\?/, `${said}: ${reply}`);
    }
  });

  it("two hours joined as a range, its opener unread, are asked, never dropped", async () => {
    for (const said of ["keep off the landing btw 2 and 4", "no den for you, k, 9 to 11 ya"]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(rules, [], `${said}: kept ${JSON.stringify(rules)}`);
      assert.match(reply, /\?/, `${said}: ${reply}`);
    }
    // a count after the range says what is counted, no hours: "2 to 3 sentences"
    assert.deepEqual(strayTimeWords(normal("keep it to 2 to 3 sentences")), []);
  });

  it("a room's ban with clock words beside it and no hours read is asked, never kept all day", async () => {
    for (const said of [
      "the cellar is off limits 10pm midnight",
      "stay out of the garage, 6 am and noon",
      "no den for the robot 11pm/noon",
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(rules, [], `${said}: kept ${JSON.stringify(rules)}`);
      assert.match(reply, /\?/, `${said}: ${reply}`);
    }
  });

  it("a dash between an hour and noon or midnight is a window", async () => {
    for (const [said, from, to] of [
      ["the cellar is off limits 10pm-midnight", 22, 24],
      ["keep out of the study 2am-noon", 2, 12],
      ["no garage noon - 4pm", 12, 16],
      ["avoid the den midnight-5", 0, 5],
    ] as const) {
      const { rules, reply } = await taught(house, said);
      assert.equal(rules.length, 1, `${said}: ${reply}`);
      const c = rules[0].conditions.find((x) => x.kind === "time");
      assert.deepEqual(c && [c.fromHour, c.toHour], [from, to], `${said}: ${JSON.stringify(rules[0].conditions)}`);
    }
  });

  it("two windows side by side, nothing joining them, are one request asked, never two rules", async () => {
    const { rules, reply } = await taught(house, "keep out of the den from nine at night after ten");
    assert.deepEqual(rules, [], reply);
  });

  it("keeps what is read whole: a window, a window and a condition, two windows said as two", async () => {
    for (const [said, n] of [
      ["keep out of the garage from 6 till 9 at night", 1],
      ["stay out of the den after 9 pm until I get home", 1],
      ["never enter the bathroom early in the morning or late at night", 2],
      ["I am up early so stay out of the kitchen before 7 am", 1],
      // an hour's sound-alike where only an hour can stand is that hour (sounded-times.ts)
      ["the kitchen is off limits from for in the after noon till 7", 1],
      ["don't go in the study after noon until won pm", 1],
    ] as const) {
      const { rules, reply } = await taught(house, said);
      assert.equal(rules.length, n, `${said}: ${reply}`);
    }
  });
});
