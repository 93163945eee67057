/**
 * Writes whose failure must say which file: Node's errors from a write on a descriptor (and from
 * writeFileSync's own writes) carry no path, so a full disk read "write : no space left on
 * device" and named nothing a user could free.
 */
import { reason } from "./ensure-dir.ts";
import { isDiskFailure } from "./failure.ts";

/** The error `e` (a system error from writing `path`) with the path in it; rethrown as it is otherwise. */
export function withPath(e: unknown, path: string): unknown {
  const x = e as NodeJS.ErrnoException;
  if (typeof x?.code !== "string" || x.path) return e;
  x.path = path;
  x.message = `${path}: ${reason(x)}`;
  return e;
}

/** Runs `write` (of `path`), its system error naming the path. */
export function writing<T>(path: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    throw withPath(e, path);
  }
}

/** The disk failure `e` is or wraps (its `cause`, a few levels down), or null. */
export function diskFailureIn(e: unknown): unknown {
  let current = e;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    if (isDiskFailure(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A line for a disk that could not take a write: the path and why. */
export function diskProblem(e: unknown): string | null {
  if (!isDiskFailure(e)) return null;
  const x = e as NodeJS.ErrnoException;
  return `${x.path ?? "a file"}: ${reason(x)}`;
}
