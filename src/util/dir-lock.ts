/**
 * One process per folder: `polar eval --out DIR` and `polar run --memory-dir DIR` hold a lock
 * file in DIR for as long as they run, so a second run into the same folder refuses instead of
 * interleaving result lines or clearing the first run's memory under it.
 *
 * The lock is a file created with O_EXCL (`wx`) that names its holder: pid, host, the process's
 * start time (from /proc, against pid reuse), the command and since when. A lock whose pid is
 * dead on this host (a killed run) is stale: the next run takes it over and says so. A lock from
 * another host cannot be checked and is refused, naming the file to delete if that run is gone.
 * Released on return, on errors and on process.exit (Ctrl-C in `polar eval` exits through it).
 */
import { randomBytes } from "node:crypto";
import { readFileSync, statSync, unlinkSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { DirError, ensureDir, reason, removeIfEmpty } from "./ensure-dir.ts";
import { createExclusiveFile } from "./exclusive-file.ts";

export const LOCK_FILE = ".polar-lock";
/** a lock file younger than this that cannot be parsed is still being written by its holder */
const FRESH_MS = 5_000;

export interface LockHolder {
  pid: number;
  host: string;
  /** the process's start time in clock ticks since boot (Linux), null elsewhere */
  procStart: string | null;
  command: string;
  /** ISO time the lock was taken */
  since: string;
  token: string;
}

/** The folder is in use by a live process; the message names it. */
export class LockHeldError extends Error {
  readonly userFacing = true;
  constructor(
    message: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = "LockHeldError";
  }
}

export interface DirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** removes the lock file if it is still ours; safe to call twice */
  release(): void;
}

function procStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name (field 2) may hold spaces and parentheses: count fields after the last ")"
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null; // field 22 of the whole line: starttime
  } catch {
    return null;
  }
}

/** Whether the holder's process still runs (same host only; another host's is assumed alive). */
export function holderAlive(h: LockHolder): boolean {
  if (h.host !== hostname()) return true;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  // alive, or another user's: make sure the pid was not reused by a newer process
  const now = procStart(h.pid);
  return !(h.procStart && now && now !== h.procStart);
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid !== "number" || typeof h.host !== "string") return null;
    return {
      pid: h.pid,
      host: h.host,
      procStart: typeof h.procStart === "string" ? h.procStart : null,
      command: typeof h.command === "string" ? h.command : "(unknown command)",
      since: typeof h.since === "string" ? h.since : "(unknown time)",
      token: typeof h.token === "string" ? h.token : "",
    };
  } catch {
    return null;
  }
}

function describe(h: LockHolder): string {
  return `process ${h.pid} on ${h.host} ("${h.command}", since ${h.since})`;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Creates `path` with O_EXCL holding `text`; false when it already exists. */

function readText(path: string): { text: string; mtimeMs: number } | null {
  try {
    const mtimeMs = statSync(path).mtimeMs;
    return { text: readFileSync(path, "utf8"), mtimeMs };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/**
 * Removes the stale lock at `path` if it still holds `staleText`. Two runs that both find the
 * same stale lock race for a guard file (also O_EXCL), so only one of them removes it and the
 * other then finds the winner's fresh lock.
 */
function removeStale(path: string, staleText: string): void {
  const guard = `${path}.takeover`;
  for (let i = 0; i < 100; i++) {
    if (createExclusiveFile(guard, String(process.pid))) {
      try {
        if (readText(path)?.text === staleText) unlinkSync(path);
      } finally {
        unlinkSync(guard);
      }
      return;
    }
    const g = readText(guard);
    // a guard left by a process killed mid-takeover (a window of microseconds)
    if (g && Date.now() - g.mtimeMs > FRESH_MS) {
      try {
        unlinkSync(guard);
      } catch {}
      continue;
    }
    sleepSync(20);
  }
}

export interface LockOptions {
  /** how the folder is named in messages: "--out", "--memory-dir" */
  label: string;
  /** the holder's command line, shown to whoever is refused */
  command: string;
  /** hears "took over a stale lock …" */
  onNotice?: (message: string) => void;
}

/** Takes the lock on the existing folder `dir`, or throws LockHeldError / DirError. */
export function acquireDirLock(dir: string, opts: LockOptions): DirLock {
  const path = join(dir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    procStart: procStart(process.pid),
    command: opts.command,
    since: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    token: randomBytes(8).toString("hex"),
  };
  const text = `${JSON.stringify(holder, null, 2)}\n`;
  for (let attempt = 0; attempt < 10; attempt++) {
    let made: boolean;
    try {
      made = createExclusiveFile(path, text);
    } catch (e) {
      throw new DirError(`${opts.label} ${dir}: cannot create the lock file ${path}: ${reason(e)}`);
    }
    if (made) return lockHandle(path, holder);
    const found = readText(path);
    if (!found) continue; // released between our attempt and our look
    const h = parseHolder(found.text);
    if (!h) {
      if (Date.now() - found.mtimeMs < FRESH_MS) {
        throw new LockHeldError(
          `${opts.label} ${dir} is in use: another polar process is taking its lock right now (${path})`,
          null,
        );
      }
      opts.onNotice?.(`${dir}: replacing an unreadable lock file ${path}`);
      removeStale(path, found.text);
      continue;
    }
    if (
      h.pid === holder.pid &&
      h.host === holder.host &&
      h.token !== holder.token &&
      h.procStart === holder.procStart
    ) {
      throw new LockHeldError(`${opts.label} ${dir} is already in use by this process`, h);
    }
    if (holderAlive(h)) {
      const other = h.host !== holder.host ? `; if that process is gone, delete ${path}` : "";
      throw new LockHeldError(
        `${opts.label} ${dir} is in use by polar ${describe(h)}; wait for it to finish or use another ${opts.label}${other}`,
        h,
      );
    }
    opts.onNotice?.(`${dir}: taking over the lock of ${describe(h)}, which is no longer running`);
    removeStale(path, found.text);
  }
  throw new LockHeldError(`${opts.label} ${dir}: could not take its lock ${path} (other runs keep taking it)`, null);
}

function lockHandle(path: string, holder: LockHolder): DirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    try {
      if (parseHolder(readFileSync(path, "utf8"))?.token === holder.token) unlinkSync(path);
    } catch {}
  };
  // process.exit (a second Ctrl-C, main.ts's error exits) skips finally blocks but not this
  process.on("exit", release);
  return { path, holder, release };
}

export interface ClaimedDir {
  path: string;
  lock: DirLock;
  /** releases the lock and removes the folders the claim created if they are still empty */
  release(): void;
}

/** ensureDir + acquireDirLock: the folder exists, is writable, and is this process's alone. */
export function claimDir(dir: string, opts: LockOptions): ClaimedDir {
  const d = ensureDir(dir, opts.label);
  let lock: DirLock;
  try {
    lock = acquireDirLock(d.path, opts);
  } catch (e) {
    removeIfEmpty(d.created);
    throw e;
  }
  let done = false;
  const cleanup = () => {
    if (done) return;
    done = true;
    process.off("exit", cleanup);
    lock.release();
    removeIfEmpty(d.created);
  };
  process.on("exit", cleanup);
  return { path: d.path, lock, release: cleanup };
}
