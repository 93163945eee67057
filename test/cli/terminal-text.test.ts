/**
 * What a model writes reaches the terminal as text only: `polar run` prints the grounding's
 * `why:` and the `reply:` from the model's answers, and an escape sequence in them (a window
 * title, OSC 52 to set the clipboard, colours) must not reach the terminal as one.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { answerFor } from "../eval/scripted-backbones.ts";
import { openaiCompletion, ScriptedServer, type WireJson } from "../mllm/scripted-server.ts";
import { cliEnv, polarAsync } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "polar-terminal-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const HOSTILE = "fine\u001b]0;pwned\u0007 \u001b]52;c;cm0gLXJmIH4=\u0007\u001b[31mred\u001b[0m\u009b2J\r\u0008done";

test("escape sequences and control characters a model answers are not printed by polar run", {
  timeout: 120_000,
}, async () => {
  const server = await ScriptedServer.start({
    responder: (req, i) => {
      const schema = (req.body as WireJson).response_format?.json_schema?.schema;
      return openaiCompletion(JSON.stringify(answerFor(schema, i, HOSTILE)), {
        prompt_tokens: 5,
        completion_tokens: 5,
      });
    },
  });
  try {
    const backbone = join(tmp, "hostile.yaml");
    writeFileSync(
      backbone,
      `name: hostile\ntype: openai\nmodel: m\nbaseUrl: ${server.url}/v1\napiKeyEnv: HOSTILE_KEY\nmaxRetries: 0\nschemaRetries: 0\n`,
    );
    const r = await polarAsync(
      [
        "run",
        "--dataset",
        "datasets/polar-mini",
        "--episode",
        "eval-u1-0005",
        "--memory",
        "none",
        "--backbone",
        backbone,
        "--out",
        join(tmp, "run"),
      ],
      cliEnv(tmp, { HOSTILE_KEY: "k-not-secret", POLAR_EMBEDDER__TYPE: "lexical", POLAR_SIMULATOR__MAXSTEPS: "20" }),
    ).done;
    assert.ok(server.requests.length > 0, r.err);
    assert.match(r.out, /why: .*fine/, r.out);
    const printed = r.out + r.err;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed
    assert.doesNotMatch(printed, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, JSON.stringify(printed.slice(0, 2000)));
  } finally {
    await server.close();
  }
});
