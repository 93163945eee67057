/**
 * Scenario sets written by hand, grouped by house: a person writes what each user said
 * (acquisition) and asked (evaluation), with the structured context and the gold answer; this
 * builds the episodes around the words — placements that differ between stages, starts a
 * walk away from the target, reference images — on the same scene source as the generator.
 * `split` on a house lets one file give a development half and a held-out half.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { Category, ObjectAttributes, type Pose } from "../../sim/index.ts";
import { DatasetError, describeIssues } from "../dataset-errors.ts";
import {
  type AcquisitionEpisode,
  type CatalogObject,
  ContextFact,
  type EvaluationEpisode,
  QueryConstraint,
  SCENARIO_SET_VERSION,
  SCENARIOS,
  type ScenarioSetFile,
  TemporalKind,
} from "../scenario-schema.ts";
import { describe } from "./phrasing.ts";
import { rngFor } from "./rng.ts";
import type { PlacedRef, SceneSource } from "./scenes.ts";

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/);
const Time = z.string().datetime();

export const AuthoredHouse = z.strictObject({
  id: Id,
  /** the procedural house's seed */
  seed: z.number().int(),
  /** which half of the set this house belongs to */
  split: z.string().min(1),
  /** who wrote these cases (a voice), for the record */
  voice: z.string().min(1),
  user: z.strictObject({ id: Id, name: z.string().min(1) }),
  objects: z.array(z.strictObject({ id: Id, category: Category, attributes: ObjectAttributes })).min(1),
  acquisition: z
    .array(
      z.strictObject({
        id: Id,
        at: Time,
        target: Id,
        say: z.string().min(1),
        context: z.array(ContextFact).min(1),
        update: z.strictObject({ kind: TemporalKind, supersedes: z.array(Id).min(1) }).optional(),
      }),
    )
    .min(1),
  evaluation: z.array(
    z.strictObject({
      id: Id,
      at: Time,
      say: z.string().min(1),
      target: Id,
      scenario: z.enum(SCENARIOS),
      temporalKind: TemporalKind.optional(),
      gold: z.array(Id).min(1),
      query: z.array(QueryConstraint).min(1),
    }),
  ),
});
export type AuthoredHouse = z.infer<typeof AuthoredHouse>;

export const AuthoredSet = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  houses: z.array(AuthoredHouse).min(1),
});
export type AuthoredSet = z.infer<typeof AuthoredSet>;

/**
 * The scenario set of the houses whose split is `split` (every house when undefined). Placements
 * and starts are drawn from each house's own seed, so a house builds the same in either half.
 */
export function buildAuthoredSet(authored: AuthoredSet, source: SceneSource, split?: string): ScenarioSetFile {
  const houses = authored.houses.filter((h) => split === undefined || h.split === split);
  if (houses.length === 0) throw new Error(`no house has split "${split}"`);
  const set: ScenarioSetFile = {
    version: SCENARIO_SET_VERSION,
    name: split ? `${authored.name}-${split}` : authored.name,
    description: authored.description,
    generator: {
      command: `polar dataset build-authored${split ? ` --split ${split}` : ""}`,
      seed: 0,
      createdBy: AUTHORED_BY,
    },
    users: [],
    scenes: [],
    objects: [],
    acquisition: [],
    evaluation: [],
  };
  for (const h of houses) {
    const made = source.scene(h.seed);
    const layout = made.layout;
    const sceneId = `s-${h.id}`;
    set.scenes.push({
      id: sceneId,
      simulator: source.simulator,
      scene: made.scene,
      label: `house ${h.id} (${h.voice})`,
    });
    set.users.push({ id: h.user.id, name: h.user.name });
    const shown = new Set(h.acquisition.map((a) => a.target));
    for (const o of h.objects) {
      const entry: CatalogObject = {
        id: o.id,
        category: o.category,
        attributes: o.attributes,
        descriptions: describe(o),
      };
      if (shown.has(o.id)) entry.image = `images/${o.id}.png`;
      set.objects.push(entry);
    }
    const rng = rngFor(h.seed, `authored:${h.id}`);
    const acquired = new Map<string, AcquisitionEpisode>();
    for (const a of h.acquisition) {
      const { specs, placed } = layout.place(rng.fork(a.id), h.objects);
      const target = placed.find((p) => p.id === a.target) as PlacedRef;
      const ep: AcquisitionEpisode = {
        id: a.id,
        stage: "acquisition",
        userId: h.user.id,
        sceneId,
        timestamp: a.at,
        instruction: a.say,
        start: layout.start(rng.fork(`${a.id}:start`), target),
        placements: specs,
        targetObjectId: a.target,
        referenceImage: `images/${a.target}.png`,
        context: a.context,
        ...(a.update ? { update: a.update } : {}),
      };
      acquired.set(a.id, ep);
      set.acquisition.push(ep);
    }
    for (const e of h.evaluation) {
      const gold = e.gold.map((g) => acquired.get(g)).filter((g) => g !== undefined);
      // the target stands elsewhere than in the episodes that showed it
      const avoid = new Map([
        [
          e.target,
          new Set(
            gold.map((g) => g.placements.find((p) => p.id === e.target)?.receptacleId).filter((x) => x !== undefined),
          ),
        ],
      ]);
      const { specs, placed } = layout.place(rng.fork(e.id), h.objects, avoid);
      const target = placed.find((p) => p.id === e.target) as PlacedRef;
      const away: Pose[] = gold.map((g) => g.start);
      const category = h.objects.find((o) => o.id === e.target)?.category;
      const ep: EvaluationEpisode = {
        id: e.id,
        stage: "evaluation",
        userId: h.user.id,
        sceneId,
        timestamp: e.at,
        instruction: e.say,
        start: layout.start(rng.fork(`${e.id}:start`), target, away),
        placements: specs,
        targetObjectId: e.target,
        scenario: e.scenario,
        ...(e.temporalKind ? { temporalKind: e.temporalKind } : {}),
        goldPriorEpisodeIds: e.gold,
        query: e.query,
        distractorIds: h.objects.filter((o) => o.id !== e.target && o.category === category).map((o) => o.id),
      };
      set.evaluation.push(ep);
    }
  }
  return set;
}

/** `generator.createdBy` of a hand-written set: its requests may name a category (people do). */
export const AUTHORED_BY = "src/datasets/generate/authored";

/** Reads and validates a hand-written file; errors name the file and the item. */
export function readAuthoredSet(file: string): AuthoredSet {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new DatasetError(file, (e as Error).message);
  }
  const r = AuthoredSet.safeParse(raw);
  if (!r.success) throw new DatasetError(file, describeIssues(r.error));
  return r.data;
}
