/** Hand-made houses for the embedded simulator tests (built in code, never committed files). */
import type { Furniture, House, PlacedObject } from "../../sim-bridge/embedded/house.ts";

/** Two 4 × 4 m rooms side by side (x 0–4 and 4–8), joined by a 0.9 m door at z = 2. */
export function twoRooms(furniture: Furniture[] = [], objects: PlacedObject[] = []): House {
  return {
    id: "two-rooms",
    rooms: [
      { id: "a", label: "kitchen", rect: { x0: 0, z0: 0, x1: 4, z1: 4 } },
      { id: "b", label: "bedroom", rect: { x0: 4, z0: 0, x1: 8, z1: 4 } },
    ],
    doors: [{ id: "d0", rooms: ["a", "b"], x: 4, z: 2, width: 0.9, axis: "z" }],
    furniture,
    objects,
    bounds: { x0: 0, z0: 0, x1: 8, z1: 4 },
    wallHeight: 2.6,
  };
}

export function table(id: string, x0: number, z0: number, x1: number, z1: number, roomId = "a"): Furniture {
  return {
    id,
    kind: "kitchen table",
    roomId,
    rect: { x0, z0, x1, z1 },
    height: 0.75,
    color: [150, 100, 60],
    surface: true,
  };
}

export function mug(id: string, x: number, z: number, color = "red", roomId = "a"): PlacedObject {
  return {
    id,
    category: "mug",
    attributes: { color, size: "large" },
    position: [x, 0, z],
    roomId,
    size: 0.15,
  };
}

export const CAM = { width: 160, height: 120, hfov: 90, eyeHeight: 1.5 };

/**
 * Four 4 × 4 m rooms in a square (a south-west, b south-east, c north-west, d north-east),
 * doors a–b, a–c, b–d and c–d: from a to d there are two ways round, through b or through c.
 */
export function fourRooms(): House {
  return {
    id: "four-rooms",
    rooms: [
      { id: "a", label: "kitchen", rect: { x0: 0, z0: 0, x1: 4, z1: 4 } },
      { id: "b", label: "bedroom", rect: { x0: 4, z0: 0, x1: 8, z1: 4 } },
      { id: "c", label: "garage", rect: { x0: 0, z0: 4, x1: 4, z1: 8 } },
      { id: "d", label: "office", rect: { x0: 4, z0: 4, x1: 8, z1: 8 } },
    ],
    doors: [
      { id: "ab", rooms: ["a", "b"], x: 4, z: 2, width: 0.9, axis: "z" },
      { id: "ac", rooms: ["a", "c"], x: 2, z: 4, width: 0.9, axis: "x" },
      { id: "bd", rooms: ["b", "d"], x: 6, z: 4, width: 0.9, axis: "x" },
      { id: "cd", rooms: ["c", "d"], x: 4, z: 6, width: 0.9, axis: "z" },
    ],
    furniture: [],
    objects: [],
    bounds: { x0: 0, z0: 0, x1: 8, z1: 8 },
    wallHeight: 2.6,
  };
}
