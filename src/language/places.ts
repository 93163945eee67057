/**
 * The place a movement is about ("go in the lofft", "walk into the cupboard"), read when no room
 * of the house was found there: a request about a place the robot cannot tell as a room is asked,
 * never kept in the user's words (it would be unchecked, and could name a room that is not there).
 */
import { ENTER } from "./act-words.ts";
import { editDistance } from "./rooms.ts";
import { bounded } from "./word-class.ts";

const PLACE_PREPOSITION = new Set(["in", "into", "inside", "through", "thru", "to", "near"]);
const DEFINITE = ["the", "my", "our", "that", "this", "your", "his", "her", "their"];
const DETERMINERS = new Set([...DEFINITE, "a", "any"]);
const PICKED_OUT = new Set(DEFINITE);
/** Determiners that say whose a room is: "my room" names one room, whose the house's labels may not say. */
const OWNER = new Set(["my", "our", "your", "his", "her", "their"]);
/**
 * Movement verbs whose object is the place itself, with no preposition: "enter the lofft", "visits
 * my room". Only a place picked out ("the", "my") is one: "before entering a room" is any room.
 */
const PLACE_AS_OBJECT = new Set(["enter", "enters", "entering", "entered", "visit", "visits", "visiting", "visited"]);
/** words that end a place's name: what follows says when, how or please */
const AFTER_PLACE = new Set(
  "when while at after before until unless if please plz again ever anymore without with for and or but so because since on by during today tonight now from between till til any anytime whenever except".split(
    " ",
  ),
);

/** The words of the place a movement verb goes into, or undefined. */
export function placeAfterMotion(text: string): string | undefined {
  const re = bounded(ENTER);
  const g = new RegExp(re.source, "g");
  for (const m of text.matchAll(g)) {
    const rest = text
      .slice(m.index + m[0].length)
      .trim()
      .split(" ");
    const verb = m[0].trim().split(" ").at(-1) ?? "";
    const object = PLACE_AS_OBJECT.has(verb) && PICKED_OUT.has(rest[0]);
    if (!PLACE_PREPOSITION.has(rest[0]) && !object) continue;
    let k = object ? 0 : 1;
    // "my room", "our room": whose room it is, the place as the speaker said it
    const owner = OWNER.has(rest[k]) && rest[k + 1] === "room" ? rest[k] : undefined;
    if (DETERMINERS.has(rest[k])) k++;
    const name: string[] = owner ? [owner] : [];
    while (k < rest.length && name.length < (owner ? 3 : 2) && /^\p{L}+$/u.test(rest[k]) && !AFTER_PLACE.has(rest[k]))
      name.push(rest[k++]);
    if (name.length) return name.join(" ");
  }
  return undefined;
}

/** The house's room nearest a place's words, when only one is near (a slip of the fingers), else undefined. */
export function nearestRoom(place: string, house: readonly string[]): string | undefined {
  // one slip in a short word, two in a long one: "shop" is no slip for "shed"
  const slips = place.length <= 5 ? 1 : 2;
  const near = house.filter((r) => editDistance(place, r.toLowerCase(), slips) <= slips);
  return near.length === 1 ? near[0] : undefined;
}
