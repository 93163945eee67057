/**
 * Words said only for force are heard past: an oath inside a phrasal verb ("keep the heck out")
 * and an aside of emphasis between commas after a negation or a modal ("must not, on any account,
 * …"). An aside holding any other word, and an oath that is no part of a phrasal verb, stay.
 * Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize, withoutIntensifiers } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const heard = (s: string) =>
  withoutIntensifiers(tokenize(s))
    .map((t) => t.w)
    .join(" ");
const house = { rooms: ["scullery", "loft", "boiler room"], sceneId: "s1" };

describe("intensifiers", () => {
  it("an oath between a verb and its particle is left out", () => {
    assert.equal(heard("get the heck away from the loft"), "get away from the loft");
    assert.equal(heard("keep the bloody hell away from the scullery"), "keep away from the scullery");
  });

  it("an aside of emphasis after a negation or a modal is left out with its commas", () => {
    assert.equal(heard("you should never, ever, wait in the loft"), "you should never wait in the loft");
    assert.equal(heard("do not, for any reason, enter the loft"), "do not enter the loft");
  });

  it("an oath that is no phrasal verb's, and an aside that says when, stay", () => {
    assert.equal(heard("what the hell is this"), "what the hell is this");
    assert.equal(heard("do not, after nine, enter the loft"), "do not , after nine , enter the loft");
    assert.equal(heard("never, ever."), "never , ever .");
  });

  it("the clause is read as it would be without them", async () => {
    for (const [m, kind, room] of [
      ["Keep the flipping hell away from the boiler room!", "avoid_room", "boiler room"],
      ["You are not, on any account, to park in the scullery.", "no_stop_in_room", "scullery"],
      ["you must never, ever, go up into the loft", "avoid_room", "loft"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence, r.conditions]),
        [[{ kind, room }, "persistent", []]],
        m,
      );
    }
  });

  it("a formal adverb of performing by saying is left out, so the rule it ends is read", async () => {
    assert.equal(heard("the ban is hereby lifted"), "the ban is lifted");
    const { rules } = await taught(
      house,
      "Keep your answers under 25 words.",
      "The cap on how long your answers run is hereby withdrawn.",
    );
    assert.deepEqual(rules, []);
  });
});
