/**
 * `polar run`: one episode, end to end. Builds the user's memory from their acquisition
 * episodes that come before it (running them, or reusing a memory folder that already holds
 * them), runs the episode, prints the outcome and writes the trajectory.
 */
import { join } from "node:path";
import type { Command } from "commander";
import { createMemoryFactory, createRuntime } from "../../compose/index.ts";
import { resolveBackbone } from "../../config/index.ts";
import type { Episode, ScenarioSet } from "../../datasets/index.ts";
import { loadScenarioSet, priorEpisodes } from "../../datasets/index.ts";
import type { EpisodeRecord } from "../../eval/index.ts";
import { TrajectoryWriter } from "../../eval/index.ts";
import { MemoryStoreError } from "../../memory/index.ts";
import type { BackboneConfig, MemoryMode } from "../../mllm/index.ts";
import { checkBackboneReady } from "../../mllm/index.ts";
import {
  defaultRulesDb,
  describeTaught,
  openRuleLibrary,
  RULE_METHODS,
  RuleLibraryError,
  type RulesMethod,
  ruleLayerFor,
  rulesForEpisodes,
} from "../../rules/index.ts";
import { type ClaimedDir, claimDir, ensureDir, removeIfEmpty } from "../../util/index.ts";
import { EXIT } from "../exit-codes.ts";
import { configFor, nonEmptyFlag, UserError } from "../options.ts";

interface RunFlags {
  dataset?: string;
  episode: string;
  backbone?: string;
  memory?: string;
  out?: string;
  memoryDir?: string;
  say?: string[];
  rules?: string;
  rulesDb?: string;
}

const MODES: readonly MemoryMode[] = ["none", "raw", "polar"];

function findEpisode(set: ScenarioSet, id: string): Episode {
  const ep = [...set.acquisition, ...set.evaluation].find((e) => e.id === id);
  if (ep) return ep;
  const some = set.evaluation
    .slice(0, 5)
    .map((e) => e.id)
    .join(", ");
  throw new UserError(`episode "${id}" is not in scenario set "${set.name}" (evaluation episodes include: ${some})`);
}

function fmt(x: number | null, digits = 2): string {
  return x === null ? "n/a" : x.toFixed(digits);
}

export function describeOutcome(r: EpisodeRecord): string[] {
  const g = r.grounded;
  const right = g.correct === null ? "no instance singled out" : g.correct ? "right" : "wrong";
  return [
    `episode ${r.episodeId} (${r.stage}, ${r.scenario}) · user ${r.userId} · memory ${r.memory} · backbone ${r.backbone}`,
    `  success ${r.success ? "yes" : "no"} · SPL ${fmt(r.spl)} · CM ${r.cm ? "yes" : "no"} · stopped ${r.stopped ? "yes" : "no"}`,
    `  grounded ${g.objectId ?? "-"} (${g.category ?? "no category"}): ${right}; target ${r.target.objectId} (${r.target.category})`,
    `  why: ${g.reason || "-"}`,
    `  steps ${r.steps} · path ${fmt(r.pathLength)} m · shortest ${fmt(r.shortestPath)} m · final distance ${fmt(r.distanceToGoal)} m`,
    `  decisions: ground ${r.decisions.ground}, high-level ${r.decisions.highLevel}, low-level ${r.decisions.lowLevel}, memorize ${r.decisions.memorize}`,
    `  model calls ${r.usage.calls} · tokens in ${r.usage.inputTokens ?? "not reported"} / out ${r.usage.outputTokens ?? "not reported"} · cost ${r.usage.costUsd === null ? "not reported" : `$${r.usage.costUsd.toFixed(4)}`}`,
    `  scene graph: ${r.traversal.rooms} rooms${r.traversal.built ? `, built by a ${r.traversal.steps}-step traversal` : " (cached)"}`,
    ...(r.error ? [`  error (${r.errorKind}): ${r.error}`] : []),
    ...(r.reply
      ? [
          `  reply: "${r.reply.text}"${r.reply.revisions ? ` (after ${r.reply.revisions} revision(s) of "${r.reply.draft}")` : ""}`,
        ]
      : []),
    ...(r.rules ? [describeRules(r.rules)] : []),
  ];
}

function describeRules(x: NonNullable<EpisodeRecord["rules"]>): string {
  const parts = [
    `  rules (${x.method}, the user's rule library at version ${x.libraryVersion}${x.libraryVersion === 0 ? ": nothing learned yet" : ""}): ${x.inForce} in force, ${x.selected} selected${x.taskLocal ? ` (${x.taskLocal} for this task)` : ""}`,
  ];
  if (x.method === "full") {
    parts.push(`${x.checks} checks, ${x.violations} violations, ${x.revisions} revisions, ${x.blocks.length} blocked`);
    if (x.appeals.length) parts.push(`appeal ${x.appeals[0].overturn ? "granted" : "rejected"}`);
    parts.push(
      x.unresolved.length ? `unresolved: ${x.unresolved.map((u) => `"${u.statement}"`).join(", ")}` : "none unresolved",
    );
  }
  return parts.join(" · ");
}

async function runCommand(cmd: Command, flags: RunFlags): Promise<void> {
  const config = configFor(cmd);
  const mode = (flags.memory ?? config.agent.memory) as MemoryMode;
  if (!MODES.includes(mode)) throw new UserError(`--memory must be one of ${MODES.join(", ")} (got "${flags.memory}")`);
  const datasetPath = flags.dataset ?? config.eval.dataset;
  const set = await loadScenarioSet(datasetPath).catch((e: Error) => {
    throw new UserError(e.message);
  });
  const episode = findEpisode(set, flags.episode);
  const backbone = flags.backbone ? resolveBackbone(flags.backbone) : config.backbone;
  checkBackboneReady(backbone);
  const method = (flags.rules ?? config.rules.method) as RulesMethod;
  if (!RULE_METHODS.includes(method))
    throw new UserError(`--rules must be one of ${RULE_METHODS.join(", ")} (got "${flags.rules}")`);
  for (const m of flags.say ?? []) if (m.trim() === "") throw new UserError("--say is empty: give what the user says");
  const rulesDb = flags.rulesDb ?? defaultRulesDb(config.memory.path);
  if (rulesDb.trim() === "") throw new UserError("--rules-db is empty: give a file path");
  const out = flags.out ?? join("runs", `${episode.id}-${mode}`);
  const outDir = ensureDir(out, "--out");
  // Ctrl-C / kill would end the process without running `finally`: exit through process.exit,
  // whose exit handler releases the lock. Installed before the lock is taken: a signal between
  // the two would end the process by the signal's default, leaving the lock behind.
  const onSigint = () => process.exit(EXIT.interrupted);
  const onSigterm = () => process.exit(EXIT.terminated);
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigterm);
  // One run per memory folder: two would memorize the same episodes into one store (UNIQUE
  // constraint failures, a memory that matches neither). Checked before any work is done.
  let memory: ClaimedDir;
  try {
    memory = claimDir(flags.memoryDir ?? join(out, "memory"), {
      label: "--memory-dir",
      command: ["polar", ...process.argv.slice(2)].join(" "),
      onNotice: (m) => console.error(`polar: ${m}`),
    });
  } catch (e) {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
    removeIfEmpty(outDir.created);
    throw e;
  }
  try {
    await runWithMemoryDir(config, {
      set,
      episode,
      mode,
      backbone,
      out,
      memoryDir: memory.path,
      rules: { method, db: rulesDb, say: flags.say ?? [] },
    });
  } catch (e) {
    if (e instanceof MemoryStoreError || e instanceof RuleLibraryError) throw new UserError(e.message);
    throw e;
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
    memory.release();
    removeIfEmpty(outDir.created); // after a failure before anything was written
  }
}

interface RunPlan {
  set: ScenarioSet;
  episode: Episode;
  mode: MemoryMode;
  backbone: BackboneConfig;
  out: string;
  memoryDir: string;
  rules: { method: RulesMethod; db: string; say: string[] };
}

/**
 * The evaluation's own wiring (createRuntime: the backbone, its memory folder, the simulator,
 * the harness) for one episode: `polar run` and `polar eval` build an episode the same way.
 */
async function runWithMemoryDir(
  config: ReturnType<typeof configFor>,
  { set, episode, mode, backbone, out, memoryDir, rules }: RunPlan,
): Promise<void> {
  const factory = await createMemoryFactory(config, (m) => console.error(`polar: ${m}`));
  const runtime = createRuntime(config, set, [backbone], factory);
  try {
    const bb = await runtime.openBackbone(backbone.name, memoryDir);
    const [sim] = await runtime.openSimulators(1);
    try {
      // The user's prior interactions: acquisition episodes strictly before this one.
      if (mode !== "none") {
        const priors = priorEpisodes(set, episode.userId, episode.timestamp).filter((p) => p.id !== episode.id);
        const held = await bb.memorizedEpisodes(episode.userId);
        const todo = priors.filter((p) => !held.has(p.id));
        if (priors.length) {
          console.log(
            `memory for ${episode.userId}: ${priors.length - todo.length} of ${priors.length} prior episodes already in ${memoryDir}` +
              (todo.length ? `; running ${todo.length} acquisition episode(s)` : ""),
          );
        }
        for (const p of todo) {
          const r = await bb.record(p, sim);
          console.log(
            `  ${p.id}: ${r.success ? "success" : "failure"} in ${r.steps} steps${r.error ? ` (error: ${r.error})` : ""}`,
          );
        }
      }

      const writer = new TrajectoryWriter(out);
      // The user's rules: what they said with this request is learned first, then the library is pinned.
      const library = await openRuleLibrary(config.rules.store, {
        path: rules.db,
        create: true,
        neo4j: config.memory.neo4j,
      });
      const model = ruleLayerFor(backbone);
      let record: EpisodeRecord;
      try {
        // An acquisition episode run on its own is memorized too, so the folder can be reused.
        record = await bb.record(episode, sim, {
          memory: mode,
          onEvent: writer.onEvent,
          saveImage: writer.saveImage,
          onMap: writer.saveMap,
          rules: rulesForEpisodes({
            library,
            method: rules.method,
            messages: rules.say,
            maxRevisions: config.rules.maxRevisions,
            ...(model ? { model } : {}),
            onOpened: (opened) => {
              for (const l of opened.taught.flatMap(describeTaught)) console.log(`  said: ${l}`);
            },
          }),
        });
      } finally {
        await library.close();
      }
      for (const line of describeOutcome(record)) console.log(line);
      const topdown = await writer.writeTopdown(sim).catch((e: Error) => {
        console.error(`polar: no top-down map (${e.message})`);
        return null;
      });
      console.log(`trajectory: ${writer.eventsPath}${topdown ? `, ${topdown}` : ""}`);
      // an episode the simulator or the model service cut short is not a result: say so in the exit code
      if (record.infrastructure) process.exitCode = EXIT.infrastructure;
    } finally {
      await sim.close();
      await bb.close();
    }
  } finally {
    await runtime.close();
  }
}

export function registerRun(program: Command): void {
  program
    .command("run")
    .description("run one episode: build the user's memory from earlier acquisition episodes, then navigate")
    .requiredOption("--episode <id>", "episode id in the scenario set")
    .option("--dataset <dir>", "scenario set folder (default: eval.dataset from the config)")
    .option("--backbone <name>", "backbone name in configs/backbones/ or a YAML file (default: the config's)")
    .option("--memory <mode>", "none | raw | polar (default: agent.memory from the config)")
    .option("--out <dir>", "where the trajectory goes (default: runs/<episode>-<memory>/)", nonEmptyFlag("--out"))
    .option(
      "--memory-dir <dir>",
      "memory folder to reuse or fill (default: <out>/memory)",
      nonEmptyFlag("--memory-dir"),
    )
    .option(
      "--say <text>",
      "what the user says with the request: a correction to keep, or an instruction for this task only (repeatable)",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option("--rules <method>", `the rule layer: ${RULE_METHODS.join(" | ")} (default: rules.method from the config)`)
    .option("--rules-db <file>", "the user's rules library (default: rules.db next to memory.path, as `polar rules`)")
    .action(async (flags: RunFlags, cmd: Command) => runCommand(cmd, flags));
}
