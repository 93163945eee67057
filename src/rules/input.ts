/**
 * One user input as the rule layer takes it: the messages that came with the request (a
 * correction to keep, or an instruction for this task only) are learned first, against the
 * library as it stood; then the library version in force is pinned for the whole input, and the
 * session selects and checks from that pin alone, whatever is learned meanwhile.
 */
import type { CallRecord } from "../mllm/index.ts";
import { compileRule } from "./compile.ts";
import type { RuleLibrary } from "./library.ts";
import type { ModelRuleLayer } from "./model/layer.ts";
import type { AppealReviewer, SemanticJudge } from "./reviewers.ts";
import { deterministicAppealReviewer } from "./reviewers.ts";
import { RuleSession } from "./rule-session.ts";
import type { RuleContext, RulesMethod } from "./session-types.ts";
import { type TeachResult, teach } from "./teach.ts";

export interface OpenInputOptions {
  library: RuleLibrary;
  userId: string;
  method: RulesMethod;
  context: RuleContext;
  /** what the user said with this request, in order (`polar run --say`, the dashboard, a simulated user) */
  messages?: string[];
  /** the model path (learner, compiler, judge, appeal review); absent: the deterministic one */
  model?: ModelRuleLayer;
  maxRevisions?: number;
  /** ms since the epoch: when the messages were said */
  at?: number;
  taskId?: string;
  /** the house's region labels, when the caller knows them: rooms are read as the house names them */
  rooms?: readonly string[];
}

export interface OpenedInput {
  session: RuleSession;
  taught: TeachResult[];
  /** model calls spent learning and compiling the messages */
  calls: CallRecord[];
}

export async function openInput(o: OpenInputOptions): Promise<OpenedInput> {
  const taught: TeachResult[] = [];
  const calls: CallRecord[] = [];
  const taskLocal: { draft: TeachResult["taskLocal"][number]; check: Awaited<ReturnType<typeof compileRule>> }[] = [];
  const compileWith = o.model ? { proposer: o.model.proposer, reviewer: o.model.reviewer, judge: o.model.judge } : {};
  for (const message of o.messages ?? []) {
    const t = await teach(
      o.library,
      o.userId,
      message,
      {
        sceneId: o.context.sceneId,
        ...(o.rooms ? { rooms: o.rooms } : {}),
        ...(o.taskId ? { taskId: o.taskId } : {}),
        ...(o.at !== undefined ? { at: o.at } : {}),
      },
      compileWith,
    );
    taught.push(t);
    calls.push(...t.calls);
    for (const draft of t.taskLocal) {
      const compileCalls: CallRecord[] = [];
      taskLocal.push({ draft, check: await compileRule(draft, { ...compileWith, calls: compileCalls }) });
      calls.push(...compileCalls);
    }
  }
  const snapshot = await o.library.snapshot(o.userId);
  const judge: SemanticJudge | undefined = o.model?.judge;
  const appeals: AppealReviewer = o.model?.appeals ?? deterministicAppealReviewer;
  const session = await RuleSession.open({
    method: o.method,
    snapshot,
    taskLocal,
    context: o.context,
    ...(judge ? { judge } : {}),
    appeals,
    ...(o.model ? { select: o.model.selector.select } : {}),
    ...(o.maxRevisions !== undefined ? { maxRevisions: o.maxRevisions } : {}),
  });
  return { session, taught, calls };
}

/** The part of a task an input is opened with (the agent's Task has these fields). */
export interface InputTask {
  id: string;
  userId: string;
  sceneId: string;
  instruction: string;
  timestamp: number;
}

/**
 * What an episode's `rules` option takes (src/eval/harness.ts): each episode's input opened
 * from its own task (user, house, time, instruction), the same way for `polar run`, the
 * dashboard and the rule evaluation.
 */
export function rulesForEpisodes(
  o: Omit<OpenInputOptions, "userId" | "context" | "at" | "taskId"> & { onOpened?: (opened: OpenedInput) => void },
): (task: InputTask, hour: number) => Promise<RuleSession> {
  return async (task, hour) => {
    const opened = await openInput({
      ...o,
      userId: task.userId,
      context: { hour, sceneId: task.sceneId, instruction: task.instruction },
      at: task.timestamp,
      taskId: task.id,
    });
    o.onOpened?.(opened);
    return opened.session;
  };
}
