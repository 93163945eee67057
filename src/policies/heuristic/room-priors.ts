/** Room knowledge for the heuristic backbone: where categories usually are, and room mentions in text. */
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

const ROOM_WORDS = [
  "living room",
  "dining room",
  "family room",
  "laundry room",
  "bedroom",
  "bathroom",
  "kitchen",
  "office",
  "study",
  "hallway",
  "entryway",
  "closet",
  "garage",
  "lounge",
  "foyer",
  "balcony",
  "basement",
  "attic",
];

export function normalizeLabel(label: string): string {
  return label.toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
}

/** Whether a scene-graph room label is the room a text names ("bedroom 2" is a bedroom). */
export function labelMatches(roomLabel: string, named: string): boolean {
  const a = normalizeLabel(roomLabel);
  const b = normalizeLabel(named);
  return a === b || a.startsWith(`${b} `) || a.endsWith(` ${b}`) || b.startsWith(`${a} `);
}

/** Room words in a text, in order of appearance. */
export function roomsMentioned(text: string): string[] {
  const t = normalizeLabel(text);
  const hits: { at: number; room: string }[] = [];
  for (const room of ROOM_WORDS) {
    const at = t.search(new RegExp(`\\b${room}s?\\b`));
    if (at >= 0) hits.push({ at, room });
  }
  // "living room" also contains no other room word, but "bedroom" must not match inside "bedrooms" twice
  return hits.sort((x, y) => x.at - y.at).map((h) => h.room);
}

const clauses = (text: string) => text.split(/[.;!?\n]+/).filter((c) => c.trim());
const NEGATION = /\b(no|not|without|empty|unpromising|nothing|none|never|failed)\b/i;

/** Vocabulary room words in a phrase, else the phrase itself as a label ("found in the sunroom"). */
function labelsIn(phrase: string): string[] {
  const known = roomsMentioned(phrase);
  const bare = normalizeLabel(phrase.replace(/^\s*(?:the|a|an)\s+/i, "").replace(/[()]/g, ""));
  return known.length ? known : bare ? [bare] : [];
}

/** Rooms a clause says the object was found in ("the mug was found in the kitchen"). */
export function roomsFoundIn(text: string): string[] {
  return clauses(text)
    .filter((c) => /\b(found|located|was in|is in|sits in|kept in|lies in)\b/i.test(c) && !NEGATION.test(c))
    .flatMap((c) => {
      const m = /\b(?:found|located|was|is|sits|kept|lies)\s+(?:in|at|on)\s+(.+)$/i.exec(c);
      return m ? labelsIn(m[1]) : roomsMentioned(c);
    });
}

/**
 * Rooms a clause rules out: "the bedroom had no mug", "searched the office without success",
 * "unpromising rooms (searched, no mug): bedroom, office".
 */
export function roomsRuledOut(text: string): string[] {
  return clauses(text)
    .filter((c) => NEGATION.test(c) && !/\bfound\b/i.test(c.replace(/\bnot found\b/gi, "")))
    .flatMap((c) => {
      const colon = c.lastIndexOf(":");
      if (colon < 0) return roomsMentioned(c);
      return c
        .slice(colon + 1)
        .split(",")
        .flatMap(labelsIn);
    });
}
