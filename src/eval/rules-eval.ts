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
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/index.ts";
import type { EvaluationEpisode, ScenarioSet } from "../datasets/index.ts";
import { Neo4jConfig } from "../memory/index.ts";
import type { MemoryMode } from "../mllm/index.ts";
import type { ModelRuleLayer, RuleDraft, RuleLibrary, RulesMethod } from "../rules/index.ts";
import { type OpenedInput, rulesForEpisodes, type TeachResult, teach } from "../rules/index.ts";
import { openRuleLibrary, ruleLibraryKind } from "../rules/stores.ts";
import type { Receptacle, SceneInfo, Simulator, Vec3 } from "../sim/index.ts";
import { fnv1a as hashSeed, mulberry32 } from "../util/index.ts";
import type { Estimate } from "./bootstrap.ts";
import { runPool } from "./pool.ts";
import type { EpisodeRecord } from "./record.ts";
import { type Grid, markdownTable, textTable } from "./report/text-table.ts";
import { type EpisodeFacts, factsFromRecord } from "./rule-phase/episode-facts.ts";
import { type EpisodeRooms, episodeRooms, usersFromEpisodes } from "./rule-phase/houses.ts";
import { type CaseResult, FIELDS, judge, summarize, UNSAFE, type Unsafe } from "./rule-phase/labels.ts";
import type { PhraseBank } from "./rule-phase/phrases.ts";
import { activeAt, makeProfiles, type Preference, type Profile } from "./rule-phase/profile.ts";
import { sameRegion } from "./rule-phase/region.ts";
import { applicable, type PreferenceViolation, violations } from "./rule-phase/score.ts";
import {
  correctionFor,
  type MessageKind,
  retractFor,
  reviseFor,
  type Said,
  taskLocalFor,
  vagueFor,
} from "./rule-phase/simulated-user.ts";
import type { BackboneRuntime } from "./runner.ts";
import { wilson } from "./wilson.ts";

export const RULE_EVAL_METHODS = ["none", "text", "selected", "full"] as const;
export const BEFORE_FINAL_REPAIR = "full_before_final_repair";
/** simulated users per scenario set, at least */
export const SIM_USERS = 8;
export type BankName = "dev" | "test";

/** One message the simulated user said, and how the learner read it against what it meant. */
export interface MessageLine {
  kind: MessageKind;
  say: string;
  ok: boolean;
  fields: CaseResult["fields"];
  unsafe: Unsafe[];
  problems: string[];
}

export interface RuleEvalLine {
  backbone: string;
  memory: MemoryMode;
  method: RulesMethod;
  phase: "learning" | "test";
  episodeId: string;
  /** the scenario set's user, and the simulated user who took this episode */
  userId: string;
  simUser: string;
  bank: BankName;
  sceneId: string;
  hour: number;
  success: boolean;
  spl: number;
  /** confirmed violations of the user's applicable preferences, by the scorer */
  violations: PreferenceViolation[];
  /** full only: the violations the reply had before its delivery revisions */
  draftViolations: PreferenceViolation[] | null;
  /** whether a preference about rooms / about the reply applied to this episode */
  applied: { rooms: boolean; replies: boolean };
  /** the lasting correction said after a learning episode (null: nothing to correct) */
  correction: string | null;
  /** everything the simulated user said in this episode, with the learner's reading scored */
  messages: MessageLine[];
  /** pre_action refusals, and how many of them the profile did not ask for */
  refusals: number;
  falseBlocks: number;
  checks: number;
  revisions: number;
  /** model calls of the rule layer (learner, compiler, judge, appeal) and its checks' time */
  layerCalls: number;
  checkMs: number;
  error: string | null;
}

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
  const bank = (user.bank === "test" ? o.banks.test : undefined) ?? o.banks.dev;
  const scene = scenes.get(ep.sceneId)!;
  const labels = [...new Set(scene.info.regions.map((r) => r.label))];
  const rng = mulberry32(hashSeed(`${ep.id}|${user.id}|${method === "none" ? "none" : "any"}`, o.seed));
  const active = activeAt(user.profile, k);
  const keepsLearning = method !== "none";
  const messages: MessageLine[] = [];
  const ctx = { sceneId: ep.sceneId, rooms: labels, taskId: ep.id };
  const teachWith = o.model
    ? { learner: o.model.learner, proposer: o.model.proposer, reviewer: o.model.reviewer, judge: o.model.judge }
    : {};

  // a one-off with the second learning request: it holds for this episode only
  const oneOff =
    phase === "learning" && k === 1
      ? taskLocalFor(
          active,
          { sceneId: ep.sceneId, rooms: labels, keepOpen: rooms.get(ep.id)?.needed ?? [] },
          bank,
          rng,
        )
      : null;
  const profile: Profile = oneOff ? { ...active, preferences: [...active.preferences, oneOff.preference] } : active;

  const events: EpisodeEvent[] = [];
  let layerCalls = 0;
  let opened: OpenedInput | undefined;
  const snapshotBefore = keepsLearning ? await draftsOf(library, ep.userId) : new Map<string, RuleDraft>();
  const record = await runtime.record(ep, sim, {
    memory: o.memory,
    onEvent: (e) => {
      if (e.type === "pose") events.push(e);
      if (e.type === "model_call" && e.task === "rules") layerCalls++;
    },
    rules: rulesForEpisodes({
      library,
      method,
      maxRevisions: o.maxRevisions,
      rooms: labels,
      ...(oneOff && keepsLearning ? { messages: [oneOff.say] } : {}),
      ...(o.model ? { model: o.model } : {}),
      onOpened: (x) => {
        opened = x;
      },
    }),
  });
  if (oneOff && opened?.taught[0]) messages.push(messageLine(oneOff, opened.taught[0], snapshotBefore));
  const factsOf = (reply: string | null) =>
    factsFromRecord({
      record,
      episode: ep,
      events,
      scene: scene.info,
      receptacles: scene.receptacles,
      reply,
      timeZone: o.timeZone,
    });
  const facts = factsOf(record.reply?.text ?? null);
  const broken = violations(profile, facts);
  const draftBroken =
    method === "full" && record.reply && record.reply.draft !== record.reply.text
      ? violations(profile, factsOf(record.reply.draft))
      : method === "full"
        ? broken
        : null;

  // The simulated user speaks after a learning episode; every method but none keeps what it says.
  let correction: string | null = null;
  if (phase === "learning") {
    const said: Said[] = [];
    // about the user's lasting preferences only: a one-off ignored is scored, not corrected
    const c = correctionFor(active, facts, bank, rng, "learning");
    if (c?.preferenceId) {
      said.push(c);
      correction = c.say;
      told.add(c.preferenceId);
    }
    // what changes from the next episode on, said only about what the user told before
    for (const e of user.profile.events ?? []) {
      if (e.at !== k + 1 || !told.has(e.preferenceId)) continue;
      const p = active.preferences.find((x) => x.id === e.preferenceId);
      if (!p) continue;
      if (e.kind === "revise" && p.kind === "max_words") said.push(reviseFor(p, e.maxWords, bank, rng));
      if (e.kind === "retract" && (p.kind === "avoid_room" || p.kind === "no_stop_in_room"))
        said.push(retractFor(p, bank, rng));
    }
    if (k === 0) {
      const v = vagueFor(active, { rooms: labels, keepOpen: [] }, bank, rng);
      if (v) said.push(v);
    }
    if (keepsLearning)
      for (const s of said) {
        const before = await draftsOf(library, ep.userId);
        const t = await teach(library, ep.userId, s.say, { ...ctx, at: Date.parse(ep.timestamp) + 1 }, teachWith);
        layerCalls += t.calls.length;
        messages.push(messageLine(s, t, before));
      }
  }
  const roomKinds = new Set(["avoid_room", "no_stop_in_room"]);
  const applying = profile.preferences.filter((p) => applicable(p, facts));
  return {
    backbone: runtime.name,
    memory: o.memory,
    method,
    phase,
    episodeId: ep.id,
    userId: ep.userId,
    simUser: user.id,
    bank: user.bank,
    sceneId: ep.sceneId,
    hour: facts.hour,
    success: record.success,
    spl: record.spl,
    violations: broken,
    draftViolations: draftBroken,
    applied: {
      rooms: applying.some((p) => roomKinds.has(p.kind)),
      replies: applying.some((p) => !roomKinds.has(p.kind)),
    },
    correction,
    messages,
    refusals: record.rules?.refused.length ?? 0,
    falseBlocks: falseBlocks(profile, facts, record),
    checks: record.rules?.checks ?? 0,
    revisions: record.rules?.revisions ?? 0,
    layerCalls,
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

// ---- the tables ---------------------------------------------------------------------------

export interface RuleEvalRow {
  method: string;
  backbone: string;
  /** the bank the simulated users spoke from: dev, test, or all */
  bank: string;
  /** test episodes */
  n: number;
  violationRate: Estimate;
  /** room violations among the test episodes where a room preference applied (`roomEpisodes` of them) */
  roomRate: Estimate;
  roomEpisodes: number;
  /** reply violations among the test episodes where a reply preference applied */
  replyRate: Estimate;
  replyEpisodes: number;
  sr: Estimate;
  spl: number;
  falseBlocksPerEpisode: number;
  refusalsPerEpisode: number;
  /** corrections the simulated user needed during learning */
  corrections: number;
  learningEpisodes: number;
  checkMsPerEpisode: number;
  layerCallsPerEpisode: number;
  /** not run: equal to this method by construction (text and selected for a backbone that reads no text) */
  sameAs?: string;
}

export function ruleEvalRows(lines: readonly RuleEvalLine[], byConstruction: string[] = []): RuleEvalRow[] {
  const rows: RuleEvalRow[] = [];
  const backbones = [...new Set(lines.map((l) => l.backbone))];
  const banks = [...new Set(lines.map((l) => l.bank))].sort();
  for (const backbone of backbones) {
    for (const bank of banks.length > 1 ? [...banks, "all"] : banks) {
      for (const method of [...RULE_EVAL_METHODS, BEFORE_FINAL_REPAIR]) {
        const source = method === BEFORE_FINAL_REPAIR ? "full" : method;
        const mine = lines.filter(
          (l) => l.backbone === backbone && l.method === source && (bank === "all" || l.bank === bank),
        );
        if (!mine.length) {
          if (byConstruction.includes(method) && lines.some((l) => l.backbone === backbone && l.method === "none"))
            rows.push({ ...rowOf(lines, backbone, bank, "none", "none"), method, sameAs: "none" });
          continue;
        }
        rows.push(rowOf(lines, backbone, bank, method, source));
      }
    }
  }
  return rows;
}

function rowOf(
  lines: readonly RuleEvalLine[],
  backbone: string,
  bank: string,
  method: string,
  source: string,
): RuleEvalRow {
  const mine = lines.filter(
    (l) => l.backbone === backbone && l.method === source && (bank === "all" || l.bank === bank),
  );
  const test = mine.filter((l) => l.phase === "test");
  const learning = mine.filter((l) => l.phase === "learning");
  const seen = (l: RuleEvalLine) =>
    method === BEFORE_FINAL_REPAIR ? (l.draftViolations ?? l.violations) : l.violations;
  const ROOM_KINDS = new Set(["avoid_room", "no_stop_in_room"]);
  const brokenWhere = (room: boolean) => (l: RuleEvalLine) =>
    seen(l).some((v) => ROOM_KINDS.has(v.kind) === room) ? 1 : 0;
  const avg = (f: (l: RuleEvalLine) => number) => (test.length ? test.reduce((s, l) => s + f(l), 0) / test.length : 0);
  const roomEps = test.filter((l) => l.applied.rooms);
  const replyEps = test.filter((l) => l.applied.replies);
  // every rate here is a proportion: Wilson's interval, as for SR and CM in the main report
  const est = (xs: number[]) => wilson(xs.filter((x) => x === 1).length, xs.length);
  return {
    method,
    backbone,
    bank,
    n: test.length,
    violationRate: est(test.map((l) => (seen(l).length > 0 ? 1 : 0))),
    roomRate: est(roomEps.map(brokenWhere(true))),
    roomEpisodes: roomEps.length,
    replyRate: est(replyEps.map(brokenWhere(false))),
    replyEpisodes: replyEps.length,
    sr: est(test.map((l) => (l.success ? 1 : 0))),
    spl: avg((l) => l.spl),
    falseBlocksPerEpisode: avg((l) => l.falseBlocks),
    refusalsPerEpisode: avg((l) => l.refusals),
    corrections: learning.filter((l) => l.correction !== null).length,
    learningEpisodes: learning.length,
    checkMsPerEpisode: avg((l) => l.checkMs),
    layerCallsPerEpisode: avg((l) => l.layerCalls),
  };
}

const pct = (e: Estimate) =>
  Number.isNaN(e.mean)
    ? "n/a"
    : `${(100 * e.mean).toFixed(1)} [${(100 * e.lo).toFixed(1)}, ${(100 * e.hi).toFixed(1)}]`;

const RULE_HEAD = [
  "backbone",
  "bank",
  "method",
  "test episodes",
  "violation rate % [95% CI]",
  "rooms % (episodes)",
  "replies % (episodes)",
  "SR % [95% CI]",
  "SPL",
  "refusals / ep",
  "false blocks / ep",
  "corrections in learning",
  "check ms / ep",
  "layer model calls / ep",
];

function ruleEvalGrid(rows: readonly RuleEvalRow[]): Grid {
  const body = rows.map((r) =>
    r.sameAs
      ? [r.backbone, r.bank, r.method, String(r.n), `= ${r.sameAs} by construction`]
      : [
          r.backbone,
          r.bank,
          r.method,
          String(r.n),
          pct(r.violationRate),
          `${pct(r.roomRate)} (${r.roomEpisodes})`,
          `${pct(r.replyRate)} (${r.replyEpisodes})`,
          pct(r.sr),
          r.spl.toFixed(3),
          r.refusalsPerEpisode.toFixed(2),
          r.falseBlocksPerEpisode.toFixed(2),
          r.method === BEFORE_FINAL_REPAIR ? "—" : `${r.corrections} of ${r.learningEpisodes}`,
          r.checkMsPerEpisode.toFixed(2),
          r.layerCallsPerEpisode.toFixed(2),
        ],
  );
  return { head: RULE_HEAD, body, keys: 3 };
}

/** What a row equal "by construction" means, said once under the table. */
function byConstructionNote(rows: readonly RuleEvalRow[]): string {
  const same = rows.filter((r) => r.sameAs);
  if (!same.length) return "";
  const names = [...new Set(same.map((r) => `${r.backbone}/${r.method}`))].join(", ");
  return `\n\n${names}: equal to ${same[0].sameAs} by construction (the backbone reads no rule text), so not run.`;
}

export function ruleEvalTable(rows: readonly RuleEvalRow[]): string {
  return markdownTable(ruleEvalGrid(rows)) + byConstructionNote(rows);
}

/** The same table for a terminal: plain text within 100 columns. */
export function ruleEvalText(rows: readonly RuleEvalRow[]): string {
  return textTable(ruleEvalGrid(rows)) + byConstructionNote(rows);
}

function learnerGrid(lines: readonly RuleEvalLine[]): Grid | null {
  const learners = ["full", "selected", "text"].find((m) => lines.some((l) => l.method === m && l.messages.length));
  if (!learners) return null;
  const head = [
    "backbone",
    "bank",
    "messages (lasting / one-off / vague / revise / retract)",
    "every field right",
    ...FIELDS,
    `unsafe (${UNSAFE.join(", ")})`,
  ];
  const out: string[][] = [];
  for (const backbone of [...new Set(lines.map((l) => l.backbone))]) {
    for (const bank of [...new Set(lines.map((l) => l.bank))].sort()) {
      const ms = lines
        .filter((l) => l.backbone === backbone && l.method === learners && l.bank === bank)
        .flatMap((l) => l.messages);
      if (!ms.length) continue;
      const s = summarize(
        bank,
        ms.map((m, i) => ({
          id: `${i}`,
          message: m.say,
          ok: m.ok,
          fields: m.fields,
          unsafe: m.unsafe,
          problems: m.problems,
          reply: "",
        })),
      );
      const kinds = ["lasting", "task_local", "vague", "revise", "retract"].map(
        (k) => ms.filter((m) => m.kind === k).length,
      );
      const f = (x: { right: number; of: number }) => (x.of ? `${x.right}/${x.of}` : "—");
      out.push([
        backbone,
        bank,
        `${ms.length} (${kinds.join(" / ")})`,
        `${s.ok}/${s.cases}`,
        ...FIELDS.map((k) => f(s.fields[k])),
        UNSAFE.map((u) => s.unsafe[u].length).join(" / "),
      ]);
    }
  }
  return { head, body: out, keys: 2 };
}

/**
 * The learner's reading of what the simulated users said, per bank and field (TellOnce D.1):
 * from the run of the first method that learns (full when it ran), every message of every kind.
 */
export function learnerTable(lines: readonly RuleEvalLine[]): string {
  const g = learnerGrid(lines);
  return g ? markdownTable(g) : "";
}

/** The same table for a terminal: plain text within 100 columns. */
export function learnerText(lines: readonly RuleEvalLine[]): string {
  const g = learnerGrid(lines);
  return g ? textTable(g) : "";
}

/** Violation rate per method with its interval, as a small SVG bar chart. */
export function ruleEvalFigure(rows: readonly RuleEvalRow[]): string {
  const shown = rows.filter((r) => !r.sameAs && r.bank !== "all");
  const w = 560;
  const barH = 22;
  const left = 250;
  const h = 40 + shown.length * (barH + 8);
  const x = (v: number) => left + v * (w - left - 20);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const bars = shown.map((r, i) => {
    const y = 30 + i * (barH + 8);
    const m = Number.isNaN(r.violationRate.mean) ? 0 : r.violationRate.mean;
    return [
      `<text x="${left - 6}" y="${y + 15}" text-anchor="end" font-size="12">${esc(`${r.backbone} · ${r.bank} · ${r.method}`)}</text>`,
      `<rect x="${left}" y="${y}" width="${(x(m) - left).toFixed(1)}" height="${barH}" fill="#4a78b5"/>`,
      `<line x1="${x(r.violationRate.lo || 0).toFixed(1)}" x2="${x(r.violationRate.hi || 0).toFixed(1)}" y1="${y + barH / 2}" y2="${y + barH / 2}" stroke="#222" stroke-width="2"/>`,
      `<text x="${(x(m) + 4).toFixed(1)}" y="${y + 15}" font-size="11">${(100 * m).toFixed(1)}%</text>`,
    ].join("");
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif"><text x="10" y="18" font-size="13">Preference violation rate, test phase (95% Wilson interval)</text>${bars.join("")}</svg>\n`;
}

export function writeRuleEval(
  outDir: string,
  lines: readonly RuleEvalLine[],
  byConstruction: string[] = [],
  extra = "",
): { table: string; learner: string; text: { table: string; learner: string }; figure: string } {
  const rows = ruleEvalRows(lines, byConstruction);
  writeFileSync(join(outDir, "rules-results.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  const figure = join(outDir, "rules-violations.svg");
  writeFileSync(figure, ruleEvalFigure(rows));
  const table = ruleEvalTable(rows);
  const learner = learnerTable(lines);
  const users = new Set(lines.map((l) => `${l.simUser}`)).size;
  writeFileSync(
    join(outDir, "rules-report.md"),
    `# The rule layer (TellOnce), measured\n\n${users} simulated users; rooms % and replies % are over the test episodes where such a preference applied.\n\n${table}\n\n## The learner on what the simulated users said\n\n${learner || "(no method learned)"}\n${extra ? `\n${extra}\n` : ""}\n![violations](rules-violations.svg)\n`,
  );
  return { table, learner, text: { table: ruleEvalText(rows), learner: learnerText(lines) }, figure };
}
