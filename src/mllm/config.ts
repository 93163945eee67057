import { z } from "zod";
import { checkSegment } from "../util/index.ts";

export const Prices = z.strictObject({
  inputPerMTok: z.number().min(0).default(0).describe("USD per million input tokens"),
  outputPerMTok: z.number().min(0).default(0).describe("USD per million output tokens"),
});
export type Prices = z.infer<typeof Prices>;

const ReasoningEffort = z.enum(["minimal", "low", "medium", "high"]);

/** Settings only OpenAI's chat completions (and the servers that copy them) honour. */
export const OpenAIProviderOptions = z.strictObject({
  reasoningEffort: ReasoningEffort.optional().describe("reasoning models (GPT-5): reasoning_effort"),
  imageDetail: z.enum(["auto", "low", "high"]).optional().describe("image_url detail (default auto)"),
  maxTokensParam: z
    .enum(["max_completion_tokens", "max_tokens"])
    .optional()
    .describe("the name of the output-token limit: OpenAI-compatible servers differ (default max_completion_tokens)"),
});
export type OpenAIProviderOptions = z.infer<typeof OpenAIProviderOptions>;

/** Settings only Gemini honours. */
export const GeminiProviderOptions = z.strictObject({
  reasoningEffort: ReasoningEffort.optional().describe("as a Gemini 2.5 thinking budget (gemini-convert.ts)"),
});
export type GeminiProviderOptions = z.infer<typeof GeminiProviderOptions>;

/** Provider-specific settings, each under its provider's name (as the Vercel AI SDK's providerOptions). */
export const ProviderOptions = z.strictObject({
  openai: OpenAIProviderOptions.optional(),
  gemini: GeminiProviderOptions.optional(),
});

export const BackboneConfig = z
  .strictObject({
    name: z
      .string()
      .superRefine(checkSegment)
      .default("heuristic")
      .describe("label used in results and reports; it names the backbone's memory folder"),
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
    maxRetryAfterMs: z
      .number()
      .int()
      .min(0)
      .max(3_600_000)
      .default(60_000)
      .describe(
        "the longest wait a retry-after may ask for and be waited out; a longer one fails the request at once (an infrastructure failure: rerun later)",
      ),
    schemaRetries: z.number().int().min(0).max(5).default(1).describe("re-asks when the output misses the schema"),
    prices: Prices.optional().describe(
      "USD per million tokens, for the cost estimates; without it a call's cost is not reported (0 for a free local server)",
    ),
    seed: z.number().int().default(0),
    structuredOutput: z
      .enum(["json_schema", "json_object"])
      .default("json_schema")
      .describe("json_schema: the server enforces the schema; json_object: JSON mode plus the schema in the prompt"),
    providerOptions: ProviderOptions.prefault({}).describe(
      "settings one provider honours, under its name (openai: reasoningEffort, imageDetail, maxTokensParam; gemini: reasoningEffort); a backbone of another provider warns that it ignores them",
    ),
  })
  .superRefine((c, ctx) => {
    if (c.type !== "heuristic" && !c.model) {
      ctx.addIssue({ code: "custom", path: ["model"], message: `a ${c.type} backbone needs a model name` });
    }
  });
export type BackboneConfig = z.infer<typeof BackboneConfig>;

/** Where a provider's warnings go unless its caller collects them. */
export const warnOnStderr = (message: string) => console.warn(`warning: ${message}`);

/**
 * Warns once for every setting under another provider's name: a backbone of `provider` cannot
 * honour it, and says so instead of ignoring it silently. Returns the warnings.
 */
export function warnUnhonouredOptions(
  config: BackboneConfig,
  provider: string,
  warn: (message: string) => void = warnOnStderr,
): string[] {
  const warnings: string[] = [];
  for (const [owner, options] of Object.entries(config.providerOptions)) {
    if (owner === provider || !options) continue;
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined) continue;
      warnings.push(
        `backbone "${config.name}" (${provider}) ignores providerOptions.${owner}.${key}: only ${owner} honours it`,
      );
    }
  }
  for (const w of warnings) warn(w);
  return warnings;
}
