/**
 * Words spelt as a voice says them: a non-rhotic voice's dropped r ("heah", "cawnah"), spellings
 * of the same sound ("tyme"), and Geordie and Northern English function words ("divvent", "gan",
 * "nivver", "of a night"), and words of other tongues said in English ("schlep", a French speaker's
 * "demand"). Each is read as the word it stands for, only into the words the
 * grammar leans on, and never from an English word. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { eyeDialect, rDropped, tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (s: string) => tokenize(s).map((t) => t.w);
const house = { rooms: ["kitchen", "snug", "attic", "boot room", "yahra"], sceneId: "s1" };

describe("eye dialect", () => {
  it("reads a dropped r as the word it was dropped from", () => {
    assert.ok(rDropped("corner").includes("cawnah"));
    assert.equal(eyeDialect("heah"), "here");
    assert.equal(eyeDialect("doah"), "door");
    assert.equal(eyeDialect("entah"), "enter");
    assert.equal(eyeDialect("upstaihs"), "upstairs");
    assert.equal(eyeDialect("pahkin"), "parking");
    assert.equal(eyeDialect("tyme"), "time");
  });

  it("leaves English words, short words, and words that sound like nothing it knows as typed", () => {
    for (const w of ["hear", "flaw", "thee", "park", "stah", "yahra", "ahh", "foah", "thyme"])
      assert.equal(eyeDialect(w), undefined, w);
  });

  it("reads Geordie and Northern function words as English", () => {
    assert.deepEqual(words("ye divvent gan doon there"), ["you", "do", "not", "go", "down", "there"]);
    assert.deepEqual(words("nivver gan ower the boot room"), ["never", "go", "over", "the", "boot", "room"]);
    assert.deepEqual(words("after ten of a night"), ["after", "ten", "at", "night"]);
    // "of a night" belonging to a noun is no time
    assert.deepEqual(words("the end of a night out"), ["the", "end", "of", "a", "night", "out"]);
  });

  it("reads Scots 'gang' and Yiddish 'schlep' before a particle of going as go, never a noun", () => {
    assert.deepEqual(words("dinnae gang up the stair"), ["do", "not", "go", "up", "the", "stair"]);
    assert.deepEqual(words("don't shlep into the attic, bubbeleh"), ["do", "not", "go", "into", "the", "attic", ","]);
    assert.deepEqual(words("the gang in the kitchen"), ["the", "gang", "in", "the", "kitchen"]);
    assert.deepEqual(words("a schlep up the hill"), ["a", "schlep", "up", "the", "hill"]);
  });

  it("reads a French speaker's 'demand' of a person as ask, and English 'demand that' as it is", () => {
    assert.deepEqual(words("only if I demand you."), ["only", "if", "i", "ask", "you", "."]);
    assert.deepEqual(words("she demanded me to wait"), ["she", "asked", "me", "to", "wait"]);
    assert.deepEqual(words("I demand you leave"), ["i", "demand", "you", "leave"]);
  });

  it("keeps a ban said in them, lasting or for this task as said", async () => {
    const ban = await taught(house, "Divvent gan in the snug, pet, the bairn's asleep in theah.");
    assert.equal(ban.rules.length, 1, ban.reply);
    assert.equal(ban.rules[0].requirement.kind, "avoid_room");
    const never = await taught(house, "The attic, nevah go up theah, the floah's all rotten.");
    assert.equal(never.rules.length, 1, never.reply);
    assert.equal(never.rules[0].persistence, "persistent");
    const once = await taught(house, "Just for this tyme, divvent gan in the attic.");
    assert.equal(once.rules.length, 0, once.reply);
    const today = await taught(house, "Only for today, tateleh, don't schlep into the snug.");
    assert.equal(today.rules.length, 0, today.reply);
    const scots = await taught(house, "Ye dinnae gang in the boot room, it's full o' tools.");
    assert.equal(scots.rules.length, 1, scots.reply);
  });

  it("keeps a room's ban with its exception when a French speaker says 'demand'", async () => {
    const { rules, reply } = await taught(house, "The attic, you may go in, but only when we demand you.");
    assert.equal(rules.length, 1, reply);
    assert.equal(rules[0].exceptions.length, 1, reply);
  });

  it("keeps the hours said with 'of a night'", async () => {
    const { rules, reply } = await taught(house, "Ye can gan in the kitchen, but not after ten of a night.");
    assert.equal(rules.length, 1, reply);
    const t = rules[0].conditions.find((c) => c.kind === "time");
    assert.equal(t?.kind === "time" ? t.fromHour : undefined, 22);
  });
});
