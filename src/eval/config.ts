import { z } from "zod";

export const EvalConfig = z.strictObject({
  dataset: z.string().default("datasets/polar-mini"),
  out: z.string().default("results"),
  memoryModes: z.array(z.enum(["none", "raw", "polar"])).default(["none", "raw", "polar"]),
  concurrency: z.number().int().positive().default(2),
  bootstrapSamples: z.number().int().positive().default(1000),
  seed: z.number().int().default(0),
});
export type EvalConfig = z.infer<typeof EvalConfig>;
