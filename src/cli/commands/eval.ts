import type { Command } from "commander";
import { dryRun, type EvaluateOptions, evaluate, formatDryRun, PlanError } from "../../compose/index.ts";
import type { PolarConfig } from "../../config/index.ts";
import { ConfigError } from "../../config/index.ts";
import { DatasetError } from "../../datasets/index.ts";
import type { Shard } from "../../eval/index.ts";
import { loadBank, ResumeMismatchError, stderrProgress, TEST_BANK } from "../../eval/index.ts";
import { MemoryStoreError } from "../../memory/index.ts";
import { BackboneConfigError } from "../../mllm/index.ts";
import type { RateLimit } from "../../queue/index.ts";
import { RULE_METHODS, type RulesMethod } from "../../rules/index.ts";
import { claimDir, diskFailureIn, Pace } from "../../util/index.ts";
import { EXIT } from "../exit-codes.ts";
import { configFor, intFlag, listFlag, nonEmptyFlag, UserError } from "../options.ts";
import { rateLimitFlag, registerEvalMerge, runQueuedEvalCommand, shardFlag } from "./eval-scale.ts";

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
/** episodes in flight: each holds a simulator session, so a billion is a crash, not a run */
export const MAX_CONCURRENCY = 256;
/** --limit 0 would run nothing and exit 0 as if the evaluation were done. */
const positiveInt = (flag: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UserError(`${flag} expects a whole number of at least 1, got "${v}"`);
  return n;
};

/** --max-cost: a finite amount of USD, 0 or more. */
const usdAmount = (v: string) => {
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < 0)
    throw new UserError(`--max-cost expects an amount of USD of at least 0, got "${v}"`);
  return n;
};

interface EvalFlags {
  maxCost?: number;
  dryRun?: boolean;
  dryRunEpisodes?: number;
  trajectories?: boolean;
  maxMinutes?: number;
  dataset?: string;
  backbones?: string[];
  memory?: string[];
  scenarios?: string[];
  representations?: string[];
  concurrency?: number;
  out?: string;
  limit?: number;
  limitAcquisition?: number;
  report?: boolean;
  shard?: Shard;
  queue?: string;
  rateLimit?: Record<string, RateLimit>;
  rules?: string[];
  simUrl?: string[];
}

/** Flags become config overrides, so the config's validation names a bad value. */
export function evalOverrides(f: EvalFlags): Record<string, unknown> {
  const e: Record<string, unknown> = {};
  if (f.dataset) e.dataset = f.dataset;
  if (f.backbones) e.backbones = f.backbones;
  if (f.memory) e.memoryModes = f.memory;
  if (f.scenarios) e.scenarios = f.scenarios;
  if (f.representations) e.representations = f.representations;
  if (f.concurrency !== undefined) e.concurrency = f.concurrency;
  if (f.out !== undefined) e.out = f.out;
  if (f.maxMinutes !== undefined) e.maxMinutes = f.maxMinutes;
  return f.simUrl ? { eval: e, simulator: { urls: f.simUrl } } : { eval: e };
}

/** --sim-url ws://a[,ws://b]: simulator bridges, one session per episode in flight. */
const simUrls = (v: string) => {
  const urls = list(v);
  if (urls.length === 0) throw new UserError("--sim-url expects ws:// or wss:// URLs, got none");
  for (const u of urls) {
    let ok = /^wss?:\/\//.test(u);
    try {
      new URL(u);
    } catch {
      ok = false;
    }
    if (!ok) throw new UserError(`--sim-url expects ws:// or wss:// URLs, got "${u}"`);
  }
  return urls;
};

/** eval.out's default: without --out, each run gets a folder of its own inside it */
export const DEFAULT_EVAL_OUT = "results";

/**
 * Without --out (and eval.out left at its default), a run writes into a fresh results/<run-id>/
 * rather than into results/ itself, where it would mix with, or resume, whatever ran there last.
 */
export function freshOutDir(out: string, outGiven: boolean, now = new Date()): string {
  if (outGiven || out !== DEFAULT_EVAL_OUT) return out;
  return `${out}/eval-${now.toISOString().replace(/[:.]/g, "-").replace(/Z$/, "")}`;
}

/** Runs an evaluation with progress on stderr; Ctrl-C stops handing out episodes, twice exits. */
export async function runEvalCommand(cmd: Command, flags: EvalFlags, argv: string[]): Promise<void> {
  const given = configFor(cmd, evalOverrides(flags));
  const outDir = freshOutDir(given.eval.out, flags.out !== undefined);
  const config: PolarConfig = { ...given, eval: { ...given.eval, out: outDir } };
  const rerun = outDir === given.eval.out ? "rerun the same command" : `rerun with --out ${outDir}`;
  refuseConflicts(flags);
  if (flags.dryRun) return runDryRun(config, flags);
  // One run per output folder: a second one would interleave result lines and clear the first
  // one's memories. The lock goes on every exit: return, error, Ctrl-C (twice: process.exit).
  if (rerun !== "rerun the same command") console.error(`polar: no --out given: this run writes into ${outDir}/`);
  // the handlers come first: a signal between taking the lock and installing them would end the
  // process by the signal's default, leaving the lock behind
  const signals = onSignals(rerun);
  let out: ReturnType<typeof claimDir>;
  try {
    out = claimDir(config.eval.out, {
      label: "--out",
      command: ["polar", ...argv].join(" "),
      onNotice: (m) => console.error(`polar: ${m}`),
    });
  } catch (e) {
    signals.off();
    throw e;
  }
  const t0 = Date.now();
  try {
    if (flags.queue)
      return await runQueuedEvalCommand(
        config,
        { queue: flags.queue, report: flags.report, rateLimit: flags.rateLimit },
        argv,
      );
    const s = await evaluate(config, evaluateOptions(flags, signals.controller.signal, argv));
    printSummary(s, flags, rerun, t0);
    // an interrupted run is not a finished one: scripts that chain on the exit code must see it
    const code = exitCodeOf(s, signals.controller.signal.aborted);
    if (code !== undefined) process.exitCode = code;
  } catch (e) {
    throw asUserError(e);
  } finally {
    signals.off();
    out.release();
  }
}

/** Flags that contradict each other, or that a queued run does not implement yet. */
function refuseConflicts(flags: EvalFlags): void {
  if (flags.queue && flags.shard) throw new UserError("--queue and --shard are two ways to spread a run: choose one");
  if (flags.queue && flags.simUrl)
    throw new UserError("--sim-url with --queue: the workers run the episodes; give it to polar worker --sim-url");
  if (flags.queue) {
    // the queued run does not implement these yet: refuse them rather than ignore them
    const unsupported = Object.entries({
      "--limit": flags.limit,
      "--limit-acquisition": flags.limitAcquisition,
      "--max-minutes": flags.maxMinutes,
      "--max-cost": flags.maxCost,
      "--dry-run": flags.dryRun,
      "--rules": flags.rules,
      "--trajectories": flags.trajectories,
    }).filter(([, v]) => v !== undefined && v !== false);
    if (unsupported.length)
      throw new UserError(`--queue does not support ${unsupported.map(([k]) => k).join(", ")} yet`);
  }
}

/** SIGTERM exits; the first Ctrl-C aborts the run (episodes in flight finish), the second exits. */
function onSignals(rerun: string): { controller: AbortController; off: () => void } {
  const onSigterm = () => process.exit(EXIT.terminated);
  process.on("SIGTERM", onSigterm);
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts === 1) {
      console.error(`\npolar: stopping after the episodes in flight (Ctrl-C again to quit now; ${rerun} to resume)`);
      controller.abort();
    } else process.exit(EXIT.interrupted);
  };
  process.on("SIGINT", onSigint);
  return {
    controller,
    off: () => {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigterm);
    },
  };
}

function evaluateOptions(flags: EvalFlags, signal: AbortSignal, argv: string[]): EvaluateOptions {
  return {
    signal,
    progress: stderrProgress(),
    argv,
    report: flags.report !== false,
    onNotice: (m) => console.error(`polar: ${m}`),
    ...(flags.limit !== undefined ? { evaluationLimit: flags.limit } : {}),
    ...(flags.limitAcquisition !== undefined ? { limit: flags.limitAcquisition } : {}),
    ...(flags.maxCost !== undefined ? { maxCostUsd: flags.maxCost } : {}),
    ...(flags.trajectories ? { trajectories: true } : {}),
    ...(flags.shard ? { shard: flags.shard } : {}),
    // the simulated user's held-out wording: read here and nowhere else (no test runs this command's action)
    ...(flags.rules
      ? { rules: ruleMethods(flags.rules), onRuleLine: ruleProgress(), ruleTestBank: loadBank(TEST_BANK) }
      : {}),
  };
}

type Summary = Awaited<ReturnType<typeof evaluate>>;

/** The report's table and where things are on stdout; notes, warnings and why it stopped on stderr. */
function printSummary(s: Summary, flags: EvalFlags, rerun: string, t0: number): void {
  for (const n of s.notes) console.error(`polar: ${n}`);
  for (const w of s.report?.warnings ?? []) console.error(`warning: ${w}`);
  if (s.report) console.log(`\n${s.report.consoleTable}`);
  console.log(
    `\n${s.ran} episodes run, ${s.skipped} already done, ${s.remaining} remaining · ${((Date.now() - t0) / 1000).toFixed(1)} s · embedder: ${s.embedder}`,
  );
  console.log(`results: ${s.resultsPath}`);
  if (s.report) console.log(`report:  ${s.report.files[0]}`);
  if (s.rules) console.log(`\n${s.rules.text}\nrules report: ${s.rules.report}`);
  else if (flags.rules && s.remaining > 0)
    console.error("polar: the rule layer is measured once the evaluation is complete: rerun to finish it");
  if (s.stoppedBecause) console.error(`polar: stopped: ${s.stoppedBecause}`);
  if (flags.maxCost !== undefined)
    console.error(
      `polar: spent this session: ${s.spentUsd === null ? "not reported (some episode's cost is unknown)" : `$${s.spentUsd.toFixed(4)}`} of --max-cost $${flags.maxCost}`,
    );
  if (s.infrastructureFailures > 0)
    console.error(
      `polar: ${s.infrastructureFailures} episodes could not be run (simulator, model service or disk unusable; see failures.jsonl): ${rerun} to retry them`,
    );
  if (s.remaining > 0) console.log(`stopped early: ${rerun} to resume`);
  else if (s.remainingInRun > 0)
    console.log(
      `--limit ${flags.limit}: the run has ${s.remainingInRun} more episodes; ${rerun} without --limit (or with a larger one) to run them`,
    );
}

/** The exit code of a run that returned (undefined: it finished, exit 0). */
function exitCodeOf(s: Summary, aborted: boolean): number | undefined {
  if (aborted) return EXIT.interrupted;
  if (s.infrastructureFailures > 0 && s.remaining > 0) return EXIT.infrastructure;
  if (s.overBudget) return EXIT.overBudget;
  if (s.stoppedBecause) return EXIT.timeLimit;
  return undefined;
}

/** Errors that are a bad value the user can fix become a UserError (exit 2); the rest stay as they are. */
function asUserError(e: unknown): unknown {
  // a full disk is no bad value: main reports it as an infrastructure failure (exit 4)
  if (diskFailureIn(e)) return e;
  if (
    e instanceof PlanError ||
    e instanceof ResumeMismatchError ||
    e instanceof DatasetError ||
    e instanceof BackboneConfigError ||
    e instanceof ConfigError ||
    e instanceof MemoryStoreError
  )
    return new UserError(e.message);
  return e;
}

/** --rules: methods of the rule layer to compare, each at most once. */
function ruleMethods(names: string[]): RulesMethod[] {
  const bad = names.filter((n) => !(RULE_METHODS as readonly string[]).includes(n));
  if (bad.length)
    throw new UserError(`--rules: unknown method ${bad.join(", ")} (choose from ${RULE_METHODS.join(", ")})`);
  if (new Set(names).size !== names.length) throw new UserError("--rules lists a method twice");
  return names as RulesMethod[];
}

/** The rule phase's progress: at most a line every 5 s, with the time left at the rate so far. */
function ruleProgress() {
  let last = 0;
  const pace = new Pace();
  return (l: { method: string; phase: string }, done: number, total: number) => {
    const now = Date.now();
    pace.mark(done, now);
    if (now - last < 5000 && done < total) return;
    last = now;
    process.stderr.write(
      `polar: rule layer ${done}/${total} episodes (${l.method}, ${l.phase}) · ${pace.text(done, total, now)}\n`,
    );
  };
}

export function registerEval(program: Command): void {
  const evalCommand = program
    .command("eval")
    .description("run the PinNED scenario evaluation: acquisition, then evaluation per memory mode and backbone")
    .option("--dataset <dir>", "scenario set folder (default: eval.dataset)")
    .option(
      "--backbones <names>",
      "comma-separated backbones from configs/backbones (side by side)",
      listFlag("--backbones"),
    )
    .option("--memory <modes>", "comma-separated memory modes: none,raw,polar", listFlag("--memory"))
    .option("--scenarios <names>", "comma-separated scenarios (default: all in the dataset)", listFlag("--scenarios"))
    .option(
      "--representations <names>",
      "Table 2: instruction,raw_trajectory,summary,episodic",
      listFlag("--representations"),
    )
    .option(
      "--concurrency <n>",
      `episodes in flight (simulator sessions / bridge URLs), 1–${MAX_CONCURRENCY}`,
      intFlag("--concurrency", 1, MAX_CONCURRENCY),
    )
    .option("--out <dir>", "output folder (results.jsonl, manifest.json, memory/, report/)", nonEmptyFlag("--out"))
    .option(
      "--sim-url <urls>",
      "comma-separated simulator bridges (ws:// or wss://), e.g. the Habitat bridge; overrides simulator.urls",
      simUrls,
    )
    .option(
      "--limit <n>",
      "run N evaluation episodes, round-robin over backbones and memory modes, and the acquisitions they need",
      positiveInt("--limit"),
    )
    .option(
      "--limit-acquisition <n>",
      "run at most N new episodes in the run's order, acquisition first, then stop (rerun to resume)",
      positiveInt("--limit-acquisition"),
    )
    .option(
      "--max-minutes <n>",
      "stop handing out episodes after N minutes (rerun to resume)",
      positiveInt("--max-minutes"),
    )
    .option("--no-report", "skip writing the report at the end")
    .option(
      "--max-cost <usd>",
      "stop starting episodes when this session's estimated spend would pass USD (exit 6; rerun to resume)",
      usdAmount,
    )
    .option("--dry-run", "run a few episodes into a temporary folder and print the projected calls, tokens and cost")
    .option(
      "--dry-run-episodes <n>",
      "with --dry-run: episodes of each kind per backbone (default 3)",
      positiveInt("--dry-run-episodes"),
    )
    .option("--trajectories", "keep each episode's event stream under OUT/episodes/ (the report links them)")
    .option(
      "--shard <i/N>",
      "run shard i of N (0-based; users are split among shards); join with polar eval merge",
      shardFlag,
    )
    .option(
      "--rules <methods>",
      `after the evaluation, measure the rule layer with simulated users: ${RULE_METHODS.join(",")} (comma-separated)`,
      listFlag("--rules"),
    )
    .option(
      "--queue <url>",
      "enqueue the run on Redis (redis://host:port/db) for polar worker processes, and collect it",
    )
    .option(
      "--rate-limit <limits>",
      "with --queue: NAME=REQUESTS_PER_MINUTE[:TOKENS_PER_MINUTE],… per backbone, across all workers",
      rateLimitFlag,
    )
    .action(async (flags: EvalFlags, cmd: Command) => runEvalCommand(cmd, flags, process.argv.slice(2)));
  registerEvalMerge(evalCommand);
}

/** --dry-run: nothing is written to --out; the sample runs in a temporary folder that is removed. */
async function runDryRun(config: PolarConfig, flags: EvalFlags): Promise<void> {
  try {
    const r = await dryRun(config, {
      episodes: flags.dryRunEpisodes ?? 3,
      progress: stderrProgress(),
      onNotice: (m) => console.error(`polar: ${m}`),
    });
    console.log(formatDryRun(r));
  } catch (e) {
    // a full disk is no bad value: main reports it as an infrastructure failure (exit 4)
    if (diskFailureIn(e)) throw e;
    if (
      e instanceof PlanError ||
      e instanceof DatasetError ||
      e instanceof BackboneConfigError ||
      e instanceof ConfigError ||
      e instanceof MemoryStoreError
    )
      throw new UserError(e.message);
    throw e;
  }
}
