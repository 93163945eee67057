/** One call from config to results and report: what `polar eval`, `npm start`, tests and the bench use. */
import type { PolarConfig } from "../config/schema.ts";
import { createMemoryFactory } from "./memory-factory.ts";
import { type RunOptions, type RunSummary, runEvaluation } from "./runner.ts";
import { buildPlan } from "./setup.ts";
import { createRuntime } from "./wiring.ts";

export interface EvaluateOptions extends RunOptions {
  env?: NodeJS.ProcessEnv;
  /** hears the embedder notice (lexical fallback) and similar one-liners */
  onNotice?: (message: string) => void;
}

export async function evaluate(
  config: PolarConfig,
  opts: EvaluateOptions = {},
): Promise<RunSummary & { embedder: string }> {
  const { plan, backbones } = await buildPlan(config, opts.env);
  const memory = await createMemoryFactory(config, opts.onNotice);
  const runtime = createRuntime(config, plan.set, backbones, memory);
  try {
    const summary = await runEvaluation(plan, runtime, opts);
    return { ...summary, embedder: runtime.embedder };
  } finally {
    await runtime.close();
  }
}
