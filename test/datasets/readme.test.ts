import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { README_SCHEMA_END, README_SCHEMA_START, readmeSchemaBlock } from "../../src/datasets/json-schema.ts";

test("datasets/README.md carries the current JSON Schema of scenario-set.json", () => {
  const readme = readFileSync("datasets/README.md", "utf8");
  const start = readme.indexOf(README_SCHEMA_START);
  const end = readme.indexOf(README_SCHEMA_END);
  assert.ok(start >= 0 && end > start, "schema markers missing from datasets/README.md");
  const block = readme.slice(start, end + README_SCHEMA_END.length);
  assert.equal(block, readmeSchemaBlock(), "stale schema: paste `polar dataset schema` into datasets/README.md");
});
