import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { listBackbones, resolveBackbone } from "../../src/config/backbones.ts";
import { ConfigError, loadConfig } from "../../src/config/load.ts";
import { createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { LlmPolicy } from "../../src/mllm/llm-policy.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import { DEFAULT_STOP_RULE, stopRuleFor } from "../../src/policies/heuristic/stop-rule.ts";

test("every backbone file in configs/backbones validates, and names its own backbone", () => {
  const names = listBackbones();
  for (const expected of [
    "heuristic",
    "gpt-5",
    "gpt-4o-mini",
    "gemini-2.5-flash",
    "qwen3-vl-8b-vllm",
    "qwen2.5-vl-ollama",
  ]) {
    assert.ok(names.includes(expected), `${expected}.yaml present`);
  }
  for (const name of names) assert.equal(resolveBackbone(name).name, name);
  assert.equal(resolveBackbone("qwen3-vl-8b-vllm").baseUrl, "http://127.0.0.1:8000/v1");
  assert.equal(resolveBackbone("qwen2.5-vl-ollama").baseUrl, "http://127.0.0.1:11434/v1");
  assert.ok((resolveBackbone("gpt-4o-mini").prices?.inputPerMTok ?? 0) > 0);
});

test("an unknown name lists the known ones; a bad file names the key", () => {
  assert.throws(
    () => resolveBackbone("gpt-6"),
    (e: unknown) => e instanceof ConfigError && /gpt-4o-mini/.test(e.message),
  );
  const dir = mkdtempSync(join(tmpdir(), "polar-backbone-"));
  const file = join(dir, "bad.yaml");
  writeFileSync(file, "name: bad\ntype: openai\ntemprature: 0.5\n");
  assert.throws(
    () => resolveBackbone(file),
    (e: unknown) => e instanceof ConfigError && /temprature/.test(e.message),
  );
  writeFileSync(file, "name: bad\ntype: gemini\n");
  assert.throws(
    () => resolveBackbone(file),
    (e: unknown) => e instanceof ConfigError && /model/.test(e.message),
  );
});

test("createPolicy picks the implementation from the type", () => {
  assert.ok(createPolicy(BackboneConfig.parse({})) instanceof HeuristicPolicy);
  const local = createPolicy(resolveBackbone("qwen3-vl-8b-vllm"), { env: {} });
  assert.ok(local instanceof LlmPolicy);
  assert.equal(local.needsImages, true);
  assert.equal(local.name, "qwen3-vl-8b-vllm");
});

test("the heuristic's stop rule follows the run's simulator: PIN's 1 m radius and 0.25 m steps", () => {
  const pin = loadConfig({ file: "configs/pin.yaml", env: {} });
  const rule = stopRuleFor(pin.simulator);
  assert.equal(rule.successDistance, 1);
  assert.equal(rule.stepLength, 0.25);
  assert.ok(rule.stopDistance < rule.successDistance, "stops inside the success radius");
  assert.deepEqual(rule.camera, { width: 640, height: 360, hfovDeg: 42 });
  // the default config and the policy built without a run agree: one default
  assert.deepEqual(stopRuleFor(loadConfig({ env: {} }).simulator), DEFAULT_STOP_RULE);
});
