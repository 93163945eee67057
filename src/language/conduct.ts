/**
 * A judgement of how the robot carries itself, with nothing asked that could be checked: "you've
 * been rather sloppy in the hall lately", "a bit heavy-handed of late", "show more tact,
 * generally". Something is wrong, but what to do instead is not said, so such a message is a
 * correction asked back ("what should I do differently?"), never a rule and never let pass as
 * chat. Someone afraid of the robot is left alone: that is as often chat as a complaint. Read
 * over normalised words (tokens.ts), one sentence at a time.
 */
import { findsPresenceTooMuch } from "./presence.ts";

/** Words that find fault with conduct: how the robot moves or behaves, judged, not measured. */
const FAULT = new Set([
  "careless",
  "clumsy",
  "sloppy",
  "slapdash",
  "rushed",
  "hasty",
  "hurried",
  "reckless",
  "rough",
  "heavy-handed",
  "weak",
  "mid",
  "messy",
  "pushy",
  "rude",
  "intrusive",
  "nosy",
  "erratic",
  "jerky",
  "lazy",
  "thoughtless",
  "inconsiderate",
  "disappointing",
  "annoying",
  "irritating",
  "unsettling",
]);

/** The robot as a sentence names it: the addressee, its possessive, or the machine. */
const ROBOT = new Set(["you", "u", "ya", "your", "ur", "yourself", "robot", "bot"]);

/** Words that set a judgement over a stretch of time, so it is about conduct, not one event: "lately". */
const RECENT = ["lately", "recently", "of late", "these days"];

/** Care asked for as a quality (a noun): how much would be enough is not said. */
const CARE = new Set(["discretion", "care", "caution", "tact", "consideration", "restraint"]);

/** Words that ask for more of a quality without a measure: "greater discretion", "a bit more care". */
const MORE = new Set(["more", "greater", "extra", "further"]);

/** Verbs that ask the robot to calm down, said with a degree ("settle down a bit"). */
const CALM = new Set(["chill", "calm", "settle", "tone"]);

/** Words of a small degree: "a bit", "a little". */
const SMALL = new Set(["bit", "little", "tad"]);

const wordsOf = (sentence: string) => sentence.split(/\s+/).filter((w) => /^[a-z]/.test(w));

/** Whether a sentence of the text judges the robot's conduct without asking anything checkable. */
export function judgesConduct(text: string): boolean {
  // "he" / "she" may be the robot only where the message names it
  const named = wordsOf(text.toLowerCase()).some((w) => w === "robot" || w === "bot");
  return text.split(/[.!?;]/).some((s) => sentenceJudges(s, named));
}

function sentenceJudges(sentence: string, robotNamed: boolean): boolean {
  const ws = wordsOf(sentence.toLowerCase());
  // "you were all over the house", "less of you, please": the robot's presence found too much
  if (findsPresenceTooMuch(ws, robotNamed)) return true;
  const text = ` ${ws.join(" ")} `;
  const robot = ws.some((w) => ROBOT.has(w));
  // "you were sloppy in the den", "a bit rough lately": fault found with the robot, or over time
  if (ws.some((w) => FAULT.has(w)) && (robot || RECENT.some((r) => text.includes(` ${r} `)))) return true;
  // "exercise more discretion", "take a little more care": a quality with no measure
  if (ws.some((w, i) => CARE.has(w) && MORE.has(ws[i - 1] ?? ""))) return true;
  // "calm down a bit around the den": calming asked by degree
  return ws.some((w) => CALM.has(w)) && ws.some((w) => SMALL.has(w));
}

/** Verbs of the robot's search succeeding: "you found …", "you got it from …". */
const SUCCEEDED = new Set(["found", "got", "fetched", "brought", "spotted", "located"]);

/** Words that turn a report of success into a complaint: a negation, or a contrast with what went well. */
const TURNS = new Set(["not", "no", "never", "but", "though", "however", "again", "still", "instead", "wrong"]);

/**
 * Whether a sentence tells that the robot's search succeeded ("you found my scarf in the attic,
 * right where I left it"), with nothing negated or set against it: what went well, no complaint,
 * whatever room it names.
 */
export function reportsSuccess(sentence: string): boolean {
  const ws = wordsOf(sentence.toLowerCase());
  if (ws.some((w) => TURNS.has(w))) return false;
  return ws.some((w, i) => SUCCEEDED.has(w) && ROBOT.has(ws[i - 1] ?? ""));
}
