/**
 * What a model answers is free text Polar keeps (events.jsonl, memory.db) and prints: however
 * long, and whatever it holds, it is cut where it enters an event or the store, and the API key
 * is in none of it, in any spelling. Real `polar eval` runs against a scripted OpenAI-format server.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { EXCHANGE_BUDGET } from "../../src/mllm/exchange.ts";
import { cliEnv } from "../cli/helpers.ts";
import { runPolar } from "../cli/polar-process.ts";
import { openaiCompletion, openaiError, ScriptedServer, type WireJson } from "../mllm/scripted-server.ts";
import { answerFor } from "./scripted-backbones.ts";
import { tinySet } from "./slice.ts";

const KEY = "sk-proj-Q7rT2mX9vB4nK8pL3sW6yZ1cF5hJ0dG7aE2uR9iO4tY6"; // not a real key
const SPACED = [...KEY].join(" ");
const tmp = mkdtempSync(join(tmpdir(), "polar-model-text-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** No piece of the key of 8 letters and digits, in any case or spacing, is in `text`. */
function assertNoKey(text: string, where: string) {
  const squeezed = text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const key = KEY.toLowerCase().replace(/[^a-z0-9]/g, "");
  for (let i = 0; i + 8 <= key.length; i++)
    assert.ok(!squeezed.includes(key.slice(i, i + 8)), `${where} holds a piece of the key (${key.slice(i, i + 8)})`);
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

function backbone(server: ScriptedServer, name: string): string {
  const file = join(tmp, `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}\ntype: openai\nmodel: m\nbaseUrl: ${server.url}/v1\napiKeyEnv: OPENAI_API_KEY\nmaxRetries: 0\nschemaRetries: 0\ntimeoutMs: 60000\n`,
  );
  return file;
}

const evalArgs = (dataset: string, file: string, out: string) => [
  "eval",
  "--dataset",
  dataset,
  "--backbones",
  file,
  "--memory",
  "polar",
  "--out",
  out,
  "--no-report",
  "--trajectories",
  "--concurrency",
  "1",
];

test("a model answering half a megabyte, the key among it, in every field: each call's exchange within its budget, events and memory small, no key anywhere", {
  timeout: 240_000,
}, async () => {
  const dataset = await tinySet(tmp, { evaluation: 1, extraAcquisition: 0 });
  const huge = `${"why ".repeat(60_000)} ${KEY} then ${SPACED} ${"more ".repeat(40_000)}`;
  const server = await ScriptedServer.start({
    responder: (req, i) => {
      const schema = (req.body as WireJson).response_format?.json_schema?.schema;
      return openaiCompletion(JSON.stringify(answerFor(schema, i, huge)), { prompt_tokens: 10, completion_tokens: 10 });
    },
  });
  try {
    const out = join(tmp, "huge");
    const r = await runPolar(evalArgs(dataset, backbone(server, "huge"), out), {
      env: cliEnv(tmp, { OPENAI_API_KEY: KEY, POLAR_EMBEDDER__TYPE: "lexical" }),
      ms: 200_000,
    });
    assert.ok(server.requests.length > 0);
    assertNoKey(r.err + r.out, "polar eval's output");
    const events = files(out).filter((f) => f.endsWith("events.jsonl"));
    assert.ok(events.length > 0, `no events.jsonl under ${out}: ${r.err}`);
    let calls = 0;
    for (const f of events)
      for (const line of readFileSync(f, "utf8").split("\n").filter(Boolean)) {
        assert.ok(line.length < 64_000, `an event of ${line.length} characters in ${f}`);
        const e = JSON.parse(line);
        if (e.type !== "model_call" || !e.exchange) continue;
        calls++;
        const x = e.exchange;
        const text = [
          ...x.messages.map((m: { text: string }) => m.text),
          ...x.answers.map((a: { text: string }) => a.text),
          ...JSON.stringify(x.parsed ?? "").match(/"(?:[^"\\]|\\.)*"/g)!,
        ];
        const chars = text.reduce((n, t) => n + t.replace(/… \[\d+ characters cut\]/g, "").length, 0);
        assert.ok(chars <= EXCHANGE_BUDGET + 2_000, `a ${x.schemaName} call keeps ${chars} characters`);
        // an answer of half a megabyte was cut; a call that got none (timed out on a busy machine) had nothing to cut
        if (x.answers.some((a: { text: string }) => a.text.length > 0))
          assert.ok(x.cut > 0, `${x.schemaName}: nothing cut`);
      }
    assert.ok(calls > 0, "the model calls are in the event stream");
    for (const f of files(out)) {
      const bytes = readFileSync(f);
      assertNoKey(bytes.toString("latin1"), f);
      if (/memory\.db$/.test(f)) assert.ok(bytes.length < 4_000_000, `${f}: ${bytes.length} bytes`);
    }
  } finally {
    await server.close();
  }
});

test("a server echoing the key spelled out with spaces in its error: not in stderr, failures.jsonl or events", {
  timeout: 240_000,
}, async () => {
  const dataset = await tinySet(tmp, { evaluation: 1, extraAcquisition: 0 });
  const server = await ScriptedServer.start({
    responder: () => openaiError(503, `upstream refused key ${SPACED} (and ${KEY.toUpperCase()})`),
  });
  try {
    const out = join(tmp, "echo");
    const r = await runPolar(evalArgs(dataset, backbone(server, "echo"), out), {
      env: cliEnv(tmp, { OPENAI_API_KEY: KEY, POLAR_EMBEDDER__TYPE: "lexical" }),
      ms: 200_000,
    });
    assert.equal(r.code, 4, r.err);
    assert.match(readFileSync(join(out, "failures.jsonl"), "utf8"), /\[redacted\]/);
    assertNoKey(r.err + r.out, "polar eval's output");
    for (const f of files(out)) assertNoKey(readFileSync(f).toString("latin1"), f);
  } finally {
    await server.close();
  }
});
