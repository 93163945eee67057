/** Room knowledge for the heuristic backbone: where categories usually are, and which label a text names. */
import { normalizeLabel } from "../../language/index.ts";
import type { Category } from "../../sim/index.ts";

/** Likely room labels per category, most likely first (household common sense, not tuned). */
export const ROOM_PRIORS: Record<Category, string[]> = {
  backpack: ["bedroom", "entryway", "hallway", "office", "living room"],
  bag: ["entryway", "bedroom", "hallway", "living room", "closet"],
  ball: ["living room", "garage", "bedroom", "family room"],
  book: ["living room", "office", "study", "bedroom"],
  camera: ["living room", "office", "bedroom"],
  cellphone: ["living room", "bedroom", "office", "kitchen"],
  eyeglasses: ["bedroom", "office", "living room", "bathroom"],
  hat: ["entryway", "bedroom", "closet", "hallway"],
  headphones: ["office", "bedroom", "living room"],
  keys: ["entryway", "hallway", "kitchen", "living room"],
  laptop: ["office", "study", "living room", "bedroom"],
  mug: ["kitchen", "dining room", "office", "living room"],
  shoes: ["entryway", "bedroom", "closet", "hallway"],
  "teddy bear": ["bedroom", "living room"],
  toy: ["bedroom", "living room", "family room"],
  visor: ["entryway", "bedroom", "closet"],
  wallet: ["bedroom", "entryway", "living room", "office"],
  watch: ["bedroom", "bathroom", "office"],
};

/** Whether a scene-graph room label is the room a text names ("bedroom 2" is a bedroom). */
export function labelMatches(roomLabel: string, named: string): boolean {
  const a = normalizeLabel(roomLabel);
  const b = normalizeLabel(named);
  return a === b || a.startsWith(`${b} `) || a.endsWith(` ${b}`) || b.startsWith(`${a} `);
}
