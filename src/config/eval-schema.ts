/** The evaluation's settings (`eval:`): with the composed schema, so the config layer sits below the eval it configures. */
import { z } from "zod";

export const EvalConfig = z.strictObject({
  dataset: z.string().default("datasets/polar-mini"),
  out: z.string().default("results"),
  memoryModes: z.array(z.enum(["none", "raw", "polar"])).default(["none", "raw", "polar"]),
  /** backbone names (configs/backbones/<name>.yaml); empty means the config's own backbone */
  backbones: z.array(z.string().min(1)).default([]),
  /** scenarios to evaluate; empty means all the dataset holds */
  scenarios: z.array(z.string().min(1)).default([]),
  /**
   * Table 2's trajectory representations for polar mode. `episodic` is Polar's own; the others
   * change what grounding and planning see of the retrieved experience.
   */
  representations: z.array(z.enum(["instruction", "raw_trajectory", "summary", "episodic"])).default(["episodic"]),
  concurrency: z.number().int().positive().max(256).default(2),
  bootstrapSamples: z.number().int().positive().default(1000),
  seed: z.number().int().default(0),
  /**
   * infrastructure failures in a row (simulator gone, model endpoint down) after which the run
   * stops instead of burning through every remaining episode
   */
  maxConsecutiveFailures: z.number().int().positive().default(5),
  /** stop handing out episodes after this many minutes (the run resumes where it stopped) */
  maxMinutes: z.number().positive().optional(),
  /** k for Figure 8's recall of the gold prior interactions (paper: top-5) */
  recallK: z.number().int().positive().default(5),
  measures: z
    .array(z.string().min(1))
    .default(["path_length", "steps", "stopped", "distance_to_goal", "success", "spl", "category_match", "collisions"])
    .describe(
      "registered measures, in order, each after those it reads; results need the first seven, and every one listed reaches results.jsonl's `measures`, the report and the dashboard",
    ),
});
export type EvalConfig = z.infer<typeof EvalConfig>;
