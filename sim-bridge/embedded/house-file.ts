/**
 * JSON scene files: the House model as a zod schema. Loading names the file and the field on
 * any error (never the file's content); saving writes what loading reads back unchanged.
 *
 * A client names a scene file by path, so the simulator reads only regular files of at most
 * MAX_SCENE_FILE_BYTES that lie (symbolic links resolved) inside the configured scene folders:
 * resolveSceneFile() answers anything else with not_found, whether or not it exists.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { z } from "zod";
import { Category, MAX_COORDINATE, ObjectAttributes, Vec3 } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { generateHouse } from "./generate.ts";
import type { House } from "./house.ts";

/** Largest scene file read (a generated house is about 50 kB). */
export const MAX_SCENE_FILE_BYTES = 8 << 20;

/** The project's scene folders, the default for `polar sim serve --scene-dir` and sessions. */
export const DEFAULT_SCENE_DIRS: readonly string[] = ["scenes", "datasets"].map((d) =>
  resolve(import.meta.dirname, "..", "..", d),
);

const Coord = z.number().min(-MAX_COORDINATE).max(MAX_COORDINATE);
const RectSchema = z
  .strictObject({ x0: Coord, z0: Coord, x1: Coord, z1: Coord })
  .refine((r) => r.x1 > r.x0 && r.z1 > r.z0, { message: "needs x1 > x0 and z1 > z0" });
const Color = z.tuple([
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
]);

export const HouseFileSchema = z.strictObject({
  id: z.string().min(1),
  seed: z.number().int().optional(),
  rooms: z.array(z.strictObject({ id: z.string().min(1), label: z.string().min(1), rect: RectSchema })).min(1),
  doors: z.array(
    z.strictObject({
      id: z.string().min(1),
      rooms: z.tuple([z.string(), z.string()]),
      x: Coord,
      z: Coord,
      width: z.number().positive().max(MAX_COORDINATE),
      axis: z.enum(["x", "z"]),
    }),
  ),
  furniture: z.array(
    z.strictObject({
      id: z.string().min(1),
      kind: z.string().min(1),
      roomId: z.string(),
      rect: RectSchema,
      height: z.number().positive().max(MAX_COORDINATE),
      color: Color,
      surface: z.boolean(),
      facing: z.enum(["+x", "-x", "+z", "-z"]).optional(),
    }),
  ),
  objects: z.array(
    z.strictObject({
      id: z.string().min(1),
      category: Category,
      attributes: ObjectAttributes,
      position: Vec3,
      roomId: z.string(),
      receptacleId: z.string().optional(),
      size: z.number().positive().max(MAX_COORDINATE),
    }),
  ),
  bounds: RectSchema,
  wallHeight: z.number().positive().max(MAX_COORDINATE),
});

let configuredDirs: readonly string[] = DEFAULT_SCENE_DIRS;

/** The folders load_scene may read scene files from (this process's setting). */
export function sceneDirs(): readonly string[] {
  return configuredDirs;
}

/**
 * Sets the scene folders for this process (`polar sim serve --scene-dir`); resolved against the
 * working folder now. Returns the previous setting.
 */
export function setSceneDirs(dirs: readonly string[]): readonly string[] {
  const previous = configuredDirs;
  configuredDirs = dirs.map((d) => resolve(d));
  return previous;
}

/** The real path of `dir` (itself when it does not exist yet). */
function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/**
 * The file a load_scene request names, if it may be read: `scene` is a path inside one of
 * `dirs` (absolute, relative to the working folder, or relative to a scene folder), and its
 * real path (links resolved) is inside one of them too. Anything else, existing or not, is
 * not_found naming only the request's own string; the content is never read here.
 */
export function resolveSceneFile(scene: string, dirs: readonly string[]): string {
  const roots = dirs.map(realDir);
  const candidates = isAbsolute(scene) ? [scene] : [...dirs.map((d) => join(d, scene)), resolve(scene)];
  for (const candidate of candidates) {
    if (!dirs.some((d) => within(resolve(d), resolve(candidate))) && !roots.some((r) => within(r, resolve(candidate))))
      continue;
    let real: string;
    try {
      real = realpathSync(candidate);
    } catch {
      continue;
    }
    if (roots.some((r) => within(r, real))) return real;
  }
  throw new SimError(
    "not_found",
    `scene "${scene}" is neither a procedural house ("seed:N") nor a scene file in the simulator's scene folders` +
      ` (${dirs.length ? dirs.join(", ") : "none configured"}; \`polar sim serve --scene-dir DIR\` adds one)`,
    "scene",
  );
}

/**
 * A scene file's text: a regular file (checked on the open descriptor, which is opened without
 * blocking, so a FIFO or a device is refused rather than waited on or read) of at most
 * MAX_SCENE_FILE_BYTES.
 */
function readSceneText(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new SimError("not_found", `scene file ${path} does not exist`, "scene");
    throw new SimError("invalid_params", `cannot read scene file ${path} (${code ?? "error"})`, "scene");
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new SimError("invalid_params", `scene file ${path} is not a regular file`, "scene");
    if (st.size > MAX_SCENE_FILE_BYTES) {
      throw new SimError(
        "invalid_params",
        `scene file ${path} has ${st.size} bytes; the limit is ${MAX_SCENE_FILE_BYTES}`,
        "scene",
      );
    }
    // read to the end, never past the limit (a file may grow after fstat)
    const buf = Buffer.alloc(Math.min(st.size, MAX_SCENE_FILE_BYTES) + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) {
        throw new SimError("invalid_params", `scene file ${path} grew while being read`, "scene");
      }
    }
    return buf.subarray(0, n).toString("utf8");
  } catch (err) {
    if (err instanceof SimError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new SimError("invalid_params", `cannot read scene file ${path} (${code ?? "error"})`, "scene");
  } finally {
    closeSync(fd);
  }
}

export function loadHouseFile(path: string): House {
  const text = readSceneText(path);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error: say where, not what
    throw new SimError("invalid_params", `scene file ${path} is not valid JSON`, "scene");
  }
  const parsed = HouseFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map(String).join(".") || "(root)";
    throw new SimError("invalid_params", `scene file ${path}: field "${field}": ${issue.message}`, field);
  }
  const house = parsed.data as House;
  checkReferences(house, path);
  return house;
}

/** Ids that must point at something: door rooms, furniture rooms, object rooms and receptacles. */
function checkReferences(house: House, path: string): void {
  const rooms = new Set(house.rooms.map((r) => r.id));
  const furniture = new Set(house.furniture.map((f) => f.id));
  const fail = (field: string, msg: string) => {
    throw new SimError("invalid_params", `scene file ${path}: field "${field}": ${msg}`, field);
  };
  house.doors.forEach((d, i) => {
    d.rooms.forEach((r, k) => {
      if (!rooms.has(r)) fail(`doors.${i}.rooms.${k}`, `unknown room "${r}"`);
    });
  });
  house.furniture.forEach((f, i) => {
    if (!rooms.has(f.roomId)) fail(`furniture.${i}.roomId`, `unknown room "${f.roomId}"`);
  });
  house.objects.forEach((o, i) => {
    if (!rooms.has(o.roomId)) fail(`objects.${i}.roomId`, `unknown room "${o.roomId}"`);
    if (o.receptacleId !== undefined && !furniture.has(o.receptacleId)) {
      fail(`objects.${i}.receptacleId`, `unknown furniture "${o.receptacleId}"`);
    }
  });
}

export function saveHouseFile(house: House, path: string): void {
  writeFileSync(path, `${JSON.stringify(house, null, 2)}\n`);
}

/**
 * "seed:42" → a procedural house; anything else is a JSON scene file, read only from the scene
 * folders (sceneDirs(), or `dirs`): load_scene takes this string from the client.
 */
export function houseFromScene(scene: string, dirs: readonly string[] = sceneDirs()): House {
  const m = /^seed:(-?\d+)$/.exec(scene.trim());
  if (m) return generateHouse(Number(m[1]));
  return loadHouseFile(resolveSceneFile(scene, dirs));
}
