// `npm run bench [name...]`: runs every bench/*.bench.ts (or those named exactly) and writes each one's
// JSON to bench/results/<name>.json, with the machine noted, since figures from this shared
// 2-core machine only mean something next to the machine they came from.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const dir = import.meta.dirname;
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
const outDir = join(dir, "results");
mkdirSync(outDir, { recursive: true });
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  date: new Date().toISOString(),
};
for (const f of files) {
  const name = basename(f, ".bench.ts");
  console.log(`bench ${name} …`);
  const mod = (await import(pathToFileURL(join(dir, f)).href)) as { run: () => Promise<Record<string, unknown>> };
  const result = await mod.run();
  const out = join(outDir, `${name}.json`);
  writeFileSync(out, `${JSON.stringify({ bench: name, machine, ...result }, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${out}`);
}
