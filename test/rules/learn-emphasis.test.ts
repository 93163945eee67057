/**
 * Words that only stress a request add nothing beside it: a clause asking the robot to take in
 * the message itself ("I want it understood", "note this") is no behaviour of its own, and a
 * phrase saying any case at all ("in any case", "on any account") is no condition. A clause of
 * the same verbs about something else stays what it was. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "attic", "garage", "study"], sceneId: "s1" };
const kinds = (rs: { requirement: { kind: string } }[]) => rs.map((r) => r.requirement.kind);

describe("emphasis beside a request", () => {
  it("a clause about taking in the message itself keeps no behaviour beside the rule", async () => {
    for (const m of [
      "I want it understood clearly: never stop in the pantry.",
      "Please note this, and note it well: the loft is off limits.",
      "Let that be perfectly clear, you are not to go in the study.",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, `${m}: ${JSON.stringify(rules.map((r) => r.requirement))}`);
      assert.notEqual(rules[0].requirement.kind, "behavior", m);
    }
  });

  it("a phrase of any case at all is no condition", async () => {
    for (const m of ["stay out of the attic in any case", "don't go in the garage on any account"]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(kinds(rules), ["avoid_room"], m);
      assert.deepEqual(rules[0].conditions, [], m);
    }
  });

  it("the same verbs about something to do are not emphasis", async () => {
    const { rules } = await taught(house, "note which room it was in, in your replies");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "mention", target: "reply", what: "{found_room}" }],
    );
  });
});
