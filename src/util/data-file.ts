/**
 * The one way Polar reads a file in a data folder (results, runs, memory, an episode's folder):
 * only a regular file, opened without blocking and checked on the open descriptor, and only up to
 * a size. A FIFO there would block the reading process for good (the dashboard's once-a-second
 * progress read, a replay, an export, a memory query); a device could be endless; a folder fails
 * with an error that names no path. Each of those is refused here, naming the path and why.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

/** the size past which a data file is refused unless the caller allows more */
export const DATA_FILE_MAX_BYTES = 256 * 1024 * 1024;

export type DataFileProblem = "missing" | "not_regular" | "link" | "too_large" | "unreadable";

export class DataFileError extends Error {
  /** the CLI prints it as is, without a stack */
  readonly userFacing = true;
  constructor(
    readonly path: string,
    readonly problem: DataFileProblem,
    detail: string,
  ) {
    super(`${path}: ${detail}`);
    this.name = "DataFileError";
  }
}

export interface DataFileOptions {
  /** refuse a file larger than this (default DATA_FILE_MAX_BYTES) */
  maxBytes?: number;
  /** refuse a symbolic link as the last part of the path (what an export copies must be the folder's own) */
  noFollow?: boolean;
}

function kind(s: Stats): string {
  if (s.isDirectory()) return "a folder";
  if (s.isFIFO()) return "a FIFO (named pipe)";
  if (s.isCharacterDevice() || s.isBlockDevice()) return "a device";
  if (s.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * A descriptor of the regular file at `path`, for the caller to read and close; DataFileError
 * otherwise. Opening never blocks (O_NONBLOCK: a FIFO with no writer opens at once and is then
 * refused by what fstat says of the descriptor, so nothing can be swapped in between).
 */
export function openDataFile(path: string, opts: DataFileOptions = {}): { fd: number; size: number } {
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | (opts.noFollow ? constants.O_NOFOLLOW : 0);
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new DataFileError(path, "missing", "no such file");
    if (code === "ELOOP") throw new DataFileError(path, "link", "is a symbolic link, not the folder's own file");
    if (code === "EISDIR") throw new DataFileError(path, "not_regular", "is a folder, not a file");
    if (code === "ENXIO") throw new DataFileError(path, "not_regular", "is a socket or device, not a regular file");
    throw new DataFileError(path, "unreadable", `cannot be opened (${code ?? (e as Error).message})`);
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new DataFileError(path, "not_regular", `is ${kind(s)}, not a regular file`);
    const max = opts.maxBytes ?? DATA_FILE_MAX_BYTES;
    if (s.size > max)
      throw new DataFileError(path, "too_large", `is ${s.size} bytes, more than the ${max} this read allows`);
    return { fd, size: s.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** The bytes of the regular file at `path` (see openDataFile). */
export function readDataFile(path: string, opts: DataFileOptions = {}): Buffer {
  const { fd, size } = openDataFile(path, opts);
  try {
    const max = opts.maxBytes ?? DATA_FILE_MAX_BYTES;
    // the file may grow while it is read (an episode still writing): read what fits the bound
    const out = Buffer.alloc(Math.min(max, size));
    let done = 0;
    while (done < out.length) {
      const n = readSync(fd, out, done, out.length - done, done);
      if (n === 0) break;
      done += n;
    }
    return done < out.length ? out.subarray(0, done) : out;
  } catch (e) {
    if (e instanceof DataFileError) throw e;
    throw new DataFileError(path, "unreadable", `cannot be read (${(e as NodeJS.ErrnoException).code ?? e})`);
  } finally {
    closeSync(fd);
  }
}

/** The same as UTF-8 text. */
export const readDataText = (path: string, opts: DataFileOptions = {}): string =>
  readDataFile(path, opts).toString("utf8");

/** At most the first `bytes` bytes of the regular file at `path`, whatever its size (a header, a first line). */
export function readDataHead(path: string, bytes: number, opts: Omit<DataFileOptions, "maxBytes"> = {}): Buffer {
  const { fd, size } = openDataFile(path, { ...opts, maxBytes: Number.MAX_SAFE_INTEGER });
  try {
    const out = Buffer.alloc(Math.min(bytes, size));
    const n = out.length ? readSync(fd, out, 0, out.length, 0) : 0;
    return out.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
