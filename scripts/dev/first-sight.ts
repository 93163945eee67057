/**
 * What happened at the target's first sight and after, from a run kept with --trajectories
 * (development sets only; reads the harness's target through run-folder.ts, the agent never
 * does). Per success, and per failure that saw the target and never took it, one kind:
 *   taken at once        accepted (stopped at, or headed for as the one) before the next room plan
 *   judged, searched on  a score was logged for it before the next room plan, taken only later
 *   unjudged, searched on  no score before the next room plan (too small, too far, given up)
 *   never seen           (successes only: stopped near it without the sensor ever showing it)
 * For the judged ones: its score at first judgment against the best other same-category score
 * logged so far, and whether it led at the end. For all: rooms left unsearched at first sight,
 * room plans and steps between first sight and acceptance, and whether it was taken back as the
 * best of all seen (the search over) or by the early rule.
 *   npx tsx scripts/dev/first-sight.ts RUN_DIR [mode] [--episodes]
 */
import { type LoggedEpisode, loggedEpisodes } from "./run-folder.ts";

const VIEWS = ["front", "left", "right"] as const;
const args = process.argv.slice(2);
const perEpisode = args.includes("--episodes");
const [dir, mode = "polar"] = args.filter((a) => !a.startsWith("--"));

const KINDS = ["taken at once", "judged, searched on", "unjudged, searched on", "never seen"] as const;
type Kind = (typeof KINDS)[number];

interface Row {
  ep: string;
  success: boolean;
  cm: boolean;
  kind: Kind;
  steps: number;
  first: number | null;
  firstPixels: number;
  /** the most pixels it showed before the next room plan */
  pixelsBeforePlan: number;
  steeredBeforePlan: boolean;
  roomsLeft: number;
  judgedAt: number | null;
  scoreThen: number | null;
  bestOtherThen: number | null;
  finalScore: number | null;
  finalBestOther: number | null;
  accepted: number | null;
  plansBetween: number;
  asBest: boolean;
  /** room plans between first sight and first judgment */
  plansToJudge: number;
}

const taken = (e: { decision: string; reason: string }) =>
  e.decision === "stop" || (e.decision !== "continue_plan" && !e.reason.includes("not yet clear"));

function analyse({ ep, result, events, targetId: id }: LoggedEpisode): Row {
  const row: Row = {
    ep,
    success: result.success,
    cm: result.cm,
    kind: "never seen",
    steps: result.steps,
    first: null,
    firstPixels: 0,
    pixelsBeforePlan: 0,
    steeredBeforePlan: false,
    roomsLeft: 0,
    judgedAt: null,
    scoreThen: null,
    bestOtherThen: null,
    finalScore: null,
    finalBestOther: null,
    accepted: null,
    plansBetween: 0,
    asBest: false,
    plansToJudge: 0,
  };
  let rooms = 0;
  let visited = 0;
  let plansSinceFirst = 0;
  const others = new Map<string, number>();
  for (const e of events) {
    if (e.type === "scene_graph") rooms = e.rooms.length;
    if (e.type === "plan") {
      visited = e.visited.length;
      if (row.first !== null) plansSinceFirst++;
    }
    if (e.type === "views" && id)
      for (const v of VIEWS)
        for (const i of e.visible[v] ?? []) {
          if (i.id !== id) continue;
          if (row.first === null) {
            row.first = e.step;
            row.firstPixels = i.pixels;
            row.roomsLeft = rooms - visited;
          }
          if (plansSinceFirst === 0) row.pixelsBeforePlan = Math.max(row.pixelsBeforePlan, i.pixels);
        }
    if (e.type !== "low_level") continue;
    for (const c of e.candidates ?? []) {
      if (c.score === null) continue;
      if (c.instanceId === id) {
        if (row.judgedAt === null) {
          row.judgedAt = e.step;
          row.scoreThen = c.score;
          row.bestOtherThen = others.size ? Math.max(...others.values()) : null;
          row.plansToJudge = plansSinceFirst;
        }
        row.finalScore = c.score;
      } else others.set(c.instanceId, c.score);
    }
    if (id && e.instanceId === id && row.first !== null && plansSinceFirst === 0) row.steeredBeforePlan = true;
    if (id && e.instanceId === id && row.accepted === null && taken(e)) {
      row.accepted = e.step;
      row.plansBetween = plansSinceFirst;
      row.asBest = e.reason.includes("the best of all seen");
    }
  }
  row.finalBestOther = others.size ? Math.max(...others.values()) : null;
  if (row.first !== null) {
    if (row.accepted !== null && row.plansBetween === 0) row.kind = "taken at once";
    else if (row.judgedAt !== null && row.plansToJudge === 0) row.kind = "judged, searched on";
    else row.kind = "unjudged, searched on";
  }
  return row;
}

const med = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : Number.NaN);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const f = (x: number | null) => (x === null || !Number.isFinite(x) ? "-" : x.toFixed(2));

function report(name: string, rs: Row[]) {
  console.log(`${name}: ${rs.length}`);
  for (const k of KINDS) {
    const g = rs.filter((r) => r.kind === k);
    if (!g.length) continue;
    const judged = g.filter((r) => r.scoreThen !== null);
    const led = judged.filter((r) => r.bestOtherThen === null || (r.scoreThen as number) > r.bestOtherThen);
    const ledEnd = judged.filter((r) => r.finalBestOther === null || (r.finalScore as number) > r.finalBestOther);
    const acc = g.filter((r) => r.accepted !== null && r.first !== null);
    console.log(
      `  ${k}: ${g.length}; CM ${g.filter((r) => r.cm).length}; rooms left at first sight (median) ${med(g.map((r) => r.roomsLeft))}; ` +
        `px at first sight (median) ${med(g.map((r) => r.firstPixels))}, most before next plan ${med(g.map((r) => r.pixelsBeforePlan))}; ` +
        `≥40 px before next plan ${g.filter((r) => r.pixelsBeforePlan >= 40).length}; steered at before next plan ${g.filter((r) => r.steeredBeforePlan).length}`,
    );
    console.log(
      `     judged ${judged.length} (led the others when first judged ${led.length}, at the end ${ledEnd.length}); ` +
        `plans first-sight→judged (median) ${med(judged.map((r) => r.plansToJudge))}; ` +
        `accepted ${acc.length} (as the best of all seen ${acc.filter((r) => r.asBest).length}); plans first-sight→accepted (median) ${med(acc.map((r) => r.plansBetween))}; ` +
        `steps first-sight→accepted ${sum(acc.map((r) => (r.accepted as number) - (r.first as number)))}; steps of these episodes ${sum(g.map((r) => r.steps))}`,
    );
  }
}

const rows = [...loggedEpisodes(dir, mode)].map(analyse);
report(
  `${mode} successes`,
  rows.filter((r) => r.success),
);
report(
  `${mode} failures that saw the target and never took it`,
  rows.filter((r) => !r.success && r.first !== null && r.accepted === null),
);
if (perEpisode)
  for (const r of rows.filter((r) => r.success || (r.first !== null && r.accepted === null)))
    console.log(
      `${r.ep} ${r.success ? "S" : "F"}${r.cm ? " CM" : ""} ${r.kind}: first ${r.first} (${r.firstPixels} px, max ${r.pixelsBeforePlan} before plan, steered ${r.steeredBeforePlan}), rooms left ${r.roomsLeft}; ` +
        `judged ${r.judgedAt} after ${r.plansToJudge} plans at ${f(r.scoreThen)} v ${f(r.bestOtherThen)}; end ${f(r.finalScore)} v ${f(r.finalBestOther)}; ` +
        `accepted ${r.accepted} after ${r.plansBetween} plans${r.asBest ? " as best" : ""}; steps ${r.steps}`,
    );
