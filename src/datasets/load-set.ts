/**
 * Loads a scenario set folder (or its scenario-set.json): zod-validates the file, then checks
 * that every reference resolves, before any episode runs. Loaders only parse and check.
 */
import { readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { loadSharp, readDataFile } from "../util/index.ts";
import { DatasetError, describeIssues } from "./dataset-errors.ts";
import {
  type AcquisitionEpisode,
  type Episode,
  type EvaluationEpisode,
  SCENARIO_SET_FILE,
  type ScenarioSet,
  ScenarioSetFile,
} from "./scenario-schema.ts";

/** Where a scenario set's file lives: a folder holding scenario-set.json, or the file itself. */
export async function scenarioSetFile(path: string): Promise<string> {
  const s = await stat(path).catch(() => null);
  if (!s) throw new DatasetError(path, "no such file or folder");
  return s.isDirectory() ? join(path, SCENARIO_SET_FILE) : path;
}

export async function loadScenarioSet(path: string): Promise<ScenarioSet> {
  const file = await scenarioSetFile(path);
  const text = await readFile(file, "utf8").catch((e: Error) => {
    throw new DatasetError(file, `cannot read: ${e.message}`);
  });
  const set = parseScenarioSet(text, file);
  // an acquisition episode shows the user's object by its photo: a set without them would fail
  // episode by episode, far into a run
  const missing: string[] = [];
  for (const ep of set.acquisition) {
    const image = join(set.dir, ep.referenceImage);
    if (!(await stat(image).catch(() => null))?.isFile()) missing.push(`${ep.id}: ${ep.referenceImage}`);
  }
  if (missing.length)
    throw new DatasetError(
      file,
      `${missing.length} reference image(s) missing under ${set.dir} (${missing.slice(0, 3).join("; ")}${missing.length > 3 ? "; …" : ""})`,
    );
  const broken = await undecodable([...new Set(set.acquisition.map((ep) => ep.referenceImage))], set.dir);
  if (broken.length)
    throw new DatasetError(
      file,
      `${broken.length} reference image(s) under ${set.dir} cannot be decoded (${broken.slice(0, 3).join("; ")}${broken.length > 3 ? "; …" : ""})`,
    );
  return set;
}

/** The largest reference image read: a photo of one object, never tens of megabytes. */
const REFERENCE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The reference images (relative to `dir`) that do not decode whole, as "name: why". Their
 * header is not enough: a file cut short or damaged after it reads as an image until its pixels
 * are needed, which is an episode, far into a run.
 */
async function undecodable(images: string[], dir: string): Promise<string[]> {
  const sharp = await loadSharp();
  const out = await Promise.all(
    images.map(async (name) => {
      try {
        const data = readDataFile(join(dir, name), { maxBytes: REFERENCE_MAX_BYTES });
        const meta = await sharp(data).metadata();
        if (meta.format !== "png" && meta.format !== "jpeg") return `${name}: ${meta.format} (PNG or JPEG)`;
        // failOn "warning": libpng's and libjpeg's complaints about damaged data are errors here
        await sharp(data, { failOn: "warning" }).raw().toBuffer();
        return null;
      } catch (e) {
        return `${name}: ${(e as Error).message.split("\n")[0]}`;
      }
    }),
  );
  return out.filter((x): x is string => x !== null);
}

/** Parses and cross-checks a scenario set's JSON text; `file` names it in errors. */
export function parseScenarioSet(text: string, file: string): ScenarioSet {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new DatasetError(file, `not valid JSON: ${(e as Error).message}`);
  }
  const parsed = ScenarioSetFile.safeParse(raw);
  if (!parsed.success) throw new DatasetError(file, describeIssues(parsed.error));
  const set: ScenarioSet = { ...parsed.data, dir: dirname(resolve(file)) };
  const problems = crossCheck(set);
  if (problems.length) {
    const more = problems.length > 5 ? `; … and ${problems.length - 5} more` : "";
    throw new DatasetError(file, problems.slice(0, 5).join("; ") + more);
  }
  return set;
}

/** Every reference that does not resolve, as "where: what" lines (empty when the set is sound). */
export function crossCheck(set: ScenarioSetFile): string[] {
  const out: string[] = [];
  const uniq = (kind: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) out.push(`duplicated ${kind} id "${id}"`);
      seen.add(id);
    }
    return seen;
  };
  const users = uniq(
    "user",
    set.users.map((u) => u.id),
  );
  const scenes = uniq(
    "scene",
    set.scenes.map((s) => s.id),
  );
  const objects = new Map(set.objects.map((o) => [o.id, o]));
  uniq(
    "object",
    set.objects.map((o) => o.id),
  );
  uniq(
    "episode",
    [...set.acquisition, ...set.evaluation].map((e) => e.id),
  );
  const acquisition = new Map(set.acquisition.map((e) => [e.id, e]));

  const checkCommon = (e: Episode, where: string) => {
    if (!users.has(e.userId)) out.push(`${where} (${e.id}): unknown user "${e.userId}"`);
    if (!scenes.has(e.sceneId)) out.push(`${where} (${e.id}): unknown scene "${e.sceneId}"`);
    const placed = new Set<string>();
    e.placements.forEach((p, i) => {
      if (!objects.has(p.id)) out.push(`${where}.placements[${i}] (${e.id}): unknown object "${p.id}"`);
      else if (objects.get(p.id)?.category !== p.category)
        out.push(`${where}.placements[${i}] (${e.id}): category "${p.category}" differs from the catalog's`);
      if (placed.has(p.id)) out.push(`${where}.placements[${i}] (${e.id}): object "${p.id}" placed twice`);
      placed.add(p.id);
    });
    if (!objects.has(e.targetObjectId)) out.push(`${where} (${e.id}): unknown target object "${e.targetObjectId}"`);
    else if (!placed.has(e.targetObjectId))
      out.push(`${where} (${e.id}): target "${e.targetObjectId}" is not among the placements`);
  };
  set.acquisition.forEach((e: AcquisitionEpisode, i) => {
    checkCommon(e, `acquisition[${i}]`);
    // an acquisition episode shows its target's reference image: the catalog must have one
    const target = objects.get(e.targetObjectId);
    if (target && !target.image)
      out.push(`acquisition[${i}] (${e.id}): target "${e.targetObjectId}" has no image in the catalog`);
    for (const s of e.update?.supersedes ?? [])
      if (!acquisition.has(s)) out.push(`acquisition[${i}] (${e.id}): supersedes unknown episode "${s}"`);
  });
  set.evaluation.forEach((e: EvaluationEpisode, i) => {
    const where = `evaluation[${i}]`;
    checkCommon(e, where);
    for (const g of e.goldPriorEpisodeIds) {
      const prior = acquisition.get(g);
      if (!prior) {
        out.push(`${where} (${e.id}): gold prior episode "${g}" does not exist`);
        continue;
      }
      if (prior.userId !== e.userId) out.push(`${where} (${e.id}): gold prior "${g}" belongs to another user`);
      if (prior.timestamp >= e.timestamp) out.push(`${where} (${e.id}): gold prior "${g}" is not earlier`);
    }
    for (const d of e.distractorIds)
      if (!e.placements.some((p) => p.id === d)) out.push(`${where} (${e.id}): distractor "${d}" is not placed`);
  });
  return out;
}

/** A user's acquisition episodes (in every scene), oldest first: the prior interactions. */
export function priorEpisodes(set: ScenarioSetFile, userId: string, before?: string): AcquisitionEpisode[] {
  return set.acquisition
    .filter((e) => e.userId === userId && (before === undefined || e.timestamp < before))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
}

/** Absolute path of a file the set names relative to its folder (reference images). */
export function setPath(set: ScenarioSet, relative: string): string {
  return join(set.dir, relative);
}
