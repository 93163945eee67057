/**
 * The offline learner on the simulated user's development phrase bank: every kind of message
 * (lasting preferences with their hours, house and exception; one-offs; vague remarks;
 * revisions; retractions), read on a library holding what each is about, scored field by
 * field against what the user meant (labels.ts). The figure and every miss are printed (run
 * with `node scripts/run-tests.mjs rules-learner-reading`). The held-out test bank is never
 * read here: `polar eval --rules` reports the learner on it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FIELDS, scoreTable, UNSAFE } from "../../src/eval/rule-phase/labels.ts";
import { DEV_BANK, loadBank } from "../../src/eval/rule-phase/phrases.ts";
import type { Preference, Profile } from "../../src/eval/rule-phase/profile.ts";
import { sweep } from "../../src/eval/rule-phase/sweep.ts";
import type { SimUser } from "../../src/eval/rules-eval.ts";

const ROOMS = [
  "living room",
  "kitchen",
  "bedroom",
  "bathroom",
  "garage",
  "laundry room",
  "dining room",
  "office",
  "hallway",
];
const WINDOWS = [
  { fromHour: 21, toHour: 6 },
  { fromHour: 6, toHour: 12 },
  { fromHour: 12, toHour: 17 },
  { fromHour: 17, toHour: 21 },
  { fromHour: 6, toHour: 21 },
];

/** Simulated users covering every kind, room, window, house scope and exception. */
function users(): SimUser[] {
  const out: SimUser[] = [];
  let n = 0;
  const user = (...preferences: Preference[]): SimUser => {
    const id = `s${n++}`;
    const profile: Profile = { userId: id, of: "u1", preferences };
    return { id, of: "u1", bank: "dev", learning: [], test: [], profile };
  };
  for (const [i, room] of ["garage", "laundry room", "dining room", "office"].entries())
    for (const [j, when] of WINDOWS.entries())
      out.push(
        user(
          {
            id: "a",
            kind: "avoid_room",
            room,
            when,
            ...(j % 2 ? { sceneId: "s1" } : {}),
            ...(i % 2 ? { unlessAsked: true } : {}),
          },
          { id: "w", kind: "max_words", maxWords: [10, 12, 15, 20, 25][j], when: WINDOWS[(j + 1) % 5] },
        ),
        user(
          { id: "s", kind: "no_stop_in_room", room, when },
          {
            id: "j",
            kind: "json_reply",
            fields: j % 2 ? ["found", "room"] : ["found", "room", "object"],
            when: WINDOWS[(j + 2) % 5],
          },
          { id: "m", kind: "mention_room", when: WINDOWS[(j + 3) % 5] },
        ),
      );
  return out;
}

describe("the learner on the simulated user's development bank", () => {
  it("reads most messages of every kind as meant, with no unsafe reading (the figure and the misses are printed)", async (t) => {
    const [s] = await sweep(
      users().map((user) => ({ user, sceneId: "s1", rooms: ROOMS })),
      { dev: loadBank(DEV_BANK) },
      { draws: 3, seed: 1 },
    );
    t.diagnostic(scoreTable(s));
    assert.ok(s.cases >= 300, `${s.cases} messages`);
    assert.ok(s.ok / s.cases >= 0.85, `every field right for ${s.ok} of ${s.cases}`);
    for (const f of FIELDS)
      assert.ok(s.fields[f].right / s.fields[f].of >= 0.85, `${f}: ${s.fields[f].right}/${s.fields[f].of}`);
    for (const u of UNSAFE) assert.deepEqual(s.unsafe[u], [], u);
  });
});
