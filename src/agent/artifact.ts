/**
 * The artifact stage of the rule layer: what the robot leaves behind after an explicit
 * request, the trajectory summary it writes to its memory and interaction log ("keep your
 * notes under 20 words", "don't mention the bedroom in the log"). The summary is checked before
 * it is written; a violating one is revised out of the input's shared revision budget, in the
 * same combined way as a reply, and what still fails is written anyway and recorded as
 * unresolved.
 *
 * The summary is written by code from the trajectory's facts, one fact a sentence, so a
 * revision works on sentences: drop the least useful ones (what was seen on the way, rooms
 * searched in vain) to fit a length, drop those that say what must not be said, add what must
 * be said, or put the facts in the JSON object asked for. The first sentence (what was
 * searched for) and the last (how it ended) go last.
 */
import { sentencesAtPeriods, spaced } from "../language/index.ts";
import type { ReplyRequirement } from "../mllm/index.ts";
import type { RuleSession } from "../rules/index.ts";
import { countWords } from "../rules/index.ts";
import { requirementOf } from "./delivery.ts";

export interface ArtifactFacts {
  found: boolean;
  foundRoom: string | null;
  steps: number;
}

const sentencesOf = sentencesAtPeriods;

/** Pure: one revision of a summary that meets every requirement it can. */
export function reviseSummary(text: string, reqs: readonly ReplyRequirement[], facts: ArtifactFacts): string {
  let sentences = sentencesOf(text);
  for (const r of reqs) {
    if (r.kind === "avoid_text") {
      const needle = r.text.toLowerCase();
      sentences = sentences.filter((s) => !s.toLowerCase().includes(needle));
    }
    if (r.kind === "mention" && !sentences.join(" ").toLowerCase().includes(r.text.toLowerCase()))
      sentences.push(`${facts.foundRoom && r.text === facts.foundRoom ? "Found in" : "Note:"} ${r.text}.`);
  }
  const limit = reqs.find((r): r is Extract<ReplyRequirement, { kind: "max_words" }> => r.kind === "max_words");
  if (limit) {
    // middle sentences go first, latest first; then the opening; the outcome goes last
    while (sentences.length > 1 && countWords(sentences.join(" ")) > limit.maxWords) {
      const drop = sentences.length > 2 ? sentences.length - 2 : 0;
      sentences.splice(drop, 1);
    }
    const words = spaced(sentences.join(" "));
    if (countWords(words.join(" ")) > limit.maxWords) sentences = [words.slice(0, limit.maxWords).join(" ")];
  }
  const out = sentences.join(" ");
  const json = reqs.find((r): r is Extract<ReplyRequirement, { kind: "json" }> => r.kind === "json");
  if (!json) return out;
  const known: Record<string, unknown> = {
    found: facts.found,
    room: facts.foundRoom,
    steps: facts.steps,
    summary: out,
    notes: out,
  };
  const fields = json.fields.length ? json.fields : ["found", "room", "steps", "summary"];
  return JSON.stringify(Object.fromEntries(fields.map((f) => [f, f in known ? known[f] : null])));
}

/** The summary as it will be written: checked, revised while the budget lasts, violations recorded. */
export async function checkedSummary(rules: RuleSession | null, text: string, facts: ArtifactFacts): Promise<string> {
  if (!rules?.checking) return text;
  const artifact = (t: string) => ({
    artifact: { name: "episode summary", text: t },
    fields: { found: facts.found, foundRoom: facts.foundRoom },
  });
  let current = text;
  let check = await rules.check("artifact", "episode summary", artifact(current));
  while (check.violations.length > 0 && rules.takeRevision("artifact", "episode summary", check.violations)) {
    const reqs = check.violations
      .map((v) =>
        requirementOf(
          rules.selected().find((r) => r.id === v.id),
          facts.foundRoom,
          "artifact",
        ),
      )
      .filter((r): r is ReplyRequirement => r !== undefined);
    const next = reqs.length ? reviseSummary(current, reqs, facts) : current;
    if (next === current) break; // nothing this reviser can change: the rest stays unresolved
    current = next;
    check = await rules.check("artifact", "episode summary", artifact(current));
  }
  rules.unresolved(check.violations);
  return current;
}
