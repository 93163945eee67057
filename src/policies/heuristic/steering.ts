/**
 * Heuristic low-level planning from what the agent sees: the semantic sensor's boxes and
 * categories, and, when there is a photo of the object (the user's, or memory's), the verdicts
 * view-judgment.ts reads from the episode's ledger. Active perception: with a
 * photo, every same-category instance in view is judged (lookAtCandidates, before this runs), so an instance seen badly is approached until it can be
 * judged, then ruled out or kept, and the robot stops only at the instance that looks most like
 * the photo of all those it has judged: at once when it looks clearly like it, or, once the
 * search is over, when it is the best seen and still plausible. Going closer is bounded per
 * instance (decisions and collisions), so a view that never gets better does not hold the
 * search. Without a photo, any instance of the grounded category will do.
 *
 * "Close enough" is judged on the floor plane, where success is measured, with a margin inside
 * the success radius: the sensor's distance is from the eye, success is geodesic (around the
 * furniture the object stands on), and both only approximate each other. A forward step of 1 m
 * can carry a low object below the bottom of the view (it then vanishes from every list and the
 * agent never stops), so when the step would do that, or the way closer is blocked, and the
 * object is already well within the success radius, it stops where it stands.
 */
import type { LowLevelInput, LowLevelOutput } from "../../mllm/index.ts";
import { type Candidate, CandidateLedger, floorGeometry, nearestVisibleFloor } from "../../perception/index.ts";
import type { ViewName, VisibleInstance } from "../../sim/index.ts";
import { DEFAULT_STOP_RULE, type StopRule } from "./stop-rule.ts";
import { BLIND_STOP_MARGIN, MAX_COLLISIONS, STOP_MARGIN, VERDICT } from "./thresholds.ts";
import { type Verdict, verdictOf } from "./view-judgment.ts";

const DIRECTION = { front: "forward", left: "left", right: "right" } as const;

/** Pure: the floor distance to a front-view instance after one forward step. */
function afterStep(instance: Pick<VisibleInstance, "bbox">, floor: number, rule: StopRule): number {
  const focal = rule.camera.width / 2 / Math.tan((rule.camera.hfovDeg * Math.PI) / 360);
  const angle = Math.atan(((instance.bbox[0] + instance.bbox[2]) / 2 - rule.camera.width / 2) / focal);
  return Math.hypot(floor * Math.cos(angle) - rule.stepLength, floor * Math.sin(angle));
}

type Seen = { view: ViewName; instance: VisibleInstance; floor: number; below: number };

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : x.toFixed(2));

/**
 * Turns that face an instance first seen in a side view: the side views look 90° off the heading,
 * three 30° turns. A turn that loses it on the way does not end the approach; more would be
 * turning round in search of it.
 */
const TURNS_TO_FACE = 3;

/** The offline backbone's low-level decision, made in code (no model): step toward the target, stop, or hand back. */
export function heuristicLowLevel(
  input: LowLevelInput,
  rule: StopRule = DEFAULT_STOP_RULE,
  ledger: CandidateLedger = input.ledger ?? new CandidateLedger(),
): LowLevelOutput {
  const turning = ledger.turning;
  ledger.turning = null;
  const out = decide(input, rule, ledger, turning);
  // a turn toward an instance: remembered, so that losing it mid-turn carries the turn on
  const dir = out.decision === "left" || out.decision === "right" ? out.decision : null;
  if (dir && out.instanceId)
    ledger.turning = {
      id: out.instanceId,
      dir,
      turns: turning?.id === out.instanceId && turning.dir === dir ? turning.turns + 1 : 1,
      why: turning?.id === out.instanceId && turning.dir === dir ? turning.why : out.reason,
    };
  return out;
}

function decide(
  input: LowLevelInput,
  rule: StopRule,
  ledger: CandidateLedger,
  turning: CandidateLedger["turning"],
): LowLevelOutput {
  const { target, views } = input;
  const judging = input.referenceImage !== undefined && target.category !== null;
  const visible: Seen[] = [];
  for (const view of ["front", "left", "right"] as const) {
    for (const instance of views[view].visible) {
      if (target.category === null || instance.category !== target.category) continue;
      visible.push({ view, instance, ...floorGeometry(instance, rule.camera) });
    }
  }
  visible.sort((a, b) => a.floor - b.floor);
  // The last step was taken toward an instance that it knew would leave the view: it is next to
  // it now, unless the step was blocked, and then only where it stood is near enough.
  for (const c of ledger.all()) {
    if (!c.closing || visible.some((s) => s.instance.id === c.id)) continue;
    const blocked = c.collisions > c.closing.collisions;
    const from = c.closing.floor;
    c.closing = null;
    if (!blocked || from <= rule.successDistance - BLIND_STOP_MARGIN)
      return {
        decision: "stop",
        instanceId: c.id,
        reason: blocked
          ? `the way closer to the ${target.category} (${from.toFixed(1)} m away) is blocked; it is as near as it gets`
          : `stepped up to the ${target.category} seen ${from.toFixed(1)} m away, now below the view`,
      };
  }
  const what = judging ? `the ${target.category} in the photo` : `a ${target.category ?? "target"}`;
  // Turned toward an instance and lost it partway round: close by and low, it sits below the
  // picture's edge until it is faced. Turning back to the plan's heading would show it in the
  // side view again, and the next decision would turn to it again, back and forth.
  if (turning && turning.turns < TURNS_TO_FACE && !visible.some((s) => s.instance.id === turning.id))
    return {
      decision: turning.dir,
      instanceId: turning.id,
      reason: `${turning.why}; out of the picture partway round the turn, turning on`,
    };
  if (visible.length === 0) return { decision: "continue_plan", reason: `${what} not in view` };
  if (!judging) return approachOrStop(visible[0], rule, what, ledger);

  const verdicts = visible.map((s) => {
    const c = ledger.get(s.instance.id);
    return { s, c, v: c ? verdictOf(c, ledger) : ("unjudged" as Verdict) };
  });
  const match = verdicts.find((x) => x.v === "match");
  // one taken for the match before and judged otherwise now (a better one seen, a clearer view) is no longer sought
  if (verdicts.some((x) => x.s.instance.id === ledger.chosen && x.v !== "match")) ledger.choose(null);
  if (match) {
    const c = match.c!;
    ledger.choose(c.id);
    const why = `${what} (similarity ${fmt(c.score)} over ${c.views} view${c.views === 1 ? "" : "s"}${ledger.settling ? ", the best of all seen" : ""})`;
    return approachOrStop(match.s, rule, why, ledger);
  }
  // The most promising of those not made out yet first (a partial look counts), then the nearest.
  const promise = (c: Candidate | undefined) => c?.score ?? VERDICT.settle;
  const unsure = verdicts
    .filter((x) => x.v === "unjudged")
    .sort((a, b) => promise(b.c) - promise(a.c) || a.s.floor - b.s.floor)[0];
  if (unsure) {
    ledger.approached(unsure.s.instance.id);
    const { s } = unsure;
    return {
      decision: DIRECTION[s.view],
      instanceId: s.instance.id,
      reason: `a ${target.category} in the ${s.view} view, ${s.floor.toFixed(1)} m away, not yet clear whether it is ${what} (similarity ${fmt(unsure.c?.score)}, ${s.instance.pixels} pixels); going closer`,
    };
  }
  const best = ledger.best();
  const ruledOut = verdicts.filter((x) => x.v === "rejected").length;
  return {
    decision: "continue_plan",
    reason:
      `${visible.length} ${target.category} in view, none taken for the photo (${ruledOut} ruled out; ` +
      `best seen so far ${fmt(best?.score)}, a clear match needs ${VERDICT.match}${ledger.settling ? `, the best seen ${VERDICT.settle}` : ""})`,
  };
}

/** Heads for a seen instance, or stops when it is near enough by the stop rule. */
function approachOrStop(seen: Seen, rule: StopRule, what: string, ledger: CandidateLedger | null): LowLevelOutput {
  const { view, instance, floor, below } = seen;
  const c = ledger?.get(instance.id) ?? null;
  const at = `${what} in the ${view} view, ${floor.toFixed(1)} m away on the floor`;
  // The eye distance bounds the floor distance from above: within stopDistance either way is near enough.
  if (floor <= rule.stopDistance || instance.distance <= rule.stopDistance) {
    return { decision: "stop", instanceId: instance.id, reason: at };
  }
  const nearEnough = floor <= rule.successDistance - STOP_MARGIN;
  // The step that was to end next to it was blocked: where it stands is as near as it gets.
  if (c?.closing) {
    const blocked = c.collisions > c.closing.collisions;
    c.closing = null;
    if (blocked && floor <= rule.successDistance - BLIND_STOP_MARGIN)
      return { decision: "stop", instanceId: instance.id, reason: `${at}; the way closer is blocked` };
  }
  // A step forward would drop it below the view. Well inside the success radius, this is as near
  // as it gets. A little farther, the step is worth taking when it ends next to the object: the
  // next decision stops there, out of sight of it.
  if (view === "front" && floor - rule.stepLength < nearestVisibleFloor(below, rule.camera)) {
    if (nearEnough)
      return { decision: "stop", instanceId: instance.id, reason: `${at}; a step closer would lose it from view` };
    if (ledger && afterStep(instance, floor, rule) <= rule.stopDistance + STOP_MARGIN) {
      ledger.saw(instance.id, { position: null, floor });
      ledger.closingIn(instance.id);
      return {
        decision: "forward",
        instanceId: instance.id,
        reason: `${at}; one step takes it out of view and ends next to it`,
      };
    }
  }
  if (nearEnough && c && c.stalled > 0) {
    return { decision: "stop", instanceId: instance.id, reason: `${at}; the way closer is blocked` };
  }
  if (c && c.stalled >= MAX_COLLISIONS) {
    return {
      decision: "continue_plan",
      reason: `${at}; blocked ${c.stalled} times without getting nearer, trying another way`,
    };
  }
  return { decision: DIRECTION[view], instanceId: instance.id, reason: `${at}; heading for it` };
}
