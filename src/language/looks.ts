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

/** Pure: whether a word is one of looks: a colour, shade, pattern, material or size. */
export function isLookWord(word: string): boolean {
  return LOOKS.has(word.toLowerCase());
}

/** Pure: whether a text names a colour, pattern or material. */
export function namesLooks(text: string): boolean {
  return contentWords(text).some((w) => NAMED_LOOKS.has(w));
}

/** the words that name an object category ("teddy", "bear", "eyeglass") */
const OBJECT_WORDS = new Set(
  Object.entries(CATEGORY_NAMES).flatMap(([c, names]) => [c, ...names].flatMap((n) => contentWords(n))),
);

/** Pure: the colours, patterns and materials a text names ("the brass keys, bent" → brass). */
export function looksNamed(text: string): Set<string> {
  return new Set(contentWords(text).filter((w) => NAMED_LOOKS.has(w)));
}

/**
 * Pure: the colours, patterns and materials a text names an instance by: those that open a noun
 * phrase headed by "one(s)" or by one of `names` ("the brass one's bent", "the black plastic
 * ones", "Brass key"), looks words only between; a colour said of another noun ("black plastic
 * wraparounds") names no instance of them.
 */
export function looksOfInstance(text: string, names: ReadonlySet<string>): Set<string> {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const found = new Set<string>();
  for (const [i, w] of words.entries()) {
    if (!NAMED_LOOKS.has(w)) continue;
    let k = i + 1;
    while (k < words.length && LOOKS.has(words[k])) k++;
    const head = words[k] ?? "";
    if (head === "one" || head === "ones" || names.has(head)) found.add(w);
  }
  return found;
}

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
