/**
 * The offline memorizer used by the heuristic backbone (src/mllm/heuristic.ts): no model, just
 * rules. Semantic statements come from the personalized context of the explicit instruction,
 * one user-specific fact per statement, in the third person ("my sister gave me" → "the user's
 * sister gave them this mug"); the episodic summary comes from the facts the agent logged
 * about the trajectory (outcome, where it was found, rooms that had nothing).
 */
import type { MemorizeInput, MemorizeOutput } from "../policy.ts";

/** Leading requests that carry no personal context. */
const REQUEST =
  /^(?:(?:hey|ok|okay|robot)[,!]?\s+)?(?:(?:please|can you|could you|would you|will you|i need you to|i want you to|go and|go)\s+)*(?:bring|get|fetch|find|grab|take|locate|search for|look for|navigate to|go to|show|carry|pick up|hand)(?:\s+(?:me|us))?\s+/i;

/** Where one fact ends and the next begins (the separator is kept: see splitFacts). */
const SPLIT = /(\s*(?:[,;:.!?—–]|\s-\s|\(|\))\s*|\s+(?:and|or|but|which|that|who|because|since|so)\s+)/i;

/** Separators after which a piece that is not a clause continues the previous fact. */
const COORDINATING = /^\s*(?:,|and|or|but)\s*$/i;

/** A piece that starts like a clause of its own: a subject (pronoun, possessive, a name + verb). */
const CLAUSE =
  /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|you|he|she|they|it|it's|its|this|these|those|there|my|our|his|her|their|that|which|who|where|when)\b/i;
const NAMED_CLAUSE =
  /^[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)?\s+(?:is|was|has|had|will|can|gave|got|made|bought|brought|sent|lent|left|took|found|won|\p{L}+s|\p{L}+ed)\b/u;

/**
 * The instruction's pieces, one fact each. A conjunct that is no clause ("… on Mondays and
 * Wednesdays", "… on the bus, on the train") belongs to the fact before it: split off, it
 * would be a statement of its own that means nothing ("Wednesdays").
 */
export function splitFacts(text: string): string[] {
  const parts = text.split(SPLIT);
  const out: string[] = [];
  let glue = false;
  for (let i = 0; i < parts.length; i += 2) {
    const piece = (parts[i] ?? "").trim();
    const sep = i > 0 ? (parts[i - 1] ?? "") : "";
    if (!piece) {
      // an empty piece (", which …") must not let the next one attach across it
      if (sep.trim()) glue = false;
      continue;
    }
    if (glue && out.length > 0 && COORDINATING.test(sep) && !CLAUSE.test(piece) && !NAMED_CLAUSE.test(piece)) {
      const joint = sep.trim() === "," ? ", " : ` ${sep.trim()} `;
      out[out.length - 1] = `${out[out.length - 1]}${joint}${piece}`;
      continue;
    }
    out.push(piece);
    glue = true;
  }
  return out;
}

const PRONOUNS: [RegExp, string][] = [
  [/\bi'm\b/gi, "the user is"],
  [/\bi've\b/gi, "the user has"],
  [/\bi'd\b/gi, "the user would"],
  [/\bi'll\b/gi, "the user will"],
  [/\bmy\b/gi, "the user's"],
  [/\bmine\b/gi, "the user's"],
  [/\bmyself\b/gi, "themselves"],
  [/\bme\b/gi, "them"],
  [/\bi\b/gi, "the user"],
  [/\bour\b/gi, "the user's"],
  [/\bus\b/gi, "them"],
  [/\bwe\b/gi, "the user"],
  [/\bam\b/gi, "is"],
];

export function toThirdPerson(text: string): string {
  let t = text;
  for (const [re, to] of PRONOUNS) t = t.replace(re, to);
  return t.replace(/\s+/g, " ").trim();
}

const FILLER = new Set(["the", "a", "an", "this", "that", "it", "one", "there", "here", "please", "now", "again"]);

function isContentless(fragment: string, category: string | null): boolean {
  const words = fragment.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const content = words.filter((w) => !FILLER.has(w) && w !== category && w !== "my" && w !== "me");
  return content.length === 0;
}

/** The instruction's personalized context as single-fact statements about the target. */
export function statementsFromInstruction(instruction: string, category: string | null): string[] {
  const cat = category ?? "object";
  let text = instruction.trim().replace(REQUEST, "");
  const out: string[] = [];
  // "my favourite red mug" → the words before the category are the user's own description
  if (category) {
    const m = text.match(new RegExp(`^(my|our|the|a|an)\\s+((?:[\\p{L}'-]+\\s+){1,4})${category}s?\\b`, "iu"));
    if (m) {
      if (/^(my|our)$/i.test(m[1])) out.push(`the user's ${m[2].trim()} ${cat}`);
      else out.push(`the ${cat} is ${m[2].trim()}`);
      text = text.slice(m[0].length);
    } else {
      text = text.replace(new RegExp(`^(?:my|our|the|a|an)?\\s*${category}s?\\b`, "iu"), "");
    }
  }
  for (const raw of splitFacts(text)) {
    // "the ones I use on the bus": the head noun stands for the object the gap names
    const fragment = raw.replace(LEADING, "").replace(/^(?:the|this|that) ones?\s+(?=\S+\s)/i, "");
    if (!fragment || isContentless(fragment, category)) continue;
    // a request said again in passing ("… Could you get it for me?") tells nothing about the object
    if (/^(?:(?:please|ok|okay)\s+)?(?:could|can|would|will) you\b|^please\b/i.test(fragment)) continue;
    out.push(fillObjectGap(agree(toThirdPerson(fragment)), cat));
  }
  return out;
}

const LEADING = /^(?:and|but|which|that|who|where|when|because|since|so|also)\s+/i;
const PREPOSITION = "to|on|in|at|for|with|before|after|during|every|each|when|while|from|into|as|around|near|by";
const NOT_BASE_VERB =
  /^(?:is|was|are|were|has|had|have|will|would|can|could|should|must|may|might|does|did|always|never|often|usually|sometimes|just|still|also|only)$/i;

/** Base verbs that only look inflected. */
const LOOKS_INFLECTED = /^(?:bring|sing|ring|swing|cling|fling|sting|string|need|feed|bleed|speed|breed|heed|weed)$/i;
/** Adverbs that may come before the verb ("these days I wear …"). */
const ADVERBS = "these days|nowadays|now|lately|usually|always|often|also|still|sometimes|mostly|mainly|only|just";

/** "the user use" → "the user uses" (the subject is third person now). */
function agree(s: string): string {
  const re = new RegExp(`^((?:(?:${ADVERBS}),?\\s+)*the user(?:\\s+(?:${ADVERBS}))*)\\s+([a-z]+)\\b(?!')`, "i");
  const agreed = s.replace(re, (all, subj: string, verb: string) => {
    if (NOT_BASE_VERB.test(verb)) return all;
    if (/(?:s|ed|ing)$/i.test(verb) && !LOOKS_INFLECTED.test(verb)) {
      if (!/ss$/i.test(verb)) return all;
      return `${subj} ${verb}es`;
    }
    if (/^(?:do|go)$/i.test(verb) || /(?:sh|ch|x|z)$/i.test(verb)) return `${subj} ${verb}es`;
    return `${subj} ${verb.replace(/([^aeiou])y$/i, "$1ie")}s`;
  });
  // negations of the base verb: "the user don't" → "the user doesn't"
  return agreed.replace(/^((?:(?:[a-z]+),?\s+)*?the user)\s+don't\b/i, "$1 doesn't");
}

/**
 * Relative clauses leave the object out ("that I take to the gym"): put it back so the
 * statement stands alone ("the user takes this backpack to the gym").
 */
function fillObjectGap(s: string, cat: string): string {
  // "… gave them" / "… sleeps with": the object is what is missing at the end
  if (/\b(?:gave|got|bought|sent|lent|made|brought|gifted|handed)\s+them$/i.test(s)) return `${s} this ${cat}`;
  if (new RegExp(`\\b(?:${PREPOSITION})$`, "i").test(s)) return `${s} this ${cat}`;
  if (/\b(?:this|that|the) one\b/i.test(s)) return s.replace(/\b(?:this|that|the) one\b/i, `this ${cat}`);
  if (/\bit\b/i.test(s)) return s.replace(/\bit\b/i, `this ${cat}`);
  // a bare predicate ("used on weekday mornings", "is a gift") is about the object
  if (/^(?:is|was|has|had)\b/i.test(s)) return `the ${cat} ${s}`;
  const gap = new RegExp(
    `^((?:the user(?:'s [\\p{L}-]+)?|they)\\s+(?:(?:is|was|are|were)\\s+)?[\\p{L}]+)(?=\\s+(?:${PREPOSITION}|everywhere|anywhere|along|daily|everyday|most days|all the time)\\b|$)`,
    "iu",
  );
  return s.replace(gap, `$1 this ${cat}`);
}

export function episodicFromTrajectory(input: MemorizeInput): string {
  const t = input.trajectory;
  const what = input.category ?? "target";
  const parts: string[] = [];
  if (t.success) parts.push(`Succeeded in ${t.steps} steps`);
  else parts.push(`Failed after ${t.steps} steps`);
  if (t.foundInRoom) parts.push(`the ${what} was found in the ${t.foundInRoom}`);
  else parts.push(`the ${what} was not found`);
  if (t.roomsWithoutTarget.length)
    parts.push(`unpromising rooms (searched, no ${what}): ${t.roomsWithoutTarget.join(", ")}`);
  if (t.roomsVisited.length) parts.push(`route: ${t.roomsVisited.join(" → ")}`);
  return `${parts.join("; ")}.`;
}

/** The heuristic backbone's memorize decision. */
export function extractMemoriesHeuristically(input: MemorizeInput): MemorizeOutput {
  return {
    statements: statementsFromInstruction(input.instruction, input.category),
    episodic: episodicFromTrajectory(input),
  };
}
