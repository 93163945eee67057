/**
 * One user message through the offline layer: learn against the user's rules in force,
 * compile what is to be stored, write it as one library version. Task-local instructions are
 * returned for the current task and never stored; deferred and unclear ones change nothing.
 */
import { type CompileOptions, compileRule } from "./compile.ts";
import { type LearnContext, type LearnItem, learn } from "./learn.ts";
import type { ApplyResult, RuleLibrary } from "./library.ts";
import type { CompiledCheck, LibraryUpdate, RuleDraft } from "./types.ts";

export interface TaughtItem extends LearnItem {
  /** what the compiler made of a stored rule (add / revise / replace) */
  check?: CompiledCheck;
}

export interface TeachResult {
  userId: string;
  message: string;
  signal: boolean;
  /** the library version the message was read against */
  readAt: number;
  items: TaughtItem[];
  /** undefined when nothing was written */
  write?: ApplyResult;
  /** task-local readings, for the current task only */
  taskLocal: RuleDraft[];
}

export async function teach(
  library: RuleLibrary,
  userId: string,
  message: string,
  ctx: LearnContext = {},
  compile: CompileOptions = {},
): Promise<TeachResult> {
  const snap = await library.snapshot(userId);
  const outcome = learn(message, snap.rules, ctx);
  const items: TaughtItem[] = [];
  const updates: LibraryUpdate[] = [];
  for (const it of outcome.items) {
    if ((it.decision === "add" || it.decision === "revise" || it.decision === "replace") && it.draft) {
      const check = await compileRule(it.draft, compile);
      items.push({ ...it, check });
      if (it.decision === "add") updates.push({ op: "add", rule: it.draft, check });
      else updates.push({ op: it.decision, ruleId: it.ruleId!, base: it.base!, rule: it.draft, check });
    } else if (it.decision === "retract") {
      items.push(it);
      updates.push({
        op: "retract",
        ruleId: it.ruleId!,
        base: it.base!,
        quote: it.quote ?? message,
        message: outcome.message,
      });
    } else items.push(it);
  }
  const write = updates.length ? await library.apply(userId, updates, ctx.at) : undefined;
  // the ids a new rule got
  if (write) {
    let k = 0;
    for (const it of items) {
      if (it.decision === "add") {
        const w = write.written.filter((x) => x.change === "add")[k++];
        if (w) it.ruleId = w.ruleId;
      }
    }
  }
  return {
    userId,
    message: outcome.message,
    signal: outcome.signal,
    readAt: snap.libraryVersion,
    items,
    ...(write ? { write } : {}),
    taskLocal: outcome.items.filter((i) => i.decision === "task_local" && i.draft).map((i) => i.draft!),
  };
}
