/**
 * A generated scenario set (scenario-set.json and its reference images) made once per checkout,
 * generator options and state of the sources, and shared by every test file that asks for the
 * same one: about twenty files cut their slices from two sets, and each used to generate and
 * render its own copy (about a second of CPU each). The sets are read only: a test cuts its
 * slice into its own folder (slice.ts writeSlice), which links the images.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { type GenerateOptions, generateScenarioSet } from "../../src/datasets/generate/build.ts";
import { writeScenarioSet } from "../../src/datasets/generate/write.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
/** what the generator's output can depend on: any TypeScript source of the agent or the simulator */
const SOURCES = ["src", "sim-bridge/embedded"];

/** path, size and mtime of every source file (and of `more`, files or folders): an edit anywhere makes a new set */
export function sourceStamp(more: string[] = []): string {
  const h = createHash("sha256").update(ROOT);
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".ts")) {
        const s = statSync(p);
        h.update(`${p}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of SOURCES) walk(join(ROOT, d));
  for (const p of more) {
    const s = statSync(p);
    if (s.isDirectory()) walk(p);
    else h.update(`${p}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return h.digest("hex").slice(0, 16);
}

/**
 * The folder of the set `generateScenarioSet(opts)` makes, written with writeScenarioSet.
 * Written under a temporary name and renamed into place, so a test file running beside another
 * never reads a half-written set; when two write the same set at once, the first rename wins.
 */
export async function generatedSet(opts: GenerateOptions): Promise<string> {
  const key = createHash("sha256").update(JSON.stringify(opts)).update(sourceStamp()).digest("hex").slice(0, 20);
  const base = join(tmpdir(), "polar-test-sets");
  const dir = join(base, key);
  if (existsSync(join(dir, "scenario-set.json"))) return dir;
  mkdirSync(base, { recursive: true });
  const tmp = mkdtempSync(join(base, `${key}.part-`));
  try {
    const g = generateScenarioSet(opts, embeddedScenes);
    await writeScenarioSet(tmp, g.set, embeddedScenes);
    try {
      renameSync(tmp, dir);
    } catch (e) {
      // another file made it first (a folder not empty is not replaced)
      if (!existsSync(join(dir, "scenario-set.json"))) throw e;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
