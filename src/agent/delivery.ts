/**
 * The end of an episode: what the robot tells the user (the delivery), checked against the
 * user's rules before it is said. Violations found in one draft are combined into one revision
 * request; revisions come out of the input's shared budget; once it is spent, one appeal goes to
 * a separate reviewer; whatever still fails is said anyway and recorded as unresolved.
 */
import type { CallRecord, Policy, ReplyInput, ReplyRequirement } from "../mllm/index.ts";
import type { RuleResult, RuleSession, SessionRule } from "../rules/index.ts";
import { FOUND_ROOM } from "../rules/index.ts";

export interface Delivery {
  /** what the robot said */
  text: string;
  /** its first draft, before any rule revision (the "before final repair" reading) */
  draft: string;
  revisions: number;
  /** violations the delivered text still has */
  unresolved: RuleResult[];
}

export interface DeliveryFacts {
  instruction: string;
  outcome: ReplyInput["outcome"];
}

/** The structured form of a reply rule, so a backbone that cannot read text can still revise. */
export function requirementOf(
  rule: SessionRule | undefined,
  foundRoom: string | null,
  target: "reply" | "artifact" = "reply",
): ReplyRequirement | undefined {
  if (!rule) return undefined;
  const q = rule.draft.requirement;
  switch (q.kind) {
    case "word_limit":
      return q.target === target ? { kind: "max_words", maxWords: q.maxWords } : undefined;
    case "json_fields":
      return q.target === target ? { kind: "json", fields: q.fields } : undefined;
    case "mention":
      if (q.target !== target) return undefined;
      if (q.what === FOUND_ROOM) return foundRoom ? { kind: "mention", text: foundRoom } : undefined;
      return { kind: "mention", text: q.what };
    case "avoid_text":
      return q.target === target ? { kind: "avoid_text", text: q.text } : undefined;
    default:
      return undefined;
  }
}

/** What the user's rules changed in what the robot did, for the reply to say (a user should know why it skipped a room). */
function withRuleChanges(outcome: ReplyInput["outcome"], rules: RuleSession | null): ReplyInput["outcome"] {
  const refused = rules?.summary.refused ?? [];
  const rooms = (actions: string[]) => [
    ...new Set(refused.filter((r) => actions.includes(r.action)).map((r) => r.room)),
  ];
  const keptOut = rooms(["room", "step"]);
  const notStoppedIn = rooms(["stop"]).filter((r) => !keptOut.includes(r));
  return keptOut.length || notStoppedIn.length ? { ...outcome, byRules: { keptOut, notStoppedIn } } : outcome;
}

export async function deliver(
  policy: Policy,
  facts: DeliveryFacts,
  rules: RuleSession | null,
  onCalls: (cs: readonly CallRecord[]) => void,
): Promise<Delivery> {
  const base: ReplyInput = {
    instruction: facts.instruction,
    outcome: withRuleChanges(facts.outcome, rules),
    guidance: rules?.guidance() ?? [],
  };
  const ask = async (input: ReplyInput) => {
    const d = await policy.reply(input);
    onCalls(d.calls);
    return d.value.text;
  };
  const draft = await ask(base);
  if (!rules?.checking) return { text: draft, draft, revisions: 0, unresolved: [] };

  const evidence = (text: string) => ({
    reply: text,
    fields: { found: facts.outcome.stopped, foundRoom: facts.outcome.foundRoom },
  });
  let text = draft;
  let revisions = 0;
  let check = await rules.check("delivery", "reply", evidence(text));
  while (check.violations.length > 0 && rules.takeRevision("delivery", "reply", check.violations)) {
    revisions++;
    text = await ask({
      ...base,
      revision: {
        previous: text,
        violations: check.violations.map((v) => {
          const req = requirementOf(
            rules.selected().find((r) => r.id === v.id),
            facts.outcome.foundRoom,
          );
          return { rule: v.statement, reason: v.reason, ...(req ? { requirement: req } : {}) };
        }),
      },
    });
    check = await rules.check("delivery", "reply", evidence(text));
  }
  const standing = await rules.appeal("delivery", check.violations, evidence(text));
  rules.unresolved(standing);
  return { text, draft, revisions, unresolved: standing };
}
