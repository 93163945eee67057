/**
 * Episodes that end without a stop, by what the agent knew, and where collisions go, from a run
 * kept with --trajectories (development sets only; reads the harness's target, the agent never
 * does). An episode that never stopped is put down to one kind:
 *   target chosen   the target instance was taken for the one (a stop at it, or headed for as the
 *                   match, as in after-seen.ts) and never stopped at: known, not reached
 *   other chosen    another instance was taken for the one and never stopped at
 *   target seen     the target was in view, never taken
 *   never seen      the target was never in view
 * Collisions per episode, by who moved (a plan walk, or low-level steering at an instance taken
 * for the one, at one going closer to judge it, or handing back to the plan), and the cycles:
 * collisions at a spot already bumped at (within 0.5 m, heading within 45°), episodes with a spot
 * bumped three times or more, and turns that undo the turn before (left then right, or back).
 *   npx tsx scripts/dev/unreached.ts RUN_DIR [mode] [--episodes]
 */
import type { Pose } from "../../src/sim/index.ts";
import { type LoggedEpisode, loggedEpisodes } from "./run-folder.ts";

const args = process.argv.slice(2);
const perEpisode = args.includes("--episodes");
const [dir, mode = "polar"] = args.filter((a) => !a.startsWith("--"));

const KINDS = ["target chosen", "other chosen", "target seen", "never seen"] as const;
type Kind = (typeof KINDS)[number];

const accepts = (e: Record<string, unknown>) =>
  e.decision === "stop" || (e.decision !== "continue_plan" && !String(e.reason).includes("not yet clear"));

interface Row {
  ep: string;
  success: boolean;
  spl: number;
  stopped: boolean;
  kind: Kind | null;
  steps: number;
  collisions: Record<string, number>;
  repeatHits: number;
  worstSpot: number;
  undoneTurns: number;
  /** first step the target was taken for the one, and the nearest the agent came to it after */
  chosenAt: number | null;
  nearestAfter: number | null;
}

function analyse(l: LoggedEpisode): Row {
  const stopped = (l.result.measures as { stopped: boolean }).stopped;
  const row: Row = {
    ep: l.ep,
    success: l.result.success,
    spl: l.result.spl ?? 0,
    stopped,
    kind: null,
    steps: l.result.steps,
    collisions: {},
    repeatHits: 0,
    worstSpot: 0,
    undoneTurns: 0,
    chosenAt: null,
    nearestAfter: null,
  };
  let pose: Pose | null = null;
  let seen = false;
  let otherChosen = false;
  let lastTurn: string | null = null;
  // what the last low-level decision was steering at: an instance taken for the one, or one to judge
  let steering = "plan";
  const spots: { p: Pose; hits: number }[] = [];
  for (const e of l.events) {
    if (e.type === "pose") {
      pose = e.pose as Pose;
      if (row.chosenAt !== null) {
        const d = Math.hypot(pose.position[0] - l.target[0], pose.position[2] - l.target[1]);
        row.nearestAfter = Math.min(row.nearestAfter ?? d, d);
      }
    }
    if (e.type === "views" && l.targetId) {
      const v = e.visible as Record<string, { id: string }[]>;
      if (["front", "left", "right"].some((k) => v[k]?.some((i) => i.id === l.targetId))) seen = true;
    }
    if (e.type === "low_level") steering = !e.instanceId ? "plan" : accepts(e) ? "taken" : "judging";
    if (e.type === "low_level" && e.instanceId && accepts(e)) {
      if (e.instanceId === l.targetId) row.chosenAt ??= e.step ?? null;
      else otherChosen = true;
    }
    if (e.type !== "action") continue;
    const a = e.action as string;
    if (a === "TURN_LEFT" || a === "TURN_RIGHT") {
      if (lastTurn && lastTurn !== a) row.undoneTurns++;
      lastTurn = a;
    } else lastTurn = null;
    if (!e.collided || !pose) continue;
    const src = e.source === "low_level" ? `steering (${steering})` : (e.source as string);
    row.collisions[src] = (row.collisions[src] ?? 0) + 1;
    const at = pose;
    const same = spots.find(
      (s) =>
        Math.hypot(s.p.position[0] - at.position[0], s.p.position[2] - at.position[2]) < 0.5 &&
        Math.abs(Math.atan2(Math.sin(s.p.heading - at.heading), Math.cos(s.p.heading - at.heading))) < Math.PI / 4,
    );
    if (same) {
      same.hits++;
      row.repeatHits++;
    } else spots.push({ p: at, hits: 1 });
  }
  row.worstSpot = Math.max(0, ...spots.map((s) => s.hits));
  if (!stopped)
    row.kind =
      row.chosenAt !== null ? "target chosen" : otherChosen ? "other chosen" : seen ? "target seen" : "never seen";
  return row;
}

const rows = [...loggedEpisodes(dir, mode)].map(analyse);
const total = (r: Row) => Object.values(r.collisions).reduce((a, b) => a + b, 0);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const n = rows.length;
const bySource: Record<string, number> = {};
for (const r of rows) for (const [k, v] of Object.entries(r.collisions)) bySource[k] = (bySource[k] ?? 0) + v;
const wins = rows.filter((r) => r.success);
const splWins = wins.length ? (100 * sum(wins.map((r) => r.spl))) / wins.length : 0;
console.log(
  `${dir} ${mode}: ${n} episodes, ${wins.length} successes (SPL over them ${splWins.toFixed(1)}, over all ${((100 * sum(rows.map((r) => r.spl))) / n).toFixed(1)}), never stopped ${rows.filter((r) => !r.stopped).length}: ` +
    KINDS.map((k) => `${k} ${rows.filter((r) => r.kind === k).length}`).join(", "),
);
console.log(
  `  collisions ${sum(rows.map(total))} (${(sum(rows.map(total)) / n).toFixed(2)}/episode; ` +
    Object.entries(bySource)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ") +
    `), in never-stopped episodes ${sum(rows.filter((r) => !r.stopped).map(total))}; ` +
    `repeat hits ${sum(rows.map((r) => r.repeatHits))}, episodes with a spot hit 3+ times ${rows.filter((r) => r.worstSpot >= 3).length}, ` +
    `undone turns ${sum(rows.map((r) => r.undoneTurns))}`,
);
if (perEpisode)
  for (const r of rows.filter((x) => !x.stopped || x.worstSpot >= 3))
    console.log(
      `  ${r.ep} ${r.success ? "S" : "F"} ${r.kind ?? "stopped"} steps=${r.steps} coll=${JSON.stringify(r.collisions)} ` +
        `repeat=${r.repeatHits} worst=${r.worstSpot} undone=${r.undoneTurns} chosen@${r.chosenAt} nearest after=${r.nearestAfter?.toFixed(2)}`,
    );
