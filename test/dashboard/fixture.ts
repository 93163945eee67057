/**
 * A project folder for dashboard tests: datasets/ links to the repository's scenario sets,
 * results/ and runs/ are empty and its own. The config is the default one with the lexical
 * embedder (no model files needed) and memory under the folder; `simulator` overrides that
 * section (a shorter episode).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import WebSocket from "ws";
import { loadConfig, REPO_ROOT } from "../../src/config/load.ts";
import type { PolarConfig } from "../../src/config/schema.ts";

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
 * what it wrote to stderr. One still running after `ms` is killed (code null).
 */
export function keptEvaluation(
  projectDir: string,
  out: string,
  opts: { limit: number; report?: boolean; ms?: number },
): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    process.execPath,
    [
      join(REPO_ROOT, "bin", "polar.js"),
      "eval",
      "--dataset",
      join(projectDir, "datasets", "polar-mini"),
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
