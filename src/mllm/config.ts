import { z } from "zod";

export const Prices = z.strictObject({
  inputPerMTok: z.number().min(0).default(0).describe("USD per million input tokens"),
  outputPerMTok: z.number().min(0).default(0).describe("USD per million output tokens"),
});
export type Prices = z.infer<typeof Prices>;

export const BackboneConfig = z
  .strictObject({
    name: z.string().default("heuristic").describe("label used in results and reports"),
    type: z
      .string()
      .min(1)
      .default("heuristic")
      .describe("a registered backbone: heuristic, openai (also vLLM, Ollama), gemini"),
    model: z.string().optional(),
    baseUrl: z.string().url().optional().describe("OpenAI-compatible server (vLLM, Ollama) or a Gemini endpoint"),
    apiKeyEnv: z.string().optional().describe("name of the env var holding the key; omit for keyless local servers"),
    temperature: z.number().min(0).max(2).optional(),
    maxOutputTokens: z.number().int().positive().optional(),
    timeoutMs: z.number().int().positive().default(60_000).describe("per HTTP attempt"),
    maxRetries: z.number().int().min(0).max(10).default(2).describe("transport retries: 429, 5xx, timeouts"),
    schemaRetries: z.number().int().min(0).max(5).default(1).describe("re-asks when the output misses the schema"),
    prices: Prices.prefault({}),
    seed: z.number().int().default(0),
    structuredOutput: z
      .enum(["json_schema", "json_object"])
      .default("json_schema")
      .describe("json_schema: the server enforces the schema; json_object: JSON mode plus the schema in the prompt"),
    maxTokensParam: z
      .enum(["max_completion_tokens", "max_tokens"])
      .default("max_completion_tokens")
      .describe("OpenAI-compatible servers differ in the name of the output-token limit"),
    reasoningEffort: z.enum(["minimal", "low", "medium", "high"]).optional().describe("reasoning models (GPT-5)"),
    imageDetail: z.enum(["auto", "low", "high"]).default("auto").describe("OpenAI image_url detail"),
  })
  .superRefine((c, ctx) => {
    if (c.type !== "heuristic" && !c.model) {
      ctx.addIssue({ code: "custom", path: ["model"], message: `a ${c.type} backbone needs a model name` });
    }
  });
export type BackboneConfig = z.infer<typeof BackboneConfig>;
