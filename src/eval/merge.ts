/**
 * `polar eval merge DIR… --out DIR`: joins the folders of a sharded run (`--shard i/N`) into one.
 * Every episode unit of the run (episode × backbone × memory mode × representation, under one
 * run hash) must be present exactly once across the inputs; what is missing or duplicated is
 * listed and nothing is written, so a merged folder always holds a complete run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readManifest } from "./report/write-report.ts";
import {
  describeProblems,
  MANIFEST_FILE,
  RESULTS_FILE,
  type ResultLine,
  type RunManifest,
  readResults,
} from "./results.ts";
import { describeDifference, type RunFile, readRunFile, writeRunFile } from "./run-config.ts";

export class MergeError extends Error {}

export interface MergeCheck {
  runHash: string;
  units: number;
  /** unit keys no input holds */
  missing: string[];
  /** unit keys more than one input holds, with the folders */
  duplicated: { key: string; dirs: string[] }[];
  /** lines of another run (other hash, or none) or of units the run does not plan: ignored */
  ignored: { dir: string; key: string; why: string }[];
  /** shard indexes of the run's N that no input holds */
  missingShards: number[];
  lines: ResultLine[];
}

interface Input {
  dir: string;
  run: RunFile;
  lines: ResultLine[];
  manifest: RunManifest | null;
}

function readInput(dir: string): Input {
  const run = readRunFile(dir);
  if (!run) throw new MergeError(`${dir}: no run.json (not the output folder of a polar eval run of this version)`);
  const path = join(dir, RESULTS_FILE);
  const read = readResults(path);
  const bad = read.problems.filter((p) => !p.torn);
  if (bad.length) throw new MergeError(describeProblems(path, { ...read, problems: bad, duplicates: 0 }).join("\n"));
  return { dir, run, lines: read.lines, manifest: readManifest(dir) };
}

/** Checks the inputs against their run's plan of units; throws when they are not of one run. */
export function checkMerge(dirs: string[]): MergeCheck {
  if (dirs.length === 0) throw new MergeError("polar eval merge needs at least one folder");
  const inputs = dirs.map((d) => readInput(resolve(d)));
  const first = inputs[0];
  for (const other of inputs.slice(1))
    if (other.run.runHash !== first.run.runHash)
      throw new MergeError(
        `${other.dir} is of another run (run hash ${other.run.runHash}, ${first.dir} has ${first.run.runHash}): ` +
          describeDifference(other.run.config, first.run.config),
      );
  const runHash = first.run.runHash;
  const units = first.run.units;
  const planned = new Set(units);
  const holders = new Map<string, { dir: string; line: ResultLine }[]>();
  const ignored: MergeCheck["ignored"] = [];
  for (const input of inputs)
    for (const line of input.lines) {
      if (line.runHash !== runHash) {
        ignored.push({ dir: input.dir, key: line.key, why: `run hash ${line.runHash ?? "absent"}, not ${runHash}` });
        continue;
      }
      if (!planned.has(line.key)) {
        ignored.push({ dir: input.dir, key: line.key, why: "not a unit of this run" });
        continue;
      }
      const list = holders.get(line.key) ?? [];
      list.push({ dir: input.dir, line });
      holders.set(line.key, list);
    }
  const count = first.run.shard?.count ?? 1;
  const seen = new Set(inputs.map((i) => i.run.shard?.index ?? -1));
  const missingShards = first.run.shard ? Array.from({ length: count }, (_, i) => i).filter((i) => !seen.has(i)) : [];
  return {
    runHash,
    units: units.length,
    missing: units.filter((k) => !holders.has(k)),
    duplicated: [...holders.entries()]
      .filter(([, h]) => h.length > 1)
      .map(([key, h]) => ({ key, dirs: h.map((x) => x.dir) })),
    ignored,
    missingShards,
    // In plan order, so merged folders compare line for line whatever order the shards ran in.
    lines: units.flatMap(
      (k) =>
        holders
          .get(k)
          ?.map((h) => h.line)
          .slice(0, 1) ?? [],
    ),
  };
}

/** Writes OUT/results.jsonl, manifest.json and run.json of a complete, duplicate-free merge. */
export function writeMerge(dirs: string[], out: string, check: MergeCheck): void {
  if (check.missing.length || check.duplicated.length)
    throw new MergeError(
      `not merged: ${check.missing.length} unit(s) missing, ${check.duplicated.length} duplicated (see the list above)`,
    );
  const inputs = dirs.map((d) => readInput(resolve(d)));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, RESULTS_FILE), check.lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  const manifests = inputs.map((i) => i.manifest).filter((m): m is RunManifest => m !== null);
  if (manifests.length) {
    const merged: RunManifest = { ...manifests[0], sessions: manifests.flatMap((m) => m.sessions) };
    writeFileSync(join(out, MANIFEST_FILE), `${JSON.stringify(merged, null, 2)}\n`);
  }
  writeRunFile(out, inputs[0].run.config, inputs[0].run.units, null);
}

/** The check, as lines for the terminal. */
export function describeCheck(c: MergeCheck, max = 20): string[] {
  const out: string[] = [];
  const list = (items: string[]) => [
    ...items.slice(0, max).map((s) => `  ${s}`),
    ...(items.length > max ? [`  … and ${items.length - max} more`] : []),
  ];
  if (c.missingShards.length) out.push(`shards with no folder: ${c.missingShards.join(", ")}`);
  if (c.missing.length) out.push(`missing (${c.missing.length}):`, ...list(c.missing));
  if (c.duplicated.length)
    out.push(
      `duplicated (${c.duplicated.length}):`,
      ...list(c.duplicated.map((d) => `${d.key} in ${d.dirs.join(", ")}`)),
    );
  if (c.ignored.length)
    out.push(`ignored lines (${c.ignored.length}):`, ...list(c.ignored.map((i) => `${i.dir}: ${i.key} (${i.why})`)));
  return out;
}
