/**
 * Words as some speakers say them, read as the English they stand for: an hour counted as
 * "hours" after a word that puts it on the clock (as French and Arabic speakers say it), the
 * Appalachian a-prefix before a verb in -ing, a dropped "h" after an apostrophe, and the
 * copulas of Caribbean English and Pidgin before a place. A span of hours, an article before a
 * noun in -ing, and a call to attend stay as they are. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { roomsAndHours, taught } from "../rules/taught.ts";

const words = (m: string) =>
  tokenize(m)
    .map((t) => t.w)
    .join(" ");
const house = { rooms: ["salon", "parlour", "shed", "library"], sceneId: "s1" };

describe("words of other speech", () => {
  it("reads an hour counted as hours after from or until as the clock's", () => {
    assert.equal(words("from two hours until five hours"), "from two oclock until five oclock");
    assert.equal(words("for two hours"), "for two hours");
    assert.equal(words("wait until two hours later"), "wait until two hours later");
  });

  it("keeps the ban at those hours", async () => {
    const { rules } = await taught(house, "The library, from three hours until six hours, you must not enter it.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "library", when: ["15-18"] }]);
  });

  it("drops the a-prefix before a verb in -ing, never an article before a noun", () => {
    assert.equal(words("I don't want you a-poking round the shed"), "i do not want you poking round the shed");
    assert.equal(words("I'll give you a warning"), "i will give you a warning");
    assert.equal(words("it is a building"), "it is a building");
  });

  it("reads a dropped h after an apostrophe, and 'listen here' as no word of this house", async () => {
    assert.equal(words("look in 'is room"), "look in his room");
    const { rules } = await taught(house, "Listen 'ere, the shed's off limits.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "shed", when: [] }]);
    assert.equal(rules[0].scope, "global");
  });

  it("reads Caribbean and Pidgin copulas before a place as 'that is where'", () => {
    assert.equal(words("dat a weh mi sit"), "that is where me sit");
    assert.equal(words("na there we dey eat"), "that is where we eat");
  });
});
