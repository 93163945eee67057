/**
 * Where the metres of an evaluation's successful episodes go, from a run kept with --trajectories
 * (development sets only; this script reads the harness's map for the target, the agent never
 * does). SPL is shortest path over path walked, so turns cost nothing and only floor distance
 * counts. Per episode the walk is split at the step the target instance was first in view and
 * the step it was accepted (stopped at, or headed for as the one; as in after-seen.ts), and each
 * metre after first sight is put down to what the agent was doing: walking a room plan (the
 * search going on: the pool, or rooms not searched yet), steering at other instances (judging
 * them), steering at the target. Also: metres in rooms other than the one the episode ended in,
 * collisions, and the excess over the shortest path.
 *   npx tsx scripts/dev/path-waste.ts RUN_DIR [mode] [--episodes]
 */
import { ENOUGH_EVIDENCE, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import type { Pose } from "../../src/sim/index.ts";
import { type LoggedEpisode, loggedEpisodes } from "./run-folder.ts";

const args = process.argv.slice(2);
const perEpisode = args.includes("--episodes");
const [dir, mode = "polar"] = args.filter((a) => !a.startsWith("--"));

const KINDS = ["beforeSeen", "searchOn", "judgeOthers", "atTarget", "afterAccept"] as const;
type Kind = (typeof KINDS)[number];
interface Row {
  ep: string;
  shortest: number;
  path: number;
  metres: Record<Kind, number>;
  collisions: Record<Kind, number>;
  /** metres walked in rooms other than the one it stopped in */
  otherRooms: number;
  /** metres after first sight beyond the straight line from that pose to the target */
  walkedBack: number;
  plansAfterSeen: number;
  acceptedSettling: boolean;
  /** metres of the search going on, by what the target's judgement was then */
  why: Record<Why, number>;
}
/**
 * Why the search went on past a target already seen: never judged (too small or gone from view
 * before it was), judged on too little evidence, judged below the early threshold, or above it
 * while another instance stayed within the margin (waiting for the pool).
 */
const WHYS = ["unjudged", "littleEvidence", "belowEarly", "rivalNear"] as const;
type Why = (typeof WHYS)[number];

const accepts = (e: Record<string, unknown>) =>
  e.decision === "stop" || (e.decision !== "continue_plan" && !String(e.reason).includes("not yet clear"));

function analyse({ ep, result: r, events, target, targetId: id }: LoggedEpisode): Row {
  const zero = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const row: Row = {
    ep,
    shortest: r.shortestPath as number,
    path: r.pathLength as number,
    metres: zero(),
    collisions: zero(),
    otherRooms: 0,
    walkedBack: 0,
    plansAfterSeen: 0,
    acceptedSettling: false,
    why: Object.fromEntries(WHYS.map((k) => [k, 0])) as Record<Why, number>,
  };
  const judged = new Map<string, { score: number | null; evidence: number }>();
  let first: number | null = null;
  let accepted: number | null = null;
  let steeringAt: string | null = null;
  let pose: Pose | null = null;
  let source = "plan";
  let collided = false;
  let seenFrom: [number, number] | null = null;
  let afterSeen = 0;
  const roomOf: { room: string; d: number }[] = [];
  for (const e of events) {
    if (e.type === "views" && id && first === null)
      for (const v of ["front", "left", "right"])
        if ((e.visible[v] ?? []).some((i: { id: string }) => i.id === id)) first = e.step;
    if (e.type === "low_level") {
      for (const c of e.candidates ?? []) judged.set(c.instanceId, { score: c.score, evidence: c.evidence });
      steeringAt = e.instanceId ?? null;
      if (id && e.instanceId === id && accepted === null && accepts(e)) {
        accepted = e.step;
        row.acceptedSettling = String(e.reason).includes("best of all seen");
      }
    }
    if (e.type === "plan" && first !== null) row.plansAfterSeen++;
    if (e.type === "action") {
      source = e.source;
      collided = e.collided;
    }
    if (e.type !== "pose") continue;
    const p = e.pose as Pose;
    if (pose) {
      const d = Math.hypot(p.position[0] - pose.position[0], p.position[2] - pose.position[2]);
      const kind: Kind =
        first === null || e.step <= first
          ? "beforeSeen"
          : accepted !== null && e.step > accepted
            ? "afterAccept"
            : source !== "low_level"
              ? "searchOn"
              : steeringAt === id
                ? "atTarget"
                : "judgeOthers";
      row.metres[kind] += d;
      if (kind === "searchOn") row.why[whyOn(judged, id)] += d;
      if (collided) row.collisions[kind]++;
      roomOf.push({ room: e.roomId ?? "", d });
      if (first !== null && e.step > first) afterSeen += d;
    }
    if (first !== null && seenFrom === null) seenFrom = [p.position[0], p.position[2]];
    pose = p;
    collided = false;
  }
  const endRoom = roomOf.length ? roomOf[roomOf.length - 1].room : "";
  row.otherRooms = roomOf.filter((x) => x.room !== endRoom).reduce((a, x) => a + x.d, 0);
  if (seenFrom) row.walkedBack = Math.max(0, afterSeen - Math.hypot(seenFrom[0] - target[0], seenFrom[1] - target[1]));
  return row;
}

function whyOn(judged: Map<string, { score: number | null; evidence: number }>, id: string | null): Why {
  const t = id ? judged.get(id) : undefined;
  if (!t || t.score === null) return "unjudged";
  if (t.evidence < ENOUGH_EVIDENCE) return "littleEvidence";
  if (t.score < VERDICT.early) return "belowEarly";
  return "rivalNear";
}

const rows = [...loggedEpisodes(dir, mode)].filter((l) => l.result.success).map(analyse);
const sum = (f: (r: Row) => number) => rows.reduce((a, r) => a + f(r), 0);
const path = sum((r) => r.path);
const pct = (x: number) => `${((100 * x) / Math.max(path, 1e-9)).toFixed(0)}%`;
const m = (x: number) => `${x.toFixed(0)} m (${pct(x)})`;
console.log(
  `${mode}: ${rows.length} successes, path ${path.toFixed(0)} m, shortest ${sum((r) => r.shortest).toFixed(0)} m, ` +
    `SPL over successes ${(sum((r) => r.shortest / Math.max(r.path, r.shortest)) / Math.max(rows.length, 1)).toFixed(3)}`,
);
console.log(
  `  before first seen ${m(sum((r) => r.metres.beforeSeen))}; first seen→accepted: room plans ${m(sum((r) => r.metres.searchOn))}, ` +
    `judging others ${m(sum((r) => r.metres.judgeOthers))}, at the target ${m(sum((r) => r.metres.atTarget))}; after acceptance ${m(sum((r) => r.metres.afterAccept))}`,
);
console.log(
  `  collisions: ${KINDS.map((k) => `${k} ${sum((r) => r.collisions[k])}`).join(", ")}; in rooms other than the stop's ${m(sum((r) => r.otherRooms))}; ` +
    `after first sight beyond the straight line to the target ${m(sum((r) => r.walkedBack))}; ` +
    `accepted only as the best of all seen ${rows.filter((r) => r.acceptedSettling).length}; room plans after first sight ${sum((r) => r.plansAfterSeen)}`,
);
console.log(
  `  the search going on, by the target's judgement then: ${WHYS.map((k) => `${k} ${m(sum((r) => r.why[k]))}`).join(", ")}`,
);
if (perEpisode)
  for (const r of rows)
    console.log(
      `${r.ep} shortest ${r.shortest.toFixed(1)} path ${r.path.toFixed(1)} ${KINDS.map((k) => `${k} ${r.metres[k].toFixed(1)}`).join(" ")} settling ${r.acceptedSettling}`,
    );
