/**
 * One user message through the layer: learn against the user's rules in force, compile what
 * is to be stored, write it as one library version. Task-local instructions are returned for
 * the current task and never stored; deferred and unclear ones change nothing. Offline by
 * default; a model learner, proposer, reviewer and judge (model/layer.ts) make it the model path.
 */
import type { CallRecord } from "../mllm/index.ts";
import { type CompileOptions, compileRule } from "./compile.ts";
import { describeRule } from "./describe.ts";
import type { LearnContext, LearnItem } from "./learn/offline-learner.ts";
import { deterministicLearner, type Learner } from "./learner.ts";
import type { ApplyResult, RuleLibrary } from "./library.ts";
import { readBack } from "./readback.ts";
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
  /** what the robot says back: what it learned and how it is checked, or what it needs to know */
  reply: string;
  /** every model call the learner and the compiler made (none offline) */
  calls: CallRecord[];
}

export interface TeachOptions extends Omit<CompileOptions, "calls"> {
  /** default: the deterministic learner */
  learner?: Learner;
}

export async function teach(
  library: RuleLibrary,
  userId: string,
  message: string,
  ctx: LearnContext = {},
  opts: TeachOptions = {},
): Promise<TeachResult> {
  const snap = await library.snapshot(userId);
  const { learner = deterministicLearner, ...compileOpts } = opts;
  const learned = await learner.learn(message, snap.rules, ctx);
  const outcome = learned.outcome;
  const calls: CallRecord[] = [...learned.calls];
  const compile: CompileOptions = { ...compileOpts, calls };
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
    } else if (it.decision === "reuse") {
      // a rule said again: how the rule in force is checked is how this is
      const same = snap.rules.find((r) => r.ruleId === it.ruleId);
      items.push(same ? { ...it, check: same.check } : it);
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
    reply: readBack(items, new Map(snap.rules.map((r) => [r.ruleId, r.rule])), ctx.rooms),
    calls,
  };
}

/**
 * What the learner made of one message, a line per reading, then what the robot says back: for
 * `polar run --say` and the dashboard.
 */
export function describeTaught(t: TeachResult): string[] {
  const lines = t.items.map((it) => {
    const what = it.draft ? describeRule(it.draft) : it.reason;
    const check = it.check ? ` → ${it.check.kind}` : "";
    const said = ` ("${it.clause}")`;
    switch (it.decision) {
      case "task_local":
        return `for this task only: ${what}${said}`;
      case "add":
      case "revise":
      case "replace":
        return `${it.decision} ${it.ruleId ?? ""}: ${what}${check}${said}`;
      case "retract":
        return `retract ${it.ruleId}${said}`;
      default:
        return `no rule (${it.decision}: ${it.reason})${said}`;
    }
  });
  return t.reply ? [...lines, `robot: ${t.reply}`] : lines;
}
