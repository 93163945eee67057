/**
 * Asides that a report or a thanks carries and that ask nothing of the robot, though their words
 * look like a rule's: a comparison with habit ("it sat on the shelf like always", "as usual") says
 * the thing was where it usually is, no "always" of a rule; an exclamation said as a negative
 * question, its auxiliary before its subject ("isn't that clever?", "wasn't that quick!"), praises,
 * and its "not" negates nothing. Read over normalised words (tokens.ts: "isn't" is "is not").
 */

/** "like always", "as usual", "just as ever", "as per usual": how things usually are. */
const HABIT_COMPARED = /\b(?:(?:just )?(?:like|as) (?:always|usual|ever)|as per usual)\b/g;

/**
 * "is not that clever ?", "was not it quick": a negated auxiliary, then a pronoun subject, then one
 * word of quality (a degree word may come before it), and nothing more in its sentence.
 */
const EXCLAIMED_AS_QUESTION =
  /^(?:(?:oh|wow|now) )?(?:is|was|are|were) not (?:that|it|this|he|she|they|you) (?:(?:so|just|really|pretty|rather|very|too) )?[a-z]+ ?[?!.]*$/;

/** The text of one sentence without such asides ("" when the whole sentence is one). */
export function withoutToldAsides(sentence: string): string {
  const text = sentence.trim();
  if (EXCLAIMED_AS_QUESTION.test(text)) return "";
  return text.replace(HABIT_COMPARED, " ").replace(/\s+/g, " ").trim();
}
