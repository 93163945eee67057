/**
 * Polar processes for tests that need a real one: `polar dashboard`, `polar sim serve`, `polar
 * worker`, `polar eval`, each started as the user would. Every child started here is killed when its test
 * file ends (a case that fails half-way leaves no server behind), and every wait has a
 * deadline whose error carries what the child wrote to stderr.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { after } from "node:test";
import { REPO_ROOT } from "../../src/config/load.ts";

export const POLAR_BIN = join(REPO_ROOT, "bin", "polar.js");

export interface Child {
  child: ChildProcessWithoutNullStreams;
  out(): string;
  err(): string;
  /** resolves with the exit code (or the signal's name) once the process has gone */
  exited: Promise<number | string>;
  /** waits until stdout + stderr match, or fails after `ms` naming what the child said */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** SIGTERM, then SIGKILL if it has not gone within 3 s */
  stop(): Promise<void>;
}

const running = new Set<Child>();
// Registered when the test file imports this module: an `after` called later, inside a
// `before` hook, would belong to that hook and run as soon as it ends.
after(async () => {
  await Promise.all([...running].map((c) => c.stop()));
});

/** Starts `polar ARGS` (or another command when `node` args are given) in `cwd`. */
export function startPolar(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; nodeArgs?: string[] } = {},
): Child {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), POLAR_BIN, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: opts.env ?? process.env,
  });
  let out = "";
  let err = "";
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of [...listeners]) l();
  };
  child.stdout.on("data", (d) => {
    out += d;
    changed();
  });
  child.stderr.on("data", (d) => {
    err += d;
    changed();
  });
  const exited = new Promise<number | string>((ok) =>
    child.on("close", (code, signal) => {
      running.delete(handle);
      ok(code ?? signal ?? "unknown");
      changed();
    }),
  );
  const handle: Child = {
    child,
    out: () => out,
    err: () => err,
    exited,
    waitFor(pattern, ms = 30_000) {
      return new Promise((ok, fail) => {
        const check = () => {
          const m = pattern.exec(out + err);
          if (m) {
            done();
            ok(m);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            done();
            fail(
              new Error(
                `polar ${args[0]} exited (${child.exitCode ?? child.signalCode}) before ${pattern}; stderr:\n${err}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          fail(new Error(`polar ${args[0]}: no ${pattern} within ${ms} ms; stderr:\n${err}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(t);
    },
  };
  running.add(handle);
  return handle;
}

/** The same, waiting for it to end within `ms`; a child still running then is killed and the test fails. */
export async function runPolar(
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; ms?: number } = {},
): Promise<{ code: number | string; out: string; err: string; ms: number }> {
  const t0 = Date.now();
  const c = startPolar(args, opts);
  const ms = opts.ms ?? 30_000;
  const timer = setTimeout(() => c.child.kill("SIGKILL"), ms);
  const code = await c.exited;
  clearTimeout(timer);
  if (code === "SIGKILL" && Date.now() - t0 >= ms)
    throw new Error(`polar ${args.join(" ")} still ran after ${ms} ms (killed); stderr:\n${c.err()}`);
  return { code, out: c.out(), err: c.err(), ms: Date.now() - t0 };
}
