/**
 * The preference scorer: which preferences apply to an episode (hours wrapping over midnight,
 * house scope, "unless I ask"), and the violations read from what happened alone.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EpisodeFacts } from "../../src/eval/rule-phase/episode-facts.ts";
import type { Preference, Profile } from "../../src/eval/rule-phase/profile.ts";
import { applicable, violationRate, violations } from "../../src/eval/rule-phase/score.ts";

const facts = (over: Partial<EpisodeFacts> = {}): EpisodeFacts => ({
  episodeId: "e1",
  userId: "u1",
  sceneId: "s1",
  hour: 14,
  instruction: "Can you find the mug my sister gave me?",
  roomsEntered: ["living room"],
  stopRoom: "living room",
  reply: "Found it.",
  found: false,
  foundRoom: null,
  ...over,
});
const profile = (...preferences: Preference[]): Profile => ({ userId: "u1", preferences });
const night = { fromHour: 21, toHour: 6 };
const garageAtNight: Preference = { id: "p1", kind: "avoid_room", room: "garage", when: night };

describe("applicable", () => {
  it("a window wrapping over midnight holds late at night and early in the morning, not by day", () => {
    for (const hour of [21, 22, 23, 0, 3, 5]) assert.ok(applicable(garageAtNight, facts({ hour })), `hour ${hour}`);
    for (const hour of [6, 9, 12, 14, 20]) assert.ok(!applicable(garageAtNight, facts({ hour })), `hour ${hour}`);
  });

  it("a window inside one day holds from its first hour up to, not including, its last", () => {
    const morning: Preference = {
      id: "p",
      kind: "no_stop_in_room",
      room: "bedroom",
      when: { fromHour: 6, toHour: 12 },
    };
    assert.deepEqual(
      [5, 6, 11, 12].map((hour) => applicable(morning, facts({ hour }))),
      [false, true, true, false],
    );
  });

  it("a house-scoped preference holds in that house only", () => {
    const p: Preference = { id: "p", kind: "avoid_room", room: "garage", sceneId: "s1" };
    assert.ok(applicable(p, facts({ sceneId: "s1" })));
    assert.ok(!applicable(p, facts({ sceneId: "s2" })));
  });

  it("'unless I ask' lifts it when the instruction names the room by its label; the scorer knows no synonyms", () => {
    const p: Preference = { id: "p", kind: "avoid_room", room: "bathroom", unlessAsked: true };
    assert.ok(applicable(p, facts({ instruction: "Find my keys." })));
    assert.ok(!applicable(p, facts({ instruction: "Check the bathroom for my watch." })));
    assert.ok(applicable(p, facts({ instruction: "Is my watch in the restroom?" })), "a word the label does not use");
    const strict: Preference = { id: "q", kind: "avoid_room", room: "bathroom" };
    assert.ok(applicable(strict, facts({ instruction: "Check the bathroom for my watch." })));
  });

  it("mention_room applies only when the object was found and its room is known", () => {
    const p: Preference = { id: "p", kind: "mention_room" };
    assert.ok(!applicable(p, facts({ found: false, foundRoom: null })));
    assert.ok(!applicable(p, facts({ found: true, foundRoom: null })));
    assert.ok(applicable(p, facts({ found: true, foundRoom: "kitchen" })));
  });
});

describe("violations", () => {
  it("a robot that entered the garage at 22:00 under a night rule broke it; at 14:00 it did not", () => {
    const walk = { roomsEntered: ["hallway", "garage", "kitchen"] };
    const v = violations(profile(garageAtNight), facts({ ...walk, hour: 22 }));
    assert.equal(v.length, 1);
    assert.equal(v[0].preferenceId, "p1");
    assert.equal(v[0].kind, "avoid_room");
    assert.match(v[0].detail, /garage at 22:00/);
    assert.deepEqual(violations(profile(garageAtNight), facts({ ...walk, hour: 14 })), []);
  });

  it("being put down in the room is not entering it; coming back after leaving is", () => {
    const p = profile({ id: "p", kind: "avoid_room", room: "garage" });
    assert.deepEqual(violations(p, facts({ roomsEntered: ["garage", "hallway", "kitchen"] })), []);
    assert.equal(violations(p, facts({ roomsEntered: ["garage", "hallway", "garage"] })).length, 1);
  });

  it("a room is matched by its region label: a 'Bedroom 2' label is a bedroom, a nursery is not", () => {
    const p = profile({ id: "p", kind: "avoid_room", room: "bedroom" });
    assert.equal(violations(p, facts({ roomsEntered: ["hallway", "Bedroom 2"] })).length, 1);
    assert.deepEqual(violations(p, facts({ roomsEntered: ["hallway", "bathroom"] })), []);
    assert.deepEqual(violations(p, facts({ roomsEntered: ["hallway", "nursery"] })), []);
  });

  it("stopping in a room is read from where it stopped, not where it passed", () => {
    const p = profile({ id: "p", kind: "no_stop_in_room", room: "kitchen" });
    assert.deepEqual(
      violations(p, facts({ roomsEntered: ["hallway", "kitchen", "bedroom"], stopRoom: "bedroom" })),
      [],
    );
    assert.equal(violations(p, facts({ stopRoom: "kitchen" })).length, 1);
    assert.deepEqual(violations(p, facts({ stopRoom: null })), []);
  });

  it("a reply of 16 words under a 15-word limit is one violation; 15 words is none", () => {
    const p = profile({ id: "w", kind: "max_words", maxWords: 15 });
    const fifteen = "I found your mug on the kitchen counter next to the kettle by the window.";
    assert.equal(fifteen.split(" ").length, 15);
    assert.deepEqual(violations(p, facts({ reply: fifteen })), []);
    const v = violations(p, facts({ reply: `${fifteen} Enjoy!` }));
    assert.equal(v.length, 1);
    assert.match(v[0].detail, /16 words, over 15/);
  });

  it("a JSON reply missing a field, a field holding no value, or no JSON at all, breaks json_reply", () => {
    const p = profile({ id: "j", kind: "json_reply", fields: ["found", "room"] });
    assert.deepEqual(violations(p, facts({ reply: '{"found": true, "room": "kitchen"}' })), []);
    assert.deepEqual(violations(p, facts({ reply: '```json\n{"found": false, "room": "not found"}\n```' })), []);
    const missing = violations(p, facts({ reply: '{"found": true}' }));
    assert.equal(missing.length, 1);
    assert.match(missing[0].detail, /no value for room/);
    assert.match(
      violations(p, facts({ reply: '{"found": true, "room": null}' }))[0].detail,
      /no value for room/,
      "null names no room",
    );
    assert.match(violations(p, facts({ reply: "Found it in the kitchen." }))[0].detail, /not a JSON object/);
    assert.match(violations(p, facts({ reply: "" }))[0].detail, /not a JSON object/);
  });

  it("mention_room: the found room's label must be in the reply; not found is not applicable", () => {
    const p = profile({ id: "m", kind: "mention_room" });
    assert.deepEqual(
      violations(p, facts({ found: true, foundRoom: "living room", reply: "It was in the Living Room." })),
      [],
    );
    assert.equal(violations(p, facts({ found: true, foundRoom: "living room", reply: '{"room": null}' })).length, 1);
    assert.equal(violations(p, facts({ found: true, foundRoom: "living room", reply: "Got it!" })).length, 1);
    assert.deepEqual(violations(p, facts({ found: false, foundRoom: null, reply: "Got it!" })), []);
  });

  it("only applicable preferences count, and each broken one once", () => {
    const p = profile(
      garageAtNight,
      { id: "w", kind: "max_words", maxWords: 3 },
      { id: "m", kind: "mention_room" },
      { id: "j", kind: "json_reply", fields: ["found"] },
    );
    const f = facts({ hour: 10, roomsEntered: ["hallway", "garage"], reply: '{"found": true, "where": "garage"}' });
    // garage by day: not applicable; not found: mention not applicable; 4 words > 3; JSON fine
    assert.deepEqual(
      violations(p, f).map((v) => v.preferenceId),
      ["w"],
    );
  });

  it("refuses another user's episode", () => {
    assert.throws(() => violations({ userId: "u2", preferences: [garageAtNight] }, facts()), /user u1's.*u2's/);
  });

  it("the violation rate keeps every episode in the denominator", () => {
    const v = { preferenceId: "p", kind: "max_words" as const, detail: "" };
    assert.equal(violationRate([[v], [], [], [v, v]]), 0.5);
    assert.equal(violationRate([]), 0);
  });
});

describe("the scorer's independence", () => {
  it("shares no code with the rule layer: its own word count, JSON reading, room names and clock", async () => {
    const { readFileSync } = await import("node:fs");
    for (const f of [
      "src/eval/rule-phase/score.ts",
      "src/eval/rule-phase/region.ts",
      "src/eval/rule-phase/episode-facts.ts",
      "src/eval/rule-phase/profile.ts",
    ])
      assert.doesNotMatch(readFileSync(f, "utf8"), /from "\.\.\/\.\.\/rules\//, `${f} imports the rule layer`);
  });

  it("counts words as a reader does, keys and values of a JSON reply included", async () => {
    const { readerWords } = await import("../../src/eval/rule-phase/score.ts");
    assert.equal(readerWords("I found it — in the kid's room."), 7);
    assert.equal(readerWords('{"found":true,"room":"kitchen"}'), 4);
  });
});
