/**
 * Two paid-looking backbones for end-to-end eval tests: an OpenAI-format and a Gemini-format
 * scripted server (test/mllm/scripted-server.ts) answering every request with a schema-valid
 * answer drawn from the request's own JSON Schema, with reported token usage, behind backbone
 * YAML files with prices. The real `openai` and `@google/genai` clients talk to them.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  geminiResponse,
  openaiCompletion,
  openaiError,
  type RecordedRequest,
  type Reply,
  ScriptedServer,
  type WireJson,
} from "../mllm/scripted-server.ts";

/** A deterministic pick: the same request index gives the same answer. */
function pick<T>(xs: readonly T[], seed: number): T {
  return xs[((seed * 2654435761) >>> 0) % xs.length];
}

/**
 * A value that fits a JSON Schema node (the subset zod emits: object, enum, anyOf, string, array,
 * null); its free strings are `text`.
 */
export function answerFor(schema: WireJson, seed: number, text = "scripted answer"): unknown {
  if (!schema || typeof schema !== "object") return null;
  if (Array.isArray(schema.enum)) {
    // a low-level decision: stop sometimes, so episodes end early and tests stay quick
    return pick(schema.enum, seed);
  }
  if (Array.isArray(schema.anyOf)) {
    const nonNull = schema.anyOf.filter((s: WireJson) => s.type !== "null");
    return nonNull.length ? answerFor(nonNull[seed % nonNull.length], seed, text) : null;
  }
  switch (schema.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = answerFor(v, seed + k.length, text);
      return out;
    }
    case "array":
      return schema.minItems
        ? Array.from({ length: schema.minItems }, (_, i) => answerFor(schema.items, seed + i, text))
        : [];
    case "string":
      return text;
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return null;
  }
}

function images(req: RecordedRequest): number {
  const body = req.body as WireJson;
  if (body?.messages)
    return body.messages.reduce(
      (n: number, m: WireJson) =>
        n + (Array.isArray(m.content) ? m.content.filter((p: WireJson) => p.type === "image_url").length : 0),
      0,
    );
  if (body?.contents)
    return body.contents.reduce(
      (n: number, c: WireJson) => n + c.parts.filter((p: WireJson) => p.inlineData).length,
      0,
    );
  return 0;
}

export interface ScriptedBackbones {
  openai: ScriptedServer;
  gemini: ScriptedServer;
  /** backbone YAML files, OpenAI first */
  files: [string, string];
  /** images the servers received, over every request */
  imagesReceived(): number;
  close(): Promise<void>;
}

export interface ScriptOptions {
  /** request indices (per server) answered 500 once: a transport retry */
  fail?: number[];
  /** request indices (per server) answered with text that misses the schema: a re-ask */
  malformed?: number[];
  /** prices per million tokens; omitted: none */
  prices?: { inputPerMTok: number; outputPerMTok: number };
}

export async function scriptedBackbones(dir: string, opts: ScriptOptions = {}): Promise<ScriptedBackbones> {
  const tokens = (req: RecordedRequest) => 200 + 85 * images(req);
  const openai = await ScriptedServer.start({
    responder: (req, i): Reply => {
      if (opts.fail?.includes(i)) return openaiError(500, "scripted outage", { "x-should-retry": "true" });
      const schema = (req.body as WireJson).response_format?.json_schema?.schema;
      const text = opts.malformed?.includes(i) ? "not json at all" : JSON.stringify(answerFor(schema, i));
      return openaiCompletion(text, { prompt_tokens: tokens(req), completion_tokens: 30 });
    },
  });
  const gemini = await ScriptedServer.start({
    responder: (req, i): Reply => {
      if (opts.fail?.includes(i))
        return { status: 500, body: { error: { code: 500, message: "scripted outage", status: "INTERNAL" } } };
      const schema = (req.body as WireJson).generationConfig?.responseJsonSchema;
      const text = opts.malformed?.includes(i) ? "not json at all" : JSON.stringify(answerFor(schema, i + 1));
      return geminiResponse(text, { promptTokenCount: tokens(req), candidatesTokenCount: 40 });
    },
  });
  const prices = opts.prices
    ? `prices:\n  inputPerMTok: ${opts.prices.inputPerMTok}\n  outputPerMTok: ${opts.prices.outputPerMTok}\n`
    : "";
  const a = join(dir, "scripted-openai.yaml");
  const b = join(dir, "scripted-gemini.yaml");
  writeFileSync(
    a,
    `name: scripted-openai\ntype: openai\nmodel: scripted-4o\nbaseUrl: ${openai.url}/v1\napiKeyEnv: SCRIPTED_OPENAI_KEY\nmaxRetries: 2\nschemaRetries: 1\ntimeoutMs: 10000\n${prices}`,
  );
  writeFileSync(
    b,
    `name: scripted-gemini\ntype: gemini\nmodel: scripted-flash\nbaseUrl: ${gemini.url}\napiKeyEnv: SCRIPTED_GEMINI_KEY\nmaxRetries: 2\nschemaRetries: 1\ntimeoutMs: 10000\n${prices}`,
  );
  return {
    openai,
    gemini,
    files: [a, b],
    imagesReceived: () => [...openai.requests, ...gemini.requests].reduce((n, r) => n + images(r), 0),
    close: async () => {
      await openai.close();
      await gemini.close();
    },
  };
}

/** Keys for the scripted backbones (not secrets: the servers accept anything). */
export const SCRIPTED_KEYS = { SCRIPTED_OPENAI_KEY: "test-not-a-secret", SCRIPTED_GEMINI_KEY: "test-not-a-secret" };
