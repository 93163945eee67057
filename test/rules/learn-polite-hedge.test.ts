/**
 * A "perhaps" inside a request said in the polite conditional ("it might be best if perhaps you
 * …") softens the request and doubts nothing: the ban is kept, with no condition made of its "if".
 * Doubt said outright ("not sure", "I don't know") still makes the request a question, polite or
 * not, and a bare "maybe" before a request does when what it asks is not firm (a vague measure, a
 * condition the robot cannot check; see learn-softened-firm). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "loft", "attic", "garage", "study"], sceneId: "s1" };

describe("a polite, hedged request", () => {
  it("a possibility adverb inside a polite conditional keeps the ban, with no condition", async () => {
    for (const [m, room] of [
      ["It could be wiser, if you don't mind, if maybe you didn't go in the attic.", "attic"],
      ["It might be nicer if perhaps you stayed out of the study altogether.", "study"],
      ["It would be quite good if you possibly kept out of the loft.", "loft"],
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.conditions]),
        [[{ kind: "avoid_room", room }, []]],
        m,
      );
    }
  });

  it("a hedge between the modal and the wish ('we'd sort of prefer you …') still only softens it", async () => {
    for (const [m, room] of [
      ["It's only me being fussy, but we'd kind of rather you kept off the loft.", "loft"],
      ["we'd kind of prefer you kept out of the garage", "garage"],
      ["I'd really rather you didn't go into the pantry.", "pantry"],
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.conditions]),
        [[{ kind: "avoid_room", room }, []]],
        m,
      );
    }
  });

  it("doubt said outright, or a bare 'maybe' before what is not firm, is still asked", async () => {
    for (const m of [
      "It might be nicer if perhaps you stayed out of the study, I'm not sure.",
      "maybe skip the pantry a bit more from now on",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, reply);
    }
  });
});
