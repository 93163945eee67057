/**
 * Everyday concepts named in other words: the paraphrases here are written for this test, not
 * taken from any scenario set. The lexical embedder shares no word between a paraphrase and the
 * statement it means, so only the concepts can bring them together.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { conceptCoverage, conceptsIn, glossed } from "../../src/language/index.ts";
import { MemoryConfig } from "../../src/memory/config.ts";
import { LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { memorizeEpisode } from "../../src/memory/memorize.ts";
import { retrieve } from "../../src/memory/retrieve.ts";
import { SqliteMemoryStore } from "../../src/memory/sqlite-store.ts";
import { episode, scriptedPolicy } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-concepts-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const DAY = 86_400_000;

test("a paraphrase names the same concept as the plain word", () => {
  const cases: [string, string][] = [
    ["the scarf I grab when it gets chilly", "winter"],
    ["the fan for the hotter months", "summer"],
    ["what my hubby picked out for our anniversary", "spouse or partner"],
    ["the one my mum's brother left me", "aunt or uncle"],
    ["a present from somebody at the office", "coworker"],
    ["what my bestie got me", "friend"],
    ["the thing I picked up in Osaka", "japan"],
    ["the mug I could never throw away", "sentimental"],
    ["the bottle I take jogging", "running"],
    ["the lamp for bedtime stories", "night"],
  ];
  for (const [text, label] of cases) assert.ok(conceptsIn(text).includes(label), `${text}: ${conceptsIn(text)}`);
});

test("a call one is seen on is a video call, whatever app or words name it", () => {
  for (const text of [
    "the headset for my online meetings",
    "my sister will facetime me after dinner",
    "the laptop for skyping grandma",
    "a zoom with the landlord at noon",
    "the tablet I do Teams calls on",
    "the speaker for video chats",
  ])
    assert.ok(conceptsIn(text).includes("video call"), `${text}: ${conceptsIn(text)}`);
  for (const text of ["the camera with the big zoom lens", "the cap the teams wear", "the phone I call my mum on"])
    assert.ok(!conceptsIn(text).includes("video call"), `${text}: ${conceptsIn(text)}`);
});

test("a longer expression takes its words: an uncle is not a parent, a coworker is not a workplace", () => {
  assert.deepEqual(conceptsIn("my dad's sister"), ["aunt or uncle"]);
  assert.deepEqual(conceptsIn("from a guy at work"), ["coworker"]);
  assert.deepEqual(conceptsIn("the red one on the shelf"), [], "no concept, no gloss");
  assert.equal(glossed("the red one on the shelf"), "the red one on the shelf");
  assert.equal(glossed("my bestie's gift"), "my bestie's gift (friend)");
});

test("'my eldest' alone is a child; before a word for another person it only says which one", () => {
  assert.deepEqual(conceptsIn("the one my eldest drags to band practice"), ["child"]);
  assert.deepEqual(conceptsIn("what my oldest pal handed me"), ["friend"]);
  assert.deepEqual(conceptsIn("a gift from my youngest sister"), ["sibling"]);
  assert.ok(conceptsIn("it came with the holiday presents").includes("christmas"));
});

test("coverage is the share of the request's concepts an object's statements name", () => {
  const asked = conceptsIn("the one my closest pal gave me that lives in the glove box");
  assert.deepEqual(asked, ["friend", "car"]);
  assert.equal(conceptCoverage(asked, ["a friend gave the user this", "the user keeps it in the car"]), 1);
  assert.equal(conceptCoverage(asked, ["a friend gave the user this"]), 0.5);
  assert.equal(conceptCoverage([], ["anything"]), 0);
});

test("retrieval grounds a paraphrase on the object whose memories mean it, over one that shares its words", async () => {
  const embedder = new LexicalEmbedder();
  const store = new SqliteMemoryStore(join(dir, "m.db"), { embedder: { name: embedder.name, dim: embedder.dim } });
  const facts: [string, string, string][] = [
    ["mug_1", "e1", "the user takes this mug skiing in winter"],
    ["mug_1", "e2", "the user's colleagues gave them this mug"],
    ["mug_2", "e3", "the user fills this mug with iced tea in the summer"],
    ["mug_2", "e4", "the user got this mug from a friend"],
    // shares the request's words but none of its meaning
    [
      "mug_3",
      "e5",
      "the user keeps this mug in the cold garage at the place where the months are marked on a calendar",
    ],
  ];
  for (const [i, [objectId, episodeId, statement]] of facts.entries()) {
    await memorizeEpisode(
      store,
      embedder,
      scriptedPolicy(() => ({ statements: [statement], episodic: "found it" })),
      episode({ userId: "u", episodeId, objectId, category: "mug" }),
      { at: (i + 1) * DAY, config: MemoryConfig.parse({}) },
    );
  }
  const ask = async (request: string) =>
    (await retrieve(store, embedder, "u", request, { k: 5, now: 30 * DAY })).map((c) => c.objectId);
  assert.equal((await ask("Bring me the mug for the cold months that came from somebody at my job"))[0], "mug_1");
  assert.equal((await ask("Fetch the mug my buddy gave me, the one for hot weather"))[0], "mug_2");
  await store.close();
});

test("people named through a parent or a shared home, and occasions named by what happens at them", () => {
  const cases: [string, string][] = [
    ["the pen my pa's sister sent", "aunt or uncle"],
    ["what my mam's mum knitted", "grandparent"],
    ["the lamp that belongs to the lass we share a flat with", "roommate"],
    ["the speaker I got when I turned forty", "birthday"],
    ["a present for my sixtieth", "birthday"],
    ["the tie I wore the day we tied the knot", "wedding"],
    ["the card from yuletide", "christmas"],
    ["the watch they gave me when I qualified as a paramedic", "graduation"],
  ];
  for (const [text, label] of cases) assert.ok(conceptsIn(text).includes(label), `${text}: ${conceptsIn(text)}`);
  // an ordinal that is no age, and a parent alone, name no occasion or other relative
  assert.deepEqual(conceptsIn("my third try at it"), []);
  assert.deepEqual(conceptsIn("my mam's scarf"), ["parent"]);
});

test("weather, vehicles, holidays, visitors, second-hand finds, luck and hot drinks are named in many ways", () => {
  const cases: [string, string][] = [
    ["the jacket for when it's bucketing down", "rain"],
    ["the cap for drizzly walks", "rain"],
    ["what rides in the back of the van", "car"],
    ["the shades for when it's scorching out", "summer"],
    ["the paperback for the summer holidays", "travel"],
    ["the towel for the deck chair", "beach"],
    ["the cups for people who drop by", "guests"],
    ["the lamp from the jumble sale", "second-hand"],
    ["the coin I carry for good fortune", "luck"],
    ["the pot for my afternoon cuppa", "tea"],
    ["the cup I have my flat white in", "coffee"],
  ];
  for (const [text, label] of cases) assert.ok(conceptsIn(text).includes(label), `${text}: ${conceptsIn(text)}`);
  // the words stand alone: a word that only contains one names nothing
  assert.deepEqual(conceptsIn("a charming brainy vanguard"), []);
});

test("the day's journey to work or class is a commute however it is said, and a celebration is a special occasion", () => {
  const cases: [string, string][] = [
    ["the flask for my weekday drive in", "commute"],
    ["the scarf for the ride to campus", "commute"],
    ["the book I read on the ferry", "commute"],
    ["the bag for the morning journey to class", "commute"],
    ["what I take getting to the office", "commute"],
    ["the earbuds for my daily ride downtown", "commute"],
    ["the tie I save for celebrations", "special occasion"],
  ];
  for (const [text, label] of cases) assert.ok(conceptsIn(text).includes(label), `${text}: ${conceptsIn(text)}`);
  // a run before breakfast is exercise, and a trip abroad is travel, not the way to work
  assert.ok(!conceptsIn("the watch for my morning run").includes("commute"));
  assert.ok(!conceptsIn("the hat from my trip to Lisbon").includes("commute"));
});
