/**
 * "I'd like to see the river from up there", "we want to learn what it is called": the speaker's
 * own wish to see, learn or know something. Its subject is the speaker and its act their own, so it
 * asks nothing of the robot; beside a question about the house it says why it was asked. A wish
 * with the robot in it ("I'd like you to look", "I want to see you stop") stays a request, and one
 * with a negation stays whatever the rest of the grammar reads. Read over normalised words (tokens.ts).
 */

const SPEAKER = new Set(["i", "we"]);

/** Words that may stand between the speaker and the verb of wanting: "i would really like". */
const BEFORE_WANT = new Set(["would", "really", "just", "do", "so", "also", "still", "only"]);

const WANT = new Set(["want", "like", "love", "wish", "hope"]);

/** Verbs of seeing, learning or knowing: what the speaker takes in, not what anyone does. */
const TAKE_IN = new Set(["see", "learn", "know", "understand", "read", "remember"]);

/**
 * The robot, a negation or an amount: the wish is then about the robot, or more than the speaker's
 * own ("I'd like to see less of it in here" wants less of something).
 */
const NOT_OWN = new Set([
  ...["you", "u", "ya", "your", "ur", "yourself", "robot", "bot"],
  ...["not", "never", "no", "less", "fewer", "more"],
]);

/** Whether a sentence (normalised words) is only the speaker's wish to see, learn or know something. */
export function wishesToTakeIn(sentence: string): boolean {
  const ws = sentence.split(/\s+/).filter((w) => /^[a-z]/.test(w));
  if (ws.some((w) => NOT_OWN.has(w))) return false;
  return ws.some((w, i) => {
    if (!SPEAKER.has(w)) return false;
    let k = i + 1;
    while (BEFORE_WANT.has(ws[k] ?? "")) k++;
    if (!WANT.has(ws[k] ?? "") || ws[k + 1] !== "to") return false;
    k += 2;
    while (ws[k] === "really" || ws[k] === "just" || ws[k] === "also") k++;
    return TAKE_IN.has(ws[k] ?? "");
  });
}
