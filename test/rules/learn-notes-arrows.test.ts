/**
 * Corrections written as notes: an arrow between what is changed and what it becomes ("->",
 * "→", "=>") is read as a colon; a reply format said cancelled with its verb left out is taken
 * back, never stored as a field; a field written as an identifier ("time_found") is one field,
 * and a sign written that way ("no_entry") is its words. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["scullery", "snug", "Nan's room"], sceneId: "s1" };
const words = (s: string) => tokenize(s).map((t) => t.w);

describe("notes with arrows", () => {
  it("read an arrow as a colon", () => {
    assert.deepEqual(words("snug -> off limits"), ["snug", ":", "off", "limits"]);
    assert.deepEqual(words("snug → off limits"), ["snug", ":", "off", "limits"]);
    assert.deepEqual(words("from 9 - 5"), ["from", "9", "to", "5"]);
  });

  it("keep a ban and a limit said with them", async () => {
    const { rules, reply } = await taught(house, "scullery -> no entry after 8pm. answers => 15 words max");
    const kinds = rules.map((r) => r.requirement.kind).sort();
    assert.deepEqual(kinds, ["avoid_room", "word_limit"], reply);
  });

  it("take a reply format said cancelled back, and store no field named after the word", async () => {
    for (const m of ["json answers -> cancelled", "JSON: cancelled.", "json format scrapped"]) {
      const { rules, reply } = await taught(house, "Answer in JSON with the keys thing and place.", m);
      assert.deepEqual(rules, [], `${m}: ${reply}`);
    }
  });
});

describe("names written as identifiers", () => {
  it("are one field, and a sign written so is words", async () => {
    const { rules } = await taught(house, "answers -> JSON. keys: thing / time_found");
    const json = rules.find((r) => r.requirement.kind === "json_fields");
    assert.deepEqual(json?.requirement.kind === "json_fields" ? json.requirement.fields : [], ["thing", "time_found"]);
    assert.deepEqual(words("no_entry"), ["no", "entry"]);
  });
});
