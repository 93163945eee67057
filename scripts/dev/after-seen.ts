/**
 * What happens after the target is first in view, from a run kept with --trajectories
 * (development sets only; this script reads the harness's ground truth, the agent never does):
 * per episode of a memory mode, the step the target instance is first in view (any pixels, and
 * big enough to judge), its distance then, the straight-line floor distance from that pose to the
 * target, and where the steps after it went: walking a room plan (searching on), steering at the
 * target, steering at other instances, turning in place to look around, collisions, rooms planned
 * afterwards, and the step it was first accepted (a stop, or an approach "in the photo" naming it)
 * and the stop. The target's opaque instance id is found as in step-waste.ts.
 *   npx tsx scripts/dev/after-seen.ts RUN_DIR [mode] [--episodes]
 */
import type { Pose } from "../../src/sim/index.ts";
import { type LoggedEpisode, loggedEpisodes } from "./run-folder.ts";

const VIEWS = ["front", "left", "right"] as const;
const args = process.argv.slice(2);
const perEpisode = args.includes("--episodes");
const [dir, mode = "polar"] = args.filter((a) => !a.startsWith("--"));

interface Row {
  ep: string;
  id: string | null;
  success: boolean;
  cm: boolean;
  grounded: boolean | null;
  steps: number;
  stopped: boolean;
  first: number | null;
  first40: number | null;
  dist: number | null;
  line: number | null;
  accepted: number | null;
  // steps after first seen, by what they were
  planWalk: number;
  planTurn: number;
  atTarget: number;
  atOther: number;
  collAfter: number;
  plansAfter: number;
  revisit: boolean;
  judgedBeforeAccept: number;
  scores?: { step: number; score: number; views: number }[];
  acceptReason?: string;
  /** the same counts once it was accepted (the counts above stop there) */
  afterAccept?: { planWalk: number; planTurn: number; atTarget: number; atOther: number; collAfter: number };
}

function analyse({ ep, result: r, events, target, targetId: id }: LoggedEpisode): Row {
  const measures = r.measures as { stopped: boolean };
  const row: Row = {
    ep,
    id,
    success: r.success as boolean,
    cm: r.cm as boolean,
    grounded: (r.grounded as { correct: boolean | null } | undefined)?.correct ?? null,
    steps: r.steps as number,
    stopped: measures.stopped,
    first: null,
    first40: null,
    dist: null,
    line: null,
    accepted: null,
    planWalk: 0,
    planTurn: 0,
    atTarget: 0,
    atOther: 0,
    collAfter: 0,
    plansAfter: 0,
    revisit: false,
    judgedBeforeAccept: 0,
  };
  const after = { planWalk: 0, planTurn: 0, atTarget: 0, atOther: 0, collAfter: 0 };
  row.afterAccept = after;
  let pose: Pose | null = null;
  let steeringAt: string | null = null;
  for (const e of events) {
    if (e.type === "pose") pose = e.pose;
    if (e.type === "views" && id && pose) {
      for (const v of VIEWS)
        for (const i of e.visible[v] ?? []) {
          if (i.id !== id) continue;
          if (row.first === null) {
            row.first = e.step;
            row.dist = i.distance;
            row.line = Math.hypot(pose.position[0] - target[0], pose.position[2] - target[1]);
          }
          if (row.first40 === null && i.pixels >= 40) row.first40 = e.step;
        }
    }
    if (e.type === "low_level") {
      for (const c of e.candidates ?? [])
        if (c.instanceId === id && c.score !== null) {
          row.scores ??= [];
          const last = row.scores[row.scores.length - 1];
          if (!last || last.views !== c.views) row.scores.push({ step: e.step, score: c.score, views: c.views });
        }
      if (
        id &&
        e.instanceId === id &&
        row.accepted === null &&
        (e.decision === "stop" || (e.decision !== "continue_plan" && !/not yet clear/.test(e.reason)))
      )
        row.acceptReason = e.reason;
      steeringAt = e.instanceId ?? null;
      // accepted: stopped at it, or headed for it as the one (not "not yet clear whether it is")
      const taken = e.decision === "stop" || (e.decision !== "continue_plan" && !/not yet clear/.test(e.reason));
      if (id && e.instanceId === id && row.accepted === null && taken) row.accepted = e.step;
      if (row.first !== null && e.trigger === "revisit") row.revisit = true;
      if (row.first !== null && row.accepted === null && e.instanceId && e.instanceId !== id) row.judgedBeforeAccept++;
    }
    if (e.type === "plan" && row.first !== null) row.plansAfter++;
    if (e.type === "action" && row.first !== null && e.step > row.first) {
      // before it was accepted (or throughout, when never), and after
      const k = row.accepted === null ? row : after;
      if (e.collided) k.collAfter++;
      if (e.source === "low_level") {
        if (steeringAt && steeringAt === id) k.atTarget++;
        else k.atOther++;
      } else if (e.action === "MOVE_FORWARD") k.planWalk++;
      else k.planTurn++;
    }
  }
  return row;
}

const rows = [...loggedEpisodes(dir, mode)].map(analyse);
const med = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : Number.NaN);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-");
function summary(name: string, rs: Row[]) {
  const seen = rs.filter((r) => r.first !== null);
  const after = seen.map((r) => r.steps - (r.first as number));
  const acc = seen.filter((r) => r.accepted !== null);
  console.log(
    `${name}: ${rs.length} episodes, target in view in ${seen.length} (judgeable ${rs.filter((r) => r.first40 !== null).length}); ` +
      `median first seen step ${f(med(seen.map((r) => r.first as number)))}, distance then ${f(med(seen.map((r) => r.dist as number)))} m ` +
      `(straight line from that pose ${f(med(seen.map((r) => r.line as number)))} m); median steps after ${f(med(after))}, total ${sum(after)}`,
  );
  const tot = (k: keyof Row) => sum(seen.map((r) => r[k] as number));
  type K = "planWalk" | "planTurn" | "atTarget" | "atOther" | "collAfter";
  const tot2 = (k: K) => sum(seen.map((r) => r.afterAccept?.[k] ?? 0));
  console.log(
    `   after it was accepted: plan forward ${tot2("planWalk")}, plan turns ${tot2("planTurn")}, steering at target ${tot2("atTarget")}, steering at others ${tot2("atOther")}; collisions ${tot2("collAfter")}`,
  );
  console.log(
    `   first seen until accepted (or the end): plan forward ${tot("planWalk")}, plan turns ${tot("planTurn")}, steering at target ${tot("atTarget")}, ` +
      `steering at others ${tot("atOther")}; collisions ${tot("collAfter")}; room plans after ${tot("plansAfter")}; ` +
      `revisit (search over) ${seen.filter((r) => r.revisit).length}`,
  );
  console.log(
    `   accepted in ${acc.length}: median first-seen→accepted ${f(med(acc.map((r) => (r.accepted as number) - (r.first as number))))}, ` +
      `accepted→end ${f(med(acc.map((r) => r.steps - (r.accepted as number))))}; first judgeable→accepted ${f(med(acc.filter((r) => r.first40 !== null).map((r) => (r.accepted as number) - (r.first40 as number))))}; ` +
      `never stopped ${rs.filter((r) => !r.stopped).length} (of which saw target ${seen.filter((r) => !r.stopped).length}); CM ${rs.filter((r) => r.cm).length}`,
  );
}
summary(
  `${mode} successes`,
  rows.filter((r) => r.success),
);
summary(
  `${mode} failures`,
  rows.filter((r) => !r.success),
);
if (perEpisode)
  for (const r of rows)
    console.log(
      `${r.ep} tid=${r.id} ${r.success ? "S" : "F"}${r.cm ? " CM" : ""} gr=${r.grounded} steps=${r.steps} first=${r.first} j=${r.first40} d=${r.dist?.toFixed(1)} line=${r.line?.toFixed(1)} acc=${r.accepted} ` +
        `walk=${r.planWalk} turn=${r.planTurn} tgt=${r.atTarget} oth=${r.atOther} coll=${r.collAfter} plans=${r.plansAfter} rev=${r.revisit}\n    scores ${(r.scores ?? []).map((x) => `${x.step}:${x.score.toFixed(2)}/${x.views}`).join(" ")}\n    ${r.acceptReason ?? ""}`,
    );
