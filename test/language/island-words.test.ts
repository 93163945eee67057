/**
 * Shetland and Doric function words ("dunna", "du", "da", "ida", "whan", "maun", "twa", "gang",
 * "bit", "aye", "hit", "bide", "cry on") are read as the English they stand for where the English
 * word they look like cannot stand, so a ban, its hours and its asked exception are read; "a bit",
 * "my da", "the gang", "a big hit" stay as said. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { roomsAndHours, taught } from "../rules/taught.ts";

const words = (s: string) =>
  tokenize(s)
    .map((t) => t.w)
    .join(" ");
const house = { rooms: ["peat shed", "barn", "workshop", "pier store", "hen house", "kitchen"], sceneId: "s1" };

describe("Shetland and Doric function words", () => {
  it("are the English words where the English word cannot stand", () => {
    assert.equal(words("dunna du go ida barn"), "do not you go in the barn");
    assert.equal(words("du maun bide oot o da smiddy"), "you must stay out of the smiddy");
    assert.equal(words("whan du sees hit is dark"), "when you sees it is dark");
    assert.equal(words("the generator's aye running"), "the generator 's always running");
    assert.equal(words("ye can gang in bit only fan we cry on ye"), "you can go in but only when we call you");
    assert.equal(words("twa rooms"), "two rooms");
    assert.equal(words("an every day an it's wet"), "and every day and it is wet");
    assert.equal(words("ye can gan intae wor byre till ah say"), "you can go into our byre until i say");
    assert.equal(words("only if a tell ye"), "only if i tell you");
  });

  it("leave the English words they look like as they are", () => {
    assert.equal(words("wait a bit only"), "wait a bit only");
    assert.equal(words("my da's room"), "my da 's room");
    assert.equal(words("a gang of kids"), "a gang of kids");
    assert.equal(words("the song was a big hit"), "the song was a big hit");
    assert.equal(words("aye, go on then"), "aye , go on then");
    assert.equal(words("the only fan I have"), "the only fan i have");
    assert.equal(words("an apple, an egg"), "an apple , an egg");
    assert.equal(words("only if a call comes"), "only if a call comes");
  });

  it("read a ban said in them, with its hours", async () => {
    for (const [m, want] of [
      ["dunna du ever gang ida peat shed", [{ room: "peat shed", when: [] }]],
      ["fae seven ida evenin till ten du bides oot o da workshop", [{ room: "workshop", when: ["19-22"] }]],
      ["da hen house is aye mucky, sae dunna gang in dere", [{ room: "hen house", when: [] }]],
      // the hours in Scots numbers, "atween" for between: never dropped
      ["dunna gang ida workshop atween three an fower ida efternoon", [{ room: "workshop", when: ["15-16"] }]],
      ["fae seeven till aicht at nicht du bides oot o da hen house", [{ room: "hen house", when: ["19-20"] }]],
    ] as const) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(roomsAndHours(rules), want, `${m}: ${reply}`);
    }
  });

  it("read 'only when I call you' said in them as the asked exception", async () => {
    const { rules, reply } = await taught(house, "ye can gang ida pier store bit only fan we cry on ye");
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "pier store" }, reply);
    assert.deepEqual(
      rules[0].exceptions.map((x) => x.kind),
      ["instruction_mentions"],
      reply,
    );
  });
});
