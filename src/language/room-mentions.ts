/**
 * Rooms named in free text about a search (an episode's summary or trajectory, a model's note):
 * where the object was found, which rooms were searched without it. Room words are the common
 * English ones; any other room is read from the words after "found in".
 */
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

/** A room label as words: lower case, "_" and "-" as spaces ("Living_Room" is "living room"). */
export function normalizeLabel(label: string): string {
  return label.toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
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
