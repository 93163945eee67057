/**
 * A user's statement index as one file beside the SQLite database, so that a fresh process loads
 * it with a few reads straight into the index's memory: the blocks in SQLite arrive as one new
 * buffer each (100 MB at 100k × 1024, every page of it touched twice, once there and once copied
 * into the index), which made the first query of a process take ~0.3 s at 100k.
 *
 * The file is a cache, never the record: SQLite's blocks are. It names the user's generation
 * (vector_generations, moved by triggers on every change to their blocks) and is used only when
 * that is the generation the reading transaction sees, with the row count, the dimension and its
 * exact size all as expected; anything else, or any error reading it, and the index is loaded
 * from the blocks as before. It is written after such a load (for indexes of at least
 * INDEX_FILE_MIN_ROWS rows, where the blocks are slow), to a temporary name, flushed to disk,
 * then renamed over the old one: a reader sees a whole file or none.
 *
 * Layout: "POLARIX1", a u32 (LE) header length, the header as JSON {user, gen, dim, stride, rows,
 * idsBytes}, the ids as a JSON array, zero padding to 8 bytes, the stats (float64,
 * STATS_PER_ROW a row), the int8 rows (stride bytes each).
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { openDataFile } from "../util/index.ts";
import { type ExactRows, int8Stride, STATS_PER_ROW, VectorMatrix } from "./vector-index.ts";

/** rows from which an index is worth a file: below, the blocks load in a few tens of ms */
export const INDEX_FILE_MIN_ROWS = 16_384;
const MAGIC = Buffer.from("POLARIX1");
const MAX_HEADER = 1 << 16;

export interface IndexFileKey {
  user: string;
  /** the user's vector generation the index was loaded at */
  gen: number;
  dim: number;
}

/** Where a user's index file lives for the database at `dbPath`: no user id in the file name. */
export function indexFilePath(dbPath: string, user: string): string {
  return join(`${dbPath}-index`, `${createHash("sha256").update(user).digest("hex").slice(0, 32)}.bin`);
}

function readFull(fd: number, into: Uint8Array, position: number): void {
  let done = 0;
  while (done < into.byteLength) {
    const n = readSync(fd, into, done, Math.min(into.byteLength - done, 1 << 30), position + done);
    if (n === 0) throw new Error("index file ended early");
    done += n;
  }
}

function writeFull(fd: number, bytes: Uint8Array): void {
  let done = 0;
  while (done < bytes.byteLength) done += writeSync(fd, bytes, done, Math.min(bytes.byteLength - done, 1 << 30));
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The user's index from their file when it was written at `key` and holds `rows` rows; null
 * otherwise (no file, another generation, a torn or foreign file).
 */
export function readIndexFile(
  file: string,
  key: IndexFileKey,
  rows: number,
  exactRows: ExactRows,
): VectorMatrix | null {
  let fd: number;
  try {
    // a regular file only: a FIFO or device in its place must not block or feed the query
    fd = openDataFile(file, { maxBytes: Number.MAX_SAFE_INTEGER }).fd;
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(12);
    readFull(fd, head, 0);
    if (!head.subarray(0, 8).equals(MAGIC)) return null;
    const headerBytes = head.readUInt32LE(8);
    if (headerBytes > MAX_HEADER) return null;
    const hb = Buffer.alloc(headerBytes);
    readFull(fd, hb, 12);
    const h = JSON.parse(hb.toString("utf8")) as Record<string, unknown>;
    const stride = int8Stride(key.dim);
    if (h.user !== key.user || h.gen !== key.gen || h.dim !== key.dim || h.stride !== stride || h.rows !== rows)
      return null;
    const idsBytes = h.idsBytes as number;
    const statsAt = align8(12 + headerBytes + idsBytes);
    const int8At = statsAt + rows * STATS_PER_ROW * 8;
    if (!Number.isInteger(idsBytes) || fstatSync(fd).size !== int8At + rows * stride) return null;
    const ib = Buffer.alloc(idsBytes);
    readFull(fd, ib, 12 + headerBytes);
    const ids = JSON.parse(ib.toString("utf8")) as unknown;
    if (!Array.isArray(ids) || ids.length !== rows || !ids.every((id) => typeof id === "string")) return null;
    const stats = new Float64Array(rows * STATS_PER_ROW);
    readFull(fd, new Uint8Array(stats.buffer), statsAt);
    const matrix = new VectorMatrix(key.dim, Math.max(64, rows), { exactRows });
    matrix.addQuantizedWith(ids as string[], stats, (into) => readFull(fd, into, int8At));
    return matrix;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Writes `matrix` as the user's file at `key`; a cache, so a failure only leaves no file. */
export function writeIndexFile(file: string, key: IndexFileKey, matrix: VectorMatrix): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const { int8, stats } = matrix.quantized();
    const ids = Buffer.from(JSON.stringify(matrix.ids));
    const header = Buffer.from(
      JSON.stringify({
        user: key.user,
        gen: key.gen,
        dim: key.dim,
        stride: int8Stride(key.dim),
        rows: matrix.size,
        idsBytes: ids.byteLength,
      }),
    );
    const head = Buffer.alloc(12);
    MAGIC.copy(head);
    head.writeUInt32LE(header.byteLength, 8);
    const fd = openSync(tmp, "w");
    try {
      writeFull(fd, head);
      writeFull(fd, header);
      writeFull(fd, ids);
      const at = 12 + header.byteLength + ids.byteLength;
      writeFull(fd, Buffer.alloc(align8(at) - at));
      writeFull(fd, new Uint8Array(stats.buffer, stats.byteOffset, stats.byteLength));
      writeFull(fd, new Uint8Array(int8.buffer, int8.byteOffset, int8.byteLength));
      // on disk before it takes the name: after a crash the name holds a whole file or the old one
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** Removes the user's file (their memory was cleared). */
export function removeIndexFile(file: string): void {
  rmSync(file, { force: true });
}
