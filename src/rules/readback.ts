/**
 * What the robot says back after a correction: what it learned, in its own words, how it will
 * be checked, and a question where it could not tell ("From now on I'll stay out of the nursery
 * when the baby's asleep; I can't tell when that is myself: which hours are those? Tell me and
 * I'll check them."): the hours it needs are asked as a question. Nothing is learned silently, and
 * nothing unclear is dropped silently.
 */

import {
  CURLY_APOSTROPHE,
  LEADING_EXCEPT,
  LEADING_NOT,
  LEADING_WHEN,
  LETTER_RUN,
  OPENS_CLAUSE,
  roomKey,
  STARTS_WHEN,
} from "../language/index.ts";
import type { LearnItem } from "./learn/items.ts";
import { type CompiledCheck, type Condition, FOUND_ROOM, type RuleDraft } from "./types.ts";

const hh = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;

/** The user's words turned to the robot's side: "while I'm asleep" → "while you're asleep". */
function swapPerson(s: string): string {
  const map: Record<string, string> = {
    i: "you",
    "i'm": "you're",
    im: "you're",
    me: "you",
    my: "your",
    mine: "yours",
    we: "you",
    "we're": "you're",
    our: "your",
    us: "you",
    you: "I",
    "you're": "I'm",
    your: "my",
  };
  // the verb agrees with its new subject: "I am home" → "you are home", "you were" → "I was"
  const agree: Record<string, Record<string, string>> = {
    i: { am: "are", was: "were" },
    you: { are: "am", were: "was" },
  };
  let subject = "";
  let before = "";
  return s.replace(LETTER_RUN, (w) => {
    const k = w.toLowerCase().replace(CURLY_APOSTROPHE, "'");
    // "when she calls you" → "when she calls me": "you" after any word but one that opens a clause is an object
    const object = k === "you" && before !== "" && !OPENS_CLAUSE.test(before);
    const out = object ? "me" : (agree[subject]?.[k] ?? map[k] ?? w);
    subject = !object && (k === "i" || k === "you") ? k : "";
    before = k;
    return out;
  });
}

function condition(c: Condition): string {
  switch (c.kind) {
    case "time":
      return `between ${hh(c.fromHour)} and ${hh(c.toHour)}`;
    case "scene":
      return "in that house";
    case "instruction_mentions":
      return `you ask me to go to the ${c.room}`;
    case "text":
      return swapPerson(c.quote.replace(LEADING_WHEN, (m) => m.toLowerCase()));
  }
}

/** The rule in the robot's words: "stay out of the garage between 21:00 and 06:00". */
export function inFirstPerson(r: Pick<RuleDraft, "requirement" | "conditions" | "exceptions" | "scope">): string {
  const q = r.requirement;
  let act: string;
  switch (q.kind) {
    case "avoid_room":
      act = `stay out of the ${q.room}`;
      break;
    case "no_stop_in_room":
      act = `not stop in the ${q.room}`;
      break;
    case "word_limit":
      act = `keep my ${q.target === "artifact" ? "notes" : "replies"} to ${q.maxWords} words or fewer`;
      break;
    case "json_fields":
      act = `${q.target === "artifact" ? "write my notes" : "reply"} in JSON${q.fields.length ? ` with ${q.fields.join(", ")}` : ""}`;
      break;
    case "mention":
      act = q.what === FOUND_ROOM ? "tell you which room I found it in" : `say "${q.what}"`;
      break;
    case "avoid_text":
      act = `never say "${q.text}"`;
      break;
    case "behavior":
      act = `do as you said: "${q.text}"`;
      break;
  }
  const when = r.conditions.map((c) =>
    c.kind === "time" ? condition(c) : c.kind === "text" ? condition(c) : `when ${condition(c)}`,
  );
  // "unless I'm home" says itself; the others ("on weekends", from a permission, or hours) are
  // said as the exceptions they are, under one "except": "except between 9 and 12 or between 14 and 17"
  const ownMarker = (c: (typeof r.exceptions)[number]) => c.kind === "text" && LEADING_EXCEPT.test(c.quote);
  const excepted = r.exceptions
    .filter((c) => !ownMarker(c))
    .map((c) => (c.kind === "time" || c.kind === "text" ? condition(c) : `when ${condition(c)}`));
  const except = [
    ...(excepted.length ? [`except ${excepted.join(" or ")}`] : []),
    ...r.exceptions.filter(ownMarker).map(condition),
  ];
  const scope = r.scope.startsWith("scene:") ? " in this house" : "";
  return [act + scope, ...when, ...except].join(" ");
}

/** What a retraction gives back. */
function lifted(d: RuleDraft): string {
  const q = d.requirement;
  switch (q.kind) {
    case "avoid_room":
      return `I may go into the ${q.room} again`;
    case "no_stop_in_room":
      return `I may stop in the ${q.room} again`;
    case "word_limit":
      return "I'll drop the word limit";
    case "json_fields":
      return "I'll stop replying in JSON";
    case "mention":
      return q.what === FOUND_ROOM ? "I'll stop telling you the room" : `I'll stop saying "${q.what}"`;
    case "avoid_text":
      return `I may say "${q.text}" again`;
    case "behavior":
      return `I'll drop "${q.text}"`;
  }
}

const textCondition = (d: RuleDraft) => d.conditions.find((c) => c.kind === "text");

/** How a stored rule will be held to: checked, or kept in mind with what would let it be checked. */
function howChecked(d: RuleDraft, check: CompiledCheck | undefined): string {
  const text = textCondition(d);
  if (text)
    return `; I can't tell ${STARTS_WHEN.test(text.quote.trim()) ? "when that is" : `"${text.quote}"`} myself: which hours are those? Tell me and I'll check them`;
  if (check?.kind === "guidance") return "; I'll keep it in mind, but I can't check it myself";
  if (check?.kind === "inactive") return ", once I understand it better";
  return "";
}

/** One sentence per item (and the questions), for a reply to the user. */
export function readBack(
  items: readonly (LearnItem & { check?: CompiledCheck })[],
  retracted: ReadonlyMap<string, RuleDraft> = new Map(),
  rooms: readonly string[] = [],
): string {
  const out: string[] = [];
  for (const it of items) {
    const d = it.draft;
    switch (it.decision) {
      case "add":
      case "revise":
      case "replace":
        if (d) out.push(`From now on I'll ${inFirstPerson(d)}${howChecked(d, it.check)}.`);
        break;
      case "reuse":
        if (d) out.push(`I already ${inFirstPerson(d).replace(LEADING_NOT, "don't ")}.`);
        break;
      case "task_local":
        out.push(d ? `Just for this task, I'll ${inFirstPerson(d)}.` : "Just for this task, then; the rule stays.");
        break;
      case "retract": {
        const old = it.ruleId ? retracted.get(it.ruleId) : undefined;
        out.push(old ? `OK, ${lifted(old)}.` : "OK, that rule is gone.");
        break;
      }
      case "nothing_to_retract":
        out.push("I had no rule about that to drop.");
        break;
      case "defer":
      case "unclear":
        out.push(
          it.question ?? (d ? `Should I ${inFirstPerson(d)} from now on?` : "What should I do differently next time?"),
        );
        continue;
      case "none":
        break;
    }
    if (it.question) out.push(it.question);
  }
  return asLabelled(out.join(" "), rooms);
}

/**
 * A room whose house label says whose it is is said by that label, as the user knows it: rules
 * store a room's key, which has lost the apostrophe ("the aunt rosas room" is "Aunt Rosa's room").
 */
function asLabelled(reply: string, rooms: readonly string[]): string {
  let out = reply;
  for (const label of rooms)
    if (label.includes("'") || label.includes("’"))
      out = out.split(`the ${roomKey(label)}`).join(label.replace(CURLY_APOSTROPHE, "'"));
  return out;
}
