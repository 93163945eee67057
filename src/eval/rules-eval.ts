/**
 * Measuring the rule layer the TellOnce way (paper §5, appendix C), in the embodied setting.
 *
 * Simulated users. A scenario set has few users (polar-mini: 2), so each of its users' episodes
 * are dealt, in time order and in turn, to several simulated users (at least 8 per set in all):
 * each has its own hidden profile (src/eval/rule-phase/profile.ts), its own rule library and a
 * disjoint share of that user's episodes spread over the whole day; the agent's object memory
 * stays the dataset user's (it is about where things are, which no preference touches). Each
 * simulated user's episodes split in two: a learning phase (the first half), after each episode
 * of which it corrects the robot at most once, only when an applicable preference was broken,
 * and says the other things people say (a one-off with a request, a vague remark, a revision,
 * a retraction); then a frozen test phase where nothing is learned.
 *
 * Wording. Half the simulated users speak from the development phrase bank, half from the
 * held-out test bank when one is given (only `polar eval --rules` gives it); results are
 * reported per bank, and the learner's reading of every message is scored field by field
 * against what the user meant (labels.ts).
 *
 * Methods, each with its own library per simulated user, on the same episodes:
 * - none: the corrections are not kept, no rule reaches the agent;
 * - text: every rule learned, as text in the planner prompts;
 * - selected: the rules selected for the task, as text;
 * - full: the whole layer (checks, revisions, blocks, appeal);
 * - full_before_final_repair: the full run's reply before its delivery revisions (read from the
 *   same episodes, not run again).
 * A backbone that reads no rule text (the heuristic) makes text and selected equal to none by
 * construction: they are reported as such, not run.
 *
 * The scorer reads only the profile and what happened (rooms the poses were in, where it
 * stopped, the words it said); never the method's rules or verdicts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/index.ts";
import type { EvaluationEpisode, ScenarioSet } from "../datasets/index.ts";
import { Neo4jConfig } from "../memory/index.ts";
import type { MemoryMode } from "../mllm/index.ts";
import type { ModelRuleLayer, RuleDraft, RuleLibrary, RulesMethod } from "../rules/index.ts";
import {
  type OpenedInput,
  openRuleLibrary,
  ruleLibraryKind,
  rulesForEpisodes,
  type TeachResult,
  teach,
} from "../rules/index.ts";
import type { Receptacle, SceneInfo, Simulator, Vec3 } from "../sim/index.ts";
import { fnv1a as hashSeed, mulberry32 } from "../util/index.ts";
import { runPool } from "./pool.ts";
import type { EpisodeRecord } from "./record.ts";
import { type EpisodeFacts, factsFromRecord } from "./rule-phase/episode-facts.ts";
import { type EpisodeRooms, episodeRooms, usersFromEpisodes } from "./rule-phase/houses.ts";
import { judge } from "./rule-phase/labels.ts";
import type { BankName, MessageLine, RuleEvalLine } from "./rule-phase/line.ts";
import type { PhraseBank } from "./rule-phase/phrases.ts";
import { activeAt, makeProfiles, type Preference, type Profile } from "./rule-phase/profile.ts";
import { sameRegion } from "./rule-phase/region.ts";
import { applicable, type PreferenceViolation, violations } from "./rule-phase/score.ts";
import {
  correctionFor,
  retractFor,
  reviseFor,
  type Said,
  taskLocalFor,
  vagueFor,
} from "./rule-phase/simulated-user.ts";
import type { BackboneRuntime } from "./runner.ts";

/** simulated users per scenario set, at least */
export const SIM_USERS = 8;

export interface RuleEvalOptions {
  set: ScenarioSet;
  methods: readonly RulesMethod[];
  memory: MemoryMode;
  seed: number;
  outDir: string;
  timeZone: string;
  maxRevisions: number;
  /** the development bank, and the held-out one (only `polar eval --rules` passes it) */
  banks: { dev: PhraseBank; test?: PhraseBank };
  /** the model path of the layer, for a model backbone */
  model?: ModelRuleLayer;
  /** where the methods' libraries live (rules.store; default a SQLite file each under OUT/rules/) */
  library?: { store: string; neo4j: Neo4jConfig; env?: NodeJS.ProcessEnv };
  onLine?: (line: RuleEvalLine) => void;
}

type Scenes = Map<string, { info: SceneInfo; receptacles: Receptacle[] }>;

/** The scenes as the scorer needs them: regions and where the furniture stands. */
export async function sceneFacts(
  set: ScenarioSet,
  sim: Simulator,
  settings?: Parameters<Simulator["loadScene"]>[0]["settings"],
): Promise<Scenes> {
  const out: Scenes = new Map();
  for (const s of set.scenes) {
    const loaded = await sim.loadScene({ scene: s.scene, ...(settings ? { settings } : {}) });
    out.set(s.id, { info: await sim.sceneInfo(), receptacles: loaded.receptacles });
  }
  return out;
}

/** One simulated user: whose episodes it takes, which bank it speaks from, what it hides. */
export interface SimUser {
  id: string;
  of: string;
  bank: BankName;
  learning: EvaluationEpisode[];
  test: EvaluationEpisode[];
  profile: Profile;
}

/**
 * Profiles, simulated users and their learning / test split, from the scenario set (the
 * harness's ground truth). Each dataset user's episodes, in time order, go in turn to
 * ceil(SIM_USERS / users) simulated users (fewer when a user has too few episodes for two per
 * phase each), who alternate between the banks given.
 */
export function planRuleEval(
  set: ScenarioSet,
  scenes: Scenes,
  seed: number,
  timeZone: string,
  banks: BankName[] = ["dev"],
) {
  const positioned = set.evaluation.map((e) => ({
    ...e,
    placements: e.placements.map((p) => {
      const on = p.receptacleId ? scenes.get(e.sceneId)?.receptacles.find((r) => r.id === p.receptacleId) : undefined;
      const position: Vec3 | undefined = p.position ?? on?.position;
      return { id: p.id, ...(position ? { position } : {}) };
    }),
  }));
  const infos = new Map([...scenes].map(([id, s]) => [id, s.info]));
  const rooms = episodeRooms(positioned, infos, timeZone);
  const roomsOf = new Map(rooms.map((r) => [r.episodeId, r]));
  const per = Math.ceil(SIM_USERS / Math.max(1, set.users.length));
  const sims: Omit<SimUser, "profile">[] = [];
  for (const u of set.users) {
    const eps = set.evaluation
      .filter((e) => e.userId === u.id)
      .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id));
    const k = Math.max(1, Math.min(per, Math.floor(eps.length / 4)));
    for (let j = 0; j < k; j++) {
      const mine = eps.filter((_, i) => i % k === j);
      const half = Math.ceil(mine.length / 2);
      sims.push({
        id: k === 1 ? u.id : `${u.id}.${j + 1}`,
        of: u.id,
        bank: banks[sims.length % banks.length],
        learning: mine.slice(0, half),
        test: mine.slice(half),
      });
    }
  }
  const inputs = sims.map((s) => {
    const mine = [...s.learning, ...s.test].map((e) => roomsOf.get(e.id)!);
    const [house] = usersFromEpisodes(mine, infos);
    return {
      userId: s.id,
      of: s.of,
      houses: house.houses,
      episodes: [
        ...s.learning.map((e) => ({ hour: roomsOf.get(e.id)!.hour, phase: "learning" as const })),
        ...s.test.map((e) => ({ hour: roomsOf.get(e.id)!.hour, phase: "test" as const })),
      ],
    };
  });
  const profiles = makeProfiles(inputs, seed);
  const users: SimUser[] = sims.map((s, i) => ({ ...s, profile: profiles[i] }));
  return { users, rooms: roomsOf };
}

/** Refusals the profile did not ask for: the room was not forbidden for that action at that time. */
export function falseBlocks(profile: Profile, facts: EpisodeFacts, record: EpisodeRecord): number {
  let n = 0;
  for (const r of record.rules?.refused ?? []) {
    const forbids = (p: Preference) => {
      if (!applicable(p, facts)) return false;
      if (p.kind === "avoid_room") return sameRegion(p.room, r.room);
      if (p.kind === "no_stop_in_room") return r.action === "stop" && sameRegion(p.room, r.room);
      return false;
    };
    if (!profile.preferences.some(forbids)) n++;
  }
  return n;
}

/** Whether the heuristic-like backbone reads rule text at all: it does not, so text and selected are none. */
export const readsNoText = (runtime: Pick<BackboneRuntime, "type">) => runtime.type === "heuristic";

/**
 * Runs every method over every simulated user's learning then test episodes, one simulated
 * user at a time per simulator (its episodes are in order: what was learned after one reaches
 * the next).
 */
export async function runRuleEval(
  runtime: BackboneRuntime,
  sims: Simulator[],
  scenes: Scenes,
  o: RuleEvalOptions,
): Promise<RuleEvalLine[]> {
  const banks: BankName[] = o.banks.test ? ["dev", "test"] : ["dev"];
  const { users, rooms } = planRuleEval(o.set, scenes, o.seed, o.timeZone, banks);
  const lines: RuleEvalLine[] = [];
  const dbDir = join(o.outDir, "rules");
  const runTag = Date.now().toString(36);
  mkdirSync(dbDir, { recursive: true });
  const methods = o.methods.filter((m) => !(readsNoText(runtime) && (m === "text" || m === "selected")));
  const units = methods.flatMap((method) => users.map((user) => ({ method, user })));
  await runPool(units, sims, async ({ method, user }, sim) => {
    // one library per method and simulated user: a fresh start every run (in Neo4j, a namespace
    // of this run's own: the rule phase is not resumable, so nothing of an earlier one is read)
    const db = join(dbDir, `${slug(runtime.name)}-${method}-${slug(user.id)}.db`);
    const store = o.library?.store ?? "sqlite";
    const place = {
      path: db,
      create: true,
      neo4j: o.library?.neo4j ?? Neo4jConfig.parse({}),
      part: `eval.${runTag}.${slug(runtime.name)}.${method}.${slug(user.id)}`,
      ...(o.library?.env ? { env: o.library.env } : {}),
    };
    ruleLibraryKind(store).remove(place);
    const library = await openRuleLibrary(store, place);
    const told = new Set<string>();
    try {
      const all = [
        ...user.learning.map((e) => [e, "learning"] as const),
        ...user.test.map((e) => [e, "test"] as const),
      ];
      for (const [k, [ep, phase]] of all.entries()) {
        const line = await runOne(runtime, sim, library, scenes, rooms, user, ep, k, phase, method, o, told);
        lines.push(line);
        o.onLine?.(line);
      }
    } finally {
      await library.close();
    }
  });
  return lines;
}

/** One episode of one simulated user under one method, and what every step of it reads. */
interface Turn {
  runtime: BackboneRuntime;
  sim: Simulator;
  library: RuleLibrary;
  scene: { info: SceneInfo; receptacles: Receptacle[] };
  /** the scene's room labels */
  labels: string[];
  user: SimUser;
  ep: EvaluationEpisode;
  /** the episode's index in the simulated user's sequence */
  k: number;
  phase: "learning" | "test";
  method: RulesMethod;
  o: RuleEvalOptions;
  bank: PhraseBank;
  rng: () => number;
  /** the user's preferences in force at this episode */
  active: Profile;
  /** every method but none keeps what the user says */
  keepsLearning: boolean;
}

/** What came of the episode itself, before the user speaks. */
interface Played {
  record: EpisodeRecord;
  events: EpisodeEvent[];
  /** the rule layer's model calls during the episode */
  layerCalls: number;
  /** the one-off's message as the learner read it, when there was one */
  messages: MessageLine[];
}

async function runOne(
  runtime: BackboneRuntime,
  sim: Simulator,
  library: RuleLibrary,
  scenes: Scenes,
  rooms: Map<string, EpisodeRooms>,
  user: SimUser,
  ep: EvaluationEpisode,
  k: number,
  phase: "learning" | "test",
  method: RulesMethod,
  o: RuleEvalOptions,
  told: Set<string>,
): Promise<RuleEvalLine> {
  const scene = scenes.get(ep.sceneId)!;
  const t: Turn = {
    runtime,
    sim,
    library,
    scene,
    labels: [...new Set(scene.info.regions.map((r) => r.label))],
    user,
    ep,
    k,
    phase,
    method,
    o,
    bank: (user.bank === "test" ? o.banks.test : undefined) ?? o.banks.dev,
    rng: mulberry32(hashSeed(`${ep.id}|${user.id}|${method === "none" ? "none" : "any"}`, o.seed)),
    active: activeAt(user.profile, k),
    keepsLearning: method !== "none",
  };
  const oneOff = oneOffFor(t, rooms);
  const profile: Profile = oneOff
    ? { ...t.active, preferences: [...t.active.preferences, oneOff.preference] }
    : t.active;
  const played = await play(t, oneOff);
  const facts = factsOf(t, played, played.record.reply?.text ?? null);
  const broken = violations(profile, facts);
  const draftBroken =
    method === "full" && played.record.reply && played.record.reply.draft !== played.record.reply.text
      ? violations(profile, factsOf(t, played, played.record.reply.draft))
      : method === "full"
        ? broken
        : null;
  const spoken = phase === "learning" ? await userSpeaks(t, facts, told) : { correction: null, messages: [], calls: 0 };
  return lineOf(t, profile, facts, played, spoken, broken, draftBroken);
}

/** A one-off with the second learning request: it holds for this episode only. */
function oneOffFor(t: Turn, rooms: Map<string, EpisodeRooms>): ReturnType<typeof taskLocalFor> | null {
  if (t.phase !== "learning" || t.k !== 1) return null;
  const where = { sceneId: t.ep.sceneId, rooms: t.labels, keepOpen: rooms.get(t.ep.id)?.needed ?? [] };
  return taskLocalFor(t.active, where, t.bank, t.rng);
}

/** Runs the episode with the method's rules, the one-off (if any) said with the request. */
async function play(t: Turn, oneOff: ReturnType<typeof taskLocalFor> | null): Promise<Played> {
  const { library, method, o, ep } = t;
  const events: EpisodeEvent[] = [];
  let layerCalls = 0;
  let opened: OpenedInput | undefined;
  const snapshotBefore = t.keepsLearning ? await draftsOf(library, ep.userId) : new Map<string, RuleDraft>();
  const record = await t.runtime.record(ep, t.sim, {
    memory: o.memory,
    onEvent: (e) => {
      if (e.type === "pose") events.push(e);
      if (e.type === "model_call" && e.task === "rules") layerCalls++;
    },
    rules: rulesForEpisodes({
      library,
      method,
      maxRevisions: o.maxRevisions,
      rooms: t.labels,
      ...(oneOff && t.keepsLearning ? { messages: [oneOff.say] } : {}),
      ...(o.model ? { model: o.model } : {}),
      onOpened: (x) => {
        opened = x;
      },
    }),
  });
  const messages = oneOff && opened?.taught[0] ? [messageLine(oneOff, opened.taught[0], snapshotBefore)] : [];
  return { record, events, layerCalls, messages };
}

/** What happened, for the scorer, with the reply given (the delivered one or its draft). */
function factsOf(t: Turn, played: Played, reply: string | null): EpisodeFacts {
  return factsFromRecord({
    record: played.record,
    episode: t.ep,
    events: played.events,
    scene: t.scene.info,
    receptacles: t.scene.receptacles,
    reply,
    timeZone: t.o.timeZone,
  });
}

/**
 * The simulated user speaks after a learning episode: a correction of a lasting preference it
 * saw broken, what changes from the next episode on, a vague remark after the first; the
 * methods that keep learning are taught each message.
 */
async function userSpeaks(
  t: Turn,
  facts: EpisodeFacts,
  told: Set<string>,
): Promise<{ correction: string | null; messages: MessageLine[]; calls: number }> {
  const { active, bank, rng, k, ep, library } = t;
  let correction: string | null = null;
  const said: Said[] = [];
  // about the user's lasting preferences only: a one-off ignored is scored, not corrected
  const c = correctionFor(active, facts, bank, rng, "learning");
  if (c?.preferenceId) {
    said.push(c);
    correction = c.say;
    told.add(c.preferenceId);
  }
  // what changes from the next episode on, said only about what the user told before
  for (const e of t.user.profile.events ?? []) {
    if (e.at !== k + 1 || !told.has(e.preferenceId)) continue;
    const p = active.preferences.find((x) => x.id === e.preferenceId);
    if (!p) continue;
    if (e.kind === "revise" && p.kind === "max_words") said.push(reviseFor(p, e.maxWords, bank, rng));
    if (e.kind === "retract" && (p.kind === "avoid_room" || p.kind === "no_stop_in_room"))
      said.push(retractFor(p, bank, rng));
  }
  if (k === 0) {
    const v = vagueFor(active, { rooms: t.labels, keepOpen: [] }, bank, rng);
    if (v) said.push(v);
  }
  const messages: MessageLine[] = [];
  let calls = 0;
  if (t.keepsLearning) {
    const ctx = { sceneId: ep.sceneId, rooms: t.labels, taskId: ep.id };
    const m = t.o.model;
    const teachWith = m ? { learner: m.learner, proposer: m.proposer, reviewer: m.reviewer, judge: m.judge } : {};
    for (const s of said) {
      const before = await draftsOf(library, ep.userId);
      const r = await teach(library, ep.userId, s.say, { ...ctx, at: Date.parse(ep.timestamp) + 1 }, teachWith);
      calls += r.calls.length;
      messages.push(messageLine(s, r, before));
    }
  }
  return { correction, messages, calls };
}

const ROOM_KINDS = new Set(["avoid_room", "no_stop_in_room"]);

/** The episode's result line. */
function lineOf(
  t: Turn,
  profile: Profile,
  facts: EpisodeFacts,
  played: Played,
  spoken: { correction: string | null; messages: MessageLine[]; calls: number },
  broken: PreferenceViolation[],
  draftBroken: PreferenceViolation[] | null,
): RuleEvalLine {
  const { record } = played;
  const applying = profile.preferences.filter((p) => applicable(p, facts));
  return {
    backbone: t.runtime.name,
    memory: t.o.memory,
    method: t.method,
    phase: t.phase,
    episodeId: t.ep.id,
    userId: t.ep.userId,
    simUser: t.user.id,
    bank: t.user.bank,
    sceneId: t.ep.sceneId,
    hour: facts.hour,
    success: record.success,
    spl: record.spl,
    violations: broken,
    draftViolations: draftBroken,
    applied: {
      rooms: applying.some((p) => ROOM_KINDS.has(p.kind)),
      replies: applying.some((p) => !ROOM_KINDS.has(p.kind)),
    },
    correction: spoken.correction,
    messages: [...played.messages, ...spoken.messages],
    refusals: record.rules?.refused.length ?? 0,
    falseBlocks: falseBlocks(profile, facts, record),
    checks: record.rules?.checks ?? 0,
    revisions: record.rules?.revisions ?? 0,
    layerCalls: played.layerCalls + spoken.calls,
    checkMs: record.rules?.checkMs ?? 0,
    error: record.error,
  };
}

async function draftsOf(library: RuleLibrary, userId: string): Promise<Map<string, RuleDraft>> {
  return new Map((await library.snapshot(userId)).rules.map((r) => [r.ruleId, r.rule]));
}

function messageLine(s: Said, t: TeachResult, before: Map<string, RuleDraft>): MessageLine {
  const r = judge({ id: s.kind, message: s.say, expect: s.gold }, t, before);
  return { kind: s.kind, say: s.say, ok: r.ok, fields: r.fields, unsafe: r.unsafe, problems: r.problems };
}

const slug = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_");
