/**
 * Scores the offline learner on a labelled set of corrections (src/eval/rule-phase/labels.ts):
 * every field (persistence, scope, check, stage, condition, payload, update) and the unsafe
 * readings. The held-out set is read only here:
 *
 *   npx tsx scripts/score-corrections.ts datasets/corrections/heldout.json [--json]
 */
import { loadLabelSet, scoreSet, scoreTable } from "../src/eval/rule-phase/labels.ts";

const [path, flag] = process.argv.slice(2);
if (!path) {
  console.error("usage: tsx scripts/score-corrections.ts <label-set.json> [--json]");
  process.exit(2);
}
const set = loadLabelSet(path);
const s = await scoreSet(set);
if (flag === "--json") console.log(JSON.stringify(s, null, 2));
else console.log(scoreTable(s));
