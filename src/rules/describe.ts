/** Rules in words, for the CLI, reports and the planner prompts (scope and conditions included). */
import { type Condition, FOUND_ROOM, type RuleDraft } from "./types.ts";

const hh = (h: number) => `${String(h % 24).padStart(2, "0")}:00`;

export function describeCondition(c: Condition): string {
  switch (c.kind) {
    case "time":
      return `${hh(c.fromHour)}–${hh(c.toHour)} ("${c.quote}")`;
    case "scene":
      return `in house ${c.sceneId}`;
    case "instruction_mentions":
      return `the instruction names the ${c.room} ("${c.quote}")`;
    case "text":
      return `"${c.text}"`;
  }
}

export function describeRule(r: Pick<RuleDraft, "requirement" | "scope" | "conditions" | "exceptions">): string {
  const q = r.requirement;
  let what: string;
  switch (q.kind) {
    case "avoid_room":
      what = `never enter the ${q.room}`;
      break;
    case "no_stop_in_room":
      what = `never stop in the ${q.room}`;
      break;
    case "word_limit":
      what = `${q.target} of at most ${q.maxWords} words`;
      break;
    case "json_fields":
      what = q.fields.length ? `${q.target} as JSON with ${q.fields.join(", ")}` : `${q.target} as JSON`;
      break;
    case "mention":
      what =
        q.what === FOUND_ROOM ? `${q.target} names the room the object was in` : `${q.target} mentions "${q.what}"`;
      break;
    case "avoid_text":
      what = `${q.target} never says "${q.text}"`;
      break;
    case "behavior":
      what = q.text;
      break;
  }
  const scope =
    r.scope === "global" ? "" : r.scope.startsWith("scene:") ? ` [house ${r.scope.slice(6)}]` : " [this task]";
  const when = r.conditions.length ? ` when ${r.conditions.map(describeCondition).join(" and ")}` : "";
  const except = r.exceptions.length ? ` except ${r.exceptions.map(describeCondition).join(" or ")}` : "";
  return `${what}${scope}${when}${except}`;
}
