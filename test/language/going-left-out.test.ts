/**
 * A ban said with its verb of going left out ("never inside", "you, never in there"): read as the
 * ban with the verb said, of the one room the message spoke of; where the negation does not open
 * its clause, or more follows the particle, the words are left as typed. Sentences written for
 * this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize, withGoingLeftOut } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const house = { rooms: ["den", "cellar", "workshop"], sceneId: "s1" };
const words = (s: string) => withGoingLeftOut(tokenize(s), house.rooms).map((t) => t.w);

describe("a negation opening its clause before a particle of being inside", () => {
  it("gets its verb of going", () => {
    assert.deepEqual(words("the den. you, never inside"), ["the", "den", ".", "you", ",", "never", "go", "inside"]);
    assert.deepEqual(words("cellar - never in there, ever!"), [
      "cellar",
      "-",
      "never",
      "go",
      "in",
      "there",
      ",",
      "ever",
      "!",
    ]);
  });

  it("'not through' set against going round, told to the robot, gets its verb", () => {
    assert.deepEqual(words("head round the workshop pls, never through it"), [
      ...["head", "round", "the", "workshop", "please", ","],
      ...["never", "go", "through", "it"],
    ]);
    assert.deepEqual(words("id rather u went round the cellar, not through"), [
      ...["i", "would", "rather", "you", "went", "round", "the", "cellar", ","],
      ...["not", "go", "through"],
    ]);
    for (const s of ["the dog runs round the den, never through it", "the den, not through yet"])
      assert.deepEqual(
        words(s),
        tokenize(s).map((t) => t.w),
        s,
      );
  });

  it("is left as typed where it tells, or more follows the particle", () => {
    for (const s of [
      "the den: the cat is never inside",
      "never inside the den after nine",
      "the den, not in there yet",
      "never inside",
      "the den and the cellar: never inside",
    ])
      assert.deepEqual(
        words(s),
        tokenize(s).map((t) => t.w),
        s,
      );
  });

  it("bans the room the message spoke of, from now on", async () => {
    for (const [m, room] of [
      ["The workshop is for the lathe. You, never inside.", "workshop"],
      ["cellar: never in there please", "cellar"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules)}`);
      assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room }, m);
      assert.equal(rules[0].persistence, "persistent", m);
    }
  });

  it("keeps no rule where two rooms were spoken of", async () => {
    const { rules, reply } = await taught(house, "The den and the cellar are being painted. Never inside.");
    assert.deepEqual(rules, [], JSON.stringify(rules));
    assert.match(reply, /\?/);
  });
});
