/**
 * A negated verb of ending up with only its particle ("never stop inside") is about the one room
 * the message names, as "keep out" is; a bare "don't stop" may mean "keep going" and names no
 * room, so it is asked. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "scullery", "snug"], sceneId: "s1" };

describe("a verb of ending up with only its particle", () => {
  it("is about the one room the message names", async () => {
    for (const m of [
      "you're welcome to pass through the scullery, but never stop inside",
      "scullery - don't wait in there",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "scullery" }],
        m,
      );
    }
  });

  it("bare, or with several rooms named, keeps no rule about a room", () => {
    for (const m of ["don't stop, the loft is where it usually is", "the loft or the snug, never stop inside"]) {
      const out = learn(m, [], house);
      assert.ok(
        out.items.every((i) => i.decision !== "add"),
        `${m}: ${JSON.stringify(out.items.map((i) => [i.decision, i.draft?.requirement]))}`,
      );
    }
  });
});
