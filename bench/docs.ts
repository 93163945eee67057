// The measured figures in docs/benchmarks.md, written from bench/results/*.json (what `npm run bench`
// writes) rather than by hand, so the page cannot drift from the measurements: one block per bench,
// from its newest result, headed by the date, commit, load and machine it came from. A bench with no
// result here keeps the block it had, so a checkout that ran one bench does not erase the others'.
// `npm run bench -- --docs` rewrites the blocks; `npm run bench NAME` rewrites NAME's after running it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const SECTION_START = "<!-- bench:figures:start -->";
export const SECTION_END = "<!-- bench:figures:end -->";

/** What bench/run.ts writes: the bench's name, the machine it ran on, then the bench's own figures. */
export const BenchResult = z.looseObject({
  bench: z.string().regex(/^[a-z0-9-]+$/, "is not a bench name (lower-case letters, digits, -)"),
  machine: z.looseObject({
    date: z.iso.datetime(),
    cpus: z.number().optional(),
    cpuModel: z.string().optional(),
    memoryGiB: z.number().optional(),
    node: z.string().optional(),
    /** absent in results written before run.ts recorded them */
    commit: z.string().nullable().optional(),
    dirty: z.boolean().optional(),
    loadAverage1m: z.number().optional(),
  }),
});
export type BenchResult = z.infer<typeof BenchResult>;

/** A results file that is not JSON or not a bench result: the message names the file and the key. */
export class BenchResultError extends Error {}

/** Every bench's newest result in `dir` (by its recorded date), in name order; none when there is no `dir`. */
export function newestResults(dir: string): BenchResult[] {
  const newest = new Map<string, BenchResult>();
  if (!existsSync(dir)) return [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const file = join(dir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      throw new BenchResultError(`${file}: not JSON (${(e as Error).message})`);
    }
    const r = BenchResult.safeParse(raw);
    if (!r.success) {
      const is = r.error.issues[0];
      throw new BenchResultError(`${file}: ${is.path.join(".") || "(top)"}: ${is.message}`);
    }
    const held = newest.get(r.data.bench);
    if (!held || Date.parse(r.data.machine.date) > Date.parse(held.machine.date)) newest.set(r.data.bench, r.data);
  }
  return [...newest.keys()].sort().map((k) => newest.get(k) as BenchResult);
}

const MAX_LIST = 10;
const MAX_TEXT = 80;

/** The bench's own figures as (dotted key, value) rows, in the order the bench wrote them. */
export function figureRows(value: unknown, prefix = ""): [string, string][] {
  if (value === null || typeof value !== "object") return prefix ? [[prefix, scalar(value)]] : [];
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    const shown = value.slice(0, MAX_LIST).map(scalar).join(", ");
    return [[prefix, value.length > MAX_LIST ? `${shown}, … (${value.length})` : shown]];
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => {
    if (!prefix && (k === "bench" || k === "machine")) return [];
    const key = !prefix ? k : k.startsWith("[") ? `${prefix}${k}` : `${prefix}.${k}`;
    return figureRows(v, key);
  });
}

function scalar(v: unknown): string {
  const s = typeof v === "string" ? v.replace(/\s+/g, " ") : String(v);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/** One bench's block: where its figures came from, then the figures. */
export function benchBlock(r: BenchResult): string {
  const m = r.machine;
  const when = `${m.date.slice(0, 16).replace("T", " ")} UTC`;
  const commit = m.commit ? `commit ${m.commit}${m.dirty ? " (with uncommitted changes)" : ""}` : "commit not recorded";
  const load = m.loadAverage1m === undefined ? "load not recorded" : `load ${m.loadAverage1m} (1 min, at start)`;
  const machine = [
    m.cpus !== undefined ? `${m.cpus} × ${m.cpuModel ?? "CPU"}` : undefined,
    m.memoryGiB !== undefined ? `${m.memoryGiB} GiB` : undefined,
    m.node ? `Node ${m.node}` : undefined,
  ].filter(Boolean);
  const rows = figureRows(r).map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`);
  return [
    `<!-- bench:${r.bench} -->`,
    `### ${r.bench}`,
    "",
    `${when} · ${commit} · ${load}${machine.length ? ` · ${machine.join(", ")}` : ""}`,
    "",
    "| figure | value |",
    "| --- | --- |",
    ...rows,
    `<!-- /bench:${r.bench} -->`,
  ].join("\n");
}

/** The blocks a section holds now, by bench name. */
function blocksIn(section: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of section.matchAll(/<!-- bench:([a-z0-9-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g)) out.set(m[1], m[0]);
  return out;
}

/**
 * The doc with its figures section rewritten: the results' blocks replace those of the same bench,
 * other benches' blocks stay, all in name order. Everything outside the markers is left as it is.
 */
export function rewriteDoc(doc: string, results: readonly BenchResult[], docName = "the document"): string {
  const a = doc.indexOf(SECTION_START);
  const b = doc.indexOf(SECTION_END);
  if (a < 0 || b < a)
    throw new BenchResultError(`${docName} has no figures section (${SECTION_START} … ${SECTION_END})`);
  const blocks = blocksIn(doc.slice(a, b));
  for (const r of results) blocks.set(r.bench, benchBlock(r));
  const body = [...blocks.keys()]
    .sort()
    .map((k) => blocks.get(k))
    .join("\n\n");
  return `${doc.slice(0, a)}${SECTION_START}\n${body ? `${body}\n` : ""}${doc.slice(b)}`;
}

/** Rewrites `docFile`'s figures section from the newest results in `resultsDir`; returns the benches written. */
export function writeBenchDocs(resultsDir: string, docFile: string): string[] {
  const results = newestResults(resultsDir);
  const doc = readFileSync(docFile, "utf8");
  const next = rewriteDoc(doc, results, docFile);
  if (next !== doc) writeFileSync(docFile, next);
  return results.map((r) => r.bench);
}
