/**
 * A file created with its content in one step, or not at all when the name is taken: the
 * content is written to a file of this process's own, which is then hard-linked to the name (a
 * link fails if the name exists). Locks are made this way: an open-then-write left a moment in
 * which a lock existed empty, and a holder paused or killed there could not be named. Where the
 * file system has no hard links, open-then-write is the fallback.
 */
import { randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";

/** true when this call created `path` holding `text`; false when the name was taken. */
export function createExclusiveFile(path: string, text: string): boolean {
  const own = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(own, text, { flag: "wx" });
    linkSync(own, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw e;
  } finally {
    rmSync(own, { force: true });
  }
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}
