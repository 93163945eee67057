import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { resolveBackbone } from "../../src/config/backbones.ts";
import { createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { BackboneConfigError, checkBackboneReady } from "../../src/mllm/keys.ts";

test("a missing key is a clear error naming the variable, before any call", () => {
  for (const name of ["gpt-5", "gpt-4o-mini", "gemini-2.5-flash"]) {
    const config = resolveBackbone(name);
    assert.throws(
      () => checkBackboneReady(config, {}),
      (e: unknown) => e instanceof BackboneConfigError && e.message.includes(config.apiKeyEnv as string),
    );
    assert.throws(() => createPolicy(config, { env: {} }), BackboneConfigError);
  }
});

test("an empty key counts as missing; a present key passes and is not echoed", () => {
  const config = resolveBackbone("gpt-4o-mini");
  assert.throws(() => checkBackboneReady(config, { OPENAI_API_KEY: "  " }), /OPENAI_API_KEY/);
  checkBackboneReady(config, { OPENAI_API_KEY: "sk-present" });
});

test("heuristic and keyless local servers need no key", () => {
  checkBackboneReady(resolveBackbone("heuristic"), {});
  checkBackboneReady(resolveBackbone("qwen3-vl-8b-vllm"), {});
  checkBackboneReady(resolveBackbone("qwen2.5-vl-ollama"), {});
});

test("the OpenAI API without baseUrl or apiKeyEnv, and Gemini without apiKeyEnv, are refused", () => {
  assert.throws(() => checkBackboneReady(BackboneConfig.parse({ type: "openai", model: "gpt-4o" }), {}), /apiKeyEnv/);
  assert.throws(() => checkBackboneReady(BackboneConfig.parse({ type: "gemini", model: "g" }), {}), /GEMINI_API_KEY/);
});

test("apiKeyEnv holding a key instead of a variable name is refused without echoing it", () => {
  const config = BackboneConfig.parse({ type: "openai", model: "m", apiKeyEnv: "sk-abc-123" });
  assert.throws(
    () => checkBackboneReady(config, {}),
    (e: unknown) => e instanceof BackboneConfigError && !e.message.includes("sk-abc-123"),
  );
});

test("the missing-key hint names flags each command accepts", () => {
  const config = resolveBackbone("gpt-4o-mini");
  let message = "";
  try {
    checkBackboneReady(config, {});
  } catch (e) {
    message = (e as Error).message;
  }
  const hinted = [...message.matchAll(/polar (eval|run) (--[a-z]+) heuristic/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(hinted, [
    ["eval", "--backbones"],
    ["run", "--backbone"],
  ]);
  for (const [command, flag] of hinted) {
    const help = spawnSync(process.execPath, ["bin/polar.js", command, "--help"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.match(help.stdout, new RegExp(`${flag} <`), `polar ${command} takes ${flag}`);
  }
});
