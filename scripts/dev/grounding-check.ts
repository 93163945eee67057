/**
 * Development tool, not part of a run: how often Polar-mode grounding names the right object,
 * without navigating. Every acquisition episode of a set is memorized as if it had succeeded
 * (the heuristic extractor's statements, the run's embedder, a temporary SQLite store), then each
 * evaluation episode's instruction is retrieved and grounded at its own time; the answer is
 * compared with the episode's target. Harness-side (it reads the answer key); development
 * splits only, never polar-mini.
 *
 *   node --import tsx scripts/dev/grounding-check.ts datasets/polar-dev [--show] [--statements u1]
 */
import { devSplit, memorizeSplit } from "./offline-memory.ts";

const args = process.argv.slice(2);
const show = args.includes("--show");
const statementsOf = args.includes("--statements") ? args[args.indexOf("--statements") + 1] : null;
const set = await devSplit(args, "datasets/polar-dev");
const { embedder, ground, close } = await memorizeSplit(set, (ep, out) => {
  if (statementsOf === ep.userId)
    console.log(`${ep.instruction}\n   → ${out.statements.map((s) => s.text).join(" | ")}`);
});
const by: Record<string, { n: number; ok: number }> = {};
for (const ep of set.evaluation) {
  const { r, g } = await ground(ep);
  const ok = g.objectId === ep.targetObjectId;
  by[ep.scenario] ??= { n: 0, ok: 0 };
  const cell = by[ep.scenario];
  cell.n++;
  if (ok) cell.ok++;
  if (show && !ok) {
    console.log(`✗ ${ep.id} ${ep.scenario}: "${ep.instruction}" → ${g.objectId} (want ${ep.targetObjectId})`);
    for (const c of r.candidates.slice(0, 3))
      console.log(
        `    ${c.objectId} ${c.score.toFixed(3)}: ${c.statements
          .slice(0, 3)
          .map((s) => s.text)
          .join(" | ")}`,
      );
  }
}
let n = 0;
let ok = 0;
for (const [s, c] of Object.entries(by)) {
  console.log(`${s}: ${c.ok}/${c.n}`);
  n += c.n;
  ok += c.ok;
}
console.log(`all: ${ok}/${n} grounded on the target (${embedder.name})`);
await close();
