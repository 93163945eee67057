/**
 * "the study is not a playroom, keep out of it": a room's word after a copula and "a" says what
 * something is, it names no room; "it" is the room the sentence is about. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

describe("a room's word as a predicate noun", () => {
  it("names no room, and the ban is the subject's", async () => {
    for (const m of [
      "the study is not a playroom, keep out of it",
      "The study isn't a garage. Stay out of it from now on.",
    ]) {
      const { rules } = await taught({ rooms: ["study", "hall"], sceneId: "s1" }, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: "study" }],
        m,
      );
    }
  });
});
