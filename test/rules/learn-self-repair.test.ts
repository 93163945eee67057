/**
 * A speaker putting right what they just said, inside one message: the room or number taken back
 * is never kept, the words taking it back are no behaviour of their own, and a take-back whose
 * target cannot be told is asked. Hesitations inside the request are heard past, so a phrase
 * they cut keeps its end (its hours). Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { Condition } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const rooms = ["pantry", "loft", "attic", "garage", "study", "guest room"];
const house = { rooms, sceneId: "s1" };
const windows = (cs: Condition[]) => cs.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour % 24] : c.kind));

describe("a request put right as it is said", () => {
  it("the room taken back is never kept, whatever two rooms and words of taking back", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...rooms),
        fc.constantFrom(...rooms),
        fc.constantFrom("no wait, I mean", "sorry,", "or rather", "oops, I meant", "hang on,", "wait no,"),
        async (wrong, meant, back) => {
          fc.pre(wrong !== meant);
          const m = `never go in the ${wrong}, ${back} the ${meant}`;
          const { rules } = await taught(house, m);
          assert.deepEqual(
            rules.map((r) => r.requirement),
            [{ kind: "avoid_room", room: meant }],
            m,
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a voice transcript's run-on take-back, with no comma, keeps only the room meant", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...rooms),
        fc.constantFrom(...rooms),
        fc.constantFrom("no wait i mean", "uh no", "um no", "or rather", "no sorry", "no no"),
        async (wrong, meant, back) => {
          fc.pre(wrong !== meant);
          const m = `please dont go in the ${wrong} ${back} the ${meant}`;
          const { rules } = await taught(house, m);
          assert.deepEqual(
            rules.map((r) => r.requirement),
            [{ kind: "avoid_room", room: meant }],
            m,
          );
        },
      ),
      { numRuns: 20 },
    );
    const { rules } = await taught(house, "answers under 30 words uh no 20 words");
    assert.deepEqual(
      rules.map((r) => (r.requirement.kind === "word_limit" ? r.requirement.maxWords : r.requirement.kind)),
      [19],
    );
  });

  it("'wait no' takes a room back, also after a phrase started again", async () => {
    const { rules } = await taught(house, "so, keep out of the, the loft, wait no, the attic");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "attic" }],
    );
  });

  it("a number or an hour taken back gives way to the one said after it", async () => {
    const words = await taught(house, "keep answers to 30 words, sorry, 25 words");
    assert.deepEqual(words.rules[0].requirement, { kind: "word_limit", target: "reply", maxWords: 25 });
    const hours = await taught(house, "stay out of the garage after 8 pm, no wait, 9 pm");
    assert.equal(hours.rules.length, 1);
    assert.deepEqual(windows(hours.rules[0].conditions), [[21, 6]]);
  });

  it("a room taken back with more said after it is asked, nothing kept", async () => {
    const { rules, reply } = await taught(house, "don't go in the pantry after 9, sorry, I mean the attic");
    assert.deepEqual(rules, []);
    assert.ok(reply.includes("?"), reply);
  });

  it("a room after 'sorry' that the sentence says something of, or adds, takes nothing back", async () => {
    for (const m of [
      "Stay out of the pantry. Sorry, the loft is fine.",
      "never go in the pantry, sorry, the attic too",
    ]) {
      const { rules } = await taught(house, m);
      assert.ok(
        rules.some((r) => r.requirement.kind === "avoid_room" && r.requirement.room === "pantry"),
        `${m}: ${JSON.stringify(rules.map((r) => r.requirement))}`,
      );
    }
  });

  it("'I mean it' takes nothing back", async () => {
    const { rules } = await taught(house, "never stop in the study, I mean it");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "no_stop_in_room", room: "study" }],
    );
  });

  it("a phrase cut by a hesitation keeps its end", async () => {
    const after = await taught(house, "keep out of the loft after, erm, 10 pm");
    assert.deepEqual(windows(after.rules[0].conditions), [[22, 6]]);
    const room = await taught(house, "so uh, don't go into the, um, the guest room");
    assert.deepEqual(
      room.rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "guest room" }],
    );
  });
});
