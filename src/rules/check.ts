/**
 * Running a programmatic check on the evidence of one stage (paper §4.3, appendix B.3).
 *
 * Verdicts: pass, violated, not_applicable (the rule does not apply here: another stage, another
 * house, outside its hours, an exception holds) and unknown (the evidence needed is missing).
 * Unknown is never compliance: callers must not count it as a pass, and it never clears an
 * earlier violation (see `clears`).
 */
import {
  asWholeWords,
  canonicalRoom,
  countWords,
  inWindow,
  JSON_FENCE,
  NOT_WORD_CHAR,
  namedIn,
  ROOM_FIELD,
  sameRoom,
  spaced,
} from "../language/index.ts";
import {
  type Applicability,
  type CheckResult,
  type CompiledCheck,
  type Condition,
  Evidence,
  type OutputTarget,
  type ProgrammaticSpec,
} from "./types.ts";

type Ev = ReturnType<typeof Evidence.parse>;

const result = (verdict: CheckResult["verdict"], reason: string, quotes: string[] = []): CheckResult => ({
  verdict,
  reason,
  quotes,
});

/** The local hour (0–23) of a timestamp, in a time zone (default: the process's). */
export function hourOf(timestamp: number, timeZone?: string): number {
  const s = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(
    new Date(timestamp),
  );
  return Number.parseInt(s, 10) % 24;
}

/** true / false, or undefined when the evidence cannot say (e.g. no time given). */
function holds(c: Condition, ev: Ev): boolean | undefined {
  switch (c.kind) {
    case "time":
      return ev.context.hour === undefined ? undefined : inWindow(ev.context.hour, c.fromHour, c.toHour);
    case "scene":
      return ev.context.sceneId === undefined ? undefined : ev.context.sceneId === c.sceneId;
    case "instruction_mentions":
      return ev.context.instruction === undefined ? undefined : mentionsRoom(ev.context.instruction, c.room);
    case "text":
      return undefined;
  }
}

/** Whether a text names a room (any way of saying it, and a house's own room by its name). */
export function mentionsRoom(text: string, room: string): boolean {
  if (namedIn(text, room)) return true;
  const tokens = spaced(text.toLowerCase().replace(NOT_WORD_CHAR, " ")).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    for (let n = 1; n <= 3 && i + n <= tokens.length; n++) {
      if (sameRoomPhrase(tokens.slice(i, i + n).join(" "), room)) return true;
    }
  }
  return false;
}

function sameRoomPhrase(phrase: string, room: string): boolean {
  const c = canonicalRoom(phrase);
  return c !== undefined && c === (canonicalRoom(room) ?? room);
}

/** Whether a check applies to this evidence at all: stage, house, conditions, exceptions. */
export function applicability(a: Applicability, ev: Ev): CheckResult | null {
  if (ev.stage !== a.stage) return result("not_applicable", `checked at ${a.stage}, this is ${ev.stage} evidence`);
  if (a.sceneId !== undefined) {
    if (ev.context.sceneId === undefined) return result("unknown", "the evidence does not say which house this is");
    if (ev.context.sceneId !== a.sceneId)
      return result("not_applicable", `the rule is for house ${a.sceneId}, this is ${ev.context.sceneId}`);
  }
  for (const c of a.conditions) {
    const h = holds(c, ev);
    if (h === undefined) return result("unknown", `cannot tell whether "${c.quote}" holds from the evidence`);
    if (!h) return result("not_applicable", `the rule's condition "${c.quote}" does not hold`);
  }
  for (const x of a.exceptions) {
    const h = holds(x, ev);
    if (h === undefined) return result("unknown", `cannot tell whether the exception "${x.quote}" holds`);
    if (h) return result("not_applicable", `the exception "${x.quote}" holds`);
  }
  return null;
}

function outputText(ev: Ev, target: OutputTarget): string | undefined {
  return target === "reply" ? ev.reply : ev.artifact?.text;
}

/** A word or phrase as a whole word, any case, any spacing: "sir" is not in "desire". */
export const wholeWord = asWholeWords;

/** Words as a reader counts them (one count for the checks, the reviewer and the replies). */
export { countWords };

function excerpt(text: string, max = 200): string {
  return text.length <= max ? text : text.slice(0, max);
}

/** The JSON object in a reply: the whole reply, or the body of one ```json fence. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const fenced = JSON_FENCE.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  try {
    const v = JSON.parse(body);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function fieldValue(ev: Ev, field: string): string | number | boolean | null | undefined {
  if (ev.fields && field in ev.fields) return ev.fields[field];
  if (field === "chosenRoom") return ev.action?.chosenRoom;
  if (field === "stopRoom") return ev.action?.stopRoom;
  return undefined;
}

function runSpec(spec: ProgrammaticSpec, ev: Ev): CheckResult {
  switch (spec.type) {
    case "json_fields": {
      const text = outputText(ev, spec.target);
      if (text === undefined) return result("unknown", `no ${spec.target} in the evidence`);
      const obj = parseJsonObject(text);
      if (!obj) return result("violated", `the ${spec.target} is not a JSON object`, [excerpt(text)]);
      const missing = spec.fields.filter((f) => !(f in obj));
      if (missing.length) return result("violated", `the JSON lacks ${missing.join(", ")}`, [excerpt(text)]);
      // a field asked for holds a value: {"room": null} names no room
      const empty = spec.fields.filter((f) => obj[f] === null || obj[f] === "");
      if (empty.length) return result("violated", `the JSON's ${empty.join(", ")} holds no value`, [excerpt(text)]);
      return result("pass", `the JSON has ${spec.fields.join(", ")}`, [excerpt(text)]);
    }
    case "word_limit": {
      const text = outputText(ev, spec.target);
      if (text === undefined) return result("unknown", `no ${spec.target} in the evidence`);
      const n = countWords(text);
      return n <= spec.maxWords
        ? result("pass", `${n} words (limit ${spec.maxWords})`, [excerpt(text)])
        : result("violated", `${n} words, over the limit of ${spec.maxWords}`, [excerpt(text)]);
    }
    case "field": {
      const v = fieldValue(ev, spec.field);
      if (v === undefined || v === null) return result("unknown", `the evidence has no ${spec.field}`);
      const eq =
        spec.match === "room" && typeof v === "string" && typeof spec.literal === "string"
          ? sameRoom(v, spec.literal)
          : v === spec.literal;
      const ok = spec.op === "equals" ? eq : !eq;
      const rel = spec.op === "equals" ? "must be" : "must not be";
      return result(
        ok ? "pass" : "violated",
        `${spec.field} is ${JSON.stringify(v)}; it ${rel} ${JSON.stringify(spec.literal)}`,
        [String(v)],
      );
    }
    case "path_avoids": {
      const a = ev.action;
      const seen: [string, string][] = [];
      if (a?.chosenRoom !== undefined) seen.push(["the chosen room", a.chosenRoom]);
      for (const r of a?.pathRooms ?? []) seen.push(["the planned path", r]);
      if (a?.stopRoom !== undefined) seen.push(["the stop", a.stopRoom]);
      if (seen.length === 0)
        return result("unknown", "the evidence names no room the robot chose, plans to pass or stops in");
      const bad = seen.filter(([, label]) => spec.rooms.some((r) => sameRoom(label, r)));
      if (bad.length)
        return result(
          "violated",
          `${bad.map(([where, label]) => `${where} enters ${label}`).join("; ")} (to avoid: ${spec.rooms.join(", ")})`,
          [...new Set(bad.map(([, l]) => l))],
        );
      return result("pass", `no room to avoid among ${seen.map(([, l]) => l).join(", ")}`, [
        ...new Set(seen.map(([, l]) => l)),
      ]);
    }
    case "contains": {
      const text = outputText(ev, spec.target);
      let needle: string | undefined = spec.literal;
      let asRoom = false;
      if (spec.field !== undefined) {
        const v = fieldValue(ev, spec.field);
        if (v === undefined || v === null) {
          if (ev.fields?.found === false)
            return result("not_applicable", "nothing was found, so there is no room to name");
          return result("unknown", `the evidence has no ${spec.field}`);
        }
        needle = String(v);
        asRoom = ROOM_FIELD.test(spec.field);
      }
      if (needle === undefined) return result("unknown", "nothing to look for");
      if (text === undefined) return result("unknown", `no ${spec.target} in the evidence`);
      const found = asRoom ? mentionsRoom(text, needle) : text.toLowerCase().includes(needle.toLowerCase());
      return found
        ? result("pass", `the ${spec.target} mentions ${JSON.stringify(needle)}`, [excerpt(text)])
        : result("violated", `the ${spec.target} does not mention ${JSON.stringify(needle)}`, [excerpt(text)]);
    }
    case "excludes": {
      const text = outputText(ev, spec.target);
      if (text === undefined) return result("unknown", `no ${spec.target} in the evidence`);
      const hit = wholeWord(spec.literal).exec(text);
      return hit
        ? result("violated", `the ${spec.target} says ${JSON.stringify(hit[0])}`, [excerpt(text)])
        : result("pass", `the ${spec.target} never says ${JSON.stringify(spec.literal)}`, [excerpt(text)]);
    }
  }
}

/**
 * The verdict of one compiled check on one stage's evidence. Guidance-only and inactive rules
 * are never checked: asking gives not_applicable with the reason. Semantic checks need a model
 * judge and are not run here: unknown.
 */
export function runCheck(check: CompiledCheck, evidence: Evidence): CheckResult {
  const ev = Evidence.parse(evidence);
  if (check.kind === "guidance" || check.kind === "inactive")
    return result("not_applicable", `a ${check.kind} rule is never checked`);
  const gate = applicability(check.applies, ev);
  if (gate) return gate;
  if (check.kind === "semantic") return result("unknown", "a semantic check needs the model judge");
  return runSpec(check.spec, ev);
}

/** Only pass and not_applicable clear an earlier violation on the same candidate; unknown never does. */
export function clears(v: CheckResult["verdict"]): boolean {
  return v === "pass" || v === "not_applicable";
}
