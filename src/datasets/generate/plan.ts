/**
 * Plans one household (a user living in a scene): its object instances, the personalized
 * facts the user states over time (one per acquisition episode), the temporal updates, and
 * the evaluation designs (target + query + gold priors) that follow from the final facts.
 * Pure and deterministic given the Rng; houses, placements and text come later.
 */
import { type Category, type ObjectAttributes, PINNED_CATEGORIES } from "../../sim/index.ts";
import {
  type ContextDimension,
  EXCLUSIVE_DIMENSIONS,
  type QueryConstraint,
  type Scenario,
  type TemporalKind,
} from "../scenario-schema.ts";
import { type ContextValue, contextValue, fits, valuesOf } from "./contexts.ts";
import { currentFacts, type Fact, resolve } from "./facts.ts";
import type { Rng } from "./rng.ts";
import type { SceneSource } from "./scenes.ts";

export interface PlanObject {
  id: string;
  category: Category;
  attributes: ObjectAttributes;
  /** false for filler instances the user never talks about */
  personal: boolean;
}

export interface PlanAcquisition {
  id: string;
  time: string;
  targetId: string;
  fact: QueryConstraint;
  update?: {
    kind: TemporalKind;
    supersedes: string[];
    /** context_change: the target's earlier value */
    previousValue?: string;
    /** referent_change: the object the value referred to before */
    previousObjectId?: string;
  };
}

export interface Design {
  key: string;
  scenario: Exclude<Scenario, "pinned">;
  temporalKind?: TemporalKind;
  targetId: string;
  query: QueryConstraint[];
  gold: string[];
  updates?: string[];
}

export interface Household {
  userId: string;
  sceneId: string;
  objects: PlanObject[];
  acquisitions: PlanAcquisition[];
  facts: Fact[];
  designs: Design[];
}

export interface HouseholdOptions {
  /** the looks the scenes' objects can have */
  looks: SceneSource["looks"];
  userId: string;
  sceneId: string;
  /** first acquisition time, epoch ms */
  startTime: number;
  groups?: number;
  singles?: number;
  fillers?: number;
  contextChanges?: number;
  referentChanges?: number;
  /** targets planted so that exactly three statements together single them out */
  tripleJoints?: number;
}

const NON_EXCLUSIVE: ContextDimension[] = ["giver", "occasion", "owner", "season", "place"];
const POOL_SIZE: Partial<Record<ContextDimension, number>> = { giver: 3, occasion: 3, owner: 2, season: 2, place: 2 };
const HOUR = 3_600_000;

const slug = (c: string) => c.replace(/\s+/g, "_");

export function planHousehold(rng: Rng, opts: HouseholdOptions): Household {
  const objects = planObjects(rng.fork("objects"), opts);
  const { acquisitions, facts } = planFacts(rng.fork("facts"), opts, objects);
  const designs = planDesigns(objects, acquisitions, facts);
  return { userId: opts.userId, sceneId: opts.sceneId, objects, acquisitions, facts, designs };
}

/** Same-category groups (3 instances, two of them alike in colour), singles, and fillers. */
function planObjects(rng: Rng, opts: HouseholdOptions): PlanObject[] {
  const nGroups = opts.groups ?? 3;
  const nSingles = opts.singles ?? 6;
  const nFillers = opts.fillers ?? 3;
  const cats = rng.shuffle([...PINNED_CATEGORIES]);
  const groupCats = cats.slice(0, nGroups);
  const singleCats = cats.slice(nGroups, nGroups + nSingles);
  const out: PlanObject[] = [];
  const counter = new Map<string, number>();
  const used = new Map<string, Set<string>>();
  const make = (category: Category, personal: boolean, color?: string): PlanObject => {
    const n = (counter.get(category) ?? 0) + 1;
    counter.set(category, n);
    const looks = used.get(category) ?? new Set<string>();
    used.set(category, looks);
    let attributes: ObjectAttributes;
    for (let tries = 0; ; tries++) {
      const c = color && tries < 10 ? color : rng.pick(opts.looks.colors);
      const pattern = rng.chance(0.4) ? "plain" : rng.pick(opts.looks.patterns.slice(1));
      attributes = {
        color: c,
        pattern,
        material: rng.pick(opts.looks.materials[category]),
        size: rng.pick(["small", "medium", "large"] as const),
      };
      // instances of a category must differ in colour or pattern, so "the blue striped mug" is one
      if (!looks.has(`${c}/${pattern}`)) break;
    }
    looks.add(`${attributes.color}/${attributes.pattern}`);
    return { id: `${opts.userId}-${slug(category)}-${n}`, category, attributes, personal };
  };
  for (const c of groupCats) {
    const shared = rng.pick(opts.looks.colors);
    out.push(make(c, true, shared), make(c, true, shared), make(c, true));
  }
  for (const c of singleCats) out.push(make(c, true));
  // fillers share categories with personal objects so a category hint alone never decides
  for (let i = 0; i < nFillers; i++) out.push(make(rng.pick([...groupCats, ...singleCats]), false));
  return out;
}

function planFacts(rng: Rng, opts: HouseholdOptions, objects: PlanObject[]) {
  const pools = new Map<ContextDimension, ContextValue[]>();
  for (const d of NON_EXCLUSIVE) pools.set(d, rng.shuffle(valuesOf(d)).slice(0, POOL_SIZE[d] ?? 2));
  const usedExclusive = new Set<string>();
  const saidBy = new Map<string, QueryConstraint[]>();
  const personal = objects.filter((o) => o.personal);
  const groupDim = new Map<Category, ContextDimension>();
  const groupNext = new Map<Category, number>();

  for (const o of personal) {
    const said: QueryConstraint[] = [];
    const siblings = personal.filter((p) => p.category === o.category).length;
    if (siblings < 3 || rng.chance(0.6)) {
      const routines = valuesOf("routine").filter((v) => fits(v, o.category) && !usedExclusive.has(v.id));
      const prefs = valuesOf("preference").filter((v) => !usedExclusive.has(v.id));
      const pool = routines.length && rng.chance(0.7) ? routines : prefs.length ? prefs : routines;
      if (pool.length) {
        const v = rng.pick(pool);
        usedExclusive.add(v.id);
        said.push({ dimension: v.dimension, value: v.id });
      }
    }
    const dims = rng.shuffle([...NON_EXCLUSIVE]);
    if (siblings >= 3) {
      // group members talk about the same dimension, with different values where the pool allows
      const d = groupDim.get(o.category) ?? dims[0];
      groupDim.set(o.category, d);
      const k = groupNext.get(o.category) ?? rng.int(0, 5);
      groupNext.set(o.category, k + 1);
      const pool = pools.get(d) as ContextValue[];
      said.push({ dimension: d, value: pool[k % pool.length].id });
    }
    const extra = 1 + (rng.chance(0.6) ? 1 : 0) + (rng.chance(0.3) ? 1 : 0);
    for (const d of dims) {
      if (said.filter((s) => NON_EXCLUSIVE.includes(s.dimension)).length >= extra) break;
      if (said.some((s) => s.dimension === d)) continue;
      said.push({ dimension: d, value: rng.pick(pools.get(d) as ContextValue[]).id });
    }
    saidBy.set(o.id, said);
  }
  for (let i = 0; i < (opts.tripleJoints ?? 2); i++) plantTriple(rng, personal, saidBy, pools);
  const statements = rng.shuffle(
    [...saidBy.entries()].flatMap(([objectId, said]) => said.map((fact) => ({ objectId, fact }))),
  );

  const acquisitions: PlanAcquisition[] = [];
  const facts: Fact[] = [];
  let t = opts.startTime;
  const add = (objectId: string, fact: QueryConstraint, update?: PlanAcquisition["update"]) => {
    const id = `acq-${opts.userId}-${String(acquisitions.length + 1).padStart(4, "0")}`;
    const time = new Date(t).toISOString();
    t += HOUR * (5 + Math.floor(rng.next() * 20));
    acquisitions.push({ id, time, targetId: objectId, fact, ...(update ? { update } : {}) });
    facts.push({ episodeId: id, objectId, dimension: fact.dimension, value: fact.value, time });
    return id;
  };
  for (const s of statements) add(s.objectId, s.fact);

  // Temporal updates come after the statements they change.
  const touched = new Set<string>();
  const exclusiveNow = () =>
    currentFacts(facts).filter((f) => EXCLUSIVE_DIMENSIONS.includes(f.dimension) && !touched.has(f.objectId));
  const byId = new Map(objects.map((o) => [o.id, o]));
  for (let i = 0; i < (opts.contextChanges ?? 2); i++) {
    const choices = rng.shuffle(exclusiveNow());
    for (const f of choices) {
      const x = byId.get(f.objectId) as PlanObject;
      const current = currentFacts(facts);
      const held = current.filter(
        (g) => g.dimension === f.dimension && g.objectId !== x.id && !touched.has(g.objectId) && fitsId(g, x),
      );
      const fresh = valuesOf(f.dimension).filter(
        (v) =>
          fits(v, x.category) &&
          v.id !== f.value &&
          !current.some((g) => g.dimension === v.dimension && g.value === v.id),
      );
      // prefer taking over a value another object holds: stale memory then points at that one
      const w = held.length ? rng.pick(held) : undefined;
      const value = w ? w.value : fresh.length ? rng.pick(fresh).id : undefined;
      if (!value) continue;
      touched.add(x.id);
      if (w) touched.add(w.objectId);
      add(
        x.id,
        { dimension: f.dimension, value },
        { kind: "context_change", supersedes: [f.episodeId, ...(w ? [w.episodeId] : [])], previousValue: f.value },
      );
      break;
    }
  }
  for (let i = 0; i < (opts.referentChanges ?? 2); i++) {
    const choices = rng.shuffle(exclusiveNow());
    for (const f of choices) {
      const x = byId.get(f.objectId) as PlanObject;
      const v = contextValue(f.dimension, f.value);
      const others = objects.filter((o) => o.personal && o.id !== x.id && !touched.has(o.id) && fits(v, o.category));
      const alike = others.filter((o) => o.category === x.category);
      const pool = alike.length ? alike : others;
      if (!pool.length) continue;
      const y = rng.pick(pool);
      touched.add(x.id);
      touched.add(y.id);
      add(
        y.id,
        { dimension: f.dimension, value: f.value },
        { kind: "referent_change", supersedes: [f.episodeId], previousObjectId: x.id },
      );
      break;
    }
  }
  return { acquisitions, facts };

  function fitsId(g: Fact, x: PlanObject) {
    return fits(contextValue(g.dimension, g.value), x.category);
  }
}

/**
 * Makes X identifiable only by three of its contexts together: for each pair of them another
 * object shares that pair but not the third (so no one or two statements suffice).
 */
function plantTriple(
  rng: Rng,
  personal: PlanObject[],
  saidBy: Map<string, QueryConstraint[]>,
  pools: Map<ContextDimension, ContextValue[]>,
) {
  const nonExcl = (id: string) => (saidBy.get(id) ?? []).filter((f) => NON_EXCLUSIVE.includes(f.dimension));
  const xs = rng.shuffle(personal.filter((o) => nonExcl(o.id).length >= 3));
  const x = xs[0];
  if (!x) return;
  const [a, b, c] = rng.shuffle(nonExcl(x.id)).slice(0, 3);
  const others = rng.shuffle(personal.filter((o) => o.id !== x.id)).slice(0, 3);
  if (others.length < 3) return;
  const set = (id: string, f: QueryConstraint) => {
    const said = (saidBy.get(id) ?? []).filter((g) => g.dimension !== f.dimension);
    saidBy.set(id, [...said, f]);
  };
  const differ = (id: string, f: QueryConstraint) => {
    const alt = (pools.get(f.dimension) ?? []).filter((v) => v.id !== f.value);
    const said = (saidBy.get(id) ?? []).filter((g) => g.dimension !== f.dimension);
    if (alt.length) said.push({ dimension: f.dimension, value: rng.pick(alt).id });
    saidBy.set(id, said);
  };
  const pairs: [QueryConstraint, QueryConstraint, QueryConstraint][] = [
    [a, b, c],
    [a, c, b],
    [b, c, a],
  ];
  pairs.forEach(([p, q, not], i) => {
    set(others[i].id, p);
    set(others[i].id, q);
    differ(others[i].id, not);
  });
}

/** Every evaluation design the final facts allow, per scenario (validity is re-checked later). */
export function planDesigns(objects: PlanObject[], acquisitions: PlanAcquisition[], facts: Fact[]): Design[] {
  const designs: Design[] = [];
  const current = currentFacts(facts);
  const updateIds = new Set(acquisitions.filter((a) => a.update).map((a) => a.id));
  const count = (c: Category) => objects.filter((o) => o.category === c).length;
  const byId = new Map(objects.map((o) => [o.id, o]));
  const q = (f: Fact): QueryConstraint => ({ dimension: f.dimension, value: f.value });

  for (const f of current) {
    if (updateIds.has(f.episodeId)) continue;
    if (resolve(facts, [q(f)]).length !== 1) continue;
    const o = byId.get(f.objectId) as PlanObject;
    const scenario = count(o.category) >= 3 ? "distractor" : "compositional_single";
    designs.push({ key: `${scenario}:${f.episodeId}`, scenario, targetId: o.id, query: [q(f)], gold: [f.episodeId] });
  }

  for (const o of objects.filter((x) => x.personal)) {
    const shared = current.filter(
      (f) =>
        f.objectId === o.id &&
        !EXCLUSIVE_DIMENSIONS.includes(f.dimension) &&
        !updateIds.has(f.episodeId) &&
        resolve(facts, [q(f)]).length >= 2,
    );
    for (const combo of combinations(shared, 2, 3)) {
      const query = combo.map(q);
      if (resolve(facts, query).join() !== o.id) continue;
      const minimal = combinations(combo, 1, combo.length - 1).every((s) => resolve(facts, s.map(q)).length >= 2);
      if (!minimal) continue;
      designs.push({
        key: `compositional_joint:${combo.map((f) => f.episodeId).join("+")}`,
        scenario: "compositional_joint",
        targetId: o.id,
        query,
        gold: combo.map((f) => f.episodeId),
      });
    }
  }

  for (const a of acquisitions) {
    if (!a.update) continue;
    designs.push({
      key: `temporal:${a.id}`,
      scenario: "temporal",
      temporalKind: a.update.kind,
      targetId: a.targetId,
      query: [a.fact],
      gold: [a.id],
      updates: [a.id],
    });
  }
  return designs;
}

function combinations<T>(items: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = [];
  const rec = (start: number, acc: T[]) => {
    if (acc.length >= min) out.push([...acc]);
    if (acc.length === max) return;
    for (let i = start; i < items.length; i++) rec(i + 1, [...acc, items[i]]);
  };
  rec(0, []);
  return out;
}
