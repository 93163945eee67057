import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { protocolSchemaFiles } from "../../src/sim/protocol-json.ts";

test("sim-bridge/protocol is generated from the current zod schemas (run npm run gen:protocol)", () => {
  for (const [name, text] of Object.entries(protocolSchemaFiles())) {
    const committed = readFileSync(`sim-bridge/protocol/${name}`, "utf8");
    assert.equal(committed, text, `sim-bridge/protocol/${name} is stale`);
  }
});
