/**
 * JSON scene files: the House model as a zod schema. Loading names the file and the field on
 * any error; saving writes what loading reads back unchanged.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { Category, ObjectAttributes, Vec3 } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import type { House } from "./house.ts";

const RectSchema = z
  .strictObject({ x0: z.number(), z0: z.number(), x1: z.number(), z1: z.number() })
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
      x: z.number(),
      z: z.number(),
      width: z.number().positive(),
      axis: z.enum(["x", "z"]),
    }),
  ),
  furniture: z.array(
    z.strictObject({
      id: z.string().min(1),
      kind: z.string().min(1),
      roomId: z.string(),
      rect: RectSchema,
      height: z.number().positive(),
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
      size: z.number().positive(),
    }),
  ),
  bounds: RectSchema,
  wallHeight: z.number().positive(),
});

export function loadHouseFile(path: string): House {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new SimError("not_found", `scene file ${path} does not exist`, "scene");
    throw new SimError("invalid_params", `cannot read scene file ${path}: ${(err as Error).message}`, "scene");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SimError("invalid_params", `scene file ${path} is not valid JSON: ${(err as Error).message}`, "scene");
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
