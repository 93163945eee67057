/**
 * Norfolk ("yew", "hev", "dun't", "arternoon") and the Doric of the North-East of Scotland
 * ("nicht", "ony", "fan", "fit", "the day") are read as the English they stand for, where the
 * English word could not stand: a ban, its evening hours and a one-off said in them are read. The
 * English words they look like ("the yew hedge", "the fan I bought", "in the day") stay as said.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { roomsAndHours, taught } from "../rules/taught.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);
const house = { rooms: ["pantry", "stone shed", "loft", "back kitchen"], sceneId: "s1" };

describe("Norfolk and Doric words", () => {
  it("are the English words", () => {
    assert.deepEqual(words("dun't yew go in there"), ["do", "not", "you", "go", "in", "there"]);
    assert.deepEqual(words("I hev dun it, we dew the accounts"), [
      "i",
      "have",
      "dun",
      "it",
      ",",
      "we",
      "do",
      "the",
      "accounts",
    ]);
    assert.deepEqual(words("fan ye come back tell me fit room"), [
      "when",
      "you",
      "come",
      "back",
      "tell",
      "me",
      "which",
      "room",
    ]);
    assert.deepEqual(words("ony time at nicht"), ["any", "time", "at", "night"]);
    assert.deepEqual(words("the day jist keep oot"), ["today", "just", "keep", "out"]);
    assert.deepEqual(words("fer terday an' termorrer"), ["for", "today", "and", "tomorrow"]);
  });

  it("leave the English words they look like as they are", () => {
    assert.deepEqual(words("trim the yew hedge"), ["trim", "the", "yew", "hedge"]);
    assert.deepEqual(words("the fan I bought"), ["the", "fan", "i", "bought"]);
    assert.deepEqual(words("it's fit for purpose"), ["it", "is", "fit", "for", "purpose"]);
    for (const s of ["fine in the day", "all the day long", "the day of the party", "the day the van came"])
      assert.ok(words(s).includes("day"), s);
  });

  it("give hours said with night their evening half, kept on the ban", async () => {
    const { rules, reply } = await taught(house, "keep oot the stane shed fae seven till nine at nicht");
    assert.deepEqual(roomsAndHours(rules), [{ room: "stone shed", when: ["19-21"] }], reply);
  });

  it("keep a ban for today only for this task", async () => {
    for (const m of [
      "the day mind, stay oot the loft, I'm sanding the boards",
      "jist the day keep oot the pantry",
      "Jus' fer terday, stay out the stone shed, the cement's curing.",
      "keep yew out the loft ternight, bor, the grandkids are up there",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.equal(rules.length, 0, `${m}: ${reply}`);
    }
  });

  it("read 'an'' as and, 'of an afternoon' as every afternoon, and 'keep you out' as keep yourself out", async () => {
    assert.deepEqual(words("one an' three"), ["one", "and", "three"]);
    assert.deepEqual(words("an 'open' door"), ["an", "'", "open", "'", "door"]);
    const { rules, reply } = await taught(house, "From seven an' nine of an evenin', keep yew out the loft, mate.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "loft", when: ["19-21"] }], reply);
  });

  it("read a Norfolk ban with its afternoon hours", async () => {
    const { rules, reply } = await taught(house, "Dun't yew go in the back kitchen of an arternoon, bor.");
    assert.deepEqual(roomsAndHours(rules), [{ room: "back kitchen", when: ["12-17"] }], reply);
  });
});
