/**
 * Model servers that answer wrongly, with the real `openai` and
 * `@google/genai` clients against scripted local servers: a 200 whose body is an HTML page,
 * JSON cut short or JSON of another shape is an infrastructure failure, not a result; a
 * retry-after longer than maxRetryAfterMs fails at once instead of sleeping; a key echoed back
 * cut short or lower-cased is redacted; and `polar eval` against such servers records nothing
 * as a result, writes failures.jsonl and exits 4.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, test } from "node:test";
import { z } from "zod";
import { readResults } from "../../src/eval/results.ts";
import { ChatModelError } from "../../src/mllm/chat-model.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { GeminiChatModel } from "../../src/mllm/gemini.ts";
import { OpenAIChatModel } from "../../src/mllm/openai.ts";
import { isInfrastructureFailure } from "../../src/util/failure.ts";
import { MIN_MATCH, redact } from "../../src/util/redact.ts";
import { cliEnv } from "../cli/helpers.ts";
import { runPolar } from "../cli/polar-process.ts";
import { tinySet } from "../eval/slice.ts";
import { geminiError, openaiError, type Reply, ScriptedServer } from "../mllm/scripted-server.ts";

const KEY = "sk-proj-Q7rT2mX9vB4nK8pL3sW6yZ1cF5hJ0dG7aE2uR9iO4tY6"; // 50 characters, not a real key
const env = { OPENAI_API_KEY: KEY, GEMINI_API_KEY: KEY };
const Answer = z.object({ direction: z.enum(["left", "right"]) });
const request = { messages: [{ role: "user" as const, content: "Which way?" }], schema: Answer, schemaName: "way" };

const tmp = mkdtempSync(join(tmpdir(), "polar-robust-model-"));
let server: ScriptedServer;
before(async () => {
  server = await ScriptedServer.start();
});
after(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => server.reset());

function openai(over: Record<string, unknown> = {}) {
  const config = BackboneConfig.parse({
    name: "t-openai",
    type: "openai",
    model: "gpt-4o-mini",
    apiKeyEnv: "OPENAI_API_KEY",
    baseUrl: `${server.url}/v1`,
    maxRetries: 2,
    ...over,
  });
  return new OpenAIChatModel(config, env, () => undefined);
}

function gemini(over: Record<string, unknown> = {}) {
  const config = BackboneConfig.parse({
    name: "t-gemini",
    type: "gemini",
    model: "gemini-2.5-flash",
    apiKeyEnv: "GEMINI_API_KEY",
    baseUrl: server.url,
    maxRetries: 2,
    ...over,
  });
  return new GeminiChatModel(config, { env, sleep: async () => undefined, warn: () => undefined });
}

const models = { openai, gemini };

/** Every piece of the key of MIN_MATCH characters, in any case, is absent from `text`. */
function assertNoKey(text: string, where: string) {
  const low = text.toLowerCase();
  for (let i = 0; i + MIN_MATCH <= KEY.length; i++)
    assert.ok(
      !low.includes(KEY.slice(i, i + MIN_MATCH).toLowerCase()),
      `${where} holds "${KEY.slice(i, i + MIN_MATCH)}…": ${text}`,
    );
}

async function failure(p: Promise<unknown>): Promise<ChatModelError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ChatModelError, String(e));
    return e;
  }
  assert.fail("the call succeeded");
}

const html: Reply = {
  status: 200,
  headers: { "content-type": "text/html; charset=utf-8" },
  body: "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>nginx</body></html>",
};
const truncated: Reply = { status: 200, body: '{"id":"x","choices":[{"index":0,"message":{"role":"assist' };
const otherJson: Reply = { status: 200, body: { status: "ok", result: null } };

for (const [name, make] of Object.entries(models)) {
  test(`${name}: a 200 that is an HTML page, JSON cut short or JSON of another shape is an infrastructure failure`, {
    timeout: 20_000,
  }, async () => {
    for (const [what, reply, words] of [
      ["html", html, /answered with an? (HTML|text) body .*not a model response|not valid JSON/],
      ["truncated", truncated, /not valid JSON/],
      ["other json", otherJson, /JSON object without the expected fields|not a model response/],
    ] as const) {
      server.reset();
      server.push(reply, reply, reply);
      const e = await failure(make().generate(request));
      assert.equal(isInfrastructureFailure(e), true, `${what}: ${e.message}`);
      assert.match(e.message, words, what);
      assert.doesNotMatch(e.message, /Cannot read properties|undefined/, what);
    }
  });

  test(`${name}: a retry-after beyond maxRetryAfterMs fails at once, one request, infrastructure`, {
    timeout: 20_000,
  }, async () => {
    const reply =
      name === "openai"
        ? openaiError(429, "slow down", { "retry-after": "86400" })
        : geminiError(429, "slow down", { "retry-after": "86400" });
    server.push(reply, reply, reply);
    const t0 = Date.now();
    const e = await failure(make().generate(request));
    assert.ok(Date.now() - t0 < 5_000, `waited ${Date.now() - t0} ms`);
    assert.equal(server.requests.length, 1, "not retried");
    assert.equal(isInfrastructureFailure(e), true);
    assert.match(e.message, /HTTP 429.*retry after 86400 s, longer than maxRetryAfterMs 60 s/);

    // the bound is the backbone's setting: 2 s asked, 1 s allowed
    server.reset();
    const short =
      name === "openai"
        ? openaiError(503, "busy", { "retry-after": "2" })
        : geminiError(503, "busy", { "retry-after": "2" });
    server.push(short, short, short);
    const e2 = await failure(make({ maxRetryAfterMs: 1000 }).generate(request));
    assert.equal(server.requests.length, 1);
    assert.match(e2.message, /retry after 2 s, longer than maxRetryAfterMs 1 s/);
  });

  test(`${name}: a key echoed back cut short or lower-cased is not in the error`, { timeout: 20_000 }, async () => {
    const echoes = [KEY.slice(0, -3), KEY.toLowerCase(), KEY.slice(5, 30).toUpperCase(), `x${KEY.slice(10)}y`];
    for (const echo of echoes) {
      server.reset();
      const reply =
        name === "openai"
          ? openaiError(401, `Incorrect API key provided: ${echo}.`)
          : geminiError(400, `API key not valid: ${echo}`);
      server.push(reply);
      const e = await failure(make({ maxRetries: 0 }).generate(request));
      assertNoKey(e.message, `${name} error`);
      assert.match(e.message, /\[redacted\]/);
    }
  });
}

test("redact: every piece of at least 8 letters and digits, in any case; shorter ones stay", () => {
  assert.equal(redact(`key=${KEY.slice(0, 47)}!`, KEY), "key=[redacted]!");
  assert.equal(redact(KEY.toUpperCase(), KEY), "[redacted]");
  assert.equal(redact(`a ${KEY.slice(3, 12)} b`, KEY), "a [redacted] b");
  assert.equal(
    redact(`a ${KEY.slice(3, 10)} b`, KEY),
    `a ${KEY.slice(3, 10)} b`,
    "7 characters are not a piece of the key",
  );
  assert.equal(redact("nothing here", KEY), "nothing here");
  assert.equal(redact("the pw is hunter2!", "hunter2"), "the pw is [redacted]!", "a short secret only whole");
});

test("polar eval against servers that answer 200 with HTML or cut JSON: no result lines, failures.jsonl, exit 4, no key anywhere", {
  timeout: 120_000,
}, async () => {
  const dataset = await tinySet(tmp, { evaluation: 1, extraAcquisition: 0 });
  // the HTML page echoes the key, lower-cased and cut short, as a misconfigured proxy might
  const page = `<html><body>bad gateway for ${KEY.slice(0, 40).toLowerCase()}</body></html>`;
  const openaiServer = await ScriptedServer.start({
    responder: () => ({ status: 200, headers: { "content-type": "text/html" }, body: page }),
  });
  const geminiServer = await ScriptedServer.start({ responder: () => truncated });
  try {
    const a = join(tmp, "html-openai.yaml");
    const b = join(tmp, "cut-gemini.yaml");
    writeFileSync(
      a,
      `name: html-openai\ntype: openai\nmodel: m\nbaseUrl: ${openaiServer.url}/v1\napiKeyEnv: OPENAI_API_KEY\nmaxRetries: 0\n`,
    );
    writeFileSync(
      b,
      `name: cut-gemini\ntype: gemini\nmodel: m\nbaseUrl: ${geminiServer.url}\napiKeyEnv: GEMINI_API_KEY\nmaxRetries: 0\n`,
    );
    const out = join(tmp, "out");
    const r = await runPolar(
      [
        "eval",
        "--dataset",
        dataset,
        "--backbones",
        `${a},${b}`,
        "--memory",
        "none",
        "--out",
        out,
        "--no-report",
        "--concurrency",
        "1",
      ],
      { env: cliEnv(tmp, { ...env, POLAR_EMBEDDER__TYPE: "lexical" }), ms: 90_000 },
    );
    assert.equal(r.code, 4, r.err);
    assert.equal(readResults(join(out, "results.jsonl")).lines.length, 0, "nothing recorded as a result");
    assert.ok(existsSync(join(out, "failures.jsonl")), r.err);
    const failures = readFileSync(join(out, "failures.jsonl"), "utf8");
    assert.match(failures, /not a model response/);
    assert.doesNotMatch(failures, /Cannot read properties/);
    assertNoKey(failures, "failures.jsonl");
    assertNoKey(r.err + r.out, "polar eval's output");
  } finally {
    await openaiServer.close();
    await geminiServer.close();
  }
});
