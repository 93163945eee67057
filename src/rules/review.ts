/**
 * The offline reviewer of check proposals: a second labeller, written apart from the proposer
 * and the checker (compile.ts, check.ts), that never sees the expected labels.
 *
 * It reads the rule (what the user asked for, its scope, conditions and exceptions) and labels
 * each case from the evidence by its own procedure; it also judges whether the proposed check
 * is faithful to the user's words: the room, the number, the fields, the phrase it checks must
 * be in the statement, and the check must keep the rule's stage, house, conditions and
 * exceptions. Where its reading and the proposer's differ, validation fails, which is the point.
 * It reads numbers, hour windows and room names as the learner does (src/language):
 * what "a dozen" or "the ofice" means is one question; whether a check keeps it is its own.
 */
import {
  APOSTROPHE,
  ASKS_JSON,
  ASKS_WHERE,
  canonicalRoom,
  countWords,
  FENCE_CLOSE,
  FENCE_OPEN,
  inWindow,
  LABEL_NOISE,
  matchRoom,
  NOT_LETTER_OR_SPACE,
  namedIn,
  namesKeyByParts,
  numbersIn,
  roomOfUse,
  spaced,
  unbeaten,
  wordsIn,
} from "../language/index.ts";
import type { BlindCase, Proposal, Review, Reviewer } from "./proposal.ts";
import { type Condition, Evidence, FOUND_ROOM, type RuleDraft, scopeScene, type Verdict } from "./types.ts";

type Ev = ReturnType<typeof Evidence.parse>;

/** Words as a reader counts them: the language part's one count. */
const words = countWords;

function roomIs(label: string, room: string): boolean {
  const l = label.toLowerCase().replace(LABEL_NOISE, " ").trim();
  if (l === room || spaced(l).join(" ").endsWith(room)) return true;
  // a label in one word for a room and a rule in another word for the same room ("kitchen" and
  // "cocina"): the room the checks read as one (rooms.ts sameRoom), so the reviewer does too
  const c = canonicalRoom(label);
  return c !== undefined && (c === room || c === canonicalRoom(room));
}

function sayNamesRoom(text: string, room: string): boolean {
  return (
    text.toLowerCase().includes(room.toLowerCase()) ||
    (canonicalRoom(room) !== undefined && text.toLowerCase().includes(canonicalRoom(room)!))
  );
}

function conditionHolds(c: Condition, ev: Ev): boolean | undefined {
  if (c.kind === "time") {
    const h = ev.context.hour;
    if (h === undefined) return undefined;
    return inWindow(h, c.fromHour, c.toHour);
  }
  if (c.kind === "scene") return ev.context.sceneId === undefined ? undefined : ev.context.sceneId === c.sceneId;
  if (c.kind === "instruction_mentions") {
    const i = ev.context.instruction;
    return i === undefined ? undefined : i.toLowerCase().includes(c.room) || sayNamesRoom(i, c.room);
  }
  return undefined;
}

/** The reviewer's own label for one case. */
export function labelCase(rule: RuleDraft, evidence: Evidence): Verdict {
  const ev = Evidence.parse(evidence);
  if (ev.stage !== rule.stage) return "not_applicable";
  const scene = scopeScene(rule.scope);
  if (scene) {
    if (!ev.context.sceneId) return "unknown";
    if (ev.context.sceneId !== scene) return "not_applicable";
  }
  for (const c of rule.conditions) {
    const h = conditionHolds(c, ev);
    if (h === undefined) return "unknown";
    if (!h) return "not_applicable";
  }
  for (const x of rule.exceptions) {
    const h = conditionHolds(x, ev);
    if (h === undefined) return "unknown";
    if (h) return "not_applicable";
  }
  const q = rule.requirement;
  const out =
    q.kind === "word_limit" || q.kind === "json_fields" || q.kind === "mention" || q.kind === "avoid_text"
      ? q.target === "reply"
        ? ev.reply
        : ev.artifact?.text
      : undefined;
  switch (q.kind) {
    case "avoid_room": {
      const a = ev.action ?? {};
      const seen = [a.chosenRoom, ...(a.pathRooms ?? []), a.stopRoom].filter((x): x is string => x !== undefined);
      if (!seen.length) return "unknown";
      return seen.some((l) => roomIs(l, q.room)) ? "violated" : "pass";
    }
    case "no_stop_in_room": {
      const s = ev.fields?.stopRoom ?? ev.action?.stopRoom;
      if (typeof s !== "string") return "unknown";
      return roomIs(s, q.room) ? "violated" : "pass";
    }
    case "word_limit":
      if (out === undefined) return "unknown";
      return words(out) > q.maxWords ? "violated" : "pass";
    case "json_fields": {
      if (out === undefined) return "unknown";
      let v: unknown;
      try {
        v = JSON.parse(out.trim().replace(FENCE_OPEN, "").replace(FENCE_CLOSE, ""));
      } catch {
        return "violated";
      }
      if (typeof v !== "object" || v === null || Array.isArray(v)) return "violated";
      const o = v as Record<string, unknown>;
      return q.fields.every((f) => Object.hasOwn(o, f) && o[f] !== null && o[f] !== "") ? "pass" : "violated";
    }
    case "avoid_text": {
      if (out === undefined) return "unknown";
      const said = wordsIn;
      const text = said(out);
      const lit = said(q.text);
      const at = text.findIndex((_, i) => lit.every((w, j) => text[i + j] === w));
      return lit.length && at >= 0 ? "violated" : "pass";
    }
    case "mention": {
      if (q.what === FOUND_ROOM) {
        if (ev.fields?.found === false) return "not_applicable";
        const room = ev.fields?.foundRoom;
        if (typeof room !== "string") return "unknown";
        if (out === undefined) return "unknown";
        return sayNamesRoom(out, room) ? "pass" : "violated";
      }
      if (out === undefined) return "unknown";
      return out.toLowerCase().includes(q.what.toLowerCase()) ? "pass" : "violated";
    }
    case "behavior":
      return "unknown";
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a proposed check says what the user's words say. */
export function faithfulness(rule: RuleDraft, check: Proposal["check"]): string[] {
  const problems: string[] = [];
  // "Keep. Out. Of. The. Guest. Room.": a room's name said over several beats is said all the same
  const said = unbeaten(`${rule.statement} ${rule.quotes.join(" ")}`);
  const lower = said.toLowerCase();
  if (check.applies.stage !== rule.stage)
    problems.push(`the check runs at ${check.applies.stage}, the rule is about ${rule.stage}`);
  if ((check.applies.sceneId ?? null) !== (scopeScene(rule.scope) ?? null))
    problems.push("the check's house is not the rule's scope");
  if (!same(check.applies.conditions, rule.conditions))
    problems.push("the check drops or changes the rule's conditions");
  if (!same(check.applies.exceptions, rule.exceptions))
    problems.push("the check drops or changes the rule's exceptions");
  if (check.kind !== "programmatic") return problems;
  const s = check.spec;
  const q = rule.requirement;
  // the room as the user said it, or a word for the same room, or a misspelling of it ("the ofice"),
  // or what is done in it ("the room where I do my sewing" names the sewing room), or the house's
  // label said with a hyphen or as a qualifier and another word for its kind ("the downstairs washroom"),
  // or by its parts (namesKeyByParts: "the loo downstairs" is the downstairs toilet, and though the
  // stored key lost the label's apostrophe, "Nan's room" still names "Great Nan's room")
  const roomSaid = (room: string) =>
    lower.includes(room) ||
    namesKeyByParts(said, room) ||
    namedIn(said, room) ||
    roomOfUse(lower.replace(APOSTROPHE, "").split(NOT_LETTER_OR_SPACE).join(" ").split(" "), [room]) === room ||
    lower
      .replace(APOSTROPHE, "")
      .split(NOT_LETTER_OR_SPACE)
      .some((chunk) => {
        const w = chunk.split(" ").filter(Boolean);
        return w.some((_, i) => matchRoom(w.slice(i, i + 4), [room], true)?.room === room);
      });
  switch (s.type) {
    case "path_avoids":
      if (q.kind !== "avoid_room") problems.push("a path check for a rule that is not about a room to avoid");
      for (const r of s.rooms) if (!roomSaid(r)) problems.push(`the user never named the room "${r}"`);
      break;
    case "field":
      if (s.field === "stopRoom") {
        if (q.kind !== "no_stop_in_room") problems.push("a stop check for a rule that is not about where to stop");
        if (typeof s.literal !== "string" || !roomSaid(s.literal))
          problems.push(`the user never named "${String(s.literal)}"`);
        if (s.op !== "not_equals") problems.push("the rule forbids the room; the check requires it");
      } else if (!lower.includes(String(s.literal).toLowerCase()))
        problems.push(`the user never said "${String(s.literal)}"`);
      break;
    case "word_limit": {
      if (q.kind !== "word_limit") problems.push("a word limit for a rule that sets none");
      const ns = numbersIn(said);
      if (!ns.some((n) => n === s.maxWords || n - 1 === s.maxWords))
        problems.push(`the user's words give no limit of ${s.maxWords}`);
      break;
    }
    case "json_fields":
      if (!ASKS_JSON.test(said)) problems.push("the user asked for no JSON");
      for (const f of s.fields)
        if (!lower.includes(f.toLowerCase())) problems.push(`the user never named the field "${f}"`);
      break;
    case "excludes":
      if (q.kind !== "avoid_text") problems.push("a text to avoid for a rule that names none");
      if (!lower.includes(s.literal.toLowerCase())) problems.push(`the user never said "${s.literal}"`);
      break;
    case "contains":
      if (s.literal !== undefined && !lower.includes(s.literal.toLowerCase()))
        problems.push(`the user never said "${s.literal}"`);
      if (s.field === "foundRoom" && !ASKS_WHERE.test(said)) problems.push("the user did not ask where it was");
      break;
  }
  return problems;
}

export class DeterministicReviewer implements Reviewer {
  readonly name = "deterministic-reviewer-v1";
  async review(rule: RuleDraft, check: Proposal["check"], cases: BlindCase[]): Promise<Review> {
    const problems = faithfulness(rule, check);
    const labels: Record<string, Verdict> = {};
    for (const c of cases) labels[c.id] = labelCase(rule, c.evidence);
    return { faithful: problems.length === 0, clear: rule.clear, labels, problems };
  }
}
