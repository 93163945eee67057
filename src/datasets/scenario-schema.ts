/**
 * Polar's scenario-set format: the single source of truth. `datasets/README.md` carries the
 * JSON Schema generated from `ScenarioSetFile` (a test fails when it is stale).
 *
 * A scenario set is a folder: `scenario-set.json` (this schema) plus the reference images its
 * catalog names (paths relative to the folder). Conventions follow src/sim/protocol.ts:
 * metres, y up, heading in radians (0 faces -z, positive turns left).
 *
 * Timestamps are ISO 8601 UTC strings ("2025-03-01T08:00:00.000Z"); they order a user's
 * interactions (the latest valid interaction wins) and sort lexicographically.
 */
import { z } from "zod";
import { Category, ObjectAttributes, ObjectSpec, Pose, type Vec3 } from "../sim/index.ts";
import { checkSegment } from "../util/index.ts";

export const SCENARIO_SET_VERSION = "1.0";
export const SCENARIO_SET_FILE = "scenario-set.json";

// an id names a folder (an episode's trajectory, a user's memory): one path segment, never . or ..
export const Id = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9_.:-]+$/, "ids use letters, digits and _ . : -")
  .superRefine(checkSegment);

export const Timestamp = z.iso.datetime({ offset: false });
export type Timestamp = z.infer<typeof Timestamp>;

export const SIMULATORS = ["embedded", "habitat"] as const;
export const SimulatorKind = z.enum(SIMULATORS);
export type SimulatorKind = z.infer<typeof SimulatorKind>;

export const User = z.strictObject({
  id: Id,
  name: z.string().min(1),
  /** a one-line persona the generator drew the user's contexts from (documentation only) */
  persona: z.string().optional(),
});
export type User = z.infer<typeof User>;

export const Scene = z.strictObject({
  id: Id,
  simulator: SimulatorKind,
  /** `load_scene`'s scene: "seed:N" for the embedded simulator, a Habitat scene id or path */
  scene: z.string().min(1),
  /** Habitat's scene_dataset_config, when the scene needs one */
  sceneDatasetConfig: z.string().optional(),
  label: z.string().optional(),
});
export type Scene = z.infer<typeof Scene>;

/** One object instance of the catalog (like a PInNED instance: descriptions + reference image). */
export const CatalogObject = z.strictObject({
  id: Id,
  category: Category,
  attributes: ObjectAttributes,
  /** three textual descriptions of the instance's looks, as PInNED gives */
  descriptions: z.tuple([z.string().min(1), z.string().min(1), z.string().min(1)]),
  /**
   * rendered reference image (PNG), relative to the scenario-set folder; required of every
   * object an acquisition episode shows (crossCheck), optional otherwise (imported PInNED
   * evaluation episodes have no reference image to show)
   */
  image: z.string().min(1).optional(),
});
export type CatalogObject = z.infer<typeof CatalogObject>;

/**
 * Dimensions of personalized context. `exclusive` ones name one object at a time (one
 * "morning-coffee mug"): a later fact with the same value moves it to another object. Every
 * dimension holds one value per object: a later fact about the same object replaces it.
 */
export const CONTEXT_DIMENSIONS = ["routine", "preference", "giver", "occasion", "owner", "season", "place"] as const;
export const ContextDimension = z.enum(CONTEXT_DIMENSIONS);
export type ContextDimension = z.infer<typeof ContextDimension>;
export const EXCLUSIVE_DIMENSIONS: readonly ContextDimension[] = ["routine", "preference"];

/** One piece of personalized context: structured (dimension, value id) plus the words said. */
export const ContextFact = z.strictObject({
  dimension: ContextDimension,
  /** the context library's value id, e.g. "morning-coffee" */
  value: z.string().min(1),
  /** the phrase the instruction used for it */
  text: z.string().min(1),
});
export type ContextFact = z.infer<typeof ContextFact>;

/** What both stages share. `placements` lists every object in the house for this episode. */
const EpisodeBase = {
  id: Id,
  userId: Id,
  sceneId: Id,
  timestamp: Timestamp,
  instruction: z.string().min(1),
  start: Pose,
  placements: z.array(ObjectSpec).min(1),
  targetObjectId: Id,
};

export const TEMPORAL_KINDS = ["context_change", "referent_change"] as const;
export const TemporalKind = z.enum(TEMPORAL_KINDS);
export type TemporalKind = z.infer<typeof TemporalKind>;

/** An explicit episode: names the target and carries the personalized context to remember. */
export const AcquisitionEpisode = z.strictObject({
  ...EpisodeBase,
  stage: z.literal("acquisition"),
  /** reference image of the target, relative to the scenario-set folder */
  referenceImage: z.string().min(1),
  /** the personalized context this interaction carries about its target */
  context: z.array(ContextFact).min(1),
  /** set when this interaction changes what an earlier one said (temporal scenario) */
  update: z
    .strictObject({
      kind: TemporalKind,
      /** the earlier episodes whose statement this one makes stale */
      supersedes: z.array(Id).min(1),
    })
    .optional(),
});
export type AcquisitionEpisode = z.infer<typeof AcquisitionEpisode>;

export const SCENARIOS = ["compositional_single", "compositional_joint", "distractor", "temporal"] as const;
/** `pinned`: a PInNED episode converted as is (no user context, no prior episodes). */
export const EVALUATION_KINDS = [...SCENARIOS, "pinned"] as const;
export const Scenario = z.enum(EVALUATION_KINDS);
export type Scenario = z.infer<typeof Scenario>;

/** A query constraint: the context the implicit instruction alludes to (for checks, not the agent). */
export const QueryConstraint = z.strictObject({ dimension: ContextDimension, value: z.string().min(1) });
export type QueryConstraint = z.infer<typeof QueryConstraint>;

/** An implicit episode: no explicit reference; solvable only from the gold prior episodes. */
export const EvaluationEpisode = z
  .strictObject({
    ...EpisodeBase,
    stage: z.literal("evaluation"),
    scenario: Scenario,
    temporalKind: TemporalKind.optional(),
    /** acquisition episodes that make the target identifiable (1 single, 2–3 joint) */
    goldPriorEpisodeIds: z.array(Id),
    /**
     * Ground truth the generator checked the episode against. The agent must never read it;
     * reports and tests do.
     */
    query: z.array(QueryConstraint),
    /** same-category instances placed with the target */
    distractorIds: z.array(Id).default([]),
    /** which design this episode varies (several episodes may share one query) */
    designId: z.string().optional(),
  })
  .superRefine((e, ctx) => {
    const need = (ok: boolean, message: string, path: string) => {
      if (!ok) ctx.addIssue({ code: "custom", message, path: [path] });
    };
    need(
      (e.scenario === "temporal") === (e.temporalKind !== undefined),
      "temporalKind is required for temporal episodes and only for them",
      "temporalKind",
    );
    if (e.scenario === "pinned") return;
    need(e.goldPriorEpisodeIds.length >= 1, "needs at least one gold prior episode", "goldPriorEpisodeIds");
    need(e.query.length >= 1, "needs at least one query constraint", "query");
    if (e.scenario === "compositional_single")
      need(e.goldPriorEpisodeIds.length === 1, "compositional_single has exactly 1 gold prior", "goldPriorEpisodeIds");
    if (e.scenario === "compositional_joint")
      need(
        e.goldPriorEpisodeIds.length >= 2 && e.goldPriorEpisodeIds.length <= 3,
        "compositional_joint has 2–3 gold priors",
        "goldPriorEpisodeIds",
      );
    if (e.scenario === "distractor")
      need(
        e.distractorIds.length >= 2,
        "distractor episodes place at least 2 same-category distractors",
        "distractorIds",
      );
  });
export type EvaluationEpisode = z.infer<typeof EvaluationEpisode>;

export const Episode = z.union([AcquisitionEpisode, EvaluationEpisode]);
export type Episode = AcquisitionEpisode | EvaluationEpisode;

export const GeneratorInfo = z.strictObject({
  command: z.string(),
  seed: z.number().int(),
  createdBy: z.string(),
  /** `--habitual`: the share of episodes an object stands at its home receptacle (absent: placed at random) */
  habitual: z.number().min(0).max(1).optional(),
});

/** The file `scenario-set.json`. */
export const ScenarioSetFile = z.strictObject({
  version: z.literal(SCENARIO_SET_VERSION),
  name: z.string().min(1),
  description: z.string().optional(),
  generator: GeneratorInfo.optional(),
  users: z.array(User).min(1),
  scenes: z.array(Scene).min(1),
  objects: z.array(CatalogObject),
  acquisition: z.array(AcquisitionEpisode),
  evaluation: z.array(EvaluationEpisode),
});
export type ScenarioSetFile = z.infer<typeof ScenarioSetFile>;

/** A loaded, cross-checked set; `dir` is where relative image paths resolve. */
export interface ScenarioSet extends ScenarioSetFile {
  dir: string;
}

export type { Category, ObjectSpec, Vec3 };
