/**
 * A user's statement index as one file beside the SQLite database, so that a fresh process loads
 * it with a few reads straight into the index's memory: the blocks in SQLite arrive as one new
 * buffer each (100 MB at 100k × 1024, every page of it touched twice, once there and once copied
 * into the index), which made the first query of a process take ~0.3 s at 100k.
 *
 * The file is a cache, never the record: SQLite's blocks are. It names the user's generation
 * (vector_generations, moved by triggers on every change to their blocks) and is used only when
 * that is the generation the reading transaction sees, with the row count, the dimension and its
 * exact size all as expected, and with the CRC-32 of everything after the header (ids, stats, int8
 * rows) as the header says: damage that keeps the size (a flipped byte, a reordered ids array) is
 * caught there. Anything else, or any error reading it, and the index is loaded from the blocks as
 * before; a FIFO, device or folder in its place is never opened for reading (util/data-file). It is written after such a load (for indexes of at least
 * INDEX_FILE_MIN_ROWS rows, where the blocks are slow), to a temporary name, flushed to disk,
 * then renamed over the old one: a reader sees a whole file or none. Temporary files a killed
 * writer left are removed by the next write; no failure of the write or its clean-up reaches the
 * query that prompted it.
 *
 * Layout: "POLARIX2", a u32 (LE) header length, the header as JSON {user, gen, dim, stride, rows,
 * idsBytes, crc32}, the ids as a JSON array, zero padding to 8 bytes, the stats (float64,
 * STATS_PER_ROW a row), the int8 rows (stride bytes each).
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { crc32 } from "node:zlib";
import { openDataFile, processAlive } from "../util/index.ts";
import { type ExactRows, int8Stride, STATS_PER_ROW, VectorMatrix } from "./vector-index.ts";

/** rows from which an index is worth a file: below, the blocks load in a few tens of ms */
export const INDEX_FILE_MIN_ROWS = 16_384;
const MAGIC = Buffer.from("POLARIX2");
/** a temporary file older than this is a killed writer's, whatever its pid says */
const STALE_TMP_MS = 60 * 60 * 1000;
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
    if (typeof h.crc32 !== "string" || !/^[0-9a-f]{8}$/.test(h.crc32)) return null;
    // ids and the padding after them are read as one piece, as they were written
    const ib = Buffer.alloc(statsAt - 12 - headerBytes);
    readFull(fd, ib, 12 + headerBytes);
    let crc = crc32(ib);
    const ids = JSON.parse(ib.subarray(0, idsBytes).toString("utf8")) as unknown;
    if (!Array.isArray(ids) || ids.length !== rows || !ids.every((id) => typeof id === "string")) return null;
    const stats = new Float64Array(rows * STATS_PER_ROW);
    readFull(fd, new Uint8Array(stats.buffer), statsAt);
    crc = crc32(new Uint8Array(stats.buffer), crc);
    const matrix = new VectorMatrix(key.dim, Math.max(64, rows), { exactRows });
    matrix.addQuantizedWith(ids as string[], stats, (into) => {
      readFull(fd, into, int8At);
      crc = crc32(into, crc);
    });
    return crc === Number.parseInt(h.crc32, 16) ? matrix : null;
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
    removeStaleTemporaries(dirname(file));
    const { int8, stats } = matrix.quantized();
    const ids = Buffer.from(JSON.stringify(matrix.ids));
    const statsBytes = new Uint8Array(stats.buffer, stats.byteOffset, stats.byteLength);
    const int8Bytes = new Uint8Array(int8.buffer, int8.byteOffset, int8.byteLength);
    // the checksum is written as 8 hex digits: the header's length, and so the padding, do not depend on it
    const headerWith = (crc: number) =>
      Buffer.from(
        JSON.stringify({
          user: key.user,
          gen: key.gen,
          dim: key.dim,
          stride: int8Stride(key.dim),
          rows: matrix.size,
          idsBytes: ids.byteLength,
          crc32: crc.toString(16).padStart(8, "0"),
        }),
      );
    const at = 12 + headerWith(0).byteLength + ids.byteLength;
    const pad = Buffer.alloc(align8(at) - at);
    const crc = crc32(int8Bytes, crc32(statsBytes, crc32(pad, crc32(ids))));
    const header = headerWith(crc);
    const head = Buffer.alloc(12);
    MAGIC.copy(head);
    head.writeUInt32LE(header.byteLength, 8);
    const fd = openSync(tmp, "w");
    try {
      for (const part of [head, header, ids, pad, statsBytes, int8Bytes]) writeFull(fd, part);
      // on disk before it takes the name: after a crash the name holds a whole file or the old one
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch {
    // a cache: whatever failed (a full disk, a file where the folder should be), no file, no error
    try {
      rmSync(tmp, { force: true });
    } catch {
      /* nothing was written there either */
    }
  }
}

/**
 * Removes the temporary files of writers that died mid-write (killed, a power cut): a writer
 * whose process is gone on this host, or that has not finished within STALE_TMP_MS.
 */
function removeStaleTemporaries(dir: string): void {
  for (const name of readdirSync(dir)) {
    const m = /\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name);
    if (!m) continue;
    const path = join(dir, name);
    try {
      const pid = Number(m[1]);
      const old = Date.now() - statSync(path).mtimeMs > STALE_TMP_MS;
      if (old || (pid !== process.pid && !processAlive(pid))) rmSync(path, { force: true });
    } catch {
      /* another writer removed or renamed it meanwhile */
    }
  }
}

/** Removes the user's file (their memory was cleared); none to remove when its folder is not a folder. */
export function removeIndexFile(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOTDIR") throw e;
  }
}
