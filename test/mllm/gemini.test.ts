import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, test } from "node:test";
import { z } from "zod";
import { ChatModelError } from "../../src/mllm/chat-model.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { GeminiChatModel } from "../../src/mllm/gemini.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";
import {
  geminiError,
  geminiImages,
  geminiResponse,
  geminiText,
  ScriptedServer,
  type WireJson,
} from "./scripted-server.ts";

const KEY = "AIza-test-DO-NOT-LEAK-77";
const env = { GEMINI_API_KEY: KEY };
const Answer = z.object({ roomId: z.enum(["r1", "r2"]), reason: z.string() });
const ok = JSON.stringify({ roomId: "r2", reason: "kitchen" });

let server: ScriptedServer;
let waits: number[] = [];
before(async () => {
  server = await ScriptedServer.start();
});
after(() => server.close());
beforeEach(() => {
  server.reset();
  waits = [];
});

function model(overrides: Partial<z.input<typeof BackboneConfig>> = {}) {
  const config = BackboneConfig.parse({
    name: "test-gemini",
    type: "gemini",
    model: "gemini-2.5-flash",
    apiKeyEnv: "GEMINI_API_KEY",
    baseUrl: server.url,
    maxRetries: 2,
    schemaRetries: 1,
    temperature: 0,
    ...overrides,
  });
  return new GeminiChatModel(config, {
    env,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);
const request = () => ({
  messages: [
    { role: "system" as const, content: "You plan rooms." },
    {
      role: "user" as const,
      content: [
        { type: "text" as const, text: "Where next?" },
        { type: "image" as const, data: png, mediaType: "image/png" as const },
      ],
    },
  ],
  schema: Answer,
  schemaName: "choose_room",
});

test("generateContent carries the JSON schema, the system instruction and the image as inlineData", async () => {
  server.push(geminiResponse(ok, { promptTokenCount: 400, candidatesTokenCount: 15, thoughtsTokenCount: 5 }));
  const r = await model().generate(request());
  assert.deepEqual(r.value, { roomId: "r2", reason: "kitchen" });
  assert.deepEqual(r.usage, { inputTokens: 400, outputTokens: 20 }, "thinking tokens count as output");
  assert.equal(r.attempts, 1);
  const req = server.requests[0];
  assert.match(req.path, /\/models\/gemini-2\.5-flash:generateContent$/);
  assert.equal(req.headers["x-goog-api-key"], KEY);
  const body = req.body as WireJson;
  assert.equal(body.generationConfig.responseMimeType, "application/json");
  assert.deepEqual(body.generationConfig.responseJsonSchema.properties.roomId.enum, ["r1", "r2"]);
  assert.equal(body.generationConfig.temperature, 0);
  assert.match(geminiText(body), /You plan rooms/);
  assert.deepEqual(geminiImages(body), [png]);
  assert.equal(body.contents[0].parts[1].inlineData.mimeType, "image/png");
});

test("429 honours retry-after, then succeeds: one retry, no client retries stacked", async () => {
  server.push(geminiError(429, "quota", { "retry-after": "3" }), geminiResponse(ok));
  const r = await model().generate(request());
  assert.equal(r.value.roomId, "r2");
  assert.equal(server.requests.length, 2);
  assert.equal(r.attempts, 2);
  assert.deepEqual(waits, [3000]);
});

test("500 then success backs off exponentially and retries once", async () => {
  server.push(geminiError(500, "internal"), geminiResponse(ok));
  const r = await model().generate(request());
  assert.equal(r.value.roomId, "r2");
  assert.equal(server.requests.length, 2);
  assert.equal(waits.length, 1);
  assert.ok(waits[0] >= 375 && waits[0] <= 500, `first backoff ${waits[0]} ms`);
});

test("persistent 503 fails after exactly maxRetries retries with a transport error", async () => {
  for (let i = 0; i < 10; i++) server.push(geminiError(503, "unavailable"));
  await assert.rejects(model({ maxRetries: 3 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.kind, "transport");
    assert.equal(e.attempts, 4);
    assert.match(e.message, /503|unavailable/);
    return true;
  });
  assert.equal(server.requests.length, 4);
  assert.equal(waits.length, 3);
  assert.ok(waits[1] > waits[0] && waits[2] > waits[1], `backoff grows: ${waits}`);
});

test("a 400 is not retried", async () => {
  server.push(geminiError(400, "bad request"), geminiResponse(ok));
  await assert.rejects(model().generate(request()), ChatModelError);
  assert.equal(server.requests.length, 1);
});

test("a timeout is retried like a 5xx", async () => {
  // A server that never answers the first request; the per-attempt timeout ends it.
  let first = true;
  server.setResponder(async () => {
    if (first) {
      first = false;
      await new Promise((r) => setTimeout(r, 1200));
    }
    return geminiResponse(ok);
  });
  const r = await model({ timeoutMs: 400 }).generate(request());
  server.setResponder(undefined);
  assert.equal(r.value.roomId, "r2");
  // 2 normally; on a machine loaded by parallel suites a later attempt can time out as well
  assert.ok(r.attempts >= 2, `attempts ${r.attempts}`);
  assert.equal(waits.length, r.attempts - 1, "each timeout was followed by a backoff and a retry");
  assert.equal(r.unanswered, r.attempts - 1, "every timed-out request is one that got no answer");
});

test("a connection reset with no answer is retried, and the call says one of its requests got no answer", async () => {
  server.push({ reset: true }, geminiResponse(ok));
  const r = await model().generate(request());
  assert.equal(r.value.roomId, "r2");
  assert.equal(r.attempts, 2);
  assert.equal(r.unanswered, 1);
});

test("a room id outside the enum is re-asked, then accepted", async () => {
  server.push(geminiResponse(JSON.stringify({ roomId: "r9", reason: "?" })), geminiResponse(ok));
  const r = await model().generate(request());
  assert.equal(r.value.roomId, "r2");
  const second = server.requests[1].body as WireJson;
  assert.equal(second.contents.at(-2).role, "model");
  assert.match(second.contents.at(-1).parts[0].text, /roomId/);
  assert.deepEqual(r.usage, { inputTokens: 200, outputTokens: 40 });
});

test("output that never fits fails after schemaRetries", async () => {
  server.push(geminiResponse("nope"), geminiResponse("{}"), geminiResponse("[]"));
  await assert.rejects(model({ schemaRetries: 2 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.kind, "schema");
    assert.equal(e.attempts, 3);
    return true;
  });
});

test("the key never appears in errors", async () => {
  server.push(geminiError(400, `API key not valid: ${KEY}`));
  await assert.rejects(model().generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.ok(!e.message.includes(KEY), e.message);
    return true;
  });
});

// ---- what failed, and whether it is infrastructure ---------------------------------

const endpoint = () => `${server.url}/v1beta/models/gemini-2.5-flash:generateContent`;

test("429 after the retries shows the status and the provider's words, not a raw JSON body", async () => {
  for (let i = 0; i < 3; i++) server.push(geminiError(429, `Quota exceeded for ${KEY}`));
  await assert.rejects(model({ maxRetries: 2 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.match(e.message, /HTTP 429 RESOURCE_EXHAUSTED/);
    assert.match(e.message, /Quota exceeded/);
    assert.ok(e.message.includes(endpoint()), e.message);
    assert.doesNotMatch(e.message, /[{}"]/, "no raw JSON");
    assert.ok(!e.message.includes(KEY), e.message);
    assert.equal(e.status, 429);
    assert.equal(e.url, endpoint());
    assert.equal(e.infrastructure, true);
    assert.equal(isInfrastructureFailure(e), true);
    return true;
  });
  assert.equal(server.requests.length, 3);
});

test("a timeout that outlasts the retries names its duration and URL", async () => {
  server.setResponder(() => new Promise((r) => setTimeout(() => r(geminiResponse(ok)), 600)));
  try {
    await assert.rejects(model({ timeoutMs: 100, maxRetries: 1 }).generate(request()), (e: unknown) => {
      assert.ok(e instanceof ChatModelError);
      assert.match(e.message, /timed out/);
      assert.match(e.message, /100 ms/);
      assert.ok(e.message.includes(endpoint()), e.message);
      assert.equal(e.attempts, 2);
      assert.equal(e.infrastructure, true);
      return true;
    });
  } finally {
    server.setResponder(undefined);
  }
});

test("a refused connection names the URL and says refused, not 'fetch failed'", async () => {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  await assert.rejects(
    model({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 }).generate(request()),
    (e: unknown) => {
      assert.ok(e instanceof ChatModelError);
      assert.match(e.message, /connection refused/);
      assert.doesNotMatch(e.message, /fetch failed/);
      assert.ok(e.message.includes(`http://127.0.0.1:${port}/`), e.message);
      assert.equal(e.infrastructure, true);
      return true;
    },
  );
});

test("401 is infrastructure (the key), a 400 is not (the request's content)", async () => {
  server.push(geminiError(401, "API key expired"));
  await assert.rejects(model().generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.status, 401);
    assert.equal(e.infrastructure, true);
    assert.match(e.message, /HTTP 401 .*API key expired/);
    return true;
  });
  server.push(geminiError(400, "Request contains an invalid argument."));
  await assert.rejects(model().generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.status, 400);
    assert.equal(e.infrastructure, false);
    assert.match(e.message, /HTTP 400 INVALID_ARGUMENT/);
    return true;
  });
});

test("provider options: Gemini honours its own reasoning effort and warns about OpenAI's, instead of ignoring them silently", async () => {
  const config = BackboneConfig.parse({
    name: "test-gemini",
    type: "gemini",
    model: "gemini-2.5-flash",
    apiKeyEnv: "GEMINI_API_KEY",
    baseUrl: server.url,
    providerOptions: {
      gemini: { reasoningEffort: "minimal" },
      openai: { imageDetail: "low", maxTokensParam: "max_tokens" },
    },
  });
  const warnings: string[] = [];
  const m = new GeminiChatModel(config, { env, warn: (w) => warnings.push(w) });
  assert.deepEqual(warnings, [
    'backbone "test-gemini" (gemini) ignores providerOptions.openai.imageDetail: only openai honours it',
    'backbone "test-gemini" (gemini) ignores providerOptions.openai.maxTokensParam: only openai honours it',
  ]);
  server.push(geminiResponse(ok));
  await m.generate(request());
  const body = server.requests[0].body as WireJson;
  assert.equal(body.generationConfig.thinkingConfig.thinkingBudget, 0, "minimal effort is a thinking budget of 0");
});
