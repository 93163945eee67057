/**
 * Measuring the rule layer the TellOnce way (paper §5, appendix C), in the embodied setting.
 *
 * Each user gets a hidden preference profile (src/eval/rules/profile.ts). Their evaluation
 * episodes, in time order, split in two: a learning phase (the first half), after each episode
 * of which the simulated user corrects the robot at most once, in its own varied words, and only
 * when an applicable preference was broken; then a frozen test phase (the second half) where
 * nothing is learned. Every method runs the same episodes with its own library:
 *
 * - none: the corrections are not kept, no rule reaches the agent;
 * - text: every rule learned, as text in the planner prompts;
 * - selected: the rules selected for the task, as text;
 * - full: the whole layer (checks, revisions, blocks, appeal);
 * - full_before_final_repair: the full run's reply before its delivery revisions (read from the
 *   same episodes, not run again).
 *
 * The scorer reads only the profile and what happened (rooms the poses were in, where it
 * stopped, the words it said); never the method's rules or verdicts.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EpisodeEvent } from "../agent/events.ts";
import type { EvaluationEpisode, ScenarioSet } from "../datasets/schema.ts";
import type { MemoryMode } from "../mllm/policy.ts";
import { rulesForEpisodes } from "../rules/input.ts";
import type { ModelRuleLayer } from "../rules/model/layer.ts";
import { sameRoom } from "../rules/rooms.ts";
import type { RulesMethod } from "../rules/session.ts";
import { SqliteRuleLibrary } from "../rules/sqlite-library.ts";
import { teach } from "../rules/teach.ts";
import type { Receptacle, SceneInfo, Vec3 } from "../sim/protocol.ts";
import type { Simulator } from "../sim/simulator.ts";
import { fnv1a as hashSeed, mulberry32 } from "../util/random.ts";
import { bootstrapMean, type Estimate } from "./bootstrap.ts";
import { runPool } from "./pool.ts";
import type { EpisodeRecord } from "./record.ts";
import { type EpisodeFacts, factsFromRecord } from "./rules/facts.ts";
import { episodeRooms, usersFromEpisodes } from "./rules/houses.ts";
import { makeProfiles, type Preference, type Profile } from "./rules/profile.ts";
import { applicable, type PreferenceViolation, violations } from "./rules/score.ts";
import { correctionFor } from "./rules/simulated-user.ts";
import type { BackboneRuntime } from "./runner.ts";

export const RULE_EVAL_METHODS = ["none", "text", "selected", "full"] as const;
export const BEFORE_FINAL_REPAIR = "full_before_final_repair";

export interface RuleEvalLine {
  backbone: string;
  memory: MemoryMode;
  method: RulesMethod;
  phase: "learning" | "test";
  episodeId: string;
  userId: string;
  sceneId: string;
  hour: number;
  success: boolean;
  spl: number;
  /** confirmed violations of the user's applicable preferences, by the scorer */
  violations: PreferenceViolation[];
  /** full only: the violations the reply had before its delivery revisions */
  draftViolations: PreferenceViolation[] | null;
  /** what the simulated user said after a learning episode (null: nothing to correct) */
  correction: string | null;
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
  /** the model path of the layer, for a model backbone */
  model?: ModelRuleLayer;
  onLine?: (line: RuleEvalLine) => void;
}

/** The scenes as the scorer needs them: regions and where the furniture stands. */
export async function sceneFacts(
  set: ScenarioSet,
  sim: Simulator,
  settings?: Parameters<Simulator["loadScene"]>[0]["settings"],
): Promise<Map<string, { info: SceneInfo; receptacles: Receptacle[] }>> {
  const out = new Map<string, { info: SceneInfo; receptacles: Receptacle[] }>();
  for (const s of set.scenes) {
    const loaded = await sim.loadScene({ scene: s.scene, ...(settings ? { settings } : {}) });
    out.set(s.id, { info: await sim.sceneInfo(), receptacles: loaded.receptacles });
  }
  return out;
}

/** Profiles and the learning / test split, per user, from the scenario set (the harness's ground truth). */
export function planRuleEval(
  set: ScenarioSet,
  scenes: Map<string, { info: SceneInfo; receptacles: Receptacle[] }>,
  seed: number,
  timeZone: string,
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
  const profiles = makeProfiles(usersFromEpisodes(rooms, infos), seed);
  const byUser = new Map<string, { learning: EvaluationEpisode[]; test: EvaluationEpisode[] }>();
  for (const u of set.users) {
    const eps = set.evaluation
      .filter((e) => e.userId === u.id)
      .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id));
    const half = Math.ceil(eps.length / 2);
    byUser.set(u.id, { learning: eps.slice(0, half), test: eps.slice(half) });
  }
  return { profiles, byUser };
}

/** Refusals the profile did not ask for: the room was not forbidden for that action at that time. */
export function falseBlocks(profile: Profile, facts: EpisodeFacts, record: EpisodeRecord): number {
  let n = 0;
  for (const r of record.rules?.refused ?? []) {
    const forbids = (p: Preference) => {
      if (!applicable(p, facts)) return false;
      if (p.kind === "avoid_room") return sameRoom(p.room, r.room);
      if (p.kind === "no_stop_in_room") return r.action === "stop" && sameRoom(p.room, r.room);
      return false;
    };
    if (!profile.preferences.some(forbids)) n++;
  }
  return n;
}

/**
 * Runs every method over every user's learning then test episodes, one user at a time per
 * simulator (a user's episodes are in order: what was learned after one reaches the next).
 */
export async function runRuleEval(
  runtime: BackboneRuntime,
  sims: Simulator[],
  scenes: Map<string, { info: SceneInfo; receptacles: Receptacle[] }>,
  o: RuleEvalOptions,
): Promise<RuleEvalLine[]> {
  const { profiles, byUser } = planRuleEval(o.set, scenes, o.seed, o.timeZone);
  const lines: RuleEvalLine[] = [];
  const dbDir = join(o.outDir, "rules");
  mkdirSync(dbDir, { recursive: true });
  const units = o.methods.flatMap((method) => [...byUser.keys()].map((userId) => ({ method, userId })));
  await runPool(units, sims, async ({ method, userId }, sim) => {
    // one library per method and user: a fresh start every run
    const db = join(dbDir, `${slug(runtime.name)}-${method}-${slug(userId)}.db`);
    rmSync(db, { force: true });
    const library = new SqliteRuleLibrary(db);
    try {
      const profile = profiles.find((p) => p.userId === userId);
      const split = byUser.get(userId)!;
      if (!profile) return;
      for (const phase of ["learning", "test"] as const) {
        for (const ep of split[phase]) {
          const line = await runOne(runtime, sim, library, scenes, profile, ep, phase, method, o);
          lines.push(line);
          o.onLine?.(line);
        }
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
  library: SqliteRuleLibrary,
  scenes: Map<string, { info: SceneInfo; receptacles: Receptacle[] }>,
  profile: Profile,
  ep: EvaluationEpisode,
  phase: "learning" | "test",
  method: RulesMethod,
  o: RuleEvalOptions,
): Promise<RuleEvalLine> {
  const events: EpisodeEvent[] = [];
  let layerCalls = 0;
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
      ...(o.model ? { model: o.model } : {}),
    }),
  });
  const scene = scenes.get(ep.sceneId)!;
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
    const rng = mulberry32(hashSeed(`${ep.id}|${method === "none" ? "none" : "any"}`, o.seed));
    correction = correctionFor(profile, facts, rng, "learning");
    if (correction && method !== "none") {
      const t = await teach(
        library,
        profile.userId,
        correction,
        { sceneId: ep.sceneId, at: Date.parse(ep.timestamp) + 1, taskId: ep.id },
        o.model
          ? { learner: o.model.learner, proposer: o.model.proposer, reviewer: o.model.reviewer, judge: o.model.judge }
          : {},
      );
      layerCalls += t.calls.length;
    }
  }
  return {
    backbone: runtime.name,
    memory: o.memory,
    method,
    phase,
    episodeId: ep.id,
    userId: ep.userId,
    sceneId: ep.sceneId,
    hour: facts.hour,
    success: record.success,
    spl: record.spl,
    violations: broken,
    draftViolations: draftBroken,
    correction,
    refusals: record.rules?.refused.length ?? 0,
    falseBlocks: falseBlocks(profile, facts, record),
    checks: record.rules?.checks ?? 0,
    revisions: record.rules?.revisions ?? 0,
    layerCalls,
    checkMs: record.rules?.checkMs ?? 0,
    error: record.error,
  };
}

const slug = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_");

// ---- the table ------------------------------------------------------------------------------

export interface RuleEvalRow {
  method: string;
  backbone: string;
  /** test episodes */
  n: number;
  violationRate: Estimate;
  /** the same, counting only where it went and stopped (room preferences) */
  roomRate: Estimate;
  /** the same, counting only what it said (reply preferences) */
  replyRate: Estimate;
  sr: Estimate;
  spl: number;
  falseBlocksPerEpisode: number;
  refusalsPerEpisode: number;
  /** corrections the simulated user needed during learning */
  corrections: number;
  learningEpisodes: number;
  checkMsPerEpisode: number;
  layerCallsPerEpisode: number;
}

export function ruleEvalRows(lines: readonly RuleEvalLine[], seed = 0): RuleEvalRow[] {
  const rows: RuleEvalRow[] = [];
  const backbones = [...new Set(lines.map((l) => l.backbone))];
  for (const backbone of backbones) {
    for (const method of [...RULE_EVAL_METHODS, BEFORE_FINAL_REPAIR]) {
      const source = method === BEFORE_FINAL_REPAIR ? "full" : method;
      const mine = lines.filter((l) => l.backbone === backbone && l.method === source);
      if (!mine.length) continue;
      const test = mine.filter((l) => l.phase === "test");
      const learning = mine.filter((l) => l.phase === "learning");
      const seen = (l: RuleEvalLine) =>
        method === BEFORE_FINAL_REPAIR ? (l.draftViolations ?? l.violations) : l.violations;
      const broken = (l: RuleEvalLine) => (seen(l).length > 0 ? 1 : 0);
      const ROOM_KINDS = new Set(["avoid_room", "no_stop_in_room"]);
      const brokenWhere = (room: boolean) => (l: RuleEvalLine) =>
        seen(l).some((v) => ROOM_KINDS.has(v.kind) === room) ? 1 : 0;
      const avg = (f: (l: RuleEvalLine) => number) =>
        test.length ? test.reduce((s, l) => s + f(l), 0) / test.length : 0;
      rows.push({
        method,
        backbone,
        n: test.length,
        violationRate: bootstrapMean(test.map(broken), { seed }),
        roomRate: bootstrapMean(test.map(brokenWhere(true)), { seed }),
        replyRate: bootstrapMean(test.map(brokenWhere(false)), { seed }),
        sr: bootstrapMean(
          test.map((l) => (l.success ? 1 : 0)),
          { seed },
        ),
        spl: avg((l) => l.spl),
        falseBlocksPerEpisode: avg((l) => l.falseBlocks),
        refusalsPerEpisode: avg((l) => l.refusals),
        corrections: learning.filter((l) => l.correction !== null).length,
        learningEpisodes: learning.length,
        checkMsPerEpisode: avg((l) => l.checkMs),
        layerCallsPerEpisode: avg((l) => l.layerCalls),
      });
    }
  }
  return rows;
}

const pct = (e: Estimate) =>
  Number.isNaN(e.mean)
    ? "n/a"
    : `${(100 * e.mean).toFixed(1)} [${(100 * e.lo).toFixed(1)}, ${(100 * e.hi).toFixed(1)}]`;

export function ruleEvalTable(rows: readonly RuleEvalRow[]): string {
  const head =
    "| backbone | method | test episodes | violation rate % [95% CI] | rooms % | replies % | SR % [95% CI] | SPL | refusals / ep | false blocks / ep | corrections in learning | check ms / ep | layer model calls / ep |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|";
  const body = rows.map(
    (r) =>
      `| ${r.backbone} | ${r.method} | ${r.n} | ${pct(r.violationRate)} | ${pct(r.roomRate)} | ${pct(r.replyRate)} | ${pct(r.sr)} | ${r.spl.toFixed(3)} | ${r.refusalsPerEpisode.toFixed(2)} | ${r.falseBlocksPerEpisode.toFixed(2)} | ${r.method === BEFORE_FINAL_REPAIR ? "—" : `${r.corrections} of ${r.learningEpisodes}`} | ${r.checkMsPerEpisode.toFixed(2)} | ${r.layerCallsPerEpisode.toFixed(2)} |`,
  );
  return [head, ...body].join("\n");
}

/** Violation rate per method with its interval, as a small SVG bar chart. */
export function ruleEvalFigure(rows: readonly RuleEvalRow[]): string {
  const w = 560;
  const barH = 22;
  const left = 230;
  const h = 40 + rows.length * (barH + 8);
  const x = (v: number) => left + v * (w - left - 20);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const bars = rows.map((r, i) => {
    const y = 30 + i * (barH + 8);
    const m = Number.isNaN(r.violationRate.mean) ? 0 : r.violationRate.mean;
    return [
      `<text x="${left - 6}" y="${y + 15}" text-anchor="end" font-size="12">${esc(`${r.backbone} · ${r.method}`)}</text>`,
      `<rect x="${left}" y="${y}" width="${(x(m) - left).toFixed(1)}" height="${barH}" fill="#4a78b5"/>`,
      `<line x1="${x(r.violationRate.lo).toFixed(1)}" x2="${x(r.violationRate.hi).toFixed(1)}" y1="${y + barH / 2}" y2="${y + barH / 2}" stroke="#222" stroke-width="2"/>`,
      `<text x="${(x(m) + 4).toFixed(1)}" y="${y + 15}" font-size="11">${(100 * m).toFixed(1)}%</text>`,
    ].join("");
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif"><text x="10" y="18" font-size="13">Preference violation rate, test phase (95% bootstrap CI)</text>${bars.join("")}</svg>\n`;
}

export function writeRuleEval(
  outDir: string,
  lines: readonly RuleEvalLine[],
  seed: number,
): { table: string; figure: string } {
  const rows = ruleEvalRows(lines, seed);
  writeFileSync(join(outDir, "rules-results.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  const figure = join(outDir, "rules-violations.svg");
  writeFileSync(figure, ruleEvalFigure(rows));
  const table = ruleEvalTable(rows);
  writeFileSync(
    join(outDir, "rules-report.md"),
    `# The rule layer (TellOnce), measured\n\n${table}\n\n![violations](rules-violations.svg)\n`,
  );
  return { table, figure };
}
