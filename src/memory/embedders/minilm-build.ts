/**
 * Builds all-MiniLM-L6-v2 on first use, so that a fresh checkout ends `npm start` with a real
 * dense embedder (BGE-M3 still wins when its files are present). Only `polar start` and
 * `polar models build` call this: `polar eval`, the memory commands and the tests never build
 * anything (an evaluation fanned out over queue workers must not download 90 MB per node); their
 * lexical-fallback notice says how to build instead.
 *
 * The builder (default `bash scripts/fetch-minilm.sh <folder>`, python3 + PyPI) writes into a
 * temporary sibling of embedder.minilmDir; the folder is renamed into place only when every file
 * a run needs is there, so a reader never sees half a model. A lock file next to the folder makes
 * a second process wait for the first one's build instead of starting its own. A failed build
 * leaves a marker (<minilmDir>.build-failed.json) with the reason and the log's path: later runs
 * do not retry, and their lexical-fallback notice names the failure and `npx polar models build`.
 */
import { spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { createExclusiveFile, processAlive } from "../../util/index.ts";
import type { EmbedderConfig } from "../config.ts";
import { chooseModelFile, findBgeM3Files } from "./bge-m3.ts";
import { findMiniLmFiles, MINILM_NAME, missingMiniLmFiles } from "./minilm.ts";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** how a user retries a failed build, or builds without `npm start` */
export const MINILM_BUILD = "npx polar models build";

/** A builder: the output folder is appended to args. It must exit 0 only when the folder is complete. */
export interface BuilderCommand {
  command: string;
  args: string[];
}

export function defaultBuilder(): BuilderCommand {
  return { command: "bash", args: [join(REPO_ROOT, "scripts", "fetch-minilm.sh")] };
}

/** Where the build keeps its marker, log and lock: next to the model folder. */
export function buildPaths(minilmDir: string) {
  const dir = resolve(minilmDir);
  return { dir, marker: `${dir}.build-failed.json`, log: `${dir}.build.log`, lock: `${dir}.lock` };
}

const Failure = z.object({ at: z.string(), reason: z.string(), log: z.string(), command: z.string() });
export type BuildFailure = z.infer<typeof Failure>;

/** The failure marker of an earlier build, if there is one. */
export function readBuildFailure(minilmDir: string): BuildFailure | null {
  const { marker, log } = buildPaths(minilmDir);
  if (!existsSync(marker)) return null;
  try {
    return Failure.parse(JSON.parse(readFileSync(marker, "utf8")));
  } catch {
    return { at: "an earlier run", reason: `unreadable marker ${marker}`, log, command: "?" };
  }
}

/** One sentence for notices: what failed, where the log is, how to retry. */
export function buildFailureText(f: BuildFailure): string {
  return `building ${MINILM_NAME} failed on ${f.at}: ${f.reason}. Log: ${displayPath(f.log)}. Retry with \`${MINILM_BUILD}\``;
}

/** a path relative to the working directory when it is inside it */
export function displayPath(path: string): string {
  const r = relative(process.cwd(), path);
  return r && !r.startsWith("..") ? r : path;
}

export interface BuildOptions {
  builder?: BuilderCommand;
  /** progress, one line per call (default: stderr with a "polar: " prefix) */
  onLine?: (line: string) => void;
  /** kill the builder after this long (default 30 min) */
  timeoutMs?: number;
  /** how often a waiting process looks at the lock (default 1 s) */
  lockPollMs?: number;
  /** a lock older than this is taken over even if its process seems alive (default: timeout + 5 min) */
  staleLockMs?: number;
  /** after this long without a line from the builder, say it is still running (default 30 s) */
  heartbeatMs?: number;
}

export type BuildResult =
  | { status: "built"; dir: string; seconds: number }
  /** another process built it while this one waited for the lock */
  | { status: "built-elsewhere"; dir: string }
  | { status: "failed"; failure: BuildFailure; marker: string };

export type EnsureResult =
  | { status: "not-needed"; reason: string }
  /** an earlier build failed: no retry (the run's lexical-fallback notice says so) */
  | { status: "failed-before"; failure: BuildFailure; marker: string }
  | BuildResult;

function present(dir: string): boolean {
  return missingMiniLmFiles(findMiniLmFiles(dir)).length === 0;
}

/**
 * What `npm start` calls before its run: builds all-MiniLM-L6-v2 when the config would otherwise
 * use the lexical fallback (auto without BGE-M3), or names minilm whose files are missing, and no
 * earlier build has failed. Does nothing for lexical or bge-m3.
 */
export async function ensureDenseEmbedder(config: EmbedderConfig, opts: BuildOptions = {}): Promise<EnsureResult> {
  if (config.type === "lexical" || config.type === "bge-m3") {
    return { status: "not-needed", reason: `embedder.type is ${config.type}` };
  }
  if (config.type === "auto" && "file" in chooseModelFile(findBgeM3Files(config.modelDir), config.precision)) {
    return { status: "not-needed", reason: "BGE-M3 files present" };
  }
  if (present(config.minilmDir)) return { status: "not-needed", reason: `${MINILM_NAME} files present` };
  const failure = readBuildFailure(config.minilmDir);
  if (failure) return { status: "failed-before", failure, marker: buildPaths(config.minilmDir).marker };
  return runBuild(config.minilmDir, opts, "ensure");
}

/** `polar models build`: builds (or rebuilds) now, whatever an earlier build left behind. */
export function buildMiniLm(minilmDir: string, opts: BuildOptions = {}): Promise<BuildResult> {
  return runBuild(minilmDir, opts, "force");
}

const LockInfo = z.object({ pid: z.number(), host: z.string(), at: z.string(), token: z.string() });
type LockInfo = z.infer<typeof LockInfo>;

function readLock(path: string): LockInfo | null {
  try {
    return LockInfo.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Takes the lock, waiting while a live process holds it. A lock whose process is gone (same
 * host), or that is older than staleMs, is taken over. Two processes that both judge one stale
 * lock at once may both build: each still builds into its own folder and renames it into place,
 * so the cost is a duplicate download, never a broken model folder.
 */
async function acquireLock(
  path: string,
  staleMs: number,
  pollMs: number,
  onWait: (holder: LockInfo | null) => void,
): Promise<{ token: string; waited: boolean }> {
  const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let waited = false;
  for (;;) {
    const info: LockInfo = { pid: process.pid, host: hostname(), at: new Date().toISOString(), token };
    // created with its holder in it, so a waiter can always name the process it waits for
    if (createExclusiveFile(path, JSON.stringify(info))) return { token, waited };
    const holder = readLock(path);
    const age = holder ? Date.now() - Date.parse(holder.at) : 0;
    // an unreadable lock may be one being written this instant: wait a poll before judging it
    const stale = holder ? (holder.host === hostname() && !processAlive(holder.pid)) || age > staleMs : waited;
    if (stale) {
      rmSync(path, { force: true });
      continue;
    }
    if (!waited) onWait(holder);
    waited = true;
    await sleep(pollMs);
  }
}

function releaseLock(path: string, token: string): void {
  if (readLock(path)?.token === token) rmSync(path, { force: true });
}

/** Leftover temporary folders of builds whose process is gone (Ctrl-C, crash). */
function removeLeftovers(dir: string): void {
  const parent = dirname(dir);
  const prefix = `${basename(dir)}.`;
  for (const name of readdirSync(parent)) {
    const m = name.startsWith(prefix) ? /^(?:tmp|old)-(\d+)/.exec(name.slice(prefix.length)) : null;
    if (m && !processAlive(Number(m[1]))) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

async function runBuild(minilmDir: string, opts: BuildOptions, mode: "ensure" | "force"): Promise<BuildResult> {
  const { dir, marker, log, lock } = buildPaths(minilmDir);
  const onLine = opts.onLine ?? ((l: string) => console.error(`polar: ${l}`));
  const builder = opts.builder ?? defaultBuilder();
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  mkdirSync(dirname(dir), { recursive: true });
  const { token, waited } = await acquireLock(
    lock,
    opts.staleLockMs ?? timeoutMs + 5 * 60_000,
    opts.lockPollMs ?? 1000,
    (h) =>
      onLine(
        `waiting for ${h ? `process ${h.pid} on ${h.host}, building ${MINILM_NAME} since ${h.at}` : `the build that holds ${displayPath(lock)}`}`,
      ),
  );
  try {
    if (waited && present(dir)) return { status: "built-elsewhere", dir };
    const earlier = waited && mode === "ensure" ? readBuildFailure(dir) : null;
    if (earlier) return { status: "failed", failure: earlier, marker };
    removeLeftovers(dir);
    const what =
      mode === "ensure"
        ? `no dense embedder on disk: building ${MINILM_NAME} once into ${displayPath(dir)} (python3 + PyPI, about 90 MB; embedder.type: lexical skips this)`
        : `building ${MINILM_NAME} into ${displayPath(dir)} (python3 + PyPI, about 90 MB)`;
    onLine(`${what}; log: ${displayPath(log)}`);
    return await buildLocked(dir, marker, log, builder, onLine, timeoutMs, opts.heartbeatMs ?? 30_000);
  } finally {
    releaseLock(lock, token);
  }
}

async function buildLocked(
  dir: string,
  marker: string,
  log: string,
  builder: BuilderCommand,
  onLine: (line: string) => void,
  timeoutMs: number,
  heartbeatMs: number,
): Promise<BuildResult> {
  const stage = `${dir}.tmp-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  const commandText = [builder.command, ...builder.args, stage].join(" ");
  const t0 = Date.now();
  const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
  const out = createWriteStream(log, { flags: "w" });
  out.write(`$ ${commandText}\n`);
  const tail: string[] = [];
  let lastLine = Date.now();
  const line = (l: string) => {
    out.write(`${l}\n`);
    const t = l.trimEnd();
    if (!t) return;
    tail.push(t);
    if (tail.length > 20) tail.shift();
    lastLine = Date.now();
    onLine(`  ${MINILM_NAME}: ${t}`);
  };
  const outcome = await new Promise<{ ok: true } | { ok: false; reason: string }>((done) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(builder.command, [...builder.args, stage], {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        // tells scripts/fetch-minilm.sh that its output folder is a staging one, renamed afterwards
        env: { ...process.env, POLAR_MINILM_STAGED: "1" },
      });
    } catch (e) {
      done({ ok: false, reason: `could not start ${builder.command}: ${(e as Error).message}` });
      return;
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
    }, timeoutMs);
    const beat = setInterval(
      () => {
        if (Date.now() - lastLine >= heartbeatMs) {
          onLine(`  ${MINILM_NAME}: still building (${Math.round((Date.now() - t0) / 1000)} s)`);
          lastLine = Date.now();
        }
      },
      Math.min(heartbeatMs, 5000),
    );
    const split = (stream: NodeJS.ReadableStream | null) => {
      let rest = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        const parts = (rest + chunk).split(/\r?\n|\r/);
        rest = parts.pop() ?? "";
        for (const p of parts) line(p);
      });
      stream?.on("end", () => {
        if (rest) line(rest);
        rest = "";
      });
    };
    split(child.stdout);
    split(child.stderr);
    let settled = false;
    const finish = (r: { ok: true } | { ok: false; reason: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(beat);
      done(r);
    };
    child.on("error", (e) => finish({ ok: false, reason: `could not start ${builder.command}: ${e.message}` }));
    child.on("close", (code, signal) => {
      if (code === 0) finish({ ok: true });
      else if (timedOut) finish({ ok: false, reason: `timed out after ${Math.round(timeoutMs / 60_000)} min` });
      else {
        const last = tail.at(-1);
        const how = code === null ? `killed by ${signal}` : `exit ${code}`;
        finish({ ok: false, reason: last ? `${how}: ${last.slice(0, 240)}` : how });
      }
    });
  });
  let result: BuildResult;
  try {
    if (outcome.ok) {
      const missing = missingMiniLmFiles(findMiniLmFiles(stage));
      if (missing.length) throw new BuildError(`the builder exited 0 but did not write ${missing.join(", ")}`);
      publish(stage, dir);
      rmSync(marker, { force: true });
      const seconds = Number(secs());
      out.write(`built in ${seconds} s\n`);
      onLine(`built ${MINILM_NAME} in ${seconds} s: ${displayPath(dir)}`);
      result = { status: "built", dir, seconds };
    } else throw new BuildError(outcome.reason);
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    // no line here: the caller says it once (the run's lexical-fallback notice, or the error)
    const reason = `${e.message} (after ${secs()} s)`;
    const at = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    const failure: BuildFailure = { at, reason, log, command: commandText };
    writeFileSync(marker, `${JSON.stringify(failure, null, 2)}\n`);
    out.write(`failed: ${reason}\n`);
    result = { status: "failed", failure, marker };
  } finally {
    rmSync(stage, { recursive: true, force: true });
    await new Promise((r) => out.end(r));
  }
  return result;
}

class BuildError extends Error {}

/** Renames the checked folder into place; an older build is moved aside first, then removed. */
function publish(stage: string, dir: string): void {
  const old = `${dir}.old-${process.pid}`;
  if (existsSync(dir)) renameSync(dir, old);
  try {
    renameSync(stage, dir);
  } catch (e) {
    // another build (one that took over a stale lock) got there first: keep its complete folder
    if (!present(dir)) {
      if (existsSync(old) && !existsSync(dir)) renameSync(old, dir);
      throw new BuildError(`could not move ${stage} to ${dir}: ${(e as Error).message}`);
    }
  }
  rmSync(old, { recursive: true, force: true });
}
