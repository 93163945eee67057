/**
 * A chat-model provider is one registration: a third provider (an OpenAI-compatible server under
 * a name of its own) becomes a backbone type that the backbone registry builds, the key check
 * knows, the rule layer's model path uses and whose calls are accounted, with no other edit.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BackboneConfig } from "../../src/mllm/config.ts";
// the offline backbone registers itself where the composition root loads it
import "../../src/policies/heuristic/backbone.ts";
import { backboneTypes, checkBackboneType, createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfigError, checkBackboneReady } from "../../src/mllm/keys.ts";
import { OpenAIChatModel } from "../../src/mllm/openai.ts";
import { providerTypes, registerProvider } from "../../src/mllm/providers.ts";
import { ruleLayerFor } from "../../src/rules/model/layer.ts";
import { openaiBySchema, ScriptedServer } from "./scripted-server.ts";

let server: ScriptedServer;
before(async () => {
  server = await ScriptedServer.start({
    responder: openaiBySchema({
      ground_target: () => ({
        objectId: null,
        category: "mug",
        description: "a mug",
        reason: "from the words",
        hints: [],
        likelyRooms: [],
      }),
    }),
  });
});
after(() => server.close());

// a local OpenAI-compatible server with its own provider name, keyless unless it names a key
registerProvider("lab-llm", {
  chatModel: (config, options) => new OpenAIChatModel(config, options.env),
  keyMissing: (config) => (config.baseUrl ? null : `backbone "${config.name}": lab-llm needs a baseUrl`),
});

const labConfig = () =>
  BackboneConfig.parse({ name: "lab-7b", type: "lab-llm", model: "lab-7b", baseUrl: `${server.url}/v1` });

test("a registered provider is a backbone type, checked like the built-in ones", () => {
  assert.ok(providerTypes().includes("lab-llm"));
  assert.ok(backboneTypes().includes("lab-llm"));
  assert.ok(
    backboneTypes().includes("openai") && backboneTypes().includes("gemini") && backboneTypes().includes("heuristic"),
  );
  checkBackboneType(labConfig());
  checkBackboneReady(labConfig(), {});
  assert.throws(
    () => checkBackboneReady(BackboneConfig.parse({ name: "x", type: "lab-llm", model: "m" }), {}),
    (e: unknown) => e instanceof BackboneConfigError && /lab-llm needs a baseUrl/.test(e.message),
  );
  assert.throws(
    () => checkBackboneType(BackboneConfig.parse({ name: "y", type: "nowhere", model: "m" })),
    /unknown type "nowhere" \(known: .*lab-llm/,
  );
});

test("its backbone decides through the provider's client, and every call is accounted under its name", async () => {
  const policy = createPolicy(labConfig());
  const d = await policy.ground({ instruction: "I want some tea", mode: "none" });
  assert.equal(d.value.category, "mug");
  assert.equal(d.calls.length, 1);
  assert.equal(d.calls[0].backbone, "lab-7b");
  assert.equal(d.calls[0].model, "lab-7b");
  assert.ok((d.calls[0].inputTokens ?? 0) > 0, "usage reported by the server is kept");
});

test("the rule layer's model path finds it through the registry; the heuristic stays offline", () => {
  assert.ok(ruleLayerFor(labConfig(), {}), "a model rule layer over the provider's chat model");
  assert.equal(ruleLayerFor(BackboneConfig.parse({}), {}), undefined);
});
