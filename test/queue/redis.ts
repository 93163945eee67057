/**
 * A real Redis for the queue tests: a redis-server of its own on a free loopback port, in a
 * temporary folder, with an append-only file so that a restart keeps the queue. Without a
 * redis-server binary the tests skip and say so, unless REQUIRE_REDIS=1 (CI), where that fails.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";

export function redisMissing(): string | null {
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (found.status === 0) return null;
  const why = "no redis-server on PATH (apt-get install redis-server)";
  if (process.env.REQUIRE_REDIS === "1") throw new Error(`REQUIRE_REDIS=1 but ${why}`);
  return `${why}: queue tests skipped`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  port: number;
  /** SHUTDOWN (the append-only file is synced on every write), then start it again on the same port */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
// registered when a test file imports this module: no redis-server outlives the file's tests,
// whatever they did (a stray one would keep the test run alive)
after(() => {
  for (const p of live) p.kill("SIGKILL");
});

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "polar-redis-"));
  let proc: ChildProcess | null = null;
  const up = async () => {
    proc = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--save",
        "",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const started = proc;
    live.add(started);
    started.once("exit", () => live.delete(started));
    await new Promise<void>((resolve, reject) => {
      let out = "";
      let err = "";
      // what it said on both streams: a start that fails must say why (a port in use, a bad flag)
      const said = () => `stdout: ${out.trim() || "(nothing)"}; stderr: ${err.trim() || "(nothing)"}`;
      const t = setTimeout(() => reject(new Error(`redis-server did not start within 10 s: ${said()}`)), 10_000);
      started.stderr?.on("data", (d) => {
        err += d;
      });
      started.stdout?.on("data", (d) => {
        out += d;
        if (/Ready to accept connections/.test(out)) {
          clearTimeout(t);
          resolve();
        }
      });
      started.once("exit", (code) => {
        clearTimeout(t);
        reject(new Error(`redis-server exited (${code}): ${said()}`));
      });
    });
  };
  const down = async () => {
    const p = proc as ChildProcess | null;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once("exit", r));
    p.kill("SIGTERM"); // redis-server's SIGTERM is SHUTDOWN: it flushes the append-only file
    await exited;
  };
  await up();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    async restart(downMs = 1500) {
      await down();
      await new Promise((r) => setTimeout(r, downMs));
      await up();
    },
    stop: down,
  };
}
