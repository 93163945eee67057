/**
 * Creating an output folder, one level at a time, with an error a user can act on.
 *
 * Why not `mkdirSync(dir, { recursive: true })`: Node 20's recursive mkdir loops forever when
 * mkdir answers ENOENT for a folder whose parent exists (as in /proc: `--out /proc/x` spun at
 * 100% CPU), and it reports a file in the way as a bare EEXIST with a stack trace.
 */
import { accessSync, constants, mkdirSync, rmdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** A folder that cannot be used: the message names the folder, what it is for, and why. */
export class DirError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = "DirError";
  }
}

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  ENOTDIR: "a part of the path is a file, not a folder",
  ENOENT: "the file system does not allow creating it",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many symbolic links",
};

/** "permission denied (EACCES)" for a Node system error; its message otherwise. */
export function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code && REASONS[code]) return `${REASONS[code]} (${code})`;
  return code ? `${(e as Error).message}` : String((e as Error)?.message ?? e);
}

function kindOf(path: string): "dir" | "other" | "missing" {
  try {
    return statSync(path).isDirectory() ? "dir" : "other";
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file; walking up finds which
    if (code === "ENOENT" || code === "ENOTDIR") return "missing";
    throw new DirError(`cannot use ${path}: ${reason(e)}`);
  }
}

export interface EnsuredDir {
  /** the absolute path */
  path: string;
  /** the folders this call created, deepest last (empty when the folder was there) */
  created: string[];
}

/**
 * Makes sure `dir` is a writable folder, creating it and its missing parents. `label` names it
 * in errors ("--out", "--memory-dir"). Throws DirError, never hangs.
 */
export function ensureDir(dir: string, label: string): EnsuredDir {
  const path = resolve(dir);
  const missing: string[] = [];
  let at = path;
  for (;;) {
    const k = kindOf(at);
    if (k === "dir") break;
    if (k === "other") {
      throw new DirError(
        at === path ? `${label} ${path} is a file, not a folder` : `${label} ${path}: ${at} is a file, not a folder`,
      );
    }
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  const created: string[] = [];
  for (const d of missing) {
    try {
      mkdirSync(d);
      created.push(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "EEXIST" && kindOf(d) === "dir") continue; // a racing run made it
      throw new DirError(`${label} ${path}: cannot create ${d}: ${reason(e)}`);
    }
  }
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw new DirError(`${label} ${path} is not writable: ${reason(e)}`);
  }
  return { path, created };
}

/** Removes the folders ensureDir created, deepest first, as long as they are still empty. */
export function removeIfEmpty(created: readonly string[]): void {
  for (const d of [...created].reverse()) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
  }
}
