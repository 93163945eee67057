/**
 * Development tool, not part of a run: for each temporal evaluation episode of a set, what memory
 * holds at its time about every object of the target's category (each statement valid or
 * superseded, the acquisition messages it came from) and what Polar-mode grounding answers.
 * Harness-side (it reads the answer key); development splits only, never polar-mini.
 *
 *   node --import tsx scripts/dev/temporal-audit.ts datasets/voices-dev [--all] [--failures]
 */
import { devSplit, memorizeSplit } from "./offline-memory.ts";

const args = process.argv.slice(2);
const failuresOnly = args.includes("--failures");
const scenario = args.includes("--all") ? null : "temporal";
const set = await devSplit(args, "datasets/voices-dev");
const said = new Map<string, string>();
const { store, category, ground, close } = await memorizeSplit(set, (ep) =>
  said.set(ep.id, `${ep.targetObjectId}: ${ep.instruction}`),
);
for (const ep of set.evaluation) {
  if (scenario && ep.scenario !== scenario) continue;
  const { now, r, g } = await ground(ep);
  const ok = g.objectId === ep.targetObjectId;
  if (failuresOnly && ok) continue;
  console.log(
    `${ok ? "✓" : "✗"} ${ep.id} ${ep.scenario}: "${ep.instruction}" → ${g.objectId} (want ${ep.targetObjectId})`,
  );
  for (const st of r.statements)
    console.log(
      `  ⌕ ${st.similarity.toFixed(3)} ${st.score.toFixed(3)} ${st.text} → ${st.links.map((l) => `${l.objectId}${l.superseded ? "×" : ""}`).join(",")}`,
    );
  const cat = category.get(ep.targetObjectId);
  const mems = await store.objectMemories(ep.userId);
  for (const m of mems) {
    if (category.get(m.object.objectId) !== cat && m.object.objectId !== g.objectId) continue;
    const score = r.candidates.find((c) => c.objectId === m.object.objectId)?.score;
    console.log(`  ${m.object.objectId} ${score?.toFixed(3) ?? "-"}`);
    const eps = new Set<string>();
    for (const s of m.statements) {
      if (s.at > now) continue;
      eps.add(s.episodeId);
      const gone = s.invalidAt !== null && s.invalidAt <= now;
      console.log(`    ${gone ? "×" : "·"} ${s.text}`);
    }
    for (const e of eps) console.log(`      « ${said.get(e) ?? e}`);
  }
}
await close();
