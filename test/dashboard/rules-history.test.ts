/** The rules view: a version a later one replaced or retracted reads as superseded, never as active. */
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { loadConfig } from "../../src/config/load.ts";
import { readRules, rulesPath } from "../../src/dashboard/rules-view.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";

test("version 1 of a retracted rule is shown superseded by version 2", async () => {
  const dir = mkdtempSync(join(tmpdir(), "polar-rules-view-"));
  const config = loadConfig({ env: {}, overrides: { memory: { path: join(dir, "memory.db") } } });
  const lib = new SqliteRuleLibrary(rulesPath(config));
  const ctx = { sceneId: "s1", rooms: ["kitchen", "garage", "hallway"], at: 1 };
  await teach(lib, "u1", "Stay out of the garage.", ctx);
  await teach(lib, "u1", "Keep out of the kitchen.", ctx);
  await teach(lib, "u1", "the garage is fine again", ctx);
  lib.close();
  const view = await readRules(config, "u1");
  assert.deepEqual(view.versions.map((v) => [v.versionId, v.status]).sort(), [
    ["R1@1", "superseded by v2"],
    ["R1@2", "retracted"],
    ["R2@1", "active"],
  ]);
  assert.deepEqual(view.inForce, ["R2@1"]);
});
