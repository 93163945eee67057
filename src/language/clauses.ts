/**
 * The parts of a compositional request, for retrieval and grounding: "the one I picked up in Japan, that I
 * keep at my desk and that came from someone at my job" asks for an object that three
 * different memories describe. One embedding of the whole sentence blurs the three into a
 * point near none of them; each part on its own finds its memory.
 */

/** Where one description ends and the next begins. */
const BOUNDARY = /\s*[,;:.!?]\s*|\s+(?:and|but|that|which|who|where|whose|also)\s+/i;

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

/**
 * The descriptive parts of an instruction, in order; fewer than two means it is not
 * compositional (the whole instruction is the one query). Parts with fewer than two content
 * words ("Take me to it") describe nothing, unless the object heads them (STAND_IN_HEAD).
 */
export function descriptiveClauses(instruction: string): string[] {
  return instruction
    .split(BOUNDARY)
    .map((c) => c.trim())
    .filter((c) => contentWords(c).length >= (STAND_IN_HEAD.test(c) ? 1 : 2));
}
