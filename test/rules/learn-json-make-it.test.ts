/**
 * "make it json": "make it" before a format asks for that format, as "make it short" asks for a
 * length, and is no new value of a rule in force; a reply noun fronted before it ("each reply, make
 * it json …") is what "it" is. "make it 30" beside a limit is still a change to that limit.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "porch"], sceneId: "s1" };

describe("make it json", () => {
  it("asks for JSON with the fields named", async () => {
    for (const m of ["each reply, make it json with colour and place", "make it JSON with place and colour, please"]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement.kind, r.persistence]),
        [["json_fields", "persistent"]],
        m,
      );
    }
  });

  it("beside a limit, a number after it still changes the limit", async () => {
    const { rules } = await taught(house, "Keep replies under 25 words.", "make it 40");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "word_limit", maxWords: 40, target: "reply" }],
    );
  });
});
