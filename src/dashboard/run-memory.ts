/**
 * The memory folder a run's retrieval read, found from where the run lies, as each command lays
 * them out: `polar run` keeps it in the run folder (RUN/memory), `polar eval` beside its episodes
 * (OUT/memory/<backbone>), a dashboard session beside its runs (runs/dashboard/memory/<dataset>-
 * <backbone>). The first that exists inside the dashboard's roots wins; null when none does (a
 * `polar run --memory-dir` elsewhere), and the page says so.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { slug } from "../eval/index.ts";
import type { DataRoots } from "./paths.ts";

/** how far up from a run folder a memory folder is looked for (OUT/episodes/<backbone>/<group>/<episode>) */
const UP = 5;

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

export function memoryOfRun(roots: DataRoots, runDir: string, backbone: string): string | null {
  const name = slug(backbone);
  let dir = runDir;
  for (let i = 0; i <= UP; i++) {
    const memory = join(dir, "memory");
    const found = isDir(memory) ? pick(memory, name) : null;
    if (found) {
      try {
        return roots.label(roots.resolve(found));
      } catch {
        return null; // a link out of the roots: not one the dashboard may open
      }
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

/** a memory folder itself, or its backbone's folder inside it */
function pick(memory: string, backbone: string): string | null {
  if (existsSync(join(memory, "memory.db"))) return memory;
  if (isDir(join(memory, backbone))) return join(memory, backbone);
  let names: string[];
  try {
    names = readdirSync(memory);
  } catch {
    return null;
  }
  const ofBackbone = names.filter((n) => n.endsWith(`-${backbone}`) && isDir(join(memory, n)));
  return ofBackbone.length === 1 ? join(memory, ofBackbone[0]) : null;
}
