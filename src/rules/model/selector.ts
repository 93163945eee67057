/**
 * The selector through a backbone (paper §4.3): which of the user's active rules bear on this
 * task, read in batches of at most 32. The computable filter (house, hours, "this task") has
 * already run; the model judges relevance in words ("when I ask for something to drink" against
 * "bring me my mug").
 *
 * Dropping a rule that applies is the costly mistake (it then neither guides nor gates), so an
 * answer that cannot be used (unparseable after the re-asks, or naming ids that were not asked
 * about) keeps the whole batch, with a note saying why, rather than guessing.
 */
import { z } from "zod";
import type { ChatModel } from "../../mllm/index.ts";
import { describeRule } from "../describe.ts";
import type { RuleContext, SelectBatch, SessionRule } from "../session-types.ts";
import { ask, type RuleModelOptions, system, user } from "./call.ts";

export const SelectionAnswer = z.strictObject({
  rules: z.array(
    z.strictObject({
      id: z.string(),
      applies: z.boolean(),
      reason: z.string(),
    }),
  ),
});

const SYSTEM = `You select which of a user's standing rules for a household robot bear on the robot's current task. A rule bears on the task if following it could change what the robot does or says in this task: where it goes, where it stops, what it replies, what it writes down. When in doubt, say it applies: a rule wrongly left out is never enforced. The user's current instruction takes precedence over the rules, but a rule it overrides still bears on the task. Answer for every rule id you are given, once.`;

const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;

export function selectionPrompt(batch: readonly SessionRule[], ctx: RuleContext): string {
  return [
    `Current task: "${ctx.instruction}" (house ${ctx.sceneId}, local time ${hh(ctx.hour)})`,
    "Rules:",
    ...batch.map((r) => `- id: ${r.id}\n  said: "${r.statement}"\n  reading: ${describeRule(r.draft)}`),
  ].join("\n");
}

export class ModelSelector {
  constructor(
    private readonly chat: ChatModel,
    private readonly opts: RuleModelOptions,
  ) {}

  readonly select: SelectBatch = async (batch, ctx) => {
    const all = new Set(batch.map((r) => r.id));
    if (batch.length === 0) return { ids: all, calls: [] };
    const r = await ask(
      this.chat,
      this.opts,
      [system(SYSTEM), user(selectionPrompt(batch, ctx))],
      SelectionAnswer,
      "rule_selection",
    );
    if (!r.ok) return { ids: all, calls: [r.record], note: `selection answer unusable (${r.problem}): kept all` };
    const named = r.value.rules.map((x) => x.id);
    const unknown = named.filter((id) => !all.has(id));
    const missing = [...all].filter((id) => !named.includes(id));
    if (unknown.length || new Set(named).size !== named.length)
      return {
        ids: all,
        calls: [r.record],
        note: `selection named ${unknown.length ? `unknown ids ${unknown.join(", ")}` : "an id twice"}: kept all`,
      };
    // a rule the answer skipped is kept: silence is not a decision to drop it
    const ids = new Set([...r.value.rules.filter((x) => x.applies).map((x) => x.id), ...missing]);
    return {
      ids,
      calls: [r.record],
      ...(missing.length ? { note: `selection skipped ${missing.join(", ")}: kept` } : {}),
    };
  };
}
