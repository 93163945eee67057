/**
 * The simulated user: silent unless an applicable preference was broken, one correction per
 * episode, silent in the test phase; its words state the preference with its hours, house and
 * exception, in varied phrasings; task-local instructions for test episodes.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EpisodeFacts } from "../../src/eval/rules/facts.ts";
import type { Preference, Profile } from "../../src/eval/rules/profile.ts";
import { correctionFor, preferenceWording, taskLocal, taskLocalFor } from "../../src/eval/rules/simulated-user.ts";
import { mulberry32 } from "../../src/util/random.ts";

const facts = (over: Partial<EpisodeFacts> = {}): EpisodeFacts => ({
  episodeId: "e1",
  userId: "u1",
  sceneId: "s1",
  hour: 22,
  instruction: "Where did I leave the mug my sister gave me?",
  roomsEntered: ["living room", "garage", "kitchen"],
  stopRoom: "kitchen",
  reply: "I found your mug on the kitchen counter, right next to the kettle and the blue tin of tea.",
  found: true,
  foundRoom: "kitchen",
  ...over,
});
const profile = (...preferences: Preference[]): Profile => ({ userId: "u1", preferences });
const night = { fromHour: 21, toHour: 6 };
const garage: Preference = { id: "g", kind: "avoid_room", room: "garage", when: night, unlessAsked: true };
const words: Preference = { id: "w", kind: "max_words", maxWords: 15 };
const json: Preference = { id: "j", kind: "json_reply", fields: ["found", "room"] };
const mention: Preference = { id: "m", kind: "mention_room" };

/** The message with its values masked: what is left is the phrasing. */
const phrasing = (s: string) =>
  s
    .replace(/\b(garage|bathroom|kitchen|dining room|bedroom)\b/g, "<room>")
    .replace(/\b(\d+|ten|twelve|fifteen|twenty(-five)?)\b/g, "<n>")
    .replace(/"?(found|room|object)"?/g, "<field>");

describe("correctionFor", () => {
  it("says nothing when nothing applicable was broken", () => {
    const p = profile(garage, words, json, mention);
    const kept = facts({ reply: '{"found": true, "room": "kitchen"}' });
    for (let s = 0; s < 20; s++) {
      // by day the garage rule does not apply; the reply keeps the other three
      assert.equal(correctionFor(p, { ...kept, hour: 14 }, mulberry32(s), "learning"), null);
      // the instruction names the garage: "unless I ask you to"
      assert.equal(
        correctionFor(p, { ...kept, instruction: "Is my bag in the garage?" }, mulberry32(s), "learning"),
        null,
      );
    }
  });

  it("corrects a robot that entered the garage at 22:00 under a night rule, not one that did at 14:00", () => {
    const p = profile(garage);
    const said = correctionFor(p, facts(), mulberry32(1), "learning");
    assert.ok(said && /garage/.test(said), String(said));
    assert.equal(correctionFor(p, facts({ hour: 14 }), mulberry32(1), "learning"), null);
  });

  it("says one correction about one broken preference, even when several were broken", () => {
    const p = profile(garage, words, json);
    const seen = new Set<string>();
    for (let s = 0; s < 60; s++) {
      const said = correctionFor(p, facts(), mulberry32(s), "learning");
      assert.ok(said);
      const about = [/garage/.test(said), /JSON/.test(said), /\bwords?\b/.test(said)].filter(Boolean).length;
      assert.equal(about, 1, said);
      seen.add(/garage/.test(said) ? "g" : /JSON/.test(said) ? "j" : "w");
    }
    assert.deepEqual([...seen].sort(), ["g", "j", "w"]);
  });

  it("is silent in the frozen test phase", () => {
    assert.equal(correctionFor(profile(garage, words), facts(), mulberry32(1), "test"), null);
  });

  it("is the same for the same draws", () => {
    const p = profile(garage, words, json, mention);
    assert.equal(
      correctionFor(p, facts(), mulberry32(9), "learning"),
      correctionFor(p, facts(), mulberry32(9), "learning"),
    );
  });

  it("validates the facts it is given", () => {
    assert.throws(() => correctionFor(profile(words), facts({ hour: 25 }), mulberry32(1), "learning"), /hour/);
  });
});

describe("the wording", () => {
  const draws = (p: Preference, n = 200) => Array.from({ length: n }, (_, s) => preferenceWording(p, mulberry32(s)));

  it("has at least 5 distinct phrasings per kind", () => {
    const kinds: Preference[] = [
      { id: "a", kind: "avoid_room", room: "garage" },
      { id: "b", kind: "no_stop_in_room", room: "kitchen" },
      words,
      mention,
      json,
    ];
    for (const p of kinds) {
      const n = new Set(draws(p).map(phrasing)).size;
      assert.ok(n >= 5, `${p.kind}: ${n} phrasings`);
    }
  });

  it("states the hours, the house and the exception, each in varied words", () => {
    const p: Preference = {
      id: "a",
      kind: "avoid_room",
      room: "garage",
      when: night,
      sceneId: "s1",
      unlessAsked: true,
    };
    const said = draws(p);
    const nightWords = /at night|after 9|late in the evening|after dark|during the night|nighttime|dark out/i;
    const houseWords = /in this (house|home|place)/i;
    const unlessWords = /unless I|except when I/;
    for (const s of said) {
      assert.match(s, nightWords);
      assert.match(s, houseWords);
      assert.match(s, unlessWords);
    }
    const distinct = (re: RegExp) => new Set(said.map((s) => re.exec(s)?.[0].toLowerCase())).size;
    assert.ok(distinct(nightWords) >= 5, "night wordings");
    assert.ok(distinct(/(here in|when you're in|in) this (house|home|place)/i) >= 4, "house wordings");
    assert.ok(distinct(/(unless|except when) I [^.]*/) >= 4, "exception wordings");
    for (const m of draws({ id: "m", kind: "avoid_room", room: "garage", when: { fromHour: 6, toHour: 12 } }))
      assert.match(m, /morning|noon|midday/i);
    for (const m of draws({ id: "e", kind: "avoid_room", room: "garage", when: { fromHour: 17, toHour: 21 } }))
      assert.match(m, /evening|5 and 9 pm/i);
  });

  it("says no condition the preference does not have", () => {
    for (const s of draws({ id: "a", kind: "avoid_room", room: "garage" })) {
      assert.doesNotMatch(s, /night|evening|morning|noon|midday|dark|this (house|home|place)|unless|except/i, s);
    }
  });

  it("says the values: the word limit in digits or words, every JSON field", () => {
    for (const s of draws({ id: "w", kind: "max_words", maxWords: 25 })) assert.match(s, /\b(25|twenty-five) words\b/);
    for (const s of draws({ id: "j", kind: "json_reply", fields: ["found", "room", "object"] })) {
      assert.match(s, /JSON/);
      for (const f of ["found", "room", "object"]) assert.ok(s.includes(f), s);
    }
  });
});

describe("taskLocal", () => {
  const house = { sceneId: "s1", rooms: ["living room", "kitchen", "Bedroom 2", "bathroom", "garage"] };

  it("names a room of the house that the profile does not forbid and the harness keeps open", () => {
    const p = profile(garage, words);
    for (let s = 0; s < 50; s++) {
      const t = taskLocal(p, { ...house, keepOpen: ["kitchen"] }, mulberry32(s));
      assert.ok(t);
      assert.ok(["living room", "bedroom", "bathroom"].includes(t.preference.room), t.preference.room);
      assert.ok(t.say.includes(t.preference.room), t.say);
      assert.equal(t.preference.sceneId, "s1");
      assert.match(t.say, /this time|this one|today|for now/i);
      assert.equal(taskLocalFor(p, { ...house, keepOpen: ["kitchen"] }, mulberry32(s)), t.say);
    }
  });

  it("is null when no room is left", () => {
    assert.equal(
      taskLocal(profile(garage), { sceneId: "s1", rooms: ["garage", "kitchen"], keepOpen: ["kitchen"] }, Math.random),
      null,
    );
  });
});
