/**
 * `polar dataset import-pinned`: PInNED episode files → a Polar scenario set whose scenes run on
 * the Habitat bridge. The set is built whole and checked by the scenario-set loader before
 * anything is written; `scenario-set.json` is then written to a temporary file and renamed, so
 * a failed import leaves no file behind (all or nothing).
 *
 * The catalog holds one object per PInNED instance placed (goals and distractors), keyed by its
 * `object_id`: its category, three descriptions (objects_descriptions.json's first three; when
 * the file is absent or gives fewer, generic ones made from the category alone) and attributes
 * PInNED does not give (color "unknown", size "medium"). No image: no acquisition episode shows
 * these objects, and no placeholder picture is made up.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { DatasetError } from "./dataset-errors.ts";
import { formatScenarioSet } from "./generate/write.ts";
import { parseScenarioSet } from "./load-set.ts";
import { loadPinned, PINNED_USER_ID, type PinnedDataset } from "./pinned.ts";
import {
  type CatalogObject,
  type Category,
  SCENARIO_SET_FILE,
  SCENARIO_SET_VERSION,
  type ScenarioSet,
  type ScenarioSetFile,
} from "./scenario-schema.ts";

/** Three descriptions that say only what the category says (no instance looks are invented). */
export function genericDescriptions(category: Category): [string, string, string] {
  return [
    `a ${category}`,
    `a ${category} placed in the house`,
    `a ${category} (the PInNED data has no description of this instance)`,
  ];
}

/** The scenario set for a loaded PInNED dataset; throws DatasetError on an instance whose category varies. */
export function pinnedScenarioSet(data: PinnedDataset, name: string, source: string): ScenarioSetFile {
  const objects = new Map<string, CatalogObject>();
  const firstSeen = new Map<string, string>();
  for (const c of data.episodes)
    for (const p of c.episode.placements) {
      const where = `${c.source.file} episodes[${c.source.index}]`;
      const known = objects.get(p.id);
      if (known) {
        if (known.category !== p.category)
          throw new DatasetError(
            c.source.file,
            `episodes[${c.source.index}]: object "${p.id}" is a ${p.category} here but a ${known.category} in ${firstSeen.get(p.id)}`,
          );
        continue;
      }
      const given = data.descriptions?.get(p.id) ?? [];
      const generic = genericDescriptions(p.category);
      const d = [0, 1, 2].map((i) => given[i] ?? generic[i]) as [string, string, string];
      objects.set(p.id, {
        id: p.id,
        category: p.category,
        attributes: { color: "unknown", size: "medium" },
        descriptions: d,
      });
      firstSeen.set(p.id, where);
    }
  const described = [...objects.keys()].filter((id) => data.descriptions?.has(id)).length;
  return {
    version: SCENARIO_SET_VERSION,
    name,
    description:
      `PInNED episodes imported from ${source} by polar dataset import-pinned; ` +
      `descriptions of ${described} of ${objects.size} instances from ${data.descriptionsFile ? basename(data.descriptionsFile) : "no objects_descriptions.json"}, ` +
      "the others generic (category only)",
    users: [{ id: PINNED_USER_ID, name: "PInNED (no user context)" }],
    scenes: data.scenes,
    objects: [...objects.values()],
    acquisition: [],
    evaluation: data.episodes.map((c) => c.episode),
  };
}

export interface ImportPinnedOptions {
  descriptionsFile?: string;
  name?: string;
  /** replace OUT/scenario-set.json in a folder that is not empty */
  force?: boolean;
}

/** Reads PInNED episodes at `path` and writes `out/scenario-set.json`, or throws and writes nothing. */
export async function importPinned(
  path: string,
  out: string,
  opts: ImportPinnedOptions = {},
): Promise<{ file: string; set: ScenarioSet; described: number }> {
  const where = await stat(out).catch(() => null);
  if (where && !where.isDirectory()) throw new DatasetError(`--out ${out}`, "exists and is not a folder");
  if (where && !opts.force && (await readdir(out)).length > 0)
    throw new DatasetError(
      `--out ${out}`,
      "is not empty: choose another folder, or pass --force to replace its scenario-set.json",
    );
  const data = await loadPinned(path, opts.descriptionsFile ? { descriptionsFile: opts.descriptionsFile } : {});
  const name = opts.name ?? `pinned-${basename(resolve(path)).replace(/\.json(\.gz)?$/, "")}`;
  const text = formatScenarioSet(pinnedScenarioSet(data, name, path));
  const file = join(out, SCENARIO_SET_FILE);
  // the loader's own checks (schema, ids, catalog) before anything is written
  const parsed = parseScenarioSet(text, `${path} (as a scenario set)`);
  const set: ScenarioSet = { ...parsed, dir: resolve(out) };
  await mkdir(out, { recursive: true });
  const tmp = join(out, `.${SCENARIO_SET_FILE}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, text);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return { file, set, described: set.objects.filter((o) => data.descriptions?.has(o.id)).length };
}
