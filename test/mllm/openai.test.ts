import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, test } from "node:test";
import { z } from "zod";
import { ChatModelError } from "../../src/mllm/chat-model.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { OpenAIChatModel } from "../../src/mllm/openai.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";
import {
  openaiCompletion,
  openaiError,
  openaiImages,
  openaiText,
  ScriptedServer,
  type WireJson,
} from "./scripted-server.ts";

const KEY = "sk-test-DO-NOT-LEAK-4242";
const env = { OPENAI_API_KEY: KEY };
const Answer = z.object({ direction: z.enum(["left", "right"]), reason: z.string() });
const ok = JSON.stringify({ direction: "left", reason: "door on the left" });

let server: ScriptedServer;
before(async () => {
  server = await ScriptedServer.start();
});
after(() => server.close());
beforeEach(() => {
  server.reset();
});

function model(overrides: Partial<z.input<typeof BackboneConfig>> = {}) {
  const config = BackboneConfig.parse({
    name: "test-openai",
    type: "openai",
    model: "gpt-4o-mini",
    apiKeyEnv: "OPENAI_API_KEY",
    baseUrl: `${server.url}/v1`,
    maxRetries: 2,
    schemaRetries: 1,
    ...overrides,
  });
  return new OpenAIChatModel(config, env);
}

const request = (withImage = false) => ({
  messages: [
    { role: "system" as const, content: "You steer a robot." },
    {
      role: "user" as const,
      content: withImage
        ? [
            { type: "text" as const, text: "Which way?" },
            {
              type: "image" as const,
              data: Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 0xff, 0xd9]),
              mediaType: "image/jpeg" as const,
            },
          ]
        : "Which way?",
    },
  ],
  schema: Answer,
  schemaName: "direction",
});

test("sends a strict json_schema response format and the image bytes, validates the answer, reads usage", async () => {
  server.push(openaiCompletion(ok, { prompt_tokens: 321, completion_tokens: 12 }));
  const r = await model().generate(request(true));
  assert.deepEqual(r.value, { direction: "left", reason: "door on the left" });
  assert.deepEqual(r.usage, { inputTokens: 321, outputTokens: 12 });
  assert.equal(r.attempts, 1);
  assert.equal(server.requests.length, 1);
  const req = server.requests[0];
  assert.equal(req.path, "/v1/chat/completions");
  assert.equal(req.headers.authorization, `Bearer ${KEY}`);
  const body = req.body as WireJson;
  assert.equal(body.model, "gpt-4o-mini");
  assert.equal(body.response_format.type, "json_schema");
  assert.equal(body.response_format.json_schema.name, "direction");
  assert.equal(body.response_format.json_schema.strict, true);
  assert.deepEqual(body.response_format.json_schema.schema.properties.direction.enum, ["left", "right"]);
  assert.deepEqual(openaiImages(body), [Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 0xff, 0xd9])]);
  assert.match(body.messages[1].content[1].image_url.url, /^data:image\/jpeg;base64,/);
});

test("missing usage stays unknown instead of zero", async () => {
  server.push(openaiCompletion(ok, null));
  const r = await model().generate(request());
  assert.deepEqual(r.usage, { inputTokens: undefined, outputTokens: undefined });
});

test("429 with retry-after is retried once by the client after the wait it asks for", async () => {
  server.push(openaiError(429, "slow down", { "retry-after": "1" }), openaiCompletion(ok));
  const r = await model().generate(request());
  assert.equal(r.value.direction, "left");
  assert.equal(server.requests.length, 2, "one retry: no second retry loop stacked on the client's");
  assert.equal(r.attempts, 2);
  assert.ok(server.requests[1].at - server.requests[0].at >= 900, "waited for retry-after");
});

test("500 then success takes exactly two requests", async () => {
  server.push(openaiError(500, "boom", { "retry-after-ms": "5" }), openaiCompletion(ok));
  const r = await model().generate(request());
  assert.equal(r.value.direction, "left");
  assert.equal(server.requests.length, 2);
  assert.equal(r.attempts, 2);
});

test("a connection reset with no answer is retried, and the call says one of its requests got no answer", async () => {
  server.push({ reset: true }, openaiCompletion(ok));
  const r = await model().generate(request());
  assert.equal(r.value.direction, "left");
  assert.equal(r.attempts, 2);
  assert.equal(r.unanswered, 1, "a server that never read the dropped request counts one fewer: the line says so");
});

test("persistent 500 fails after exactly maxRetries retries", async () => {
  for (let i = 0; i < 10; i++) server.push(openaiError(500, "boom", { "retry-after-ms": "5" }));
  await assert.rejects(model({ maxRetries: 3 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.kind, "transport");
    assert.equal(e.attempts, 4);
    return true;
  });
  assert.equal(server.requests.length, 4, "1 request + 3 retries, one policy");
});

test("a schema mismatch is re-asked with what was wrong, then accepted", async () => {
  server.push(openaiCompletion(JSON.stringify({ direction: "up", reason: "?" })), openaiCompletion(ok));
  const r = await model().generate(request());
  assert.equal(r.value.direction, "left");
  assert.equal(server.requests.length, 2);
  assert.deepEqual(r.usage, { inputTokens: 200, outputTokens: 40 }, "usage summed over both answers");
  const second = server.requests[1].body as WireJson;
  const last = second.messages.at(-1);
  assert.equal(last.role, "user");
  assert.match(last.content, /direction/);
  assert.equal(second.messages.at(-2).role, "assistant");
});

test("output that never fits the schema fails after schemaRetries re-asks", async () => {
  server.push(openaiCompletion("not json"), openaiCompletion("{}"), openaiCompletion(ok));
  await assert.rejects(model({ schemaRetries: 1 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.kind, "schema");
    assert.equal(e.attempts, 2);
    assert.deepEqual(e.usage, { inputTokens: 200, outputTokens: 40 });
    assert.match(e.message, /direction/);
    return true;
  });
  assert.equal(server.requests.length, 2);
});

test("json_object mode asks for JSON and puts the schema in the system prompt", async () => {
  server.push(openaiCompletion("```json\n" + ok + "\n```"));
  const r = await model({
    structuredOutput: "json_object",
    providerOptions: { openai: { maxTokensParam: "max_tokens" } },
    maxOutputTokens: 77,
  }).generate(request());
  assert.equal(r.value.direction, "left");
  const body = server.requests[0].body as WireJson;
  assert.deepEqual(body.response_format, { type: "json_object" });
  assert.equal(body.max_tokens, 77);
  assert.equal(body.max_completion_tokens, undefined);
  assert.match(openaiText(body), /JSON Schema/);
  assert.match(body.messages[0].content, /"direction"/);
});

test("a keyless local server (vLLM / Ollama) works without any env var", async () => {
  server.push(openaiCompletion(ok));
  const config = BackboneConfig.parse({ type: "openai", model: "qwen", baseUrl: `${server.url}/v1` });
  const r = await new OpenAIChatModel(config, {}).generate(request());
  assert.equal(r.value.direction, "left");
});

test("the key never appears in errors, even when the server echoes it", async () => {
  server.push(openaiError(401, `Incorrect API key provided: ${KEY}`));
  await assert.rejects(model().generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.ok(!e.message.includes(KEY), e.message);
    assert.ok(!JSON.stringify(e).includes(KEY));
    assert.match(e.message, /401/);
    return true;
  });
  assert.equal(server.requests.length, 1, "401 is not retried");
});

// ---- what failed, and whether it is infrastructure ---------------------------------

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test("a timeout names its duration and URL, and is an infrastructure failure", async () => {
  server.setResponder(() => new Promise((r) => setTimeout(() => r(openaiCompletion(ok)), 800)));
  try {
    await assert.rejects(model({ timeoutMs: 150, maxRetries: 1 }).generate(request()), (e: unknown) => {
      assert.ok(e instanceof ChatModelError);
      assert.equal(e.kind, "transport");
      assert.ok(e.message.includes(`${server.url}/v1/chat/completions`), e.message);
      assert.match(e.message, /timed out/);
      assert.match(e.message, /150 ms/);
      assert.match(e.message, /2 requests/);
      assert.equal(e.unanswered, 2, "both timed-out requests got no answer");
      assert.equal(e.infrastructure, true);
      assert.equal(e.status, undefined);
      assert.equal(e.url, `${server.url}/v1/chat/completions`);
      assert.equal(isInfrastructureFailure(e), true);
      assert.ok(!e.message.includes(KEY));
      return true;
    });
  } finally {
    server.setResponder(undefined);
  }
});

test("a refused connection names the URL and the cause, and is an infrastructure failure", async () => {
  const port = await closedPort();
  const url = `http://127.0.0.1:${port}/v1`;
  await assert.rejects(model({ baseUrl: url, maxRetries: 0 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.ok(e.message.includes(`${url}/chat/completions`), e.message);
    assert.match(e.message, /connection refused/);
    assert.doesNotMatch(e.message, /Connection error\.$/);
    assert.equal(e.infrastructure, true);
    assert.equal(e.url, `${url}/chat/completions`);
    return true;
  });
});

test("429 after the retries gives the status, the URL and the provider's words: infrastructure", async () => {
  for (let i = 0; i < 3; i++) server.push(openaiError(429, "Rate limit reached", { "retry-after-ms": "5" }));
  await assert.rejects(model({ maxRetries: 2 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.match(e.message, /HTTP 429/);
    assert.match(e.message, /Rate limit reached/);
    assert.ok(e.message.includes(`${server.url}/v1/chat/completions`), e.message);
    assert.equal(e.status, 429);
    assert.equal(e.infrastructure, true);
    return true;
  });
  assert.equal(server.requests.length, 3);
});

test("401 and 5xx are infrastructure; a 400 (the request's content refused) is not", async () => {
  const cases: [number, boolean][] = [
    [401, true],
    [403, true],
    [503, true],
    [400, false],
    [422, false],
  ];
  for (const [status, infrastructure] of cases) {
    server.reset();
    server.push(openaiError(status, `scripted ${status}`, { "x-should-retry": "false" }));
    await assert.rejects(model({ maxRetries: 0 }).generate(request()), (e: unknown) => {
      assert.ok(e instanceof ChatModelError);
      assert.equal(e.status, status);
      assert.equal(e.infrastructure, infrastructure, `${status}: ${e.message}`);
      assert.match(e.message, new RegExp(`HTTP ${status}`));
      return true;
    });
  }
});

test("an answer that never fits the schema is the agent's outcome, not infrastructure", async () => {
  server.push(openaiCompletion("not json"), openaiCompletion("{}"));
  await assert.rejects(model({ schemaRetries: 1 }).generate(request()), (e: unknown) => {
    assert.ok(e instanceof ChatModelError);
    assert.equal(e.kind, "schema");
    assert.equal(e.infrastructure, false);
    assert.equal(isInfrastructureFailure(e), false);
    return true;
  });
});

test("provider options: OpenAI honours its own and warns about Gemini's, instead of ignoring them silently", async () => {
  const warnings: string[] = [];
  const config = BackboneConfig.parse({
    name: "test-openai",
    type: "openai",
    model: "gpt-5",
    baseUrl: `${server.url}/v1`,
    providerOptions: { openai: { reasoningEffort: "low", imageDetail: "low" }, gemini: { reasoningEffort: "high" } },
  });
  const m = new OpenAIChatModel(config, {}, (w) => warnings.push(w));
  assert.deepEqual(warnings, [
    'backbone "test-openai" (openai) ignores providerOptions.gemini.reasoningEffort: only gemini honours it',
  ]);
  server.push(openaiCompletion(ok));
  await m.generate(request());
  const body = server.requests[0].body as WireJson & { reasoning_effort?: string };
  assert.equal(body.reasoning_effort, "low");
  const none: string[] = [];
  new OpenAIChatModel(BackboneConfig.parse({ type: "openai", model: "m", baseUrl: server.url }), {}, (w) =>
    none.push(w),
  );
  assert.deepEqual(none, [], "no provider options, no warnings");
});
