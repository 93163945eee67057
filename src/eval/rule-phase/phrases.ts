/**
 * The simulated user's wording, as data: a phrase bank per kind of message (a room to avoid,
 * a room not to stop in, the hours, the house, "unless I ask", a reply length, JSON fields,
 * naming the room; a one-off, a vague remark, a revision, a retraction) and how often it
 * types the way people do (lower case, no punctuation, a typo in the room, "u" / "outta").
 *
 * Two banks (datasets/rules-phrases/): the development bank, which tests and development may
 * read, and the test bank, which only `polar eval --rules` reads (src/cli/commands/eval.ts,
 * start.ts pass it in), so the learner is measured on wording it was never built against.
 * Results are reported per bank.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "../../config/index.ts";

const Templates = z.array(z.string().min(1)).min(2);
const Rate = z.number().min(0).max(1);

export const PhraseBank = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  /** {room} is "the <label>" */
  avoid_room: Templates,
  no_stop_in_room: Templates,
  hours: z.strictObject({
    night: Templates,
    morning: Templates,
    afternoon: Templates,
    evening: Templates,
    day: Templates,
  }),
  house: Templates,
  unless: Templates,
  lasting: Templates,
  /** {n}: at most n; {n+1}: "under n+1" */
  max_words: Templates,
  mention_room: Templates,
  /** {fields}: "found, room and object" */
  json_reply: Templates,
  lead: z.strictObject({
    avoid_room: Templates,
    no_stop_in_room: Templates,
    max_words: Templates,
    mention_room: Templates,
    json_reply: Templates,
  }),
  task_local: Templates,
  vague: Templates,
  revise_words: Templates,
  retract_room: Templates,
  retract_stop: Templates,
  style: z.strictObject({ lowercase: Rate, bare: Rate, typo: Rate, slang: Rate }),
});
export type PhraseBank = z.infer<typeof PhraseBank>;

export const BANK_DIR = join(REPO_ROOT, "datasets", "rules-phrases");
export const DEV_BANK = join(BANK_DIR, "dev-bank.json");
/** only `polar eval --rules` reads this one */
export const TEST_BANK = join(BANK_DIR, "test-bank.json");

export function loadBank(path: string): PhraseBank {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new Error(`phrase bank ${path}: ${(e as Error).message}`);
  }
  const r = PhraseBank.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`phrase bank ${path}: ${i.path.join(".") || "(root)"}: ${i.message}`);
  }
  return r.data;
}

type Draw = () => number;
export const pick = <T>(rng: Draw, items: readonly T[]): T =>
  items[Math.min(items.length - 1, Math.floor(rng() * items.length))];
export const chance = (rng: Draw, p: number) => rng() < p;
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const TEENS = [
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS: Record<number, string> = { 2: "twenty", 3: "thirty", 4: "forty", 5: "fifty" };
/** 15 → "fifteen", 25 → "twenty-five"; digits beyond what a person would spell out. */
export function spelled(n: number): string {
  if (n <= 10) return SMALL[n];
  if (n < 20) return TEENS[n - 10];
  const t = TENS[Math.floor(n / 10)];
  if (!t || n >= 60) return String(n);
  return n % 10 ? `${t}-${SMALL[n % 10]}` : t;
}

/** One letter wrong in the longest word of a room label: "laundry" → "laundy", "office" → "ofice". */
export function typo(label: string, rng: Draw): string {
  const words = label.split(" ");
  const i = words.reduce((best, w, k) => (w.length > words[best].length ? k : best), 0);
  const w = words[i];
  if (w.length < 5) return label;
  const at = 1 + Math.floor(rng() * (w.length - 2));
  words[i] = chance(rng, 0.5) ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + w[at] + w.slice(at);
  return words.join(" ");
}

/** The way people type: lower case, no punctuation, "u", "outta", "pls", "dont". */
export function styled(text: string, style: PhraseBank["style"], rng: Draw): string {
  let s = text;
  if (chance(rng, style.slang))
    s = s
      .replace(/\byou\b/gi, "u")
      .replace(/\byour\b/gi, "ur")
      .replace(/\bout of\b/gi, "outta")
      .replace(/\bplease\b/gi, "pls");
  if (chance(rng, style.bare))
    s = s
      .replace(/['’]/g, "")
      .replace(/[.!,;:—]+/g, "")
      .replace(/\s+/g, " ")
      .trim();
  if (chance(rng, style.lowercase)) s = s.toLowerCase();
  return s;
}

export function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{([a-z+1]+)\}/g, (m, k: string) => slots[k] ?? m);
}
