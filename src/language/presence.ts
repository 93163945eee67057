/**
 * The robot's presence or manner found too much, with nothing checkable asked: "you were all over
 * the flat today", "everywhere I go, there she is" (the robot named), "a bit less of you, please",
 * "ease up on the following", "careful round the glass shelf". Something is wrong, but no room,
 * hour or act is said, so the learner asks back (conduct.ts), never keeps a rule. Someone else
 * all over the floor ("the toys are everywhere") is no complaint about the robot. Read over one
 * sentence's normalised words (tokens.ts).
 */

/** The robot as the subject of a sentence: the addressee, or the machine by its name. */
const ROBOT = new Set(["you", "u", "ya", "youse", "robot", "bot"]);

/** "he" / "she" stand for the robot only in a message that names it. */
const STAND_IN = new Set(["he", "she", "him", "her"]);

const BE = new Set(["am", "is", "are", "was", "were", "be", "been", "being"]);

/** Words that may stand between the subject, its verb and where it is: "you are always just everywhere". */
const BETWEEN = new Set([
  "always",
  "just",
  "literally",
  "really",
  "constantly",
  "forever",
  "still",
  "do",
  "like",
  "so",
]);

/** Verbs of calming, said of an activity ("chill with the beeping", "ease up on the following"). */
const CALM = new Set(["chill", "calm", "tone", "ease", "easy"]);

/** Words that may stand between a verb of calming and its "with" / "on". */
const PARTICLE = new Set(["up", "down", "out", "it", "off"]);

/** Words before the activity a verb of calming is about: "the", "your", "all that". */
const DETERMINER = new Set(["the", "your", "ur", "all", "that", "this", "those", "these", "my"]);

/** A word that says who is careful, so "careful" tells of them, not asks: "I was careful", "she is". */
const SAYS_WHO = new Set([...BE, "i", "we", "they", "have", "has", "had", "not", "never"]);

/** Prepositions of where or what to take care with: "careful near the vases". */
const CARE_PLACE = new Set(["near", "around", "round", "with", "by", "about"]);

/** Whether a sentence's words find the robot's presence or manner too much, with nothing checkable asked. */
export function findsPresenceTooMuch(ws: readonly string[], robotNamed: boolean): boolean {
  const robot = (w: string | undefined) => w !== undefined && (ROBOT.has(w) || (robotNamed && STAND_IN.has(w)));
  return everywhere(ws, robot) || lessOf(ws, robot) || calmWith(ws) || careBare(ws);
}

/** "you were all over the house", "wherever I go, there he is": the robot said to be everywhere. */
function everywhere(ws: readonly string[], robot: (w: string | undefined) => boolean): boolean {
  const spread = ws.includes("everywhere") || ws.includes("wherever");
  return ws.some((w, i) => {
    if (!robot(w)) return false;
    let k = i + 1;
    while (BETWEEN.has(ws[k] ?? "")) k++;
    if (!BE.has(ws[k] ?? "")) return false;
    k++;
    while (BETWEEN.has(ws[k] ?? "")) k++;
    const at = ws[k] ?? "";
    return (
      at === "everywhere" || (at === "all" && ws[k + 1] === "over") || (spread && (at === "there" || at === "here"))
    );
  });
}

/** "less of you, please", "a bit less of the robot": less of the robot itself. */
function lessOf(ws: readonly string[], robot: (w: string | undefined) => boolean): boolean {
  return ws.some((w, i) => w === "less" && ws[i + 1] === "of" && robot(ws[i + 2] === "the" ? ws[i + 3] : ws[i + 2]));
}

/** "chill with the hovering", "ease up on all that following": calming asked of an activity. */
function calmWith(ws: readonly string[]): boolean {
  return ws.some((w, i) => {
    if (!CALM.has(w)) return false;
    let k = i + 1;
    while (PARTICLE.has(ws[k] ?? "")) k++;
    if (ws[k] !== "with" && ws[k] !== "on") return false;
    k++;
    while (DETERMINER.has(ws[k] ?? "")) k++;
    const act = ws[k] ?? "";
    return act.length > 4 && act.endsWith("ing");
  });
}

/**
 * "careful near the glass cabinet", "be a bit careful with Nan's things": care asked for with no
 * one said to be careful before it, and a thing or place to take care with after it.
 */
function careBare(ws: readonly string[]): boolean {
  const k = ws.indexOf("careful");
  if (k < 0 || ws.slice(0, k).some((w) => SAYS_WHO.has(w) && w !== "be")) return false;
  return ws.slice(k + 1).some((w) => CARE_PLACE.has(w));
}
