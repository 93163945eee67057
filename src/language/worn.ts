/**
 * What a request says of how its object is worn: on which part of the body ("what do I put on my
 * feet", "the thing on my ears"), or only that it is worn ("what do I wear for …", "what have I
 * taken to wearing"). Things carried or used in the hand (a bag, a phone, a book) are not worn, so
 * a request that asks for something worn and names no category still rules them out.
 */

import { contentWords } from "./bag-of-words.ts";
import { wordTable } from "./token.ts";

/** Parts of the body and the categories worn on them. */
const WORN_ON: Readonly<Record<string, readonly string[]>> = wordTable({
  foot: ["shoes"],
  feet: ["shoes"],
  toe: ["shoes"],
  head: ["hat", "visor", "headphones"],
  ear: ["headphones"],
  eye: ["eyeglasses"],
  nose: ["eyeglasses"],
  face: ["eyeglasses", "visor"],
  wrist: ["watch"],
  arm: ["watch"],
  back: ["backpack"],
  shoulder: ["backpack", "bag"],
});

/** Categories worn on the body: what "wear" asks for when no part is named. */
const WORN = ["hat", "visor", "shoes", "watch", "eyeglasses", "headphones"];

/** Verbs of wearing, and "put on" with its particle ("have on me" is also said of what is carried). */
const WEARING = /\b(?:wear|wears|wearing|wore|worn|(?:put|puts|putting)\s+on)\b/iu;
/**
 * A part of the body the object goes on, said with a possessive: "on my feet", "over your ears",
 * "round her wrist" ("on the back seat" is a place, not a body).
 */
const ON_PART = /\b(?:on|over|round|around|onto)\s+(?:my|your|his|her|their|our|me)\s+(\p{L}+)/giu;

/**
 * The categories a request says its object is worn as: those of the body part it is put on, when
 * one is named, else every worn category when a verb of wearing asks for it; null when it says
 * neither.
 */
export function wornCategories(text: string): string[] | null {
  for (const m of text.matchAll(ON_PART)) {
    const [part] = contentWords(m[1]);
    const worn = WORN_ON[part ?? ""] ?? WORN_ON[m[1].toLowerCase()];
    if (worn) return [...worn];
  }
  return WEARING.test(text) ? [...WORN] : null;
}
