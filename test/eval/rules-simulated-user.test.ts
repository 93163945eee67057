/**
 * The simulated user, speaking from the development phrase bank: silent unless an applicable
 * preference was broken, one correction per episode, silent in the test phase; its words state
 * the preference with its hours, house and exception, in varied phrasings; and what it means
 * by every message (one-off, vague, revision, retraction) is labelled for scoring.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EpisodeFacts } from "../../src/eval/rule-phase/episode-facts.ts";
import { DEV_BANK, loadBank } from "../../src/eval/rule-phase/phrases.ts";
import type { Preference, Profile } from "../../src/eval/rule-phase/profile.ts";
import {
  correctionFor,
  meant,
  preferenceWording,
  retractFor,
  reviseFor,
  taskLocalFor,
  vagueFor,
} from "../../src/eval/rule-phase/simulated-user.ts";
import { mulberry32 } from "../../src/util/random.ts";

const bank = loadBank(DEV_BANK);
// the wording without the ways people type, so phrasings can be compared
const plain = { ...bank, style: { lowercase: 0, bare: 0, typo: 0, slang: 0 } };

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
const words: Preference = { id: "w", kind: "max_words", maxWords: 15, when: night };
const json: Preference = { id: "j", kind: "json_reply", fields: ["found", "room"], when: night };
const mention: Preference = { id: "m", kind: "mention_room", when: night };

/** The message with its values masked: what is left is the phrasing. */
const phrasing = (s: string) =>
  s
    .replace(/\b(garage|bathroom|kitchen|dining room|bedroom)\b/g, "<room>")
    .replace(/\b(\d+|ten|twelve|fifteen|sixteen|twenty(-five)?)\b/g, "<n>")
    .replace(/"?(found|room|object)"?/g, "<field>");

describe("correctionFor", () => {
  it("says nothing when nothing applicable was broken", () => {
    const p = profile(garage, words, json, mention);
    const kept = facts({ reply: '{"found": true, "room": "kitchen"}' });
    for (let s = 0; s < 20; s++) {
      // by day none of them applies
      assert.equal(correctionFor(p, { ...kept, hour: 14 }, bank, mulberry32(s), "learning"), null);
      // the instruction names the garage: "unless I ask you to"
      assert.equal(
        correctionFor(p, { ...kept, instruction: "Is my bag in the garage?" }, bank, mulberry32(s), "learning"),
        null,
      );
    }
  });

  it("corrects a robot that entered the garage at 22:00 under a night rule, not one that did at 14:00", () => {
    const p = profile(garage);
    const said = correctionFor(p, facts(), plain, mulberry32(1), "learning");
    assert.ok(said && /garage/.test(said.say), JSON.stringify(said));
    assert.deepEqual(said.gold, [meant(garage, "s1")]);
    assert.equal(correctionFor(p, facts({ hour: 14 }), plain, mulberry32(1), "learning"), null);
  });

  it("says one correction about one broken preference, even when several were broken", () => {
    const p = profile(garage, words, json);
    const seen = new Set<string>();
    for (let s = 0; s < 60; s++) {
      const said = correctionFor(p, facts(), plain, mulberry32(s), "learning");
      assert.ok(said);
      const about = [/garage/.test(said.say), /JSON/.test(said.say), /\bwords?\b/.test(said.say)].filter(
        Boolean,
      ).length;
      assert.equal(about, 1, said.say);
      seen.add(said.preferenceId!);
    }
    assert.deepEqual([...seen].sort(), ["g", "j", "w"]);
  });

  it("is silent in the frozen test phase, the same for the same draws, and validates its facts", () => {
    assert.equal(correctionFor(profile(garage, words), facts(), bank, mulberry32(1), "test"), null);
    const p = profile(garage, words, json, mention);
    // a run is reproducible from its seed, and the seed is what varies the users' words
    const said = (seed: number) => correctionFor(p, facts(), bank, mulberry32(seed), "learning");
    assert.deepEqual(said(9), said(9));
    const wordings = new Set(Array.from({ length: 20 }, (_, seed) => said(seed)?.say));
    assert.ok(wordings.size >= 3, `20 seeds give ${wordings.size} wordings`);
    assert.throws(() => correctionFor(profile(words), facts({ hour: 25 }), bank, mulberry32(1), "learning"), /hour/);
  });
});

describe("the wording", () => {
  const draws = (p: Preference, n = 200, b = plain) =>
    Array.from({ length: n }, (_, s) => preferenceWording(p, b, mulberry32(s)));

  it("has at least 5 distinct phrasings per kind", () => {
    const kinds: Preference[] = [
      { id: "a", kind: "avoid_room", room: "garage" },
      { id: "b", kind: "no_stop_in_room", room: "kitchen" },
      { ...words, when: undefined },
      { ...mention, when: undefined },
      { ...json, when: undefined },
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
    const nightWords = new RegExp(bank.hours.night.map((h) => h.replace(/'/g, ".")).join("|"), "i");
    for (const s of said) {
      assert.match(s, nightWords);
      assert.match(s, /this (house|home|place)/i);
      assert.match(s, /unless I|except when I/);
    }
    const distinct = (re: RegExp) => new Set(said.map((s) => re.exec(s)?.[0].toLowerCase())).size;
    assert.ok(distinct(nightWords) >= 5, "night wordings");
    assert.ok(distinct(/(unless|except when) I [^.]*/) >= 4, "exception wordings");
    // a reply preference says its hours too
    for (const s of draws(words)) assert.match(s, nightWords);
  });

  it("says no condition the preference does not have, and the values it has", () => {
    for (const s of draws({ id: "a", kind: "avoid_room", room: "garage" }))
      assert.doesNotMatch(s, /night|evening|morning|noon|midday|dark|this (house|home|place)|unless|except/i, s);
    for (const s of draws({ id: "w", kind: "max_words", maxWords: 25 }))
      assert.match(s, /\b(25|26|twenty-five|twenty-six) words\b/);
    for (const s of draws({ id: "j", kind: "json_reply", fields: ["found", "room", "object"] })) {
      assert.match(s, /JSON/);
      for (const f of ["found", "room", "object"]) assert.ok(s.includes(f), s);
    }
  });

  it("types the way people do, at the bank's rates: lower case, no punctuation, a typo in the room", () => {
    const said = draws({ id: "a", kind: "avoid_room", room: "laundry room" }, 300, bank);
    assert.ok(said.some((s) => s === s.toLowerCase()));
    assert.ok(said.some((s) => !/[.,]/.test(s)));
    assert.ok(
      said.some((s) => !s.includes("laundry room")),
      "a misspelt room now and then",
    );
  });
});

describe("what else it says", () => {
  const house = { sceneId: "s1", rooms: ["living room", "kitchen", "Bedroom 2", "bathroom", "garage"] };

  it("a one-off names a room the profile does not forbid and the episode does not need, meant for this task only", () => {
    const p = profile(garage, words);
    for (let s = 0; s < 50; s++) {
      const t = taskLocalFor(p, { ...house, keepOpen: ["kitchen"] }, plain, mulberry32(s));
      assert.ok(t);
      assert.ok(["living room", "bedroom", "bathroom"].includes(t.preference.room), t.preference.room);
      assert.ok(t.say.includes(t.preference.room), t.say);
      assert.equal(t.preference.sceneId, "s1");
      assert.deepEqual(t.gold[0].persistence, "task_local");
    }
    assert.equal(
      taskLocalFor(
        profile(garage),
        { sceneId: "s1", rooms: ["garage", "kitchen"], keepOpen: ["kitchen"] },
        bank,
        Math.random,
      ),
      null,
    );
  });

  it("a vague remark means no rule; a revision and a retraction name the rule they change", () => {
    assert.deepEqual(vagueFor(profile(garage), house, bank, mulberry32(3))?.gold, [
      { update: "none", persistence: "unclear" },
    ]);
    const r = reviseFor({ id: "w", kind: "max_words", maxWords: 20, when: night }, 12, plain, mulberry32(1));
    assert.match(r.say, /\b(12|twelve)\b/);
    assert.deepEqual(r.gold[0].payload, { kind: "word_limit", maxWords: 12 });
    assert.equal(r.gold[0].update, "revise");
    assert.deepEqual(r.gold[0].conditions, ["time:21-6"], "the window stays");
    const x = retractFor({ id: "g", kind: "avoid_room", room: "garage" }, plain, mulberry32(2));
    assert.match(x.say, /garage/);
    assert.deepEqual(x.gold, [
      { update: "retract", persistence: "persistent", payload: { kind: "avoid_room", room: "garage" } },
    ]);
  });
});
