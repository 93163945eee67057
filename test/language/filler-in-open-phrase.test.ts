/**
 * A hesitation or a filler word ("like") set off by commas after a word that leaves its clause
 * open (a negation, an auxiliary, "please") is left out with its commas, as a listener hears past
 * it: "don't, uh, go in the den" is one clause. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize, withoutHesitations } from "../../src/language/index.ts";

const heard = (m: string) =>
  withoutHesitations(tokenize(m))
    .map((t) => t.w)
    .join(" ");

describe("a filler inside a clause left open", () => {
  it("is left out with the commas that set it off", () => {
    assert.equal(heard("please don't, um, go in the den"), heard("please don't go in the den"));
    assert.equal(heard("you shouldn't, like, park in the hall"), heard("you shouldn't park in the hall"));
    assert.equal(heard("you must, er, never stop there"), heard("you must never stop there"));
  });

  it("'like' after a word that closes its phrase stays", () => {
    assert.match(heard("small rooms, like, the den"), /like/);
  });
});
