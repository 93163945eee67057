/**
 * A topic set off before a clause whose subject is only a pronoun said to be over ("the X, it's
 * over", "the Y, that is finished") is what ended: the rule about it is dropped, and only it. A
 * pronoun never points into an act said before it, and with no topic it drops nothing. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["loft", "pantry", "boiler room"], sceneId: "topic-ended" };
const kinds = (rules: { requirement: { kind: string } }[]) => rules.map((r) => r.requirement.kind).sort();

describe("a topic taken up by a subject pronoun said to be over", () => {
  it("drops the rule about the topic, and only it", async () => {
    for (const m of ["The loft ban, it is over now.", "that loft thing - it's finished", "the loft, that is over."]) {
      const { rules } = await taught(house, "Stay out of the loft.", "Never stop in the pantry.", m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "pantry" }],
        m,
      );
    }
    const { rules } = await taught(
      house,
      "Reply in JSON with the object and the room.",
      "Keep out of the loft.",
      "The JSON, it is over, plain answers from now.",
    );
    assert.deepEqual(kinds(rules), ["avoid_room"]);
  });

  it("never takes the pronoun to point into an act before it, nor drops anything with no topic", async () => {
    for (const m of ["Keep out of the pantry, it is over.", "It is over now."]) {
      const { rules } = await taught(house, "Stay out of the loft.", m);
      assert.ok(
        rules.some(
          (r) => r.requirement.kind === "avoid_room" && "room" in r.requirement && r.requirement.room === "loft",
        ),
        m,
      );
    }
  });
});
