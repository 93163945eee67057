/** `polar worker` processes for the queue tests, each with its stderr kept for assertions. */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { after } from "node:test";

export interface WorkerProcess {
  proc: ChildProcess;
  log(): string;
  /** resolves when the log matches */
  waitFor(re: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const BIN = join(import.meta.dirname, "..", "..", "bin", "polar.js");

/** the env every test run and worker shares: its config must hash the same */
export const TEST_ENV = { POLAR_EMBEDDER__TYPE: "lexical", POLAR_SIMULATOR__MAXSTEPS: "60" };

const live = new Set<ChildProcess>();
// registered when a test file imports this module: no worker outlives the file's tests
after(() => {
  for (const p of live) p.kill("SIGKILL");
});

export function startWorker(url: string, extra: { env?: Record<string, string>; concurrency?: number } = {}) {
  const proc = spawn(
    process.execPath,
    [BIN, "worker", "--queue", url, "--concurrency", String(extra.concurrency ?? 1)],
    {
      env: { ...process.env, ...TEST_ENV, ...extra.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  live.add(proc);
  proc.once("exit", () => live.delete(proc));
  let text = "";
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    text += d;
    for (const w of [...waiters])
      if (w.re.test(text)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  proc.stdout?.on("data", onData);
  proc.stderr?.on("data", onData);
  const w: WorkerProcess = {
    proc,
    log: () => text,
    waitFor: (re, timeoutMs = 150_000) =>
      new Promise((resolve, reject) => {
        if (re.test(text)) return resolve();
        const t = setTimeout(() => reject(new Error(`worker log never matched ${re}:\n${text}`)), timeoutMs);
        // a wait another one beat (Promise.any) must not hold the file open until it runs out
        t.unref();
        waiters.push({
          re,
          resolve: () => {
            clearTimeout(t);
            resolve();
          },
        });
      }),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGKILL");
      await exited;
    },
  };
  return w;
}
