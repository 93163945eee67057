/**
 * Builds a whole scenario set for the embedded simulator from a seed: scenes (procedural
 * houses), one household per user, acquisition episodes from the planned facts, and
 * evaluation episodes per scenario that each pass checkEvaluation (failures are regenerated
 * with other wording, placements and starts, or the design is dropped).
 */
import type { Pose } from "../../sim/index.ts";
import {
  type AcquisitionEpisode,
  type CatalogObject,
  type EvaluationEpisode,
  SCENARIO_SET_VERSION,
  SCENARIOS,
  type ScenarioSetFile,
  type Scene,
  type User,
} from "../scenario-schema.ts";
import { checkEvaluation } from "./checks.ts";
import { describe, explicitInstruction, implicitInstruction } from "./phrasing.ts";
import { type Design, type Household, type PlanObject, planHousehold } from "./plan.ts";
import { type Rng, rngFor } from "./rng.ts";
import type { PlacedRef, SceneLayout, SceneSource } from "./scenes.ts";

export interface GenerateOptions {
  scenes: number;
  seed: number;
  /** users; each lives in one scene (user i in scene i mod scenes). Default: one per scene */
  users?: number;
  /** evaluation episodes per scene, split over its users and the four scenarios */
  episodesPerScene?: number;
  name?: string;
  /** attempts per episode before a design is dropped */
  attempts?: number;
  /**
   * Habitual placement: each object gets a home receptacle and stands there in this share of
   * its episodes (0–1), elsewhere otherwise. Absent: every placement is drawn afresh.
   */
  habitual?: number;
}

export interface GeneratedSet {
  set: ScenarioSetFile;
  /** catalog objects whose reference image still has to be rendered */
  objects: CatalogObject[];
  report: { rejected: number; reasons: Record<string, number>; shortfall: string[] };
}

const NAMES = ["Alex", "Sam", "Robin", "Kai", "Jordan", "Maya", "Noor", "Lena", "Tomás", "Yuki", "Priya", "Ezra"];
const DAY = 86_400_000;
const HOUR = 3_600_000;

export function generateScenarioSet(opts: GenerateOptions, source: SceneSource): GeneratedSet {
  const nScenes = opts.scenes;
  const nUsers = opts.users ?? nScenes;
  if (!Number.isInteger(nScenes) || nScenes < 1) throw new Error(`--scenes must be a positive integer, got ${nScenes}`);
  if (!Number.isInteger(nUsers) || nUsers < nScenes)
    throw new Error(`--users must be an integer ≥ --scenes (every house needs a user), got ${nUsers}`);
  const perScene = opts.episodesPerScene ?? 40;
  const attempts = opts.attempts ?? 6;
  const habitual = opts.habitual;
  if (habitual !== undefined && !(habitual >= 0 && habitual <= 1))
    throw new Error(`--habitual must be a share between 0 and 1, got ${habitual}`);
  const report: GeneratedSet["report"] = { rejected: 0, reasons: {}, shortfall: [] };

  const scenes: Scene[] = [];
  const layouts: SceneLayout[] = [];
  for (let i = 0; i < nScenes; i++) {
    let houseSeed = opts.seed * 1000 + i;
    let made: ReturnType<SceneSource["scene"]> | undefined;
    for (let k = 0; !made; k++) {
      try {
        made = source.scene(houseSeed);
      } catch (e) {
        if (k > 20) throw e;
        houseSeed += 97;
      }
    }
    layouts.push(made.layout);
    scenes.push({
      id: `s${i + 1}`,
      simulator: source.simulator,
      scene: made.scene,
      label: `procedural house ${i + 1}`,
    });
  }

  const users: User[] = [];
  const objects: CatalogObject[] = [];
  const acquisition: AcquisitionEpisode[] = [];
  const evaluation: EvaluationEpisode[] = [];
  for (let u = 0; u < nUsers; u++) {
    const userId = `u${u + 1}`;
    const sceneIdx = u % nScenes;
    const usersHere = Math.floor(nUsers / nScenes) + (sceneIdx < nUsers % nScenes ? 1 : 0);
    const rank = Math.floor(u / nScenes);
    const quota = Math.floor(perScene / usersHere) + (rank < perScene % usersHere ? 1 : 0);
    users.push({ id: userId, name: NAMES[u % NAMES.length] + (u >= NAMES.length ? ` ${u + 1}` : "") });
    const rng = rngFor(opts.seed, `household:${userId}`);
    const house = planHousehold(rng.fork("plan"), {
      looks: source.looks,
      userId,
      sceneId: scenes[sceneIdx].id,
      startTime: Date.UTC(2025, 0, 6, 8) + u * 7 * 60_000,
      // more temporal changes when many temporal episodes are asked for, so fewer repeats
      contextChanges: Math.min(4, Math.max(2, Math.ceil(quota / 16))),
      referentChanges: Math.min(4, Math.max(2, Math.ceil(quota / 16))),
    });
    for (const o of house.objects)
      objects.push({
        id: o.id,
        category: o.category,
        attributes: o.attributes,
        descriptions: describe(o),
        image: `images/${o.id}.png`,
      });
    // homes from their own stream, so the draws of a set without habits stay as they were
    const habits =
      habitual === undefined
        ? undefined
        : homesFor(rngFor(opts.seed, `habits:${userId}`), house.objects, layouts[sceneIdx], habitual);
    const acq = buildAcquisitions(rng.fork("acquisition"), house, layouts[sceneIdx], habits);
    acquisition.push(...acq);
    evaluation.push(
      ...buildEvaluations(rng.fork("evaluation"), house, layouts[sceneIdx], acq, quota, attempts, report, habits),
    );
  }

  const set: ScenarioSetFile = {
    version: SCENARIO_SET_VERSION,
    name: opts.name ?? `polar-generated-seed${opts.seed}`,
    description:
      "Generated by `polar dataset generate` for the embedded simulator: personalized contexts, four scenarios.",
    generator: {
      command:
        `polar dataset generate --scenes ${nScenes} --users ${nUsers} --episodes-per-scene ${perScene} --seed ${opts.seed}` +
        (habitual === undefined ? "" : ` --habitual ${habitual}`),
      seed: opts.seed,
      createdBy: "src/datasets/generate",
      ...(habitual === undefined ? {} : { habitual }),
    },
    users,
    scenes,
    objects,
    acquisition,
    evaluation,
  };
  return { set, objects, report };
}

/** Where a household's objects usually stand, and how often they are there. */
interface Habits {
  homes: Map<string, string>;
  share: number;
}

function homesFor(rng: Rng, objects: PlanObject[], layout: SceneLayout, share: number): Habits {
  // homes spread over the surfaces (a surface holds few objects), drawn again once all are used
  const homes = new Map<string, string>();
  let pool: string[] = [];
  for (const o of objects) {
    if (pool.length === 0) pool = rng.shuffle([...layout.receptacles()]);
    homes.set(o.id, pool.pop() as string);
  }
  return { homes, share };
}

/**
 * One episode's draw of habits: each object at home with the habit's share (preferred there),
 * otherwise kept off its home. `avoid` (receptacles an object must not stand on) gives way to
 * the habit for an object drawn at home.
 */
function drawHabits(
  rng: Rng,
  habits: Habits | undefined,
  avoid: Map<string, Set<string>> = new Map(),
): { avoid: Map<string, Set<string>>; prefer: Map<string, string> } {
  const prefer = new Map<string, string>();
  if (!habits) return { avoid, prefer };
  const out = new Map(avoid);
  for (const [id, home] of habits.homes) {
    if (rng.chance(habits.share)) {
      prefer.set(id, home);
      out.delete(id);
    } else out.set(id, new Set([...(avoid.get(id) ?? []), home]));
  }
  return { avoid: out, prefer };
}

function buildAcquisitions(rng: Rng, house: Household, layout: SceneLayout, habits?: Habits): AcquisitionEpisode[] {
  const byId = new Map(house.objects.map((o) => [o.id, o]));
  return house.acquisitions.map((a) => {
    const { avoid, prefer } = drawHabits(rng, habits);
    const { specs, placed } = layout.place(rng, house.objects, avoid, prefer);
    const target = placed.find((p) => p.id === a.targetId) as PlacedRef;
    const { instruction, said } = explicitInstruction(rng, a, byId);
    const fact = { ...a.fact, text: said };
    return {
      id: a.id,
      stage: "acquisition" as const,
      userId: house.userId,
      sceneId: house.sceneId,
      timestamp: a.time,
      instruction,
      start: layout.start(rng, target),
      placements: specs,
      targetObjectId: a.targetId,
      referenceImage: `images/${a.targetId}.png`,
      context: [fact],
      ...(a.update ? { update: { kind: a.update.kind, supersedes: a.update.supersedes } } : {}),
    };
  });
}

function buildEvaluations(
  rng: Rng,
  house: Household,
  layout: SceneLayout,
  acq: AcquisitionEpisode[],
  quota: number,
  attempts: number,
  report: GeneratedSet["report"],
  habits?: Habits,
): EvaluationEpisode[] {
  const acqById = new Map(acq.map((a) => [a.id, a]));
  const out: EvaluationEpisode[] = [];
  let t = Date.parse(acq[acq.length - 1].timestamp) + DAY;
  const perScenario = SCENARIOS.map((_, i) => Math.floor(quota / 4) + (i < quota % 4 ? 1 : 0));
  SCENARIOS.forEach((scenario, si) => {
    let designs = rng.shuffle(house.designs.filter((d) => d.scenario === scenario));
    if (scenario === "temporal") designs = alternateKinds(designs);
    const dead = new Set<string>();
    let made = 0;
    for (let k = 0; made < perScenario[si] && dead.size < designs.length; k++) {
      const d = designs[k % designs.length];
      if (dead.has(d.key)) continue;
      const ep = tryDesign(rng, d, house, layout, acqById, attempts, report, habits);
      if (!ep) {
        dead.add(d.key);
        continue;
      }
      out.push({ ...ep, id: `eval-${house.userId}-${String(out.length + 1).padStart(4, "0")}`, timestamp: iso(t) });
      t += HOUR;
      made++;
    }
    if (made < perScenario[si])
      report.shortfall.push(
        `${house.userId}/${scenario}: ${made} of ${perScenario[si]} (valid designs: ${designs.length - dead.size})`,
      );
  });
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

function alternateKinds(designs: Design[]): Design[] {
  const a = designs.filter((d) => d.temporalKind === "context_change");
  const b = designs.filter((d) => d.temporalKind !== "context_change");
  const out: Design[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i]) out.push(a[i]);
    if (b[i]) out.push(b[i]);
  }
  return out;
}

function tryDesign(
  rng: Rng,
  d: Design,
  house: Household,
  layout: SceneLayout,
  acqById: Map<string, AcquisitionEpisode>,
  attempts: number,
  report: GeneratedSet["report"],
  habits?: Habits,
): Omit<EvaluationEpisode, "id" | "timestamp"> | undefined {
  const gold = d.gold.map((g) => acqById.get(g) as AcquisitionEpisode);
  // The target stays off the receptacles its gold episodes found it on, so memory of the spot
  // alone does not solve the episode. With habits this gives way in the habit's share: a target
  // drawn at home stands at home even when a gold episode found it there (drawHabits).
  const goldSpots = new Map<string, Set<string>>([
    [
      d.targetId,
      new Set(
        gold.map((g) => g.placements.find((p) => p.id === d.targetId)?.receptacleId).filter((x) => x !== undefined),
      ),
    ],
  ]);
  const goldStarts: Pose[] = gold.map((g) => g.start);
  const target = house.objects.find((o) => o.id === d.targetId) as PlanObject;
  for (let i = 0; i < attempts; i++) {
    const instruction = implicitInstruction(rng, d.query);
    const problems = checkEvaluation(
      {
        scenario: d.scenario,
        temporalKind: d.temporalKind,
        targetId: d.targetId,
        query: d.query,
        goldEpisodeIds: d.gold,
        updateEpisodeIds: d.updates,
        instruction,
        placed: house.objects,
      },
      house.facts,
    );
    if (problems.length) {
      report.rejected++;
      for (const p of problems) {
        const key = p.replace(/\(.*\)|\[.*\]|: .*$/g, "").trim();
        report.reasons[key] = (report.reasons[key] ?? 0) + 1;
      }
      continue;
    }
    const { avoid, prefer } = drawHabits(rng, habits, goldSpots);
    const { specs, placed } = layout.place(rng, house.objects, avoid, prefer);
    const targetPlaced = placed.find((p) => p.id === d.targetId) as PlacedRef;
    return {
      stage: "evaluation",
      userId: house.userId,
      sceneId: house.sceneId,
      instruction,
      start: layout.start(rng, targetPlaced, goldStarts),
      placements: specs,
      targetObjectId: d.targetId,
      scenario: d.scenario,
      ...(d.temporalKind ? { temporalKind: d.temporalKind } : {}),
      goldPriorEpisodeIds: d.gold,
      query: d.query,
      distractorIds: house.objects
        .filter((o) => o.id !== d.targetId && o.category === target.category)
        .map((o) => o.id),
      designId: d.key,
    };
  }
  return undefined;
}
