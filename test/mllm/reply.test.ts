/**
 * The LLM backbones' reply through the real `openai` and `@google/genai` clients against the
 * scripted server: what the prompt carries (outcome, standing rules, the previous reply and
 * every violation), that the answer is validated and a bad one re-asked, and that no image is sent.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, test } from "node:test";
import { createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import type { Policy, ReplyInput } from "../../src/mllm/policy.ts";
import { BackboneError } from "../../src/mllm/policy.ts";
import {
  geminiImages,
  geminiResponse,
  geminiText,
  openaiCompletion,
  openaiImages,
  openaiSchemaName,
  openaiText,
  ScriptedServer,
  type WireJson,
} from "./scripted-server.ts";

let server: ScriptedServer;
before(async () => {
  server = await ScriptedServer.start();
});
after(() => server.close());
beforeEach(() => server.reset());

function openai(): Policy {
  const config = BackboneConfig.parse({
    name: "gpt-4o-mini",
    type: "openai",
    model: "gpt-4o-mini",
    apiKeyEnv: "OPENAI_API_KEY",
    baseUrl: `${server.url}/v1`,
    schemaRetries: 1,
  });
  return createPolicy(config, { env: { OPENAI_API_KEY: "sk-reply-test" } });
}

function gemini(): Policy {
  const config = BackboneConfig.parse({
    name: "gemini-2.5-flash",
    type: "gemini",
    model: "gemini-2.5-flash",
    apiKeyEnv: "GEMINI_API_KEY",
    baseUrl: server.url,
    schemaRetries: 1,
  });
  return createPolicy(config, { env: { GEMINI_API_KEY: "AIza-reply-test" } });
}

const GUIDANCE = [
  '"keep your replies under 15 words" (scope: global)',
  '"always tell me which room it was in" (scope: this house; unless I ask for a short answer)',
];

const input: ReplyInput = {
  instruction: "bring me my blue mug",
  outcome: {
    stopped: true,
    description: "a blue mug",
    foundRoom: "kitchen",
    roomsSearched: ["hallway", "kitchen"],
    steps: 42,
    stepsLeft: 458,
  },
  guidance: GUIDANCE,
};

const revision: ReplyInput = {
  ...input,
  revision: {
    previous: "I looked around the house for quite a while and finally found your blue mug, it was there.",
    violations: [
      {
        rule: GUIDANCE[0],
        reason: "18 words, over the limit of 15",
        requirement: { kind: "max_words", maxWords: 15 },
      },
      {
        rule: GUIDANCE[1],
        reason: 'the reply does not mention "kitchen"',
        requirement: { kind: "mention", text: "kitchen" },
      },
      { rule: '"be polite" (scope: global)', reason: "the reply sounds curt" },
    ],
  },
};

test("OpenAI: the reply prompt carries the outcome and the standing rules, with no image", async () => {
  server.push(openaiCompletion(JSON.stringify({ text: " I found the blue mug in the kitchen. " })));
  const d = await openai().reply(input);
  assert.deepEqual(d.value, { text: "I found the blue mug in the kitchen." });
  assert.equal(d.calls.length, 1);
  assert.equal(d.calls[0].task, "reply");
  const body = server.requests[0].body;
  assert.equal(openaiSchemaName(body), "reply");
  assert.equal(openaiImages(body).length, 0);
  const prompt = openaiText(body);
  assert.match(prompt, /Instruction: "bring me my blue mug"/);
  assert.match(prompt, /Room you believe you found it in: kitchen\./);
  assert.match(prompt, /Rooms searched, in order: hallway, kitchen\./);
  assert.match(prompt, /The current instruction takes precedence over learned rules/);
  for (const g of GUIDANCE) assert.ok(prompt.includes(`- ${g}`), `verbatim: ${g}`);
  assert.doesNotMatch(prompt, /previous reply/);
});

test("OpenAI: a revision shows the previous reply and every violation; an empty answer is re-asked", async () => {
  server.push(
    openaiCompletion(JSON.stringify({ text: "   " })),
    openaiCompletion(JSON.stringify({ text: "I found your blue mug in the kitchen." })),
  );
  const d = await openai().reply(revision);
  assert.equal(d.value.text, "I found your blue mug in the kitchen.");
  assert.equal(server.requests.length, 2);
  assert.equal(d.calls[0].attempts, 2);
  const prompt = openaiText(server.requests[0].body);
  assert.ok(prompt.includes(`Your previous reply: ${JSON.stringify(revision.revision?.previous)}`));
  assert.match(prompt, /18 words, over the limit of 15; requirement: at most 15 words/);
  assert.match(prompt, /does not mention "kitchen"; requirement: must contain "kitchen"/);
  assert.ok(prompt.includes(`- rule: ${GUIDANCE[0]}; problem: 18 words`), "the rule verbatim");
  assert.match(prompt, /- rule: "be polite" \(scope: global\); problem: the reply sounds curt$/);
  assert.match(openaiText(server.requests[1].body), /the reply is empty/);
});

test("OpenAI: answers that never fit the schema are a BackboneError on the reply task", async () => {
  server.push(openaiCompletion("Sure! I found it."), openaiCompletion(JSON.stringify({ reply: "x" })));
  await assert.rejects(openai().reply(input), (e: unknown) => {
    assert.ok(e instanceof BackboneError);
    assert.equal(e.calls[0].task, "reply");
    assert.equal(e.infrastructure, false);
    return true;
  });
});

test("Gemini: the same prompt through generateContent, JSON schema attached, a bad answer re-asked", async () => {
  server.push(
    geminiResponse(JSON.stringify({ answer: "kitchen" })),
    geminiResponse(JSON.stringify({ text: '{"found":true,"room":"kitchen"}' })),
  );
  const json: ReplyInput = {
    ...input,
    guidance: ['"answer in JSON with fields found and room" (scope: global)'],
    revision: {
      previous: "Found it.",
      violations: [
        {
          rule: '"answer in JSON with fields found and room" (scope: global)',
          reason: "the reply is not a JSON object",
          requirement: { kind: "json", fields: ["found", "room"] },
        },
        { rule: '"never say it"', reason: 'contains "it"', requirement: { kind: "avoid_text", text: "it" } },
      ],
    },
  };
  const d = await gemini().reply(json);
  assert.equal(d.value.text, '{"found":true,"room":"kitchen"}');
  assert.equal(d.calls[0].task, "reply");
  assert.equal(d.calls[0].attempts, 2);
  assert.equal(server.requests.length, 2);
  const first = server.requests[0].body as WireJson;
  assert.equal(geminiImages(first).length, 0);
  assert.ok(first.generationConfig?.responseJsonSchema ?? first.generationConfig?.responseSchema);
  const prompt = geminiText(first);
  assert.match(prompt, /- "answer in JSON with fields found and room" \(scope: global\)/);
  assert.match(prompt, /requirement: must be one JSON object with the keys "found", "room"/);
  assert.match(prompt, /requirement: must not contain "it"/);
  assert.match(geminiText(server.requests[1].body), /does not match the schema: text/);
});

test("bad input is refused before any request is sent", async () => {
  const bad = {
    ...input,
    revision: { previous: "x", violations: [{ rule: "r", reason: "x", requirement: { kind: "shout" } }] },
  } as unknown as ReplyInput;
  await assert.rejects(openai().reply(bad), /gpt-4o-mini reply: bad input: revision\.violations\.0\.requirement/);
  assert.equal(server.requests.length, 0);
});
