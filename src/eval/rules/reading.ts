/**
 * Whether a learner's reading of a simulated correction is the preference the simulated user
 * meant: the same requirement (kind, room, word limit, JSON fields, room mention), the same
 * hours, house scope and "unless I ask" exception, stored as a lasting rule. Measures the
 * learner against the simulator's hidden truth; it never feeds anything back to the learner.
 */
import type { LearnOutcome } from "../../rules/learn.ts";
import { canonicalRoom } from "../../rules/rooms.ts";
import { FOUND_ROOM, type RuleDraft, sceneScope } from "../../rules/types.ts";
import type { Preference } from "./profile.ts";

const STORED = new Set(["add", "reuse", "revise", "replace"]);

/** What is wrong with one draft as a reading of the preference; empty when it is right. */
export function draftProblems(d: RuleDraft, p: Preference, sceneId: string): string[] {
  const out: string[] = [];
  const r = d.requirement;
  const room = (x: string) => canonicalRoom(x) ?? x;
  switch (p.kind) {
    case "avoid_room":
    case "no_stop_in_room":
      if (r.kind !== p.kind) out.push(`kind ${r.kind}, meant ${p.kind}`);
      else if (room(r.room) !== room(p.room)) out.push(`room ${r.room}, meant ${p.room}`);
      break;
    case "max_words":
      if (r.kind !== "word_limit") out.push(`kind ${r.kind}, meant word_limit`);
      else if (r.maxWords !== p.maxWords || r.target !== "reply")
        out.push(`limit ${r.maxWords} on the ${r.target}, meant ${p.maxWords} on the reply`);
      break;
    case "mention_room":
      if (r.kind !== "mention") out.push(`kind ${r.kind}, meant mention`);
      else if (r.what !== FOUND_ROOM || r.target !== "reply") out.push(`mention "${r.what}" in the ${r.target}`);
      break;
    case "json_reply":
      if (r.kind !== "json_fields") out.push(`kind ${r.kind}, meant json_fields`);
      else if ([...r.fields].sort().join(",") !== [...p.fields].sort().join(","))
        out.push(`fields [${r.fields.join(", ")}], meant [${p.fields.join(", ")}]`);
      break;
  }
  const times = d.conditions.filter((c) => c.kind === "time");
  const when = "when" in p ? p.when : undefined;
  const timeKey = (f: number, t: number) => `${f}→${t % 24}`;
  const got = times.map((c) => (c.kind === "time" ? timeKey(c.fromHour, c.toHour) : "")).join(",");
  const want = when ? timeKey(when.fromHour, when.toHour) : "";
  if (got !== want) out.push(`hours [${got || "always"}], meant [${want || "always"}]`);
  const others = d.conditions.filter((c) => c.kind !== "time");
  if (others.length) out.push(`extra conditions: ${others.map((c) => c.quote).join("; ")}`);
  const scope = p.kind === "avoid_room" && p.sceneId !== undefined ? sceneScope(sceneId) : "global";
  if (d.scope !== scope) out.push(`scope ${d.scope}, meant ${scope}`);
  const asked = d.exceptions.some((c) => c.kind === "instruction_mentions");
  const meantAsked = p.kind === "avoid_room" && p.unlessAsked === true;
  if (asked !== meantAsked) out.push(meantAsked ? "the 'unless I ask' exception is missing" : "an exception not meant");
  const otherExc = d.exceptions.filter((c) => c.kind !== "instruction_mentions");
  if (otherExc.length) out.push(`extra exceptions: ${otherExc.map((c) => c.quote).join("; ")}`);
  if (d.persistence !== "persistent") out.push(`persistence ${d.persistence}`);
  return out;
}

export interface Reading {
  ok: boolean;
  /** why not, when not: the closest draft's problems, or what the learner decided instead */
  problems: string[];
}

/**
 * Right when the learner stores (add / reuse / revise / replace) a rule whose draft reads as the
 * preference; a learner that stores nothing, or only other readings, is wrong.
 */
export function readsAs(outcome: LearnOutcome, p: Preference, sceneId: string): Reading {
  const stored = outcome.items.filter((i) => STORED.has(i.decision) && i.draft);
  if (!stored.length)
    return {
      ok: false,
      problems: outcome.items.length
        ? outcome.items.map((i) => `${i.decision}: ${i.reason}`)
        : ["not read as a correction"],
    };
  const tries = stored.map((i) => draftProblems(i.draft!, p, sceneId)).sort((a, b) => a.length - b.length);
  return tries[0].length ? { ok: false, problems: tries[0] } : { ok: true, problems: [] };
}
