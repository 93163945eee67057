import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { generateScenarioSet } from "../../src/datasets/generate/build.ts";
import {
  checkEvaluation,
  checkScenarioSet,
  distinguishingWords,
  type EvaluationDraft,
  factsOfAcquisitions,
  type HouseObject,
} from "../../src/datasets/generate/checks.ts";
import { CONTEXT_LIBRARY } from "../../src/datasets/generate/contexts.ts";
import type { Fact } from "../../src/datasets/generate/facts.ts";
import { leakedWords } from "../../src/datasets/generate/words.ts";
import { formatScenarioSet } from "../../src/datasets/generate/write.ts";
import { crossCheck } from "../../src/datasets/load-set.ts";
import { ScenarioSetFile, type ScenarioSetFile as SetFile } from "../../src/datasets/scenario-schema.ts";

const small = { scenes: 1, users: 2, episodesPerScene: 24 };
const first = generateScenarioSet({ ...small, seed: 11 }, embeddedScenes);

test("the same seed gives the same set, another seed a different one", () => {
  const again = generateScenarioSet({ ...small, seed: 11 }, embeddedScenes);
  assert.deepEqual(again.set, first.set);
  const other = generateScenarioSet({ ...small, seed: 12 }, embeddedScenes);
  assert.notDeepEqual(other.set.evaluation, first.set.evaluation);
});

test("polar-mini regenerates byte for byte from its recorded command (no --habitual)", () => {
  const { set } = generateScenarioSet(
    { scenes: 2, users: 2, episodesPerScene: 40, seed: 1, name: "polar-mini" },
    embeddedScenes,
  );
  assert.equal(formatScenarioSet(set), readFileSync("datasets/polar-mini/scenario-set.json", "utf8"));
});

/** Share of all placements on the receptacle each object stands on most often (its home). */
function atHome(set: SetFile): { all: number; targets: number } {
  const episodes = [...set.acquisition, ...set.evaluation];
  const counts = new Map<string, Map<string, number>>();
  for (const e of episodes)
    for (const p of e.placements) {
      const m = counts.get(p.id) ?? new Map<string, number>();
      m.set(p.receptacleId ?? "", (m.get(p.receptacleId ?? "") ?? 0) + 1);
      counts.set(p.id, m);
    }
  const home = new Map([...counts].map(([id, m]) => [id, [...m].sort((a, b) => b[1] - a[1])[0][0]]));
  const placements = episodes.flatMap((e) => e.placements);
  const targets = set.evaluation.map((e) => e.placements.find((p) => p.id === e.targetObjectId));
  const share = (ps: typeof placements) => ps.filter((p) => home.get(p.id) === p.receptacleId).length / ps.length;
  return { all: share(placements), targets: share(targets.filter((p) => p !== undefined)) };
}

test("--habitual puts each object at its home in about that share of its episodes, and says so", () => {
  const habitual = generateScenarioSet({ ...small, seed: 11, habitual: 0.7 }, embeddedScenes).set;
  assert.equal(habitual.generator?.habitual, 0.7);
  assert.match(habitual.generator?.command ?? "", / --habitual 0\.7$/);
  assert.deepEqual(checkScenarioSet(habitual), []);
  const h = atHome(habitual);
  // a full surface sends an object elsewhere now and then, so a little under the share
  assert.ok(h.all > 0.55 && h.all < 0.8, `at home in ${h.all.toFixed(2)} of placements`);
  assert.ok(h.targets > 0.45, `evaluation targets at home in ${h.targets.toFixed(2)}`);
  // without habits no receptacle holds an object for long, and nothing is recorded
  const plain = atHome(first.set);
  assert.ok(plain.all < 0.4, `without habits at the commonest spot in ${plain.all.toFixed(2)}`);
  assert.equal(first.set.generator?.habitual, undefined);
  assert.throws(() => generateScenarioSet({ ...small, seed: 11, habitual: 1.5 }, embeddedScenes), /--habitual/);
});

test("a generated set is valid, cross-checked and has every scenario", () => {
  assert.ok(ScenarioSetFile.safeParse(first.set).success);
  assert.deepEqual(crossCheck(first.set), []);
  assert.deepEqual(checkScenarioSet(first.set), []);
  const kinds = new Set(first.set.evaluation.map((e) => `${e.scenario}/${e.temporalKind ?? ""}`));
  for (const k of [
    "compositional_single/",
    "compositional_joint/",
    "distractor/",
    "temporal/context_change",
    "temporal/referent_change",
  ])
    assert.ok(kinds.has(k), `missing ${k}`);
  assert.equal(first.set.evaluation.length, 24);
  for (const e of first.set.evaluation.filter((x) => x.scenario === "distractor"))
    assert.ok(e.distractorIds.length >= 2, e.id);
});

test("implicit instructions never contain the target's distinguishing words", () => {
  const catalog = new Map(first.set.objects.map((o) => [o.id, o]));
  for (const e of first.set.evaluation) {
    const target = catalog.get(e.targetObjectId) as HouseObject;
    const facts = factsOfAcquisitions(first.set.acquisition.filter((a) => a.userId === e.userId));
    const words = distinguishingWords(target, facts, e.query);
    assert.ok(words.has(target.category) && words.has(target.attributes.color));
    assert.deepEqual(leakedWords(e.instruction, words), [], `${e.id}: ${e.instruction}`);
  }
  // while the explicit ones do say them
  const a = first.set.acquisition[0];
  assert.ok(a.instruction.includes(catalog.get(a.targetObjectId)?.category as string));
});

test("no implicit paraphrase in the library repeats its own keywords", () => {
  for (const v of CONTEXT_LIBRARY) {
    assert.ok(v.explicit.length >= 2 && v.implicit.length >= 2, v.id);
    for (const p of v.implicit) assert.deepEqual(leakedWords(p, v.keywords), [], `${v.id}: ${p}`);
    assert.ok(
      v.explicit.some((p) => leakedWords(p, v.keywords).length > 0),
      `${v.id}: no explicit phrasing says a keyword`,
    );
  }
});

// A hand-made household: two mugs from the sister, one of them the morning-coffee mug.
const obj = (id: string, category: HouseObject["category"], color: string): HouseObject => ({
  id,
  category,
  attributes: { color, pattern: "plain", material: "ceramic", size: "medium" },
});
const placed = [
  obj("m1", "mug", "blue"),
  obj("m2", "mug", "red"),
  obj("m3", "mug", "green"),
  obj("w1", "wallet", "brown"),
];
const fact = (episodeId: string, objectId: string, dimension: Fact["dimension"], value: string, h: number): Fact => ({
  episodeId,
  objectId,
  dimension,
  value,
  time: new Date(Date.UTC(2025, 0, 1, h)).toISOString(),
});
const facts: Fact[] = [
  fact("a1", "m1", "giver", "sister", 1),
  fact("a2", "m2", "giver", "sister", 2),
  fact("a3", "m1", "occasion", "kyoto-trip", 3),
  fact("a4", "m3", "occasion", "kyoto-trip", 4),
  fact("a5", "m2", "routine", "morning-coffee", 5),
  fact("a6", "m3", "routine", "morning-coffee", 6),
];
const draft = (over: Partial<EvaluationDraft>): EvaluationDraft => ({
  scenario: "compositional_single",
  targetId: "m1",
  query: [{ dimension: "giver", value: "sister" }],
  goldEpisodeIds: ["a1"],
  instruction: "Could you bring me the one that came from my sibling?",
  placed,
  ...over,
});

test("the checks reject ambiguous, unsolvable, leaky and mis-shaped episodes", () => {
  // two objects came from the sister: ambiguous
  assert.match(checkEvaluation(draft({}), facts).join(), /ambiguous/);
  // joint over giver + occasion decides m1, from a1 and a3 together
  const joint = draft({
    scenario: "compositional_joint",
    query: [
      { dimension: "giver", value: "sister" },
      { dimension: "occasion", value: "kyoto-trip" },
    ],
    goldEpisodeIds: ["a1", "a3"],
    instruction: "Could you bring me the one that came from my sibling and that I picked up in Japan?",
  });
  assert.deepEqual(checkEvaluation(joint, facts), []);
  // the same with a gold prior missing: not solvable from its gold priors
  assert.match(
    checkEvaluation({ ...joint, goldEpisodeIds: ["a1"] }, facts).join(),
    /not solvable from its gold priors/,
  );
  // giveaway words
  const leaky = { ...joint, instruction: "Bring me the blue mug from my sister that I picked up in Japan." };
  assert.match(checkEvaluation(leaky, facts).join(), /gives the target away with: mug, blue, sister/);
  // the only wallet in the house, named: solvable without memory
  const alone = draft({
    targetId: "w1",
    query: [{ dimension: "giver", value: "uncle" }],
    goldEpisodeIds: ["a9"],
    instruction: "Bring me the wallet.",
  });
  const withUncle = [...facts, fact("a9", "w1", "giver", "uncle", 9)];
  assert.match(checkEvaluation(alone, withUncle).join(), /solvable from the instruction alone/);
  // temporal: the morning-coffee mug moved from m2 to m3 (a6); stale memory says m2
  const temporal = draft({
    scenario: "temporal",
    temporalKind: "referent_change",
    targetId: "m3",
    query: [{ dimension: "routine", value: "morning-coffee" }],
    goldEpisodeIds: ["a6"],
    updateEpisodeIds: ["a6"],
    instruction: "Could you bring me the one that holds my first caffeine fix of the day?",
  });
  assert.deepEqual(checkEvaluation(temporal, facts), []);
  // asking for the old referent is wrong given the latest interaction
  assert.match(
    checkEvaluation({ ...temporal, targetId: "m2", goldEpisodeIds: ["a5"], updateEpisodeIds: ["a5"] }, facts).join(),
    /ambiguous or wrong/,
  );
  // distractor needs two same-category instances besides the target
  const few = draft({
    scenario: "distractor",
    targetId: "m3",
    query: [{ dimension: "routine", value: "morning-coffee" }],
    goldEpisodeIds: ["a6"],
    placed: placed.filter((o) => o.id !== "m1"),
    instruction: "Could you bring me the one that holds my first caffeine fix of the day?",
  });
  assert.match(checkEvaluation(few, facts).join(), /at least 2 same-category/);
});
