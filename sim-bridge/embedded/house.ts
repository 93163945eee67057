/**
 * The embedded simulator's house model: rooms, doors, furniture and placed objects (types
 * only; houseFromScene in house-file.ts makes one from a seed or a scene file). Units are
 * metres; the floor is the plane y = 0 and plans are drawn in (x, z).
 */
import type { Category, ObjectAttributes, Vec3 } from "../../src/sim/protocol.ts";

export interface Rect {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export interface Room {
  id: string;
  label: string;
  rect: Rect;
}

/**
 * A doorway in the wall shared by two rooms. (x, z) is the doorway's centre on the wall line;
 * `axis` is the direction the wall (and so the opening's width) runs along: "x" for a wall of
 * constant z, "z" for a wall of constant x.
 */
export interface Door {
  id: string;
  rooms: [string, string];
  x: number;
  z: number;
  width: number;
  axis: "x" | "z";
}

/** Which way a piece of furniture's front faces; its back is against the opposite side. */
export type Facing = "+x" | "-x" | "+z" | "-z";

export interface Furniture {
  id: string;
  kind: string;
  roomId: string;
  /** footprint on the floor */
  rect: Rect;
  /** height of the top surface objects rest on (or of the whole piece when it has none) */
  height: number;
  color: [number, number, number];
  /** objects can be placed on it */
  surface: boolean;
  facing?: Facing;
}

/**
 * An object instance. `position` is the centre of its base, resting on the floor or on its
 * receptacle's top (y = that surface's height); `size` is its largest extent in metres.
 */
export interface PlacedObject {
  id: string;
  category: Category;
  attributes: ObjectAttributes;
  position: Vec3;
  roomId: string;
  receptacleId?: string;
  size: number;
}

export interface House {
  id: string;
  seed?: number;
  rooms: Room[];
  doors: Door[];
  furniture: Furniture[];
  objects: PlacedObject[];
  bounds: Rect;
  wallHeight: number;
}
