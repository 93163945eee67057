/** The shared grammar: tokens tied to the user's characters, numbers, rooms never widened. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  canonicalRoom,
  matchRoom,
  numbersIn,
  quoteOf,
  roomName,
  sameRoom,
  tokenize,
} from "../../src/language/index.ts";

describe("tokens", () => {
  it("normalise contractions, slang and units, each word keeping the characters it came from", () => {
    const m = "pls dont go in the garage b4 9pm, u know it’s off-limits";
    const t = tokenize(m);
    assert.deepEqual(
      t.map((x) => x.w),
      [
        "please",
        "do",
        "not",
        "go",
        "in",
        "the",
        "garage",
        "before",
        "9",
        "pm",
        ",",
        "you",
        "know",
        "it",
        "is",
        "off",
        "limits",
      ],
    );
    assert.equal(quoteOf(m, t, 1, 7), "dont go in the garage");
    assert.equal(quoteOf(m, t, 13, 17), "it’s off-limits");
  });

  it("keep a quotation together and tell it from a possessive", () => {
    const t = tokenize("Stop saying 'no problem' in the kids' room");
    assert.deepEqual(
      t.filter((x) => x.quoted).map((x) => x.w),
      ["no", "problem"],
    );
    assert.ok(t.some((x) => x.w === "kids") && !t.some((x) => x.quoted && x.w === "room"));
  });

  it("read 'ur' as 'your' before a noun and 'you are' before a state", () => {
    assert.deepEqual(
      tokenize("keep ur replies short when ur done").map((x) => x.w),
      ["keep", "your", "replies", "short", "when", "you", "are", "done"],
    );
  });
});

describe("numbers", () => {
  it("in digits and words, dozens and tens", () => {
    assert.deepEqual(numbersIn("twelve, 15, twenty five, a dozen, two dozen, half a dozen"), [12, 15, 25, 12, 24, 6]);
    assert.deepEqual(numbersIn("a word or two"), [2], "'a' alone is no number");
  });
});

describe("rooms", () => {
  it("merge only words for the same room, never a narrower room into a wider one", () => {
    assert.equal(canonicalRoom("the restroom"), "bathroom");
    assert.equal(canonicalRoom("Lounge"), "living room");
    assert.equal(roomName("the nursery"), "nursery");
    assert.equal(roomName("pantry"), "pantry");
    assert.equal(roomName("entryway"), "entryway");
    assert.equal(roomName("master bedroom"), "master bedroom");
    assert.equal(roomName("the sewing room"), "sewing room");
  });

  it("a label is a rule's room when it names it or is a kind of it; a rule about a kind never reaches the wider room", () => {
    assert.ok(sameRoom("Bedroom 2", "bedroom"));
    assert.ok(sameRoom("upstairs bathroom", "bathroom"));
    assert.ok(sameRoom("restroom", "bathroom"));
    assert.ok(!sameRoom("bedroom", "nursery"), "a nursery rule does not keep the robot out of bedrooms");
    assert.ok(!sameRoom("closet", "pantry"));
    assert.ok(!sameRoom("hallway", "entryway"));
    assert.ok(!sameRoom("bedroom", "master bedroom"));
  });

  it("read a misspelling only where a room is expected, against the house's labels first", () => {
    assert.deepEqual(matchRoom(["ofice"], ["office", "kitchen"], true), { room: "office", words: 1, fuzzy: true });
    assert.equal(matchRoom(["ofice"], ["office"], false), undefined, "no room expected, no guess");
    assert.deepEqual(matchRoom(["laundy", "room"], ["laundry room"], true), {
      room: "laundry room",
      words: 2,
      fuzzy: true,
    });
    assert.equal(matchRoom(["closer"], [], true), undefined, "a common word near a room name is no room");
    // a short name only through a slip of the fingers, from a word that is no English word of its own
    assert.deepEqual(matchRoom(["hal"], ["hall", "den"], true), { room: "hall", words: 1, fuzzy: true });
    assert.deepEqual(matchRoom(["lofft"], ["loft", "den"], true), { room: "loft", words: 1, fuzzy: true });
    assert.equal(matchRoom(["all"], ["hall"], true), undefined, "a word of its own is no slip");
    assert.equal(matchRoom(["lot"], ["loft"], true), undefined, "a word of its own is no slip");
    assert.equal(matchRoom(["shep"], ["shed"], true), undefined, "a letter changed in a short name is no slip");
  });
});
