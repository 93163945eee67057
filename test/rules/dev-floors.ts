/**
 * One development corrections file asserted at the floor the learner has reached on it: at least
 * `ok` cases fully right, every field at least `field`, and no unsafe reading. Shared by the
 * later-authors test files, split so that each file's scoring has its own time limit on a busy
 * machine.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { FIELDS, loadLabelSet, scoreSet, scoreTable, UNSAFE } from "../../src/eval/rule-phase/labels.ts";

export interface Floor {
  n: number;
  cases: number;
  ok: number;
  field: number;
}

export function floorTest({ n, cases, ok, field }: Floor): void {
  const path = `test/rules/corrections-dev-${n}.json`;
  it(`reads ${path} at least as well as reached, with no unsafe reading`, async () => {
    const s = await scoreSet(loadLabelSet(path));
    console.log(scoreTable(s));
    assert.ok(s.cases >= cases, `at least ${cases} labelled cases`);
    assert.ok(s.ok >= ok, `${s.ok} of ${s.cases} cases right`);
    for (const f of FIELDS)
      assert.ok(s.fields[f].right / s.fields[f].of >= field, `${f}: ${s.fields[f].right}/${s.fields[f].of}`);
    for (const u of UNSAFE) assert.deepEqual(s.unsafe[u], [], u);
  });
}
