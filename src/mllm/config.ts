import { z } from "zod";

export const Prices = z.strictObject({
  inputPerMTok: z.number().min(0).default(0),
  outputPerMTok: z.number().min(0).default(0),
});

export const BackboneConfig = z.strictObject({
  name: z.string().default("heuristic").describe("label used in results and reports"),
  type: z.enum(["heuristic", "openai", "gemini"]).default("heuristic"),
  model: z.string().optional(),
  baseUrl: z.string().url().optional().describe("OpenAI-compatible server (vLLM, Ollama)"),
  apiKeyEnv: z.string().optional().describe("name of the env var holding the key"),
  temperature: z.number().min(0).max(2).optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  timeoutMs: z.number().int().positive().default(60_000),
  maxRetries: z.number().int().min(0).max(10).default(2),
  schemaRetries: z.number().int().min(0).max(5).default(1),
  prices: Prices.prefault({}),
  seed: z.number().int().default(0),
});
export type BackboneConfig = z.infer<typeof BackboneConfig>;
