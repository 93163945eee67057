/**
 * The parts of a compositional request, for retrieval and grounding: "the one I picked up in Japan, that I
 * keep at my desk and that came from someone at my job" asks for an object that three
 * different memories describe. One embedding of the whole sentence blurs the three into a
 * point near none of them; each part on its own finds its memory.
 */
import { type NlpToken, read } from "./nlp.ts";
import { PERSON_WORDS } from "./statement-cues.ts";

/**
 * Where one description ends and the next begins (the separator is kept: see descriptiveClauses).
 * "who" is none: it opens a clause about a person ("the kettle for friends who crash here"), and an
 * object is never its antecedent.
 */
const BOUNDARY = /(\s*[,;:.!?]\s*|\s+(?:and|but|that|which|where|whose|also)\s+)/i;

/** Words that carry no description of the object (requests, pronouns, fillers). */
const FILLER = new Set(
  (
    "a an the this that these those it its one ones thing item object stuff me my i i'm i've us our we you your " +
    "please can could would will you'd bring get fetch find grab take go show locate where is are was were be been " +
    "to of for in on at with from by it's there here what which some any kind just also really now"
  ).split(" "),
);

function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}']+/u)
    .filter((w) => w.length > 1 && !FILLER.has(w));
}

/**
 * A noun phrase headed by a stand-in for the object ("the one I bring to work", "the work one",
 * "Élodie's thing"): one content word is a description there, since the head is the object.
 */
const STAND_IN_HEAD = /^(?:(?:the|my|our|that|this|[\p{L}'-]+'s)\s+)(?:[\p{L}'-]+\s+)?(?:one|ones|thing|things)\b/iu;

const SPEAKER = /^(?:i|me|we)$/i;
const hasVerb = (tokens: NlpToken[]) => tokens.some((t) => t.pos === "VERB" || t.pos === "AUX");

const PERSON = new RegExp(`^(?:${PERSON_WORDS})$`, "iu");
/** Words of a noun phrase before its head: "my", "the", "little", "oldest". */
const MODIFIER = new Set(["DET", "PRON", "ADJ"]);

/**
 * A person named right before a pronoun of the speaker, and how the phrase is reached: "the day
 * my wife and I …" (after a noun, a subordinator or nothing) coordinates them; "…came from my
 * pal and I …" (after a preposition) ends a description at the "and".
 */
function personBefore(left: NlpToken[]): boolean {
  const last = left[left.length - 1];
  if (!last || !(last.pos === "PROPN" || PERSON.test(last.normal))) return false;
  let i = left.length - 2;
  while (i >= 0 && MODIFIER.has(left[i].pos) && !SPEAKER.test(left[i].normal)) i--;
  return i < 0 || left[i].pos !== "ADP";
}

/**
 * An "and" that joins two words inside one description, not two descriptions: what follows it has
 * no verb ("the cake and candles", "for July and August", "cold and dark outside"), or it joins a
 * person and the speaker into one subject or object, the person first ("the day my sister and I
 * married", "when Dara and me walk", "what my cousin and I both use"). A person after a
 * preposition ("…from my pal and I keep it …") ends a description. The speaker first ("me and
 * Kim") is left split: measured, its one occurrence in the development sets lost its object.
 */
function joinsWithin(before: string, after: string): boolean {
  const right = read(after).tokens;
  if (!hasVerb(right)) return true;
  const left = read(before).tokens;
  const first = right[0];
  if (!first || left.length === 0) return false;
  return SPEAKER.test(first.normal) && (right[1]?.normal === "both" || personBefore(left));
}

/**
 * The descriptive parts of an instruction, in order; fewer than two means it is not
 * compositional (the whole instruction is the one query). Parts with fewer than two content
 * words ("Take me to it") describe nothing, unless the object heads them (STAND_IN_HEAD). An
 * "and" inside one description (joinsWithin) keeps its two sides together.
 */
export function descriptiveClauses(instruction: string): string[] {
  const pieces = instruction.split(BOUNDARY);
  const parts: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = (pieces[i] ?? "").trim();
    const sep = i > 0 ? (pieces[i - 1] ?? "") : "";
    const prev = parts.length ? parts[parts.length - 1] : null;
    if (prev && piece && /^\s*and\s*$/i.test(sep) && joinsWithin(prev, piece))
      parts[parts.length - 1] = `${prev} and ${piece}`;
    else parts.push(piece);
  }
  return parts.filter((c) => contentWords(c).length >= (STAND_IN_HEAD.test(c) ? 1 : 2));
}
