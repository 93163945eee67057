/**
 * The scale-out side of `polar eval`: `--shard i/N` (parsed here) and `polar eval merge`.
 * Kept apart from eval.ts so the single-machine command stays small.
 */
import type { Command } from "commander";
import type { PolarConfig } from "../../config/index.ts";
import {
  checkMerge,
  describeCheck,
  MergeError,
  parseShard,
  type Shard,
  ShardSpecError,
  writeMerge,
  writeReport,
} from "../../eval/index.ts";
import { parseRateLimits, type RateLimit, RateLimitSpecError } from "../../queue/index.ts";

export function rateLimitFlag(v: string): Record<string, RateLimit> {
  try {
    return parseRateLimits(v);
  } catch (e) {
    if (e instanceof RateLimitSpecError) throw new UserError(e.message);
    throw e;
  }
}

import { claimDir } from "../../util/index.ts";
import { EXIT } from "../exit-codes.ts";
import { configFor, UserError } from "../options.ts";

export function shardFlag(v: string): Shard {
  try {
    return parseShard(v);
  } catch (e) {
    if (e instanceof ShardSpecError) throw new UserError(e.message);
    throw e;
  }
}

export function registerEvalMerge(evalCommand: Command): void {
  evalCommand
    .command("merge")
    .description("join the folders of a sharded run (--shard i/N): every episode unit exactly once, then the report")
    .argument("<dirs...>", "the shards' output folders")
    .option("--out <dir>", "folder for the merged results.jsonl, manifest.json, run.json and report/")
    .option("--no-report", "skip writing the report")
    .action(async (dirs: string[], own: { out?: string; report?: boolean }, cmd: Command) => {
      // `polar eval` has --out and --no-report too, and commander hands them to it: read both levels
      const parent = cmd.parent?.opts() ?? {};
      const flags = {
        out: own.out ?? (parent.out as string | undefined),
        report: own.report !== false && parent.report !== false,
      };
      if (!flags.out) throw new UserError("polar eval merge needs --out DIR");
      const config = configFor(cmd);
      let check: ReturnType<typeof checkMerge>;
      try {
        check = checkMerge(dirs);
      } catch (e) {
        if (e instanceof MergeError || (e instanceof Error && /run\.json|results\.jsonl/.test(e.message)))
          throw new UserError(e.message);
        throw e;
      }
      for (const l of describeCheck(check)) console.error(l);
      if (check.missing.length || check.duplicated.length) {
        console.error(
          `polar: not merged: ${check.missing.length} of ${check.units} unit(s) missing, ${check.duplicated.length} duplicated`,
        );
        process.exitCode = EXIT.failed;
        return;
      }
      const lock = claimDir(flags.out, {
        label: "--out",
        command: ["polar", ...process.argv.slice(2)].join(" "),
        onNotice: (m) => console.error(`polar: ${m}`),
      });
      try {
        writeMerge(dirs, flags.out, check);
        console.log(`merged ${check.lines.length} units of run ${check.runHash} from ${dirs.length} folder(s)`);
        if (flags.report !== false) {
          const r = await writeReport(flags.out, { samples: config.eval.bootstrapSamples, seed: config.eval.seed });
          console.log(`\n${r.consoleTable}\nreport: ${r.files[0]}`);
        }
      } finally {
        lock.release();
      }
    });
}

/** `polar eval --queue URL`: the run goes through Redis workers; progress on stderr. */
export async function runQueuedEvalCommand(
  config: PolarConfig,
  flags: { queue: string; report?: boolean; rateLimit?: Record<string, RateLimit> },
  argv: string[],
): Promise<void> {
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    if (++interrupts > 1) process.exit(EXIT.interrupted);
    console.error("\npolar: stopped collecting; the jobs stay queued (rerun the same command to collect them)");
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  // bullmq and ioredis load only for a queued run: a local eval starts without them
  const [{ QueueUrlError }, { QueueRunError, runQueued }] = await Promise.all([
    import("../../queue/index.ts"),
    import("../../queue/index.ts"),
  ]);
  const t0 = Date.now();
  let lastDone = -1;
  let lastLine = 0;
  try {
    const s = await runQueued(config, {
      url: flags.queue,
      signal: controller.signal,
      argv,
      report: flags.report !== false,
      ...(flags.rateLimit ? { rateLimits: flags.rateLimit } : {}),
      ...(process.env.POLAR_QUEUE_LOCK_MS ? { lockMs: Number(process.env.POLAR_QUEUE_LOCK_MS) } : {}),
      onNotice: (m) => console.error(`polar: ${m}`),
      // a line when the count moves, else every 10 s: a long run does not flood the terminal
      onProgress: (p) => {
        if (p.done === lastDone && Date.now() - lastLine < 10_000) return;
        lastDone = p.done;
        lastLine = Date.now();
        console.error(
          `queue: ${p.workers} worker(s) · ${p.done}/${p.total} episodes done · ${p.failed} failed · ${p.perMinute.toFixed(1)}/min`,
        );
      },
    });
    if (s.report) console.log(`\n${s.report.consoleTable}`);
    console.log(
      `\n${s.collected} episodes collected from workers, ${s.skipped} already done, ${s.failed} failed, ${s.remaining - s.failed} remaining · ${((Date.now() - t0) / 1000).toFixed(1)} s · run ${s.runHash}`,
    );
    console.log(`results: ${s.resultsPath}`);
    if (s.report) console.log(`report:  ${s.report.files[0]}`);
    if (controller.signal.aborted) process.exitCode = EXIT.interrupted;
    else if (s.failed > 0) {
      console.error(`polar: ${s.failed} episodes failed on the workers (see failures.jsonl): rerun to retry them`);
      process.exitCode = EXIT.infrastructure;
    }
  } catch (e) {
    if (e instanceof QueueUrlError || e instanceof QueueRunError) throw new UserError(e.message);
    throw e;
  } finally {
    process.off("SIGINT", onSigint);
  }
}
