/**
 * What the queue benches share: four users' short episodes, the scripted OpenAI-format model
 * (answers that depend on the request alone, so every run does the same episodes, after
 * `latencyMs`), its backbone file, and the config of a run into OUT.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../src/config/load.ts";
import { answerFor } from "../test/eval/scripted-backbones.ts";
import { multiUserSet } from "../test/eval/shard-slice.ts";
import { openaiCompletion, ScriptedServer, type WireJson } from "../test/mllm/scripted-server.ts";
import { TEST_ENV } from "../test/queue/workers.ts";

export async function queuedRunSetup(root: string, opts: { name: string; latencyMs: number }) {
  const dataset = await multiUserSet(root, { users: 4, evaluationPerUser: 2 });
  const server = await ScriptedServer.start({
    responder: async (req) => {
      if (opts.latencyMs > 0) await new Promise((r) => setTimeout(r, opts.latencyMs));
      const body = req.body as WireJson;
      const seed = createHash("sha256").update(JSON.stringify(body.messages)).digest().readUInt32BE(0);
      return openaiCompletion(JSON.stringify(answerFor(body.response_format?.json_schema?.schema, seed)), {
        prompt_tokens: 300,
        completion_tokens: 30,
      });
    },
  });
  const yaml = join(root, `${opts.name}.yaml`);
  writeFileSync(
    yaml,
    `name: ${opts.name}\ntype: openai\nmodel: scripted-${opts.name}\nbaseUrl: ${server.url}/v1\napiKeyEnv: SCRIPTED_OPENAI_KEY\nmaxRetries: 2\nschemaRetries: 1\ntimeoutMs: 30000\n`,
  );
  const env = { ...TEST_ENV, POLAR_SIMULATOR__MAXSTEPS: "8", SCRIPTED_OPENAI_KEY: "sk-scripted" };
  process.env.SCRIPTED_OPENAI_KEY = env.SCRIPTED_OPENAI_KEY;
  const config = (out: string) =>
    loadConfig({
      env,
      overrides: { eval: { dataset, out, backbones: [yaml], memoryModes: ["none", "polar"], concurrency: 1 } },
    });
  return { dataset, server, yaml, env, config };
}
