/**
 * Files small enough to read in one sitting: no function in src/ or the embedded simulator over
 * 120 lines, no file over 500 (data tables and generated files aside, each named with its reason
 * in scripts/code-size.ts). A failure lists every offender; split it by job.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ALLOWED_LONG_FILES,
  FILE_LIMIT,
  FUNCTION_LIMIT,
  longFiles,
  longFunctions,
  ROOTS,
  sourceFiles,
} from "../scripts/code-size.ts";

const files = ROOTS.flatMap(sourceFiles);

const list = (over: { where: string; lines: number }[]) => over.map((o) => `  ${o.lines}\t${o.where}`).join("\n");

test("the size limits read the whole of src/ and the embedded simulator", () => {
  assert.ok(files.some((f) => f.startsWith("src/")) && files.some((f) => f.startsWith("sim-bridge/embedded/")));
  assert.ok(files.length > 300, `found ${files.length} source files`);
  // the scan measures: a real file of the tree is over a limit of 1 line and has functions over 1 line
  assert.ok(longFiles(files, 1).length === files.length - Object.keys(ALLOWED_LONG_FILES).length);
  assert.ok(longFunctions(["src/memory/retrieve.ts"], 1).some((o) => / retrieveDetailed$/.test(o.where)));
});

test(`no function over ${FUNCTION_LIMIT} lines`, () => {
  const over = longFunctions(files);
  assert.equal(over.length, 0, `functions over ${FUNCTION_LIMIT} lines:\n${list(over)}`);
});

test(`no file over ${FILE_LIMIT} lines outside the allow-list of data tables and generated files`, () => {
  const over = longFiles(files);
  assert.equal(over.length, 0, `files over ${FILE_LIMIT} lines:\n${list(over)}`);
  for (const f of Object.keys(ALLOWED_LONG_FILES)) assert.ok(files.includes(f), `allow-listed ${f} exists`);
});
