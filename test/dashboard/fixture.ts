/**
 * A project folder for dashboard tests: datasets/ links to the repository's scenario sets,
 * results/ and runs/ are empty and its own. The config is the default one with the lexical
 * embedder (no model files needed) and memory under the folder; `simulator` overrides that
 * section (a shorter episode).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import WebSocket from "ws";
import { loadConfig, REPO_ROOT } from "../../src/config/load.ts";
import type { PolarConfig } from "../../src/config/schema.ts";
import { sourceStamp } from "../eval/generated-set.ts";

export function testProject(simulator: Record<string, unknown> = {}): { dir: string; config: PolarConfig } {
  const dir = mkdtempSync(join(tmpdir(), "polar-dash-"));
  symlinkSync(join(REPO_ROOT, "datasets"), join(dir, "datasets"));
  mkdirSync(join(dir, "results"));
  mkdirSync(join(dir, "runs"));
  const config = loadConfig({
    overrides: { embedder: { type: "lexical" }, memory: { path: join(dir, "memory", "memory.db") }, simulator },
  });
  return { dir, config };
}

const live = new Set<ChildProcess>();
// registered when a test file imports this module: no evaluation started here outlives the
// file's tests (a stray one would keep the whole test run alive)
after(() => {
  for (const c of live) c.kill("SIGKILL");
});

/**
 * A real, short evaluation of polar-mini (no-prior memory) that keeps its trajectories, into
 * OUT under the project, through the CLI as a user runs it; resolves with its exit code and
 * what it wrote to stderr. One still running after `ms` is killed (code null). `dataset`: the
 * --dataset argument, polar-mini by its absolute path unless given.
 */
export function keptEvaluation(
  projectDir: string,
  out: string,
  opts: { limit: number; report?: boolean; ms?: number; dataset?: string },
): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    process.execPath,
    [
      join(REPO_ROOT, "bin", "polar.js"),
      "eval",
      "--dataset",
      opts.dataset ?? join(projectDir, "datasets", "polar-mini"),
      "--memory",
      "none",
      "--limit-acquisition",
      String(opts.limit),
      ...(opts.report === false ? ["--no-report"] : []),
      "--trajectories",
      "--out",
      out,
    ],
    { cwd: projectDir, env: { ...process.env, POLAR_EMBEDDER__TYPE: "lexical" }, stdio: ["ignore", "ignore", "pipe"] },
  );
  live.add(child);
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const ms = opts.ms ?? 240_000;
  const timer = setTimeout(() => {
    err += `\n(still running after ${ms} ms: killed)`;
    child.kill("SIGKILL");
  }, ms);
  return new Promise((ok) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      live.delete(child);
      ok({ code, err });
    }),
  );
}

/**
 * The evaluation keptEvaluation makes, run once per checkout and state of the sources (as
 * generatedSet makes the sets) and copied to OUT under the project: the files that only read it
 * (replay, the top-down map, the MCAP export) each ran the same one, a few seconds of CPU each.
 * The dataset is named relative to the project (datasets/polar-mini), so what the run recorded
 * holds in any project (OUT's, with its datasets/ link). A run that fails is not kept: the
 * caller sees its code and stderr.
 */
export async function sharedKeptEvaluation(
  out: string,
  opts: { limit: number; report?: boolean },
): Promise<{ code: number | null; err: string }> {
  const stamp = sourceStamp(
    ["configs/default.yaml", "bin/polar.js", "datasets/polar-mini/scenario-set.json"].map((f) => join(REPO_ROOT, f)),
  );
  const key = createHash("sha256").update(JSON.stringify(opts)).update(stamp).digest("hex").slice(0, 20);
  const base = join(tmpdir(), "polar-test-evals");
  const done = join(base, key);
  if (!existsSync(join(done, "results.jsonl"))) {
    mkdirSync(base, { recursive: true });
    const project = mkdtempSync(join(base, `${key}.part-`));
    try {
      symlinkSync(join(REPO_ROOT, "datasets"), join(project, "datasets"));
      const run = await keptEvaluation(project, join(project, "mini"), { ...opts, dataset: "datasets/polar-mini" });
      if (run.code !== 0) return run;
      try {
        renameSync(join(project, "mini"), done);
      } catch (e) {
        // another file kept the same run first
        if (!existsSync(join(done, "results.jsonl"))) throw e;
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
  cpSync(done, out, { recursive: true });
  return { code: 0, err: "" };
}

/** A WebSocket client that collects every JSON message; `next` waits for one that matches. */
export class TestClient {
  readonly messages: Record<string, unknown>[] = [];
  readonly binary: Buffer[] = [];
  private waiters: { match: (m: Record<string, unknown>) => boolean; ok: (m: Record<string, unknown>) => void }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data, isBinary) => {
      if (isBinary) {
        this.binary.push(data as Buffer);
        return;
      }
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      this.messages.push(m);
      for (const w of [...this.waiters])
        if (w.match(m)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.ok(m);
        }
    });
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const ws = new WebSocket(url, { headers });
    const c = new TestClient(ws);
    await new Promise<void>((ok, fail) => {
      ws.once("open", () => ok());
      ws.once("error", fail);
    });
    return c;
  }

  send(m: unknown): void {
    this.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  }

  next(match: (m: Record<string, unknown>) => boolean, timeoutMs = 20_000): Promise<Record<string, unknown>> {
    const have = this.messages.find(match);
    if (have) return Promise.resolve(have);
    return new Promise((ok, fail) => {
      const t = setTimeout(() => fail(new Error(`no matching message in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        ok: (m) => {
          clearTimeout(t);
          ok(m);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
