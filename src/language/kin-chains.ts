/**
 * Relations between people said as a chain of kin words: "my mother's mother", "mums mum", "my
 * dad's brother's lad", "la mamá de mi mamá", "the sister of my husband". Each kin word is one
 * step from a person (to a parent, a child, a sibling, a spouse), in English, borrowed
 * (kin-words.ts) or dialect; the steps compose into the relation the chain names (a parent's
 * parent is a grandparent, a parent's sibling an aunt or uncle, their child a cousin), whatever
 * words said each step. A chain whose steps compose into no named relation ("my son's mum") is
 * left to its words.
 */
import { KIN_WORDS } from "./kin-words.ts";

/** a step, or two said in one word: a grandparent is a parent's parent, an aunt or uncle a parent's sibling */
type Step = "parent" | "child" | "sibling" | "spouse" | "grandparent" | "pibling" | "grandchild";
const TWO_STEPS: Partial<Record<Step, string>> = {
  grandparent: "parent parent",
  pibling: "parent sibling",
  grandchild: "child child",
};

/** one step each; dialect forms of mother and father too ("madda", "fada": Caribbean English) */
const STEP_WORDS: Record<Step, readonly string[]> = {
  parent: [
    "father",
    "dad",
    "daddy",
    "pa",
    "papa",
    "pop",
    "mother",
    "mom",
    "mum",
    "mam",
    "mammy",
    "mommy",
    "mummy",
    "mama",
    "ma",
    "madd?a",
    "muddah",
    "fad(?:d)?a",
    "faada",
    // only ever a step inside a chain here, so words that are also English ("padre") are safe
    "madre",
    "padre",
    "mamma",
    "m[èe]re",
    "p[èe]re",
    "mutter",
    "vater",
    ...KIN_WORDS.parent,
  ],
  child: ["son", "daughter", "kid", "child", "boy", "girl", "lad", "lass", "bairn", "wean", ...KIN_WORDS.child],
  sibling: ["brother", "sister", "bro", "sis", "sibling", "sista", "brudd?a", "bredd?a", ...KIN_WORDS.sibling],
  grandparent: [
    "grand(?:ma|pa|mother|father|dad|mum|mom)",
    "granny",
    "grandad",
    "gran",
    "nan",
    "nana",
    ...KIN_WORDS.grandparent,
  ],
  pibling: ["uncle", "aunt", "auntie", "aunty", ...KIN_WORDS["aunt or uncle"]],
  grandchild: ["grand(?:son|daughter|kid|child)"],
  spouse: ["wife", "husband", "hubby", "missus", "spouse", "partner", ...KIN_WORDS["spouse or partner"]],
};

const STEPS = Object.keys(STEP_WORDS) as Step[];
const WORD = STEPS.map((s) => `(${STEP_WORDS[s].join("|")})`).join("|");
/** "A's B" (the apostrophe often left out) or "B of my A" in English and the Romance languages */
const POSSESSIVE = "'?s (?:(?:older|elder|eldest|oldest|younger|youngest|big|little|baby|late|half-) ?)?";
const OF = " (?:of|de|di|del|da|du) (?:the |my |mi |me |mia |mio |la |el |ma |mon |our |his |her )?";

/** the relation a path of steps from the speaker names, or undefined */
export function relationOf(path: readonly Step[]): string | undefined {
  const s = path.map((p) => TWO_STEPS[p] ?? p).join(" ");
  if (/^parent( parent)+$/.test(s)) return "grandparent";
  if (/^(parent )+sibling$/.test(s)) return "aunt or uncle";
  if (/^(parent )+sibling child$/.test(s)) return "cousin";
  if (/^sibling child$/.test(s)) return "nephew or niece";
  if (/^child( child)+$/.test(s)) return "grandchild";
  if (/^(parent child|sibling sibling)$/.test(s)) return "sibling";
  if (/^(child sibling)$/.test(s)) return "child";
  if (/^(parent spouse)$/.test(s)) return "parent";
  if (/^(spouse (parent|sibling|child)|(sibling|child) spouse)$/.test(s)) return "in-law";
  return undefined;
}

function stepOf(m: RegExpExecArray, from: number): Step {
  return STEPS[STEPS.findIndex((_, i) => m[from + i] !== undefined)];
}

const edge = (s: string) => `(?<!\\p{L})(?:${s})(?!\\p{L})`;
const ONE_WORD = new RegExp(`^(?:${WORD})$`, "u");
/** Kin words that say a sex: a room of one is never read as a room of the other ("the boys' room" is no "girls' room"). */
const FEMALE =
  /^(?:grand(?:ma|mother|mum|mom|daughter)|granny|gran|nan|nana|mother|mum|mom|mam|mama|ma|sister|sis|aunt|auntie|aunty|girl|girls|daughter|lass|wife|missus|niece|oma|omi|nonna|abuela|abuelita|yiayia|yaya|halmeoni|halmoni|babcia|babushka|mormor|farmor|obaachan|obaasan|t[íi]a|zia|tante)$/u;
const MALE =
  /^(?:grand(?:pa|father|dad|son)|grandad|father|dad|da|pa|papa|brother|bro|uncle|boy|boys|son|lad|husband|hubby|nephew|opa|nonno|abuelo|abuelito|pappou|papou|harabeoji|dziadek|dedushka|morfar|farfar|ojiichan|ojiisan|t[íi]o|zio|onkel|oncle)$/u;

/** Whether two kin words say opposite sexes. */
export function oppositeSexes(a: string, b: string): boolean {
  return (FEMALE.test(a) && MALE.test(b)) || (MALE.test(a) && FEMALE.test(b));
}

/** The one relation a single kin word names ("grandpa", "harabeoji": a grandparent), or undefined. */
export function kinOf(word: string): string | undefined {
  const one = ONE_WORD.exec(word);
  return one ? stepOf(one, 1) : undefined;
}

/** the two ways a chain is said, compiled once: possessive (read left to right) and "of" (right to left) */
const CHAINS = [POSSESSIVE, OF].map((join, i) => ({
  re: new RegExp(edge(`(?:${WORD})(?:${join}(?:${WORD})){1,2}`), "gu"),
  split: new RegExp(join, "u"),
  reversed: i === 1,
}));

/**
 * The kin chains a lower-case text names, each with its span and the relation it composes into.
 * Possessive chains read left to right ("my mother's sister": the mother, then her sister);
 * "of" chains right to left ("the sister of my mother").
 */
export function kinChainsIn(text: string): { a: number; b: number; relation: string }[] {
  const out: { a: number; b: number; relation: string }[] = [];
  for (const { re, split, reversed } of CHAINS) {
    for (const m of text.matchAll(re)) {
      const steps = m[0].split(split).map((w) => {
        const one = ONE_WORD.exec(w);
        return one ? stepOf(one, 1) : undefined;
      });
      if (steps.some((s) => s === undefined)) continue;
      const relation = relationOf((reversed ? steps.reverse() : steps) as Step[]);
      if (relation) out.push({ a: m.index ?? 0, b: (m.index ?? 0) + m[0].length, relation });
    }
  }
  return out;
}
