// `npm run bench [name...]`: runs every bench/*.bench.ts (or those named exactly) and writes each one's
// JSON to bench/results/<name>.json, with the machine, commit and load noted, since figures from this
// shared 2-core machine only mean something next to the machine they came from; then rewrites those
// benches' figures in docs/benchmarks.md (bench/docs.ts). `npm run bench -- --docs` only rewrites
// the figures, from the results already there.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { BenchResultError, writeBenchDocs } from "./docs.ts";

const dir = import.meta.dirname;
const outDir = join(dir, "results");
const docFile = join(dir, "..", "docs", "benchmarks.md");
if (process.argv.includes("--docs")) {
  let written: string[];
  try {
    written = writeBenchDocs(outDir, docFile);
  } catch (e) {
    // a damaged results file or a doc without its markers: say which, exit 2
    if (!(e instanceof BenchResultError)) throw e;
    console.error(`bench --docs: ${e.message}`);
    process.exit(2);
  }
  console.log(
    written.length ? `${docFile}: figures of ${written.join(", ")}` : `${docFile}: no results in ${outDir}, unchanged`,
  );
  process.exit(0);
}
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.includes(basename(f, ".bench.ts")))
  .sort();
if (files.length === 0) {
  console.error(
    `no benchmark named ${wanted.join(", ")}; have: ${readdirSync(dir)
      .filter((f) => f.endsWith(".bench.ts"))
      .join(", ")}`,
  );
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  ...commit(),
};
for (const f of files) {
  const name = basename(f, ".bench.ts");
  console.log(`bench ${name} …`);
  const mod = (await import(pathToFileURL(join(dir, f)).href)) as { run: () => Promise<Record<string, unknown>> };
  // when and under what load this bench started: each bench's own, as the doc's block says
  const at = { date: new Date().toISOString(), loadAverage1m: Math.round(loadavg()[0] * 100) / 100 };
  const result = await mod.run();
  const out = join(outDir, `${name}.json`);
  writeFileSync(out, `${JSON.stringify({ bench: name, machine: { ...machine, ...at }, ...result }, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${out}`);
}
console.log(`${docFile}: figures of ${writeBenchDocs(outDir, docFile).join(", ")}`);

/** The checkout's commit, and whether it had uncommitted changes; null outside a git checkout. */
function commit(): { commit: string | null; dirty?: boolean } {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();
    return { commit: git("rev-parse", "--short", "HEAD"), dirty: git("status", "--porcelain").length > 0 };
  } catch {
    return { commit: null };
  }
}
