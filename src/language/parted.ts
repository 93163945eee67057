/**
 * Objects the user says they parted with: given away, thrown out, sold, donated, got rid of,
 * given or lent to someone else.
 * Such an object is no longer in the house, so a request that says it ("now that I sold the old
 * bike, what do I ride?") asks for something else. Read on the NLP library's tokens by word
 * classes: a verb of parting (some only with their particle: "give … away", "throw … out"), and
 * the described thing it takes, wherever English puts it:
 *
 *   after the verb          "I sold the blue kettle", "we gave away the little sledge"
 *   between verb and particle   "I threw the cracked one out"
 *   before its subject      "the old sledge we gave away to the neighbours"
 *
 * A pronoun ("gave it away") names nothing here. What is returned is the description's head
 * (the noun) and the words before it (its looks: "little", "blue").
 */
import { type NlpToken, read } from "./nlp.ts";
import { CHANGE_SAID, ends, isBoundary } from "./referents.ts";

/** Verbs that part with an object on their own. */
const PARTING = new Set(["sell", "sells", "sold", "selling", "donate", "donates", "donated", "donating"]);
/** Verbs that part with an object with a particle after them or after the object. */
const PARTING_WITH = new Map<string, Set<string>>([
  ["give", new Set(["away"])],
  ["gives", new Set(["away"])],
  ["gave", new Set(["away"])],
  ["given", new Set(["away"])],
  ["giving", new Set(["away"])],
  ["throw", new Set(["away", "out"])],
  ["throws", new Set(["away", "out"])],
  ["threw", new Set(["away", "out"])],
  ["thrown", new Set(["away", "out"])],
  ["chuck", new Set(["away", "out"])],
  ["chucked", new Set(["away", "out"])],
]);
/** "got rid of": a verb of getting, then these. */
const RID = ["rid", "of"];
const GETTING = new Set(["get", "got", "gotten", "getting", "gets"]);
const DETERMINER = new Set(["the", "my", "our", "that", "this", "those", "these", "his", "her", "their", "your"]);
const MODIFIER = new Set(["ADJ", "NOUN", "PROPN", "NUM", "ADV", "VERB"]);
/** Words that stand for the thing's name ("the cracked one", "the old ones"). */
const STANDS_FOR = new Set(["one", "ones"]);

export interface PartedWith {
  /** the description's noun ("sledge", or "one" for "the cracked one") */
  head: string;
  /** the words before it ("little", "cracked") */
  looks: string[];
  /** opened by a pointing word ("this", "that", "these", "those"): the thing at hand itself */
  pointed?: true;
  /** it broke or wore out (endedAt), not parted with */
  ended?: true;
}

/**
 * A description without its determiner opens on a noun or adjective; a capitalised first word is
 * often read as a name ("Brown shoes …"), and a name is never the head, a noun after it is;
 */
const BARE_OPENS = new Set(["NOUN", "ADJ", "PROPN"]);
/** …or on a past participle read as an adjective ("Chipped mug …", "Faded jacket …"). */
const opensBare = (t: NlpToken | undefined) =>
  t !== undefined && (BARE_OPENS.has(t.pos) || (t.pos === "VERB" && /(?:ed|en)$/.test(t.normal)));
const POINTING = new Set(["this", "that", "these", "those"]);

/**
 * A described thing opening at `at` (a determiner, then modifiers, then a noun): its head and
 * looks and end. `bare`: at the start of a clause the determiner may be left out, as people do
 * in a hurry ("kettle died, so …").
 */
function describedAt(tokens: NlpToken[], at: number, bare = false): (PartedWith & { end: number }) | null {
  const opens = DETERMINER.has(tokens[at]?.normal ?? "");
  if (!opens && !(bare && (at === 0 || isBoundary(tokens[at - 1])) && opensBare(tokens[at]))) return null;
  let k = opens ? at + 1 : at;
  const words: NlpToken[] = [];
  // after a noun only a noun goes on ("the coffee mug"), not "last spring" after "the blue scarf",
  // or the "one" that stands for it ("the brass one"), which ends the description
  const goesOn = (t: NlpToken) =>
    MODIFIER.has(t.pos) &&
    !STANDS_FOR.has(words.at(-1)?.normal ?? "") &&
    !(words.at(-1)?.pos === "NOUN" && t.pos !== "NOUN" && !STANDS_FOR.has(t.normal));
  while (k < tokens.length && goesOn(tokens[k]) && words.length < 5) words.push(tokens[k++]);
  // the head is the last noun of the run ("the tiny wooden sledge"), or a stand-in ("one")
  let last = words.length - 1;
  while (last >= 0 && words[last].pos !== "NOUN" && !STANDS_FOR.has(words[last].normal)) last--;
  if (last < 0) return null;
  return {
    head: words[last].text.toLowerCase(),
    looks: words.slice(0, last).map((t) => t.text.toLowerCase()),
    end: (opens ? at + 1 : at) + last + 1,
    ...(POINTING.has(tokens[at].normal) ? { pointed: true as const } : {}),
  };
}

/** The verb at `k` parts with something; returns where its object may open (after the verb or its particle), or -1. */
function partingAt(tokens: NlpToken[], k: number): { after: number; particles: Set<string> } | null {
  const w = tokens[k].normal;
  if (PARTING.has(w)) return { after: k + 1, particles: new Set() };
  const particles = PARTING_WITH.get(w);
  if (particles) return { after: particles.has(tokens[k + 1]?.normal ?? "") ? k + 2 : k + 1, particles };
  if (GETTING.has(w) && RID.every((r, i) => tokens[k + 1 + i]?.normal === r))
    return { after: k + 3, particles: new Set() };
  return null;
}

/** Where the subject right before the verb at `k` opens: a pronoun ("we") or a described person ("the user"); -1 when none. */
function subjectBefore(tokens: NlpToken[], k: number): number {
  if (tokens[k - 1]?.pos === "PRON") return k - 1;
  for (let s = k - 2; s >= 0 && s >= k - 4; s--) if (describedAt(tokens, s)?.end === k) return s;
  return -1;
}

/**
 * Giving or lending with a recipient who is not the user ("gave the old boots to the school
 * fair", "the red kite we lent to the neighbours"): the thing went from the user to someone
 * else. Only with the user as the giver: "I", "we", "the user", or no subject at all, as a
 * told clause opens in a hurry ("Lent the tent to my cousin"). To the user ("… gave it to me",
 * "to them", as a statement rewrites "me") the thing came in, and that is no parting.
 */
const GIVING_TO = new Set(["give", "gives", "gave", "given", "giving", "lend", "lends", "lent", "lending"]);
const THE_USER = new Set(["me", "us", "them", "myself", "ourselves", "themselves"]);

function toAnother(tokens: NlpToken[], j: number): boolean {
  if (tokens[j]?.normal !== "to" || !tokens[j + 1] || THE_USER.has(tokens[j + 1].normal)) return false;
  return !(tokens[j + 1].normal === "the" && tokens[j + 2]?.normal === "user");
}

/** The clause's subject at `s` (or none: a clause opening with the verb at `k`) is the user. */
function byUser(tokens: NlpToken[], s: number, k: number): boolean {
  if (s < 0) return k === 0 || isBoundary(tokens[k - 1]);
  const w = tokens[s].normal;
  return w === "i" || w === "we" || (w === "the" && tokens[s + 1]?.normal === "user" && s + 2 === k);
}

/** What the user gave or lent to someone else, the thing after the verb or before its subject. */
function givenTo(tokens: NlpToken[], k: number, told: boolean): ReturnType<typeof describedAt> {
  if (!GIVING_TO.has(tokens[k].normal)) return null;
  const subject = subjectBefore(tokens, k);
  if (!byUser(tokens, subject, k)) return null;
  const after = describedAt(tokens, k + 1);
  if (after && toAnother(tokens, after.end)) return after;
  if (subject < 0 || !toAnother(tokens, k + 1)) return null;
  for (let s = subject - 1; s >= 0 && s >= subject - 6; s--) {
    const before = describedAt(tokens, s, told);
    if (before && before.end === subject) return before;
  }
  return null;
}

/** Words that open a clause giving the reason or the time since which something holds. */
const SINCE = new Set(["since", "after", "because", "as"]);

/**
 * A described thing opening at `at` that is the subject of a verb ending its role ("since the
 * enamel one split", "now that the grey pair wore out"; the verbs are referents.ts's), in a clause
 * that says why or since when ("since", "now that", "after") or in words that say a change: it
 * broke, so the user asks for what took its place. Alone ("my toy is broken, find it") the
 * broken thing is what is asked for.
 */
function endedAt(tokens: NlpToken[], at: number, changeSaid: boolean, told: boolean): PartedWith | null {
  // a statement may leave the determiner out; a request's bare noun ("School finished!") is no thing of the user's
  const d = describedAt(tokens, at, told);
  if (!d) return null;
  const prev = tokens[at - 1]?.normal ?? "";
  const since = SINCE.has(prev) || (prev === "that" && tokens[at - 2]?.normal === "now");
  if (!since && !changeSaid) return null;
  // its predicate right after it: auxiliaries and adverbs, then the verb ("… has finally given up")
  let verb = d.end;
  while (verb < tokens.length && (tokens[verb].pos === "AUX" || tokens[verb].pos === "ADV")) verb++;
  if (verb >= tokens.length || isBoundary(tokens[verb], tokens[verb + 1])) return null;
  // "the grey ones went to a charity shop" went somewhere; "the soles went" ended (referents.ts's rule)
  if (/^(?:went|gone|goes|go)$/.test(tokens[verb].normal) && !isBoundary(tokens[verb + 1], tokens[verb + 2]))
    return null;
  return ends(tokens, d.end, verb + 1) ? { head: d.head, looks: d.looks, ended: true } : null;
}

/**
 * The described things a text says the user (or anyone) parted with, or that broke since
 * (endedAt). `told`: the text tells what happened (a memory's statement), so a thing said to have
 * broken counts without a word of change.
 */
export function partedWith(text: string, told = false): PartedWith[] {
  const tokens = read(text).tokens;
  const out: PartedWith[] = [];
  const changeSaid = told || CHANGE_SAID.test(text);
  for (let k = 0; k < tokens.length; k++) {
    const ended = endedAt(tokens, k, changeSaid, told);
    if (ended) {
      out.push(ended);
      continue;
    }
    const given = givenTo(tokens, k, told);
    if (given) {
      const { end: _, ...thing } = given;
      out.push(thing);
      continue;
    }
    const parting = partingAt(tokens, k);
    if (!parting) continue;
    const needsParticle = parting.particles.size > 0;
    const after = describedAt(tokens, parting.after);
    // "gave the little sledge away": a verb that needs its particle has it right after its object
    const particled = parting.after > k + 1 || (after && parting.particles.has(tokens[after.end]?.normal ?? ""));
    if (after && (!needsParticle || particled)) {
      out.push({ head: after.head, looks: after.looks });
      continue;
    }
    // "the old sledge we gave away": the object before its subject
    if (needsParticle && !particled) continue;
    const subject = subjectBefore(tokens, k);
    if (subject < 0) continue;
    for (let s = subject - 1; s >= 0 && s >= subject - 6; s--) {
      const before = describedAt(tokens, s);
      if (before && before.end === subject) {
        out.push({ head: before.head, looks: before.looks });
        break;
      }
    }
  }
  return out;
}

/** Whether a text says something was parted with (its words then describe that thing, not its own object). */
export function saysParted(text: string): boolean {
  return partedWith(text, true).length > 0;
}
