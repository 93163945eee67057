/**
 * Objects the user says they parted with: given away, thrown out, sold, donated, got rid of.
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

export interface PartedWith {
  /** the description's noun ("sledge", or "one" for "the cracked one") */
  head: string;
  /** the words before it ("little", "cracked") */
  looks: string[];
}

/** A described thing opening at `at` (a determiner, then modifiers, then a noun): its head and looks and end. */
function describedAt(tokens: NlpToken[], at: number): (PartedWith & { end: number }) | null {
  if (!DETERMINER.has(tokens[at]?.normal ?? "")) return null;
  let k = at + 1;
  const words: NlpToken[] = [];
  // after a noun only a noun goes on ("the coffee mug"), not "last spring" after "the blue scarf"
  const goesOn = (t: NlpToken) => MODIFIER.has(t.pos) && !(words.at(-1)?.pos === "NOUN" && t.pos !== "NOUN");
  while (k < tokens.length && goesOn(tokens[k]) && words.length < 5) words.push(tokens[k++]);
  // the head is the last noun of the run ("the tiny wooden sledge"), or a stand-in ("one")
  let last = words.length - 1;
  while (last >= 0 && words[last].pos !== "NOUN" && words[last].normal !== "one") last--;
  if (last < 0) return null;
  return {
    head: words[last].text.toLowerCase(),
    looks: words.slice(0, last).map((t) => t.text.toLowerCase()),
    end: at + 1 + last + 1,
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

/** The described things a text says the user (or anyone) parted with. */
export function partedWith(text: string): PartedWith[] {
  const tokens = read(text).tokens;
  const out: PartedWith[] = [];
  for (let k = 0; k < tokens.length; k++) {
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
  return partedWith(text).length > 0;
}
