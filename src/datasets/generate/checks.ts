/**
 * Validity checks for an evaluation episode, run on the generator's structured facts (never on
 * an agent): solvable from its gold prior episodes, not solvable from the instruction alone,
 * not ambiguous given everything the user said, free of the words that single the target out,
 * and shaped as its scenario demands. A non-empty result means: reject and regenerate.
 */
import type { Category, ObjectAttributes } from "../../sim/index.ts";
import type {
  AcquisitionEpisode,
  QueryConstraint,
  Scenario,
  ScenarioSetFile,
  TemporalKind,
} from "../scenario-schema.ts";
import { AUTHORED_BY } from "./authored.ts";
import { contextValue } from "./contexts.ts";
import { type Fact, resolve } from "./facts.ts";
import { leakedWords, namedCategories } from "./words.ts";

export interface HouseObject {
  id: string;
  category: Category;
  attributes: ObjectAttributes;
}

export interface EvaluationDraft {
  scenario: Scenario;
  temporalKind?: TemporalKind;
  targetId: string;
  query: QueryConstraint[];
  goldEpisodeIds: string[];
  /** temporal: the acquisition episodes that made the change */
  updateEpisodeIds?: string[];
  instruction: string;
  /** every object in the house for this episode */
  placed: HouseObject[];
}

/** Words that would give the target away: its category, its looks, its contexts' keywords. */
export function distinguishingWords(target: HouseObject, facts: readonly Fact[], query: readonly QueryConstraint[]) {
  const words = new Set<string>([target.category, target.attributes.color]);
  if (target.attributes.pattern && target.attributes.pattern !== "plain") words.add(target.attributes.pattern);
  if (target.attributes.material) words.add(target.attributes.material);
  const contexts = [...facts.filter((f) => f.objectId === target.id), ...query];
  for (const c of contexts) for (const k of contextValue(c.dimension, c.value).keywords) words.add(k);
  return words;
}

/**
 * What an agent without memory could narrow the house down to from the instruction: objects
 * of a category it names or an activity implies, with the looks it mentions.
 */
export function noPriorCandidates(
  instruction: string,
  placed: readonly HouseObject[],
  query: readonly QueryConstraint[],
) {
  let out = [...placed];
  const named = namedCategories(instruction);
  if (named.length) out = out.filter((o) => named.includes(o.category));
  for (const q of query) {
    const hint = contextValue(q.dimension, q.value).categories;
    if (hint) out = out.filter((o) => hint.includes(o.category));
  }
  const looks = new Set(placed.flatMap((o) => [o.attributes.color, o.attributes.pattern, o.attributes.material]));
  looks.delete(undefined);
  looks.delete("plain");
  const mentioned = leakedWords(instruction, looks as Set<string>);
  for (const w of mentioned)
    out = out.filter((o) => [o.attributes.color, o.attributes.pattern, o.attributes.material].includes(w));
  return out.map((o) => o.id).sort();
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export interface CheckOptions {
  /**
   * a request may name its target's category (hand-written sets: people say "my mug"); it
   * must still leave more than one candidate without memory, which the no-prior check sees to
   */
  categoryMayBeNamed?: boolean;
}

/** Every reason the draft is not a valid evaluation episode (empty: valid). */
export function checkEvaluation(draft: EvaluationDraft, userFacts: readonly Fact[], opts: CheckOptions = {}): string[] {
  const problems: string[] = [];
  const { targetId, query } = draft;
  const target = draft.placed.find((o) => o.id === targetId);
  if (!target) return [`target ${targetId} is not placed in the house`];
  const goldSet = new Set(draft.goldEpisodeIds);
  const goldFacts = userFacts.filter((f) => goldSet.has(f.episodeId));
  if (goldFacts.length === 0) problems.push("no gold prior episode asserts anything");

  const fromGold = resolve(goldFacts, query);
  if (!same(fromGold, [targetId])) problems.push(`not solvable from its gold priors (they give [${fromGold}])`);
  const fromAll = resolve(userFacts, query);
  if (!same(fromAll, [targetId])) problems.push(`ambiguous or wrong given all prior episodes ([${fromAll}])`);

  const guess = noPriorCandidates(draft.instruction, draft.placed, query);
  if (guess.length <= 1 && (guess.length === 0 || guess[0] === targetId))
    problems.push("solvable from the instruction alone");

  const giveaways = distinguishingWords(target, userFacts, query);
  if (opts.categoryMayBeNamed) giveaways.delete(target.category);
  const leaks = leakedWords(draft.instruction, giveaways);
  if (leaks.length) problems.push(`instruction gives the target away with: ${leaks.join(", ")}`);

  const gold = draft.goldEpisodeIds.length;
  switch (draft.scenario) {
    case "compositional_single":
      if (gold !== 1) problems.push("compositional_single needs exactly one gold prior");
      break;
    case "compositional_joint": {
      if (gold < 2 || gold > 3) problems.push("compositional_joint needs 2–3 gold priors");
      // No single prior may suffice: each constraint alone (and every smaller combination)
      // must still leave more than one object.
      const subsets = properSubsets(query);
      for (const s of subsets) {
        const r = resolve(userFacts, s);
        if (r.length <= 1) problems.push(`a subset of the context (${s.map((q) => q.value)}) already decides it`);
      }
      for (const g of draft.goldEpisodeIds) {
        const alone = resolve(
          userFacts.filter((f) => f.episodeId === g),
          query,
        );
        if (same(alone, [targetId])) problems.push(`gold prior ${g} alone suffices`);
      }
      break;
    }
    case "distractor": {
      const twins = draft.placed.filter((o) => o.id !== targetId && o.category === target.category);
      if (twins.length < 2) problems.push("distractor needs at least 2 same-category instances besides the target");
      break;
    }
    case "temporal": {
      const updates = new Set(draft.updateEpisodeIds ?? []);
      if (updates.size === 0) problems.push("temporal needs the episodes that made the change");
      if (!draft.temporalKind) problems.push("temporal needs its kind");
      if (![...updates].some((u) => goldSet.has(u))) problems.push("the latest interaction must be a gold prior");
      const stale = resolve(
        userFacts.filter((f) => !updates.has(f.episodeId)),
        query,
      );
      if (same(stale, [targetId])) problems.push("the change does not matter: stale memory gives the same answer");
      break;
    }
    case "pinned":
      problems.push("pinned episodes are converted, not generated");
  }
  return problems;
}

function properSubsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < (1 << items.length) - 1; mask++) out.push(items.filter((_, i) => mask & (1 << i)));
  return out;
}

/** The facts a set's acquisition episodes state (each episode's context, at its time). */
export function factsOfAcquisitions(acquisition: readonly AcquisitionEpisode[]): Fact[] {
  return acquisition.flatMap((a) =>
    a.context.map((c) => ({
      episodeId: a.id,
      objectId: a.targetObjectId,
      dimension: c.dimension,
      value: c.value,
      time: a.timestamp,
    })),
  );
}

/** Re-runs checkEvaluation on every generated evaluation episode of a set: "id: problem" lines. */
export function checkScenarioSet(set: ScenarioSetFile): string[] {
  const catalog = new Map(set.objects.map((o) => [o.id, o]));
  const out: string[] = [];
  for (const e of set.evaluation) {
    if (e.scenario === "pinned") continue;
    const prior = set.acquisition.filter((a) => a.userId === e.userId && a.timestamp < e.timestamp);
    const updates = e.goldPriorEpisodeIds.filter((g) => prior.find((a) => a.id === g)?.update);
    const placed = e.placements.map((p) => catalog.get(p.id)).filter((o) => o !== undefined);
    const problems = checkEvaluation(
      {
        scenario: e.scenario,
        temporalKind: e.temporalKind,
        targetId: e.targetObjectId,
        query: e.query,
        goldEpisodeIds: e.goldPriorEpisodeIds,
        updateEpisodeIds: updates,
        instruction: e.instruction,
        placed,
      },
      factsOfAcquisitions(prior),
      { categoryMayBeNamed: set.generator?.createdBy === AUTHORED_BY },
    );
    for (const p of problems) out.push(`${e.id}: ${p}`);
  }
  return out;
}
