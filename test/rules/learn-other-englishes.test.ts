/**
 * Englishes the grammar did not read as written: a Caribbean "nuh fi" (must not) and "fi good"
 * (for good), a Pidgin "make you no dey enter" and "you fit enter" (you can), a Dutch speaker's
 * negation after the verb ("you enter not", "you enter it not"), and "na" before a Dutch hour. Each says a ban, a
 * permission or an hour the learner now reads; an English "fit", "an" or "don" stays as it is.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/tokens.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "garage", "veranda", "study"], sceneId: "s1" };
const first = (m: string) => learn(m, [], house).items[0];
const words = (m: string) => tokenize(m).map((t) => t.w);

describe("a ban said in another English", () => {
  it("is a lasting ban on the room it names", async () => {
    for (const [m, room] of [
      ["yuh nuh fi go inna di garage, never ever", "garage"],
      ["make you no dey enter the study at all o", "study"],
      ["You enter not the pantry, it is for the dog food only.", "pantry"],
      // the pronoun object between the verb and its negation: the room said before
      ["The study floor is being sanded. You enter it not.", "study"],
      ["My garage is full of tools: you enter it not.", "garage"],
      // Trinidadian "doh" before a verb is "do not"
      ["doh go in the veranda at all, the boards rotten", "veranda"],
    ]) {
      assert.equal(first(m).decision, "add", m);
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement.kind, (r.requirement as { room?: string }).room, r.conditions.length]),
        [["avoid_room", room, 0]],
        m,
      );
    }
  });
});

describe("a no-stopping ban said in another English", () => {
  it("is a lasting ban on stopping in the room it names", async () => {
    for (const [m, room] of [
      // Pidgin's "for" of place after a verb of staying; Hawaiian Pidgin's "no" before a bare verb and "dea"
      ["You fit pass the veranda, but no dey sit for inside, the floor dey wet.", "veranda"],
      ["you can walk through da garage but no stop in dea, my tools all over", "garage"],
      // a learner's "no" before a bare verb of stopping, with no subject
      ["No stand still in pantry. Grandma trip on you.", "pantry"],
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement.kind, (r.requirement as { room?: string }).room, r.persistence]),
        [["no_stop_in_room", room, "persistent"]],
        `${m}: ${reply}`,
      );
    }
  });

  it("leaves a stop said as a noun, and 'wait for' someone, as English", async () => {
    assert.deepEqual(words("wait for me there"), ["wait", "for", "me", "there"]);
    const { rules } = await taught(house, "there's no stop in the garage");
    assert.deepEqual(rules, []);
  });
});

describe("words read by their neighbours", () => {
  it("reads the other English only beside the words that make it so", () => {
    assert.deepEqual(words("yuh fi stay out fi good"), ["you", "must", "stay", "out", "for", "good"]);
    assert.deepEqual(words("you fit enter the veranda"), ["you", "can", "enter", "the", "veranda"]);
    assert.deepEqual(words("na tienen no study"), ["after", "ten", "no", "study"]);
  });

  it("leaves English words English", () => {
    assert.deepEqual(words("the box does not fit in an apple crate"), [
      ...["the", "box", "does", "not", "fit", "in", "an", "apple", "crate"],
    ]);
    assert.deepEqual(words("do not go in there"), ["do", "not", "go", "in", "there"]);
  });
});
