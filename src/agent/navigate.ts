/**
 * The navigation part of an episode (paper Figure 4): high-level room choice over the scene
 * graph, the controller walking to its waypoint, and the low-level planner asked at decision
 * points (see src/planning/low-level.ts for the schedule) until it says STOP or the step
 * budget is spent.
 *
 * It runs as a small state machine: the episode's state is one object (nav-state.ts) and each
 * phase below is a step function that does its part and names the phase that follows. PHASES is
 * the whole schedule in one table, so the order of an episode can be read without following a
 * loop's breaks and continues.
 */

import type { Holding } from "../mllm/index.ts";
import type { Candidate } from "../perception/index.ts";
import { floorDistance, planRoom, roomAt } from "../planning/index.ts";
import type { Vec3 } from "../sim/index.ts";
import { ask as askPlanner, decisionPoint, local, lookAround, walkTo } from "./nav-decisions.ts";
import {
  candidateRooms,
  createNav,
  currentRoom,
  lookoutFor,
  type Nav,
  type NavigateOptions,
  takeSuggestion,
} from "./nav-state.ts";

export type { NavigateOptions } from "./nav-state.ts";

export interface NavigateResult {
  stopped: boolean;
  /** the instance the planner named when it stopped */
  instanceId: string | null;
  /** the room the object it stopped at stands in, as the robot estimated it (what the reply names); null when it did not stop */
  foundRoomId: string | null;
}

type Phase = "start" | "choose_room" | "walk" | "search_room" | "settle" | "end";
type PhaseStep = (n: Nav) => Promise<Phase>;

/**
 * The schedule. Each phase hands on to the next; any phase whose low-level decisions ended the
 * search (STOP, the budget, the simulator) goes to "end".
 *  start        → choose_room   the start is a decision point too: the target may be in view
 *  choose_room  → walk          the room scan's suggestion, else the high-level planner
 *  walk         → search_room   walk to the room's waypoint (a new spot when searched again), deciding at each interruption;
 *                               a room whose waypoint the walk passes on the way counts as searched (nav-state.ts passedThrough)
 *  search_room  → settle        look around where it stands; the room counts as searched
 *  settle       → choose_room   once all is searched, or time runs short, go back to the best seen
 */
const PHASES: Record<Exclude<Phase, "end">, PhaseStep> = {
  start,
  choose_room: chooseRoom,
  walk,
  search_room: searchRoom,
  settle,
};

export async function navigate(o: NavigateOptions): Promise<NavigateResult> {
  const n = createNav(o);
  let phase: Phase = "start";
  while (phase !== "end") phase = await PHASES[phase](n);
  const stopped = n.s.outcome === "stopped";
  // episodic memory keeps the room the robot found it from: the next search walks there and looks
  // round, and a look from that room is what found it (the object's own room, behind the doorway,
  // lowered SPL on polar-habits-dev, 47.5 -> 47.0 with episodic memory, 42.6 -> 41.6 with raw trajectories)
  if (stopped) o.trajectory.foundIn(currentRoom(n));
  return { stopped, instanceId: n.s.stoppedAt, foundRoomId: stopped ? foundRoom(n) : null };
}

/**
 * The room the object stands in, where the robot estimated it (the ledger's position of the
 * instance it stopped at), not where the robot stands: it stops up to a metre and a half away,
 * often through a doorway, and "I found your watch in the hall" for a watch in the kitchen tells
 * the user the wrong room. Without an estimate, the room it stands in.
 */
function foundRoom(n: Nav): string | null {
  const at = n.s.stoppedAt ? n.ledger.get(n.s.stoppedAt)?.position : null;
  return at ? roomAt(n.o.graph, at) : currentRoom(n);
}

/** Instances given up on unjudged that are walked back to once the search is over, nearest first. */
const SECOND_LOOKS = 3;
/** Instances tied with the best that are walked to for a closer look once the search is over. */
const TIED_LOOKS = 2;

/** The instance the search would walk back to if it ended now (the best judged so far), for the room plan. */
function holding(n: Nav): { holding: Holding } | Record<string, never> {
  const best = n.ledger.best();
  if (!best?.position || best.score === null) return {};
  // a lookalike the size the user gave rules out, or taken for another of the user's objects, is no rival
  const { ledger } = n;
  const others = ledger.all().filter((c) => c.id !== best.id && !ledger.outsized(c) && !ledger.likeAnother(c));
  const rival = Math.max(0, ...others.map((c) => c.score ?? 0));
  return {
    holding: {
      position: best.position,
      roomId: roomAt(n.o.graph, best.position),
      score: best.score,
      evidence: best.evidence,
      rival,
      others: ledger.all().length - 1,
      // a size said to set it apart is relative to the house's lookalikes, not to those seen so far
      ...(ledger.sizeCue?.contrasted ? { sizeToCompare: true } : {}),
      ...(ledger.twinUnseen(best) ? { twinUnseen: true } : {}),
    },
  };
}

/**
 * The best seen does not lead another judged instance enough to tell them apart (ledger.ts
 * tiedWith): that one is walked to for a closer look too, then the best of them all again, so
 * the comparison is made on clear views of both rather than on the views the search passed by
 * with. False when the episode ended on the way.
 */
async function compareTied(n: Nav, best: Candidate): Promise<boolean> {
  const { o, s, ledger } = n;
  const tied = ledger.tiedWith(best, o.body.pose.position).slice(0, TIED_LOOKS);
  if (tied.length === 0) {
    ledger.tiesLooked = true;
    return true;
  }
  for (const c of [...tied, best]) {
    // back at the best of them all, a tie that stays is the best guess left
    if (c === best) ledger.tiesLooked = true;
    const at = c === best ? ledger.best()?.position : c.position;
    if (!at) continue;
    // a closer look the steps left cannot afford: the best seen is the guess taken
    if (c !== best && !affords(n, at)) {
      ledger.tiesLooked = true;
      return lastCall(n);
    }
    const there = await walkTo(n, at, o.approachRadius);
    if (s.outcome === "continue" && (there === "budget" || there === "done")) s.outcome = "ended";
    if (s.outcome === "continue") await lookAround(n, "revisit");
    if (s.outcome !== "continue") return false;
  }
  return true;
}

/**
 * Whether the steps left cover a walk to `at` and a look round there, then the walk from there
 * back to the best seen and its approach (the policy's ledger.budget: walks cost their floor
 * distance times its detour, in steps). With no best seen that could be taken, or a planner that
 * sets no budget, any walk is worth its steps: there is nothing to go back to.
 */
function affords(n: Nav, at: Vec3): boolean {
  const rule = n.ledger.budget;
  const best = n.ledger.best();
  if (!rule || !best?.position || (best.score ?? 0) < rule.floor) return true;
  const { body, stepLength, turnAngle } = n.o;
  const walk = (a: Vec3, b: Vec3) => Math.ceil((floorDistance(a, b) * rule.detour) / stepLength);
  const need = walk(body.pose.position, at) + Math.round(180 / turnAngle) + walk(at, best.position) + rule.reserve;
  return body.stepsLeft >= need;
}

/**
 * The steps left no longer afford a look elsewhere: go back to the best seen now, once, and let
 * the low-level planner take it there (ledger.lastCall), rather than spend the last steps looking
 * and end at the step limit with it a few rooms away. False when the episode ended.
 */
async function lastCall(n: Nav): Promise<boolean> {
  const { o, s, ledger } = n;
  const best = ledger.best();
  if (ledger.lastCall || !best?.position) return true;
  ledger.lastCall = true;
  const back = await walkTo(n, best.position, o.approachRadius);
  if (s.outcome === "continue" && (back === "budget" || back === "done")) s.outcome = "ended";
  if (s.outcome === "continue") await lookAround(n, "revisit");
  return s.outcome === "continue";
}

/** The outcome so far decides whether the search goes on. */
const onward = (n: Nav, next: Phase): Phase => (n.s.outcome === "continue" ? next : "end");

async function start(n: Nav): Promise<Phase> {
  const { o, s } = n;
  n.novelty.observe(o.body.observation);
  s.roomsSeen.add(currentRoom(n) ?? "");
  s.outcome =
    o.schedule === "every_step"
      ? await decisionPoint(n, "every_step")
      : await local(n, await askPlanner(n, "arrival", { plan: n.scanning }));
  return onward(n, "choose_room");
}

async function chooseRoom(n: Nav): Promise<Phase> {
  const { o, s } = n;
  if (s.outcome !== "continue" || o.body.done || o.body.stepsLeft <= 0) return "end";
  const here = currentRoom(n);
  const rooms = candidateRooms(n);
  if (rooms.length === 0) return "end";
  s.searchOver = false;
  const suggestion = takeSuggestion(n);
  const suggested = suggestion ? rooms.find((r) => r.id === suggestion.id) : undefined;
  if (suggested) s.choice = { room: suggested, reason: `${suggestion?.reason} (planned in the room scan)` };
  else {
    const planned = await o.watch.time("model", () =>
      planRoom(o.policy, {
        instruction: o.instruction,
        target: o.target,
        rooms,
        currentRoomId: here,
        visited: s.visited,
        position: o.body.pose.position,
        ...(o.guidance?.length ? { guidance: o.guidance } : {}),
        ...holding(n),
      }),
    );
    o.decisions.highLevel++;
    o.onCalls(planned.decision.calls);
    s.choice = planned.choice;
    // the planner ends the search with rooms left: settle on the best seen (the room is the fallback)
    s.searchOver = planned.decision.value.searchOver === true && !n.ledger.settling;
  }
  const { room, reason } = s.choice;
  s.goalRoom = room.id;
  o.stream.emit({
    type: "plan",
    roomId: room.id,
    label: room.label,
    waypoint: room.waypoint,
    reason,
    fromRoomId: here,
    visited: [...s.visited],
    ...(s.searchOver ? { searchOver: true } : {}),
  });
  if (s.searchOver) return "settle";
  // pre_action: a room the rules forbid now is not walked to; the planner chooses again without it.
  if (o.gate && !(await o.gate.roomChoice(room))) return "choose_room";
  // a room the steps left cannot afford to search and come back from: back to the best seen first
  if (!affords(n, lookoutFor(n, room)) && !(await lastCall(n))) return "end";
  s.stepsBefore = o.body.steps;
  return "walk";
}

async function walk(n: Nav): Promise<Phase> {
  const { o, s } = n;
  const room = s.choice!.room;
  const status = await walkTo(n, lookoutFor(n, room));
  if (s.outcome !== "continue") return "end";
  if (status === "budget" || status === "done") {
    s.outcome = "ended";
    return "end";
  }
  // No way there that keeps to the rules: leave the room out rather than break them.
  if (o.gate?.active && (status === "unreachable" || status === "refused")) {
    o.gate.excluded.add(room.id);
    return "choose_room";
  }
  return "search_room";
}

async function searchRoom(n: Nav): Promise<Phase> {
  const { o, s } = n;
  o.trajectory.enterRoom(currentRoom(n));
  const room = s.choice!.room;
  s.lookedFrom.set(room.id, [...(s.lookedFrom.get(room.id) ?? []), o.body.pose.position]);
  await lookAround(n, o.schedule === "every_step" ? "every_step" : "arrival");
  s.visited.push(room.id);
  o.trajectory.searchedRoom(room.id);
  return onward(n, "settle");
}

/**
 * The search is over once every room was searched, or the planner says it is (the rooms worth
 * searching are), or when a quarter of the steps is left: the
 * instance judged most like the photo will do, if it is plausible at all, and the robot walks
 * back to it for a last look. (A planner that judges nothing leaves the ledger empty.)
 */
async function settle(n: Nav): Promise<Phase> {
  const { o, s, ledger } = n;
  const rooms = candidateRooms(n);
  const allSearched = rooms.every((r) => s.visited.includes(r.id));
  if (allSearched) ledger.searchedAll = true;
  if (!ledger.settling && (s.searchOver || allSearched || o.body.stepsLeft < n.budget / 4)) {
    ledger.settling = true;
    const best = ledger.best();
    if (best?.position) {
      const back = await walkTo(n, best.position, o.approachRadius);
      if (s.outcome === "continue" && (back === "budget" || back === "done")) s.outcome = "ended";
      if (s.outcome === "continue") await lookAround(n, "revisit");
      if (s.outcome !== "continue") return "end";
      if (!(await compareTied(n, best))) return "end";
    }
    ledger.tiesLooked = true;
    // What it gave up on unseen gets a second look, walked to along a planned route this time
    // rather than steered at: a small object seen from across the room, or one behind furniture.
    for (const c of ledger.unjudged(o.body.pose.position).slice(0, SECOND_LOOKS)) {
      if (!c.position) continue;
      if (!affords(n, c.position)) return (await lastCall(n)) ? "choose_room" : "end";
      ledger.retry(c.id);
      const there = await walkTo(n, c.position, o.approachRadius);
      if (s.outcome === "continue" && (there === "budget" || there === "done")) s.outcome = "ended";
      if (s.outcome === "continue") await lookAround(n, "revisit");
      if (s.outcome !== "continue") return "end";
    }
  }
  // Guard against a planner that keeps naming rooms the controller cannot move toward.
  s.idleRounds = o.body.steps === s.stepsBefore ? s.idleRounds + 1 : 0;
  if (s.idleRounds > o.graph.rooms.length + 2) return "end";
  return "choose_room";
}
