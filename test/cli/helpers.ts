import { type ChildProcess, type SpawnSyncOptions, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after } from "node:test";
import type { ScenarioSetFile } from "../../src/datasets/scenario-schema.ts";
import { writeSlice } from "../eval/slice.ts";

/** The environment every CLI test runs in: no model files, so no run depends on models/. */
export function cliEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    POLAR_EMBEDDER__MODELDIR: join(dir, "no-models"),
    POLAR_EMBEDDER__MINILMDIR: join(dir, "no-models"),
    ...extra,
  };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** Runs the real CLI (`node bin/polar.js …`) to its end; a hang fails on the timeout. */
export function polarSync(args: string[], env: NodeJS.ProcessEnv, opts: SpawnSyncOptions = {}): CliResult {
  const r = spawnSync(process.execPath, ["bin/polar.js", ...args], {
    encoding: "utf8",
    env,
    timeout: 60_000,
    ...opts,
  });
  return { code: r.status, signal: r.signal, out: String(r.stdout), err: String(r.stderr) };
}

const live = new Set<ChildProcess>();
// registered when a test file imports this module: no CLI started in the background outlives
// the file's tests (a stray one would keep the whole test run alive)
after(() => {
  for (const c of live) c.kill("SIGKILL");
});

/** Starts the real CLI in the background; `done` resolves with its result. */
export function polarAsync(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["bin/polar.js", ...args], { env });
  live.add(child);
  child.once("exit", () => live.delete(child));
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    err += d;
  });
  const done = new Promise<CliResult>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, out, err })),
  );
  return { child, done, err: () => err };
}

/**
 * Polls `cond` until it holds; fails after `ms`, or as soon as `proc` (a polarAsync handle, when
 * given) has exited, with what that process wrote to stderr.
 */
export async function waitFor(
  cond: () => boolean,
  ms = 30_000,
  proc?: { child: ChildProcess; err: () => string },
): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    const gone = proc && (proc.child.exitCode !== null || proc.child.signalCode !== null);
    if (gone || Date.now() - t0 > ms) {
      const why = gone
        ? `polar exited (${proc.child.exitCode ?? proc.child.signalCode}) before it happened`
        : `timed out after ${ms} ms`;
      throw new Error(`${why}${proc ? `; stderr:\n${proc.err()}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const fileExists = existsSync;

/**
 * datasets/polar-mini cut to one evaluation episode, its gold prior episodes and the first
 * `priors` acquisition episodes of its user, written to DIR/slice (images linked): a `polar run`
 * of it memorizes a handful of episodes instead of the 54 before eval-u1-0005.
 */
export function miniSlice(dir: string, episodeId: string, priors = 3): string {
  const full = resolve("datasets", "polar-mini");
  const set = JSON.parse(readFileSync(join(full, "scenario-set.json"), "utf8")) as ScenarioSetFile;
  const evaluation = set.evaluation.filter((e) => e.id === episodeId);
  if (evaluation.length !== 1) throw new Error(`${episodeId} is not an evaluation episode of polar-mini`);
  const gold = new Set(evaluation[0].goldPriorEpisodeIds);
  let extra = priors;
  const acquisition = set.acquisition.filter(
    (a) => gold.has(a.id) || (a.userId === evaluation[0].userId && extra-- > 0),
  );
  return writeSlice(dir, full, { ...set, name: "polar-mini-slice", acquisition, evaluation });
}

/** One line on stderr, no stack trace. */
export const STACK = /\n\s+at .*:\d+:\d+|node:internal|Error \[|^\s*\^/m;
