/**
 * Scots and Glaswegian function words ("oot", "intae", "efter", "the noo") are read as the English
 * they stand for, and a number of the clock after a word the language does not know is hours
 * said and not read: asked, never dropped. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hourAfterUnknownWord, tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);
const house = { rooms: ["kitchen", "box room", "Ah Ma's room"], sceneId: "s1" };

describe("Scots function words", () => {
  it("are the English words", () => {
    assert.deepEqual(words("gonnae keep oot"), ["going", "to", "keep", "out"]);
    assert.deepEqual(words("intae the box room efter ten"), ["into", "the", "box", "room", "after", "ten"]);
    // texting's "ur" before a verb with its "g" dropped is "you are"
    assert.deepEqual(words("ur bein daft"), ["you", "are", "being", "daft"]);
  });

  it("keep a ban said in them at its hours, and one for the noo for this task only", async () => {
    const late = await taught(house, "Stay oot the box room efter ten, ye hear?");
    assert.equal(late.rules.length, 1, late.reply);
    const t = late.rules[0].conditions.find((c) => c.kind === "time");
    assert.equal(t?.kind === "time" ? t.fromHour : undefined, 22);
    const now = await taught(house, "keep oot the kitchen the noo");
    assert.equal(now.rules.length, 0, now.reply);
  });

  it("leave a room named after a person's title as it is", async () => {
    const { rules, reply } = await taught(house, "dont go in ah ma room at night");
    assert.equal(rules.length, 1, reply);
  });
});

describe("'am' with its subject dropped", () => {
  it("is 'I am' before a participle, and the clock's am after a number", () => {
    assert.deepEqual(words("cos am paintin the hall"), ["because", "i", "am", "painting", "the", "hall"]);
    assert.deepEqual(words("am cooking"), ["i", "am", "cooking"]);
    assert.deepEqual(words("at 7 am cleaning"), ["at", "7", "am", "cleaning"]);
    assert.deepEqual(words("the am shift"), ["the", "am", "shift"]);
  });

  it("in a reason beside a ban is no condition, and a one-off beside it stays the other clause's", async () => {
    const { rules, reply } = await taught(
      house,
      "never set foot in the box room n just this once keep oot the kitchen cos am bakin scones",
    );
    assert.equal(rules.length, 1, reply);
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "box room" });
    assert.equal(rules[0].conditions.length, 0, reply);
  });
});

describe("a number of the clock after an unknown word", () => {
  it("is hours not read", () => {
    assert.equal(hourAfterUnknownWord("eftir nine"), true);
    assert.equal(hourAfterUnknownWord("after nine"), false);
    assert.equal(hourAfterUnknownWord("two kids"), false);
  });

  it("leaves the ban asked, never kept at every hour", async () => {
    const { rules, reply } = await taught(house, "keep out of the kitchen aftr 9 please");
    assert.equal(rules.filter((r) => r.conditions.length === 0).length, 0, `${JSON.stringify(rules)} ${reply}`);
  });
});
