/**
 * Guessing an object category from an instruction: first a name or synonym of a PInNED
 * category (src/language/objects.ts), then an association (what the object is used for: "tea" → mug).
 */

import { CATEGORY_NAMES, callsOneBy, categoriesAsked, categoryAsked, contentWords } from "../../language/index.ts";
import { Category, PINNED_CATEGORIES } from "../../sim/index.ts";

/** What a category is used for; only consulted when no category is named. */
const ASSOCIATIONS: Record<Category, string[]> = {
  backpack: ["trip", "hike", "hiking", "school", "camping", "travel", "pack"],
  bag: ["shopping", "grocery", "groceries", "gym", "carry"],
  ball: ["play catch", "catch", "kick", "soccer", "match", "throw", "dribble"],
  book: ["read", "reading", "story", "chapter", "library", "study"],
  camera: ["photo", "picture", "photograph", "shoot", "snapshot", "film"],
  cellphone: ["call", "text", "message", "dial", "ring", "selfie"],
  eyeglasses: ["see", "sight", "blurry", "vision", "squint", "lens"],
  hat: ["cold", "head", "warm"],
  headphones: ["music", "listen", "song", "podcast", "audio", "noise"],
  keys: ["lock", "unlock", "door", "drive", "car", "garage"],
  laptop: ["work", "email", "code", "coding", "meeting", "zoom", "type", "browse"],
  mug: ["tea", "coffee", "drink", "cocoa", "latte", "espresso", "thirsty"],
  shoes: ["run", "running", "jog", "walk", "outside", "feet"],
  "teddy bear": ["cuddle", "hug", "bedtime", "sleep", "nap", "soft"],
  toy: ["play", "kid", "child", "game", "fun"],
  visor: ["sun", "sunny", "golf", "tennis", "glare", "beach"],
  wallet: ["pay", "money", "cash", "card", "buy", "purchase"],
  watch: ["time", "late", "clock", "hour", "minute"],
};

export function isCategory(value: string | undefined | null): value is Category {
  return value != null && Category.safeParse(value).success;
}

function firstHit(words: string[], table: Record<Category, string[]>): Category | null {
  const joined = ` ${words.join(" ")} `;
  // Earliest mention wins, so "put my keys in the bag" finds keys, not bag.
  let best: { at: number; category: Category } | null = null;
  for (const category of PINNED_CATEGORIES) {
    for (const term of table[category]) {
      const at = joined.indexOf(` ${term} `);
      if (at >= 0 && (best === null || at < best.at)) best = { at, category };
    }
  }
  return best?.category ?? null;
}

/** The category the instruction names, else the one its words are associated with, else null. */
export function guessCategory(instruction: string): Category | null {
  return namedCategory(instruction) ?? firstHit(contentWords(instruction), ASSOCIATIONS);
}

/**
 * The category the instruction names outright (never one its words are only associated with):
 * the one the asking names, else the earliest named (src/language/objects.ts).
 */
export function namedCategory(instruction: string): Category | null {
  const named = categoryAsked(instruction);
  return isCategory(named) ? named : null;
}

/** Every category the object a request names may be of ("purse": a bag or a wallet); empty when it names none. */
export function namedCategories(instruction: string): Category[] {
  return categoriesAsked(instruction).filter(isCategory);
}

/** Whether a text calls one thing by one of `category`'s names ("my commute bag", said of a backpack; not "the little bags inside"). */
export function callsIt(text: string, category: Category): boolean {
  return callsOneBy(text, CATEGORY_NAMES[category] ?? [category]);
}
