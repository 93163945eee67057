/** One call from config to results and report: what `polar eval`, `npm start`, tests and the bench use. */
import { join } from "node:path";
import type { PolarConfig } from "../config/index.ts";
import {
  DEV_BANK,
  type EvalPlan,
  type EvalRuntime,
  loadBank,
  type PhraseBank,
  planRuleEval,
  type RuleEvalLine,
  type RunOptions,
  type RunSummary,
  readsNoText,
  runEvaluation,
  runRuleEval,
  sceneFacts,
  scoreTable,
  scoreText,
  slug,
  sweep,
  writeRuleEval,
} from "../eval/index.ts";
import type { BackboneConfig } from "../mllm/index.ts";
import type { RulesMethod } from "../rules/index.ts";
import { ruleLayerFor } from "../rules/index.ts";
import { settingsFromConfig } from "../sim/index.ts";
import { claimDir } from "../util/index.ts";
import { createMemoryFactory } from "./memory-factory.ts";
import { buildPlan } from "./setup.ts";
import { episodeThreads } from "./thread-pool.ts";
import { createRuntime } from "./wiring.ts";

export interface EvaluateOptions extends RunOptions {
  env?: NodeJS.ProcessEnv;
  /** hears the embedder notice (lexical fallback) and similar one-liners */
  onNotice?: (message: string) => void;
  /** after the evaluation: measure the rule layer with these methods (simulated users, learning then test) */
  rules?: RulesMethod[];
  /** hears each rule-evaluation episode as it finishes */
  onRuleLine?: (line: RuleEvalLine, done: number, total: number) => void;
  /**
   * the simulated user's held-out phrase bank; only `polar eval --rules` (and `npm start`) pass
   * it, so no test reads it. Without it every simulated user speaks from the development bank.
   */
  ruleTestBank?: PhraseBank;
}

export interface RulesOutcome {
  table: string;
  /** the rule table and the learner's, as plain text within 100 columns, with the sweeps: for a terminal */
  text: string;
  /** the learner's reading of the simulated users' messages, per bank and field */
  learner: string;
  report: string;
  results: string;
  episodes: number;
}

export async function evaluate(
  config: PolarConfig,
  opts: EvaluateOptions = {},
): Promise<RunSummary & { embedder: string; rules?: RulesOutcome }> {
  const { plan, backbones } = await buildPlan(config, opts.env);
  const memory = await createMemoryFactory(config, opts.onNotice);
  const runtime = createRuntime(config, plan.set, backbones, memory);
  try {
    const summary = await runEvaluation(plan, runtime, { ...threadsFor(config, plan, opts), ...opts });
    // The rule layer is measured on a finished evaluation only: its episodes read the memory the acquisition built.
    const rules =
      opts.rules?.length && summary.remaining === 0 && !opts.signal?.aborted
        ? await measureRules(config, plan, runtime, backbones, opts)
        : undefined;
    return { ...summary, embedder: runtime.embedder, ...(rules ? { rules } : {}) };
  } finally {
    await runtime.close();
  }
}

/**
 * The embedded simulator in process is CPU work on this thread: with --concurrency above 1 its
 * episodes go to worker threads. Bridges (WebSocket) are waited on, not computed: those stay
 * on this thread's event loop.
 */
function threadsFor(config: PolarConfig, plan: EvalPlan, opts: EvaluateOptions): Pick<RunOptions, "threads"> {
  const s = config.simulator;
  const inProcess = s.type === "embedded" && !s.url && !s.urls?.length;
  return inProcess && config.eval.concurrency > 1 ? { threads: episodeThreads(config, plan.set, opts.env) } : {};
}

async function measureRules(
  config: PolarConfig,
  plan: EvalPlan,
  runtime: EvalRuntime,
  backbones: BackboneConfig[],
  opts: EvaluateOptions,
): Promise<RulesOutcome> {
  const memory = plan.memoryModes.includes("polar") ? "polar" : plan.memoryModes[0];
  const [probe] = await runtime.openSimulators(1);
  const scenes = await sceneFacts(plan.set, probe, settingsFromConfig(config.simulator)).finally(() => probe.close());
  const sims = await runtime.openSimulators(plan.concurrency);
  const lines: RuleEvalLine[] = [];
  const methods = opts.rules ?? [];
  const banks = { dev: loadBank(DEV_BANK), ...(opts.ruleTestBank ? { test: opts.ruleTestBank } : {}) };
  const byConstruction = new Set<string>();
  const sweeps: string[] = [];
  const sweepsText: string[] = [];
  let done = 0;
  const total = backbones.length * methods.length * plan.set.evaluation.length;
  try {
    for (const b of backbones) {
      // held while the rule layer reads it, as the runner holds it (no polar run --memory-dir into it)
      const memoryLock = claimDir(join(plan.outDir, "memory", slug(b.name)), {
        label: "memory folder",
        command: ["polar", ...(opts.argv ?? ["eval"])].join(" "),
      });
      const bb = await runtime.openBackbone(b.name, memoryLock.path).catch((e) => {
        memoryLock.release();
        throw e;
      });
      try {
        const model = ruleLayerFor(b, opts.env ?? process.env);
        if (readsNoText(bb)) for (const m of methods) if (m === "text" || m === "selected") byConstruction.add(m);
        lines.push(
          ...(await runRuleEval(bb, sims, scenes, {
            set: plan.set,
            methods,
            memory,
            seed: config.eval.seed,
            outDir: plan.outDir,
            timeZone: config.rules.timeZone,
            maxRevisions: config.rules.maxRevisions,
            banks,
            library: { store: config.rules.store, neo4j: config.memory.neo4j, env: opts.env ?? process.env },
            ...(model ? { model } : {}),
            onLine: (l) => opts.onRuleLine?.(l, ++done, total),
          })),
        );
        // the offline learner on the whole of each bank (no model call); a model learner on the run's messages only
        if (!model && !sweeps.length) {
          const { users } = planRuleEval(
            plan.set,
            scenes,
            config.eval.seed,
            config.rules.timeZone,
            banks.test ? ["dev", "test"] : ["dev"],
          );
          const of = users.map((user) => {
            const sceneId = user.learning[0]?.sceneId ?? user.test[0].sceneId;
            return { user, sceneId, rooms: [...new Set(scenes.get(sceneId)!.info.regions.map((r) => r.label))] };
          });
          for (const s of await sweep(of, banks, { seed: config.eval.seed })) {
            const named = { ...s, name: `${s.name} bank, every kind of message, 3 draws each (offline learner)` };
            sweeps.push(scoreTable(named, false));
            sweepsText.push(scoreText(named));
          }
        }
      } finally {
        await bb.close();
        memoryLock.release();
      }
    }
  } finally {
    await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
  }
  const extra = sweeps.length ? `## The offline learner on each whole bank\n\n${sweeps.join("\n\n")}` : "";
  const written = writeRuleEval(plan.outDir, lines, [...byConstruction], extra);
  return {
    table: written.table,
    text: [
      `The rule layer, test phase (${lines.length} episodes):`,
      written.text.table,
      "",
      "The learner on what the simulated users said:",
      written.text.learner,
      ...(sweepsText.length ? ["", "The offline learner on each whole bank:", "", sweepsText.join("\n\n")] : []),
    ].join("\n"),
    learner: [written.learner, extra].filter(Boolean).join("\n\n"),
    report: join(plan.outDir, "rules-report.md"),
    results: join(plan.outDir, "rules-results.jsonl"),
    episodes: lines.length,
  };
}
