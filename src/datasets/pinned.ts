/**
 * PInNED (Barsellotti et al. 2024, "Personalized Instance-based Navigation") episode files, as
 * the PIN code's `PIN-v1` dataset reads them: `{episodes: [...], category_to_task_category_id}`
 * in `.json` or `.json.gz`, and `objects_descriptions.json` with several descriptions per
 * instance. Loading is all-or-nothing: a bad file throws with its name, the episode index and
 * the field, and nothing of it is returned.
 *
 * Mapping to Polar: a PInNED episode has no user context, so it becomes an evaluation episode
 * of kind "pinned" for the pseudo-user "pinned", with no prior episodes; the instruction is
 * built from the target's first description; placements are the goals and distractors at
 * their positions (the Habitat bridge inserts them by object_id).
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { type Category, type ObjectSpec, PINNED_CATEGORIES, Vec3 } from "../sim/index.ts";
import { DatasetError, describeIssues } from "./dataset-errors.ts";
import type { EvaluationEpisode, Scene } from "./scenario-schema.ts";

/** A goal or distractor instance; extra habitat fields (radius, view_points, …) pass through. */
export const PinnedObject = z.looseObject({
  object_category: z.string().min(1),
  object_id: z.union([z.string().min(1), z.number().int()]).transform(String),
  position: Vec3,
  scene_dataset_config: z.string().optional(),
});
export type PinnedObject = z.infer<typeof PinnedObject>;

export const PinnedEpisode = z.looseObject({
  episode_id: z.union([z.string().min(1), z.number().int()]).transform(String),
  scene_id: z.string().min(1),
  scene_dataset_config: z.string().optional(),
  start_position: Vec3,
  /** quaternion [x, y, z, w] */
  start_rotation: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  info: z.looseObject({ geodesic_distance: z.number().nonnegative() }),
  goals: z.array(PinnedObject).min(1),
  distractors: z.array(PinnedObject).default([]),
  object_category: z.union([z.string(), z.array(z.string())]).optional(),
  object_id: z.union([z.string(), z.number()]).optional(),
});
export type PinnedEpisode = z.infer<typeof PinnedEpisode>;

export const PinnedFile = z.looseObject({
  episodes: z.array(z.unknown()),
  category_to_task_category_id: z.record(z.string(), z.number().int()).optional(),
});

/** `{id: [descriptions]}` or `[{id: [descriptions]}, …]`; both normalise to a map. */
export const ObjectDescriptions = z
  .union([
    z.record(z.string(), z.array(z.string().min(1)).min(1)),
    z.array(z.record(z.string(), z.array(z.string().min(1)).min(1))),
  ])
  .transform((v) => {
    const out = new Map<string, string[]>();
    for (const part of Array.isArray(v) ? v : [v]) for (const [id, list] of Object.entries(part)) out.set(id, list);
    return out;
  });
export type ObjectDescriptions = Map<string, string[]>;

/** A PInNED episode converted to Polar's evaluation episode, with what it came from. */
export interface ConvertedPinnedEpisode {
  episode: EvaluationEpisode;
  source: { file: string; index: number; raw: PinnedEpisode };
  /** PInNED's own shortest-path length, l_i for SPL */
  geodesicDistance: number;
}

export interface PinnedDataset {
  files: string[];
  categoryToTaskCategoryId: Record<string, number>;
  scenes: Scene[];
  episodes: ConvertedPinnedEpisode[];
  /** the objects_descriptions file read, and what it holds (absent when none was found) */
  descriptionsFile?: string;
  descriptions?: ObjectDescriptions;
}

export const PINNED_USER_ID = "pinned";

/** "teddy_bear" / "Teddy Bear" → "teddy bear"; undefined for a category Polar does not know. */
export function pinnedCategory(name: string): Category | undefined {
  const norm = name.trim().toLowerCase().replace(/[_-]+/g, " ");
  return (PINNED_CATEGORIES as readonly string[]).includes(norm) ? (norm as Category) : undefined;
}

/** Yaw (Polar's heading: 0 faces -z, positive turns left) of a Habitat [x, y, z, w] rotation. */
export function headingFromQuaternion([x, y, z, w]: readonly [number, number, number, number]): number {
  // Rotate the camera's forward (0, 0, -1) by q and read the yaw of the result.
  const fx = -2 * (x * z + w * y);
  const fz = -(1 - 2 * (x * x + y * y));
  return Math.atan2(-fx, -fz);
}

/** Scene id as Polar names it: the scene file's stem ("…/TEEsavR23oF.basis.glb" → "TEEsavR23oF"). */
export function pinnedSceneId(sceneId: string): string {
  return basename(sceneId).replace(/\..*$/, "");
}

function readMaybeGzip(file: string, bytes: Buffer): string {
  const gz = file.endsWith(".gz") || (bytes[0] === 0x1f && bytes[1] === 0x8b);
  try {
    return (gz ? gunzipSync(bytes) : bytes).toString("utf8");
  } catch (e) {
    throw new DatasetError(file, `cannot decompress: ${(e as Error).message}`);
  }
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new DatasetError(file, `not valid JSON: ${(e as Error).message}`);
  }
}

/** Parses one PInNED episode file's text, converting every episode, or throws. */
export function parsePinnedFile(
  file: string,
  text: string,
  descriptions?: ObjectDescriptions,
): { categoryToTaskCategoryId: Record<string, number>; episodes: ConvertedPinnedEpisode[] } {
  const top = PinnedFile.safeParse(parseJson(file, text));
  if (!top.success) throw new DatasetError(file, describeIssues(top.error));
  const cats = top.data.category_to_task_category_id ?? {};
  const hasCats = top.data.category_to_task_category_id !== undefined;
  const episodes: ConvertedPinnedEpisode[] = [];
  top.data.episodes.forEach((rawEp, index) => {
    const parsed = PinnedEpisode.safeParse(rawEp);
    if (!parsed.success) throw new DatasetError(file, describeIssues(parsed.error, `episodes[${index}]`));
    const ep = parsed.data;
    const objects: { field: string; o: PinnedObject }[] = [
      ...ep.goals.map((o, i) => ({ field: `goals[${i}]`, o })),
      ...ep.distractors.map((o, i) => ({ field: `distractors[${i}]`, o })),
    ];
    const placements: ObjectSpec[] = [];
    for (const { field, o } of objects) {
      const where = `episodes[${index}].${field}.object_category`;
      const category = pinnedCategory(o.object_category);
      if (!category) throw new DatasetError(file, `${where}: unknown category "${o.object_category}"`);
      if (hasCats && !(o.object_category in cats))
        throw new DatasetError(file, `${where}: "${o.object_category}" is not in category_to_task_category_id`);
      // A goal may be listed once per view point in some exports: keep one placement per instance.
      if (!placements.some((p) => p.id === o.object_id))
        placements.push({ id: o.object_id, category, position: o.position });
    }
    const target = ep.goals[0];
    const targetCategory = pinnedCategory(target.object_category) as Category;
    const text0 = descriptions?.get(target.object_id)?.[0];
    const sceneId = pinnedSceneId(ep.scene_id);
    episodes.push({
      episode: {
        id: `pinned:${sceneId}:${ep.episode_id}`,
        stage: "evaluation",
        scenario: "pinned",
        userId: PINNED_USER_ID,
        sceneId,
        // PInNED episodes carry no time: the index orders them, one second apart.
        timestamp: new Date(Date.UTC(2024, 0, 1) + index * 1000).toISOString(),
        instruction: text0
          ? `Find this ${targetCategory}: ${text0}`
          : `Find the ${targetCategory} shown in the reference images.`,
        start: { position: ep.start_position, heading: headingFromQuaternion(ep.start_rotation) },
        placements,
        targetObjectId: target.object_id,
        goldPriorEpisodeIds: [],
        query: [],
        distractorIds: placements
          .filter((p) => p.id !== target.object_id && p.category === targetCategory)
          .map((p) => p.id),
      },
      source: { file, index, raw: ep },
      geodesicDistance: ep.info.geodesic_distance,
    });
  });
  return { categoryToTaskCategoryId: cats, episodes };
}

export async function loadObjectDescriptions(file: string): Promise<ObjectDescriptions> {
  const bytes = await readFile(file).catch((e: Error) => {
    throw new DatasetError(file, `cannot read: ${e.message}`);
  });
  const parsed = ObjectDescriptions.safeParse(parseJson(file, readMaybeGzip(file, bytes)));
  if (!parsed.success) throw new DatasetError(file, describeIssues(parsed.error));
  return parsed.data;
}

const EPISODE_FILE = /\.json(\.gz)?$/;
const NOT_EPISODES = /^objects?_descriptions\.json(\.gz)?$/;

/** The episode files a path names: the file itself, or every *.json[.gz] below a folder. */
export async function pinnedEpisodeFiles(path: string): Promise<string[]> {
  const s = await stat(path).catch(() => null);
  if (!s) throw new DatasetError(path, "no such file or folder");
  if (!s.isDirectory()) return [path];
  const out: string[] = [];
  for (const name of (await readdir(path)).sort()) {
    const p = join(path, name);
    if ((await stat(p)).isDirectory()) out.push(...(await pinnedEpisodeFiles(p)));
    else if (EPISODE_FILE.test(name) && !NOT_EPISODES.test(name)) out.push(p);
  }
  return out;
}

/** Finds objects_descriptions.json (or object_descriptions.json) in or above an episode folder. */
async function findDescriptions(path: string): Promise<string | undefined> {
  const s = await stat(path).catch(() => null);
  const dir = s?.isDirectory() ? path : join(path, "..");
  for (const d of [dir, join(dir, ".."), join(dir, "..", "..")])
    for (const name of ["objects_descriptions.json", "object_descriptions.json"]) {
      const p = join(d, name);
      if (await stat(p).catch(() => null)) return p;
    }
  return undefined;
}

/**
 * Loads a PInNED episode file or a folder of them (all or nothing). Descriptions come from
 * `descriptionsFile`, else from an objects_descriptions.json found next to or above the data.
 */
export async function loadPinned(path: string, opts: { descriptionsFile?: string } = {}): Promise<PinnedDataset> {
  const files = await pinnedEpisodeFiles(path);
  if (files.length === 0) throw new DatasetError(path, "no PInNED episode files (*.json, *.json.gz) here");
  const descFile = opts.descriptionsFile ?? (await findDescriptions(path));
  const descriptions = descFile ? await loadObjectDescriptions(descFile) : undefined;
  const categoryToTaskCategoryId: Record<string, number> = {};
  const episodes: ConvertedPinnedEpisode[] = [];
  const scenes = new Map<string, Scene>();
  for (const file of files) {
    const bytes = await readFile(file).catch((e: Error) => {
      throw new DatasetError(file, `cannot read: ${e.message}`);
    });
    const one = parsePinnedFile(file, readMaybeGzip(file, bytes), descriptions);
    Object.assign(categoryToTaskCategoryId, one.categoryToTaskCategoryId);
    for (const c of one.episodes) {
      const raw = c.source.raw;
      if (!scenes.has(c.episode.sceneId))
        scenes.set(c.episode.sceneId, {
          id: c.episode.sceneId,
          simulator: "habitat",
          scene: raw.scene_id,
          sceneDatasetConfig: raw.scene_dataset_config ?? raw.goals[0].scene_dataset_config,
        });
      episodes.push(c);
    }
  }
  const seen = new Map<string, string>();
  for (const c of episodes) {
    const prev = seen.get(c.episode.id);
    if (prev)
      throw new DatasetError(
        c.source.file,
        `episodes[${c.source.index}].episode_id: duplicated episode "${c.source.raw.episode_id}" in scene ${c.episode.sceneId} (also in ${prev})`,
      );
    seen.set(c.episode.id, `${c.source.file} episodes[${c.source.index}]`);
  }
  return {
    files,
    categoryToTaskCategoryId,
    scenes: [...scenes.values()],
    episodes,
    ...(descFile && descriptions ? { descriptionsFile: descFile, descriptions } : {}),
  };
}
