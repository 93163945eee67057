/**
 * Words for how an object looks: its colour, pattern, material and size. A statement that says
 * only that ("the mug is teal and floral") answers a request that describes looks; to a request
 * about what the object is for or whose it is, it is no answer at all, however close an
 * embedding puts the two (short statements of looks sit close to every short request).
 */
import { contentWords } from "./bag-of-words.ts";
import { CATEGORY_NAMES } from "./objects.ts";

const COLOURS = [
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "violet",
  "pink",
  "brown",
  "black",
  "white",
  "grey",
  "gray",
  "silver",
  "gold",
  "golden",
  "beige",
  "navy",
  "teal",
  "turquoise",
  "maroon",
  "cream",
  "tan",
  "khaki",
  "olive",
  "lime",
  "cyan",
  "magenta",
  "crimson",
  "scarlet",
  "ivory",
  "charcoal",
  "burgundy",
  "lavender",
  "lilac",
  "mint",
  "coral",
  "peach",
  "bronze",
  "copper",
  "rust",
  "mustard",
  "aqua",
  "indigo",
  "amber",
  "multicoloured",
  "multicolored",
  "colourful",
  "colorful",
];
const SHADES = ["light", "dark", "bright", "pale", "deep", "shiny", "matte", "glossy", "faded", "sky", "royal", "baby"];
const PATTERNS = [
  "striped",
  "stripy",
  "stripe",
  "checkered",
  "checked",
  "chequered",
  "check",
  "plaid",
  "tartan",
  "dotted",
  "dot",
  "polka",
  "spotted",
  "spotty",
  "floral",
  "flowery",
  "patterned",
  "pattern",
  "plain",
  "paisley",
  "zigzag",
  "camo",
  "camouflage",
  "print",
  "printed",
];
const MATERIALS = [
  "leather",
  "fabric",
  "cloth",
  "canvas",
  "ceramic",
  "porcelain",
  "glass",
  "metal",
  "metallic",
  "steel",
  "aluminium",
  "aluminum",
  "plastic",
  "wood",
  "wooden",
  "wool",
  "woollen",
  "woolen",
  "knitted",
  "straw",
  "paper",
  "cotton",
  "denim",
  "suede",
  "rubber",
  "velvet",
  "silk",
  "nylon",
  "linen",
  "felt",
  "tin",
  "brass",
  "chrome",
  "titanium",
];
const SIZES = ["small", "little", "tiny", "large", "big", "huge", "medium", "mini", "sized", "size"];
/** what a statement of looks is made of besides the looks themselves */
const FRAME = ["user", "colour", "color", "made", "one", "kind", "sort", "look", "coloured", "colored"];

const LOOKS = new Set([...COLOURS, ...SHADES, ...PATTERNS, ...MATERIALS, ...SIZES]);
/** looks a request names to pick an object out; sizes are left out ("my little girl") */
const NAMED_LOOKS = new Set([...COLOURS, ...PATTERNS, ...MATERIALS]);

/** Pure: whether a text names a colour, pattern or material. */
export function namesLooks(text: string): boolean {
  return contentWords(text).some((w) => NAMED_LOOKS.has(w));
}

/** the words that name an object category ("teddy", "bear", "eyeglass") */
const OBJECT_WORDS = new Set(
  Object.entries(CATEGORY_NAMES).flatMap(([c, names]) => [c, ...names].flatMap((n) => contentWords(n))),
);

/**
 * Pure: whether a statement says nothing of its object but how it looks: every content word is
 * a word of looks, a name of an object category or the frame such a statement is said in.
 */
export function onlyLooks(statement: string): boolean {
  const words = contentWords(statement).filter((w) => !FRAME.includes(w) && !OBJECT_WORDS.has(w));
  return words.length > 0 && words.every((w) => LOOKS.has(w));
}

/**
 * Pure: whether a word says how an object looks (colour, shade, pattern, material, size) or names
 * an object category: words that tell objects apart, never what one is for. A stemmed word
 * ("sneaker") counts as its name does.
 */
export function looksOrObjectWord(word: string): boolean {
  const w = word.toLowerCase();
  return LOOKS.has(w) || OBJECT_WORDS.has(w) || OBJECT_WORDS.has(`${w}s`) || OBJECT_WORDS.has(`${w}es`);
}

/**
 * Pure: a statement with its words of looks left out ("White headphones are for the gym" →
 * "headphones are for the gym"): what it says the object is for, without what told it from
 * another instance, for when that role passes to another object.
 */
export function withoutLooks(statement: string): string {
  return statement
    .split(/\s+/u)
    .filter((token) => !LOOKS.has(token.toLowerCase().replace(/^\W+|\W+$/gu, "")))
    .join(" ")
    .trim();
}
