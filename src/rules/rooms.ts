/**
 * Room names as users say them and as scenes label them. A user says "the restroom", "the
 * master bedroom", "the garage"; the embedded simulator labels regions "bathroom", "bedroom",
 * "garage"; HM3D labels vary ("bedroom 2", "Living Room"). A rule stores the canonical name;
 * a check compares canonical names, so "Bedroom 2" is a bedroom.
 */

/** canonical name → other ways to say it (all lower case, single spaces) */
const ROOMS: Record<string, string[]> = {
  bedroom: [
    "bed room",
    "master bedroom",
    "guest bedroom",
    "guest room",
    "spare room",
    "kids room",
    "kids' room",
    "nursery",
  ],
  bathroom: ["bath room", "restroom", "washroom", "toilet", "loo", "lavatory", "wc", "powder room", "shower room"],
  kitchen: ["kitchenette"],
  "living room": ["livingroom", "lounge", "sitting room", "family room", "den", "tv room"],
  "dining room": ["diningroom", "dining area"],
  garage: ["car port", "carport"],
  office: ["study", "home office", "workroom", "office room"],
  "laundry room": ["laundry", "utility room", "laundryroom"],
  hallway: ["hall", "corridor", "entrance", "entryway", "foyer", "hallways"],
  basement: ["cellar"],
  attic: ["loft"],
  balcony: ["terrace", "porch", "patio"],
  closet: ["wardrobe", "walk-in closet", "storage room", "pantry"],
  gym: ["exercise room", "workout room"],
};

const lookup = new Map<string, string>();
for (const [canon, alts] of Object.entries(ROOMS)) {
  lookup.set(canon, canon);
  for (const a of alts) lookup.set(a, canon);
}

/** Every spoken form, longest first (so "master bedroom" wins over "bedroom"). */
export const ROOM_PHRASES: string[] = [...lookup.keys()].sort((a, b) => b.length - a.length);

function tidy(s: string): string {
  return s
    .toLowerCase()
    .replace(/[_-]+/g, " ")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The canonical room a label or phrase names, or undefined. Numbers, "the", "my" and plurals
 * are dropped: "Bedroom 2", "the bedrooms", "my master bedroom" → "bedroom".
 */
export function canonicalRoom(label: string): string | undefined {
  let t = tidy(label)
    .replace(/^(the|my|our|your|a|an)\s+/, "")
    .replace(/\s+\d+$/, "")
    .replace(/^\d+\s+/, "");
  if (lookup.has(t)) return lookup.get(t);
  if (t.endsWith("s") && lookup.has(t.slice(0, -1))) return lookup.get(t.slice(0, -1));
  // "upstairs bathroom", "kids bedroom": the last known room phrase in the label
  for (const p of ROOM_PHRASES) {
    if (new RegExp(`(^| )${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}s?$`).test(t)) return lookup.get(p);
  }
  t = t.replace(/ room$/, "");
  return lookup.get(t);
}

/** Whether a scene's region label is the room a rule names. */
export function sameRoom(label: string, room: string): boolean {
  const a = canonicalRoom(label);
  const b = canonicalRoom(room) ?? tidy(room);
  return a !== undefined ? a === b : tidy(label) === b;
}
