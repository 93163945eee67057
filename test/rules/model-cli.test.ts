import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { resolveBackbone } from "../../src/config/backbones.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { ruleLayerFor } from "../../src/rules/model/layer.ts";
import { openaiCompletion, openaiError, openaiText, ScriptedServer } from "../mllm/scripted-server.ts";

const dir = mkdtempSync(join(tmpdir(), "polar-rules-model-cli-"));
const db = join(dir, "rules.db");
const yaml = join(dir, "scripted-gpt.yaml");
let server: ScriptedServer;
before(async () => {
  server = await ScriptedServer.start();
  writeFileSync(
    yaml,
    [
      "name: scripted-gpt",
      "type: openai",
      "model: gpt-4o-mini",
      "apiKeyEnv: OPENAI_API_KEY",
      `baseUrl: ${server.url}/v1`,
      "maxRetries: 0",
      "schemaRetries: 1",
      "prices: { inputPerMTok: 0.15, outputPerMTok: 0.6 }",
      "",
    ].join("\n"),
  );
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.reset();
  server.setResponder(undefined);
});

/** The real CLI, spawned without blocking this process (the scripted server answers from here). */
function polar(args: string[], env: Record<string, string | undefined> = { OPENAI_API_KEY: "sk-cli-test" }) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ["bin/polar.js", "rules", ...args],
      {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, POLAR_MEMORY__PATH: join(dir, "mem", "m.db"), ...env },
      },
      (e, out, err) => resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

const MESSAGE = "Never set foot in the garage, ever.";
const reading = (quote: string) => ({
  signal: true,
  items: [
    {
      decision: "add",
      clause: MESSAGE,
      reason: "a lasting rule about a room",
      statement: "Never set foot in the garage",
      quotes: [quote],
      requirement: { kind: "avoid_room", room: "garage" },
      scope: "global",
      conditions: [],
      exceptions: [],
      stage: "pre_action",
      clear: true,
      ruleId: null,
    },
  ],
});
const proposal = {
  none: null,
  check: { kind: "programmatic", spec: { type: "path_avoids", rooms: ["garage"] } },
  cases: [
    {
      id: "c1",
      intent: "comply",
      evidence: { stage: "pre_action", context: {}, action: { pathRooms: ["hallway", "kitchen"] } },
      expected: "pass",
    },
    {
      id: "c2",
      intent: "violate",
      evidence: { stage: "pre_action", context: {}, action: { pathRooms: ["garage", "kitchen"] } },
      expected: "violated",
    },
    {
      id: "c3",
      intent: "not_applicable",
      evidence: { stage: "delivery", context: {}, reply: "Done." },
      expected: "not_applicable",
    },
  ],
};
const review = {
  faithful: true,
  clear: true,
  problems: [],
  labels: [
    { id: "c1", verdict: "pass", reason: "" },
    { id: "c2", verdict: "violated", reason: "" },
    { id: "c3", verdict: "not_applicable", reason: "" },
  ],
};

describe("polar rules teach --backbone (the real CLI and the real openai client)", () => {
  it("reads, compiles and reviews with the backbone; the rule is stored with the model reviewer's validation", async () => {
    server.setResponder((r) => {
      const t = openaiText(r.body);
      const body = t.includes("You maintain the rules")
        ? reading("Never set foot in the garage")
        : t.includes("You compile")
          ? proposal
          : review;
      return openaiCompletion(JSON.stringify(body), { prompt_tokens: 300, completion_tokens: 60 });
    });
    const t = await polar(["teach", "--user", "u1", "--rules-db", db, "--backbone", yaml, MESSAGE]);
    assert.equal(t.code, 0, t.err);
    assert.match(t.out, /add\s+R1 never enter the garage → programmatic/);
    assert.match(t.out, /model calls: 3 to scripted-gpt \(900 tokens in, 180 out\)/);
    assert.equal(server.requests.length, 3);
    const show = await polar(["show", "R1", "--user", "u1", "--rules-db", db]);
    assert.match(show.out, /validation: +validated in 1 round\(s\), 3 cases, reviewer model-reviewer:scripted-gpt/);
    assert.match(show.out, /quotes: +"Never set foot in the garage"/);
  });

  it("an invented quote, twice, stores nothing: unclear, with the reason", async () => {
    server.setResponder(() => openaiCompletion(JSON.stringify(reading("never go into the garage"))));
    const t = await polar(["teach", "--user", "u2", "--rules-db", db, "--backbone", yaml, MESSAGE]);
    assert.equal(t.code, 0, t.err);
    assert.match(t.out, /unclear .*"never go into the garage" is not in the message/);
    assert.doesNotMatch(t.out, /library version/);
    assert.equal(server.requests.length, 2);
  });

  it("a service that refuses the key is one line, exit 1, and nothing stored; a missing key is exit 2", async () => {
    server.setResponder(() => openaiError(401, "Incorrect API key provided"));
    const t = await polar(["teach", "--user", "u3", "--rules-db", db, "--backbone", yaml, MESSAGE]);
    assert.equal(t.code, 1, t.out);
    assert.equal(t.err.trim().split("\n").length, 1, t.err);
    assert.match(t.err, /^polar: scripted-gpt rules \(rule_reading\): .*401/);
    const list = await polar(["list", "--user", "u3", "--rules-db", db]);
    assert.match(list.err, /unknown user "u3"/);
    const nokey = await polar(["teach", "--user", "u3", "--rules-db", db, "--backbone", yaml, MESSAGE], {
      OPENAI_API_KEY: undefined,
    });
    assert.equal(nokey.code, 2);
    assert.match(nokey.err, /needs the environment variable OPENAI_API_KEY/);
  });
});

describe("ruleLayerFor: the rule layer a backbone config gives", () => {
  it("the heuristic is offline (no model path); openai and gemini are; another type is refused by name", () => {
    assert.equal(ruleLayerFor(resolveBackbone("heuristic")), undefined);
    const gpt = ruleLayerFor(resolveBackbone("gpt-4o-mini"), { OPENAI_API_KEY: "sk-x" });
    assert.equal(gpt?.learner.name, "model-learner:gpt-4o-mini");
    const gemini = ruleLayerFor(resolveBackbone("gemini-2.5-flash"), { GEMINI_API_KEY: "g-x" });
    assert.equal(gemini?.reviewer.name, "model-reviewer:gemini-2.5-flash");
    assert.throws(
      () => ruleLayerFor(BackboneConfig.parse({ name: "odd", type: "ollama-native", model: "m" })),
      /backbone "odd": the rule layer has no model path for type "ollama-native"/,
    );
  });
});
