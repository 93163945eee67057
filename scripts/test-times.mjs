// A node:test reporter (scripts/run-tests.mjs adds it beside spec): each test file's time, the sum
// of its top-level tests, as JSON, so the files that hold CI back can be found and split or made
// cheaper without timing each file alone. Node names the file that declares a test: tests declared
// by a shared helper (test/rules/dev-floors.ts) are summed under the helper, over every file using it.
import { relative } from "node:path";

export default async function* testTimes(source) {
  const files = new Map();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { file, nesting, details } = event.data;
    if (nesting !== 0 || !file) continue;
    const name = relative(process.cwd(), file).replace(/^\.polar\/test-build\/\d+\/(.*)\.js$/, "$1.ts");
    const f = files.get(name) ?? { file: name, ms: 0, tests: 0, failed: 0 };
    f.ms += details?.duration_ms ?? 0;
    f.tests += 1;
    if (event.type === "test:fail") f.failed += 1;
    files.set(name, f);
  }
  const byTime = [...files.values()].sort((a, b) => b.ms - a.ms).map((f) => ({ ...f, ms: Math.round(f.ms) }));
  yield `${JSON.stringify(byTime, null, 1)}\n`;
}
