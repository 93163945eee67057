/**
 * The offline learner on the development set of hand-written corrections
 * (test/rules/corrections-dev.json, labelled like TellOnce appendix D.1): every field right for
 * at least 80% of cases, each field for at least 80% of the cases that label it, and no unsafe
 * reading (a one-off kept, a condition dropped, a room changed, a rule changed unasked).
 * test/rules/corrections-dev-2.json to -7.json, by other authors, are asserted the same way; the
 * later authors' files against the floor the learner reached on each, in
 * corrections-dev-later.test.ts (8–15) and corrections-dev-latest.test.ts (16 on)
 * (a file of its own, so that each scoring has its own time limit on a busy machine). The held-out
 * sets (datasets/corrections/heldout*.json) are never read by a test: they are
 * scored by scripts/score-corrections.ts alone.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { FIELDS, loadLabelSet, scoreSet, scoreTable, UNSAFE } from "../../src/eval/rule-phase/labels.ts";

describe("the learner on the development corrections", () => {
  // the second and third sets are by other authors, in other words (typos, run-ons, hedges, durations,
  // qualified rooms; voice transcription, non-native English, references back, reasons, permissions;
  // the fourth: rooms in a house's own words, mistyped one-off markers, hours banned beside a permission;
  // the fifth: lists of rooms, a one-off beside a lasting ban, permissions with hours left out, references back;
  // the sixth: a house's own room words, revisions of one end of a window, one-off replies, past-tense narration;
  // the seventh: hours in words, hesitations and self-corrections, passive bans, emphasis, non-native English)
  for (const path of [
    "test/rules/corrections-dev.json",
    "test/rules/corrections-dev-2.json",
    "test/rules/corrections-dev-3.json",
    "test/rules/corrections-dev-4.json",
    "test/rules/corrections-dev-5.json",
    "test/rules/corrections-dev-6.json",
    "test/rules/corrections-dev-7.json",
  ])
    it(`reads every field right for at least 80% of ${path}, with no unsafe reading`, async () => {
      const s = await scoreSet(loadLabelSet(path));
      console.log(scoreTable(s));
      assert.ok(s.cases >= 30, "at least 30 labelled cases");
      assert.ok(s.ok / s.cases >= 0.8, `${s.ok} of ${s.cases} cases right`);
      for (const f of FIELDS)
        assert.ok(s.fields[f].right / s.fields[f].of >= 0.8, `${f}: ${s.fields[f].right}/${s.fields[f].of}`);
      for (const u of UNSAFE) assert.deepEqual(s.unsafe[u], [], u);
    });

  it("no test and no part of the rule layer reads the held-out corrections or the simulated user's test bank", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
      });
    for (const f of [...files("test"), ...files("src/rules")]) {
      const text = readFileSync(f, "utf8");
      if (f.endsWith("corrections-dev.test.ts")) continue;
      assert.doesNotMatch(text, /heldout(?:-\d+)?\.json|test-bank\.json|TEST_BANK/, f);
    }
  });
});
