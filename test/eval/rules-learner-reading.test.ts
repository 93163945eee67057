/**
 * How many of the simulated user's corrections the current deterministic learner
 * (src/rules/learn.ts) reads into the requirement the user meant: kind, room, hours, house
 * scope, the "unless I ask" exception, lasting. The wordings were written as a person would
 * say them, not to the learner's patterns; the figure and every miss are printed (run with
 * `node scripts/run-tests.mjs rules-learner-reading`) for the learner's owner. The floor below
 * is a guard against the learner getting worse, not a target.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { EpisodeFacts } from "../../src/eval/rules/facts.ts";
import type { HourWindow, Preference } from "../../src/eval/rules/profile.ts";
import { readsAs } from "../../src/eval/rules/reading.ts";
import { correctionFor } from "../../src/eval/rules/simulated-user.ts";
import { learn } from "../../src/rules/learn.ts";
import { fnv1a, mulberry32 } from "../../src/util/random.ts";

const SCENE = "s1";
const WINDOWS: (HourWindow | undefined)[] = [
  undefined,
  { fromHour: 21, toHour: 6 },
  { fromHour: 6, toHour: 12 },
  { fromHour: 17, toHour: 21 },
];

/** Every combination of room, hours, house scope and exception, and the reply preferences. */
function preferences(): Preference[] {
  const out: Preference[] = [];
  for (const room of ["garage", "bathroom", "dining room"])
    for (const when of WINDOWS)
      for (const scoped of [false, true])
        for (const unlessAsked of [false, true])
          out.push({
            id: `a${out.length}`,
            kind: "avoid_room",
            room,
            ...(when ? { when } : {}),
            ...(scoped ? { sceneId: SCENE } : {}),
            ...(unlessAsked ? { unlessAsked } : {}),
          });
  for (const room of ["kitchen", "bedroom"])
    for (const when of WINDOWS)
      out.push({ id: `s${out.length}`, kind: "no_stop_in_room", room, ...(when ? { when } : {}) });
  for (const maxWords of [10, 12, 15, 20, 25]) out.push({ id: `w${out.length}`, kind: "max_words", maxWords });
  for (let i = 0; i < 4; i++) out.push({ id: `m${out.length}`, kind: "mention_room" });
  out.push({ id: "j1", kind: "json_reply", fields: ["found", "room"] });
  out.push({ id: "j2", kind: "json_reply", fields: ["found", "room", "object"] });
  return out;
}

/** An episode that breaks the preference, at an hour where it applies. */
function breaking(p: Preference): EpisodeFacts {
  const room = "room" in p ? p.room : "living room";
  return {
    episodeId: `e-${p.id}`,
    userId: "u1",
    sceneId: SCENE,
    hour: "when" in p && p.when ? p.when.fromHour : 12,
    instruction: "Can you find the mug my sister gave me?",
    roomsEntered: ["hallway", room],
    stopRoom: room,
    reply:
      "I searched the hallway first and then the rest of the house, and in the end I found the mug on a shelf next to the window, behind two books.",
    found: true,
    foundRoom: "living room",
  };
}

describe("the learner on the simulated user's corrections", () => {
  it("readsAs tells a right reading from a wrong one", () => {
    const message = "Please don't go into the garage at night, unless I ask you to.";
    const outcome = learn(message, [], { sceneId: SCENE });
    const meant: Preference = {
      id: "p",
      kind: "avoid_room",
      room: "garage",
      when: { fromHour: 21, toHour: 6 },
      unlessAsked: true,
    };
    assert.deepEqual(readsAs(outcome, meant, SCENE), { ok: true, problems: [] });
    const morning = readsAs(outcome, { ...meant, when: { fromHour: 6, toHour: 12 } }, SCENE);
    assert.equal(morning.ok, false);
    assert.match(morning.problems.join(";"), /hours \[21→6\], meant \[6→12\]/);
    assert.match(
      readsAs(outcome, { ...meant, room: "kitchen" }, SCENE).problems.join(";"),
      /room garage, meant kitchen/,
    );
    assert.match(
      readsAs(outcome, { ...meant, sceneId: SCENE }, SCENE).problems.join(";"),
      /scope global, meant scene:s1/,
    );
    const noException = { ...meant, unlessAsked: false };
    assert.match(readsAs(outcome, noException, SCENE).problems.join(";"), /an exception not meant/);
    const thanks = readsAs(learn("Thanks, that's all.", [], { sceneId: SCENE }), meant, SCENE);
    assert.deepEqual(thanks, { ok: false, problems: ["not read as a correction"] });
  });

  it("reads most of them into the requirement meant (the figure and the misses are printed)", (t) => {
    const byKind = new Map<string, { ok: number; n: number }>();
    const misses: string[] = [];
    let ok = 0;
    let n = 0;
    for (const p of preferences()) {
      for (let draw = 0; draw < 4; draw++) {
        const said = correctionFor(
          { userId: "u1", preferences: [p] },
          breaking(p),
          mulberry32(fnv1a(p.id, draw)),
          "learning",
        );
        assert.ok(said, `${p.id} was broken, so the user says something`);
        const r = readsAs(learn(said, [], { sceneId: SCENE }), p, SCENE);
        const k = byKind.get(p.kind) ?? { ok: 0, n: 0 };
        k.n++;
        n++;
        if (r.ok) {
          k.ok++;
          ok++;
        } else misses.push(`${p.kind} ${JSON.stringify(p)}: "${said}" → ${r.problems.join("; ")}`);
        byKind.set(p.kind, k);
      }
    }
    const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
    t.diagnostic(`read as meant: ${pct(ok, n)}`);
    for (const [kind, k] of byKind) t.diagnostic(`  ${kind}: ${pct(k.ok, k.n)}`);
    for (const m of misses) t.diagnostic(`miss: ${m}`);
    assert.ok(ok / n >= 0.6, `the learner read only ${pct(ok, n)} as meant`);
  });
});
