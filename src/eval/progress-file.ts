/**
 * A running evaluation's progress as a small JSON file in its results folder (progress.json),
 * rewritten after every episode, so that another process (the dashboard) can follow the run
 * without talking to it. Written to a temporary name and renamed, so a reader never sees half.
 */
import { renameSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { Progress } from "./progress.ts";

export const PROGRESS_FILE = "progress.json";

export const ProgressFile = z.strictObject({
  pid: z.number().int(),
  host: z.string(),
  startedAt: z.string(),
  updatedAt: z.string(),
  total: z.number().int().nonnegative(),
  /** episodes with a result line, earlier sessions' included */
  done: z.number().int().nonnegative(),
  /** of the episodes run in this session */
  ran: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  /** episodes not run for infrastructure reasons (a rerun retries them) */
  failures: z.number().int().nonnegative(),
  last: z.string().nullable(),
  finished: z.boolean(),
});
export type ProgressFile = z.infer<typeof ProgressFile>;

export function fileProgress(dir: string, now: () => Date = () => new Date()): Progress {
  const path = join(dir, PROGRESS_FILE);
  const state: ProgressFile = {
    pid: process.pid,
    host: hostname(),
    startedAt: now().toISOString(),
    updatedAt: now().toISOString(),
    total: 0,
    done: 0,
    ran: 0,
    succeeded: 0,
    failures: 0,
    last: null,
    finished: false,
  };
  const write = () => {
    state.updatedAt = now().toISOString();
    try {
      writeFileSync(`${path}.tmp`, `${JSON.stringify(state)}\n`);
      renameSync(`${path}.tmp`, path);
    } catch {
      // progress is for watchers: a full disk must not end the evaluation over it
    }
  };
  return {
    start(total, alreadyDone) {
      state.total = total;
      state.done = alreadyDone;
      write();
    },
    episode(success, label) {
      state.done++;
      state.ran++;
      if (success) state.succeeded++;
      state.last = label;
      write();
    },
    failure(label) {
      state.failures++;
      state.last = label;
      write();
    },
    stop() {
      state.finished = true;
      write();
    },
  };
}

/** Both receive every call: the terminal's progress and the file's. */
export function teeProgress(a: Progress, b: Progress): Progress {
  return {
    start(t, d) {
      a.start(t, d);
      b.start(t, d);
    },
    episode(s, l) {
      a.episode(s, l);
      b.episode(s, l);
    },
    failure(l, m) {
      a.failure(l, m);
      b.failure(l, m);
    },
    stop() {
      a.stop();
      b.stop();
    },
  };
}
