/**
 * The user's other objects of the category, by the photos memory holds of them: an instance that
 * looks more like one of those than like the photo of the one sought is the user's own lookalike
 * and is not taken for it, even alone in view and like the sought one's photo; the one sought is
 * never ruled out by them. Real rendered views of the embedded simulator; two hats of close
 * colours (navy and a plain blue), alike enough that the blue one alone passes for the navy one.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { CatalogObject } from "../../src/datasets/scenario-schema.ts";
import type { LowLevelInput } from "../../src/mllm/policy.ts";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { viewsFor } from "../../src/planning/low-level.ts";
import { heuristicLowLevel } from "../../src/policies/heuristic/steering.ts";
import { DEFAULT_STOP_RULE } from "../../src/policies/heuristic/stop-rule.ts";
import { VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { lookAtCandidates, verdictOf } from "../../src/policies/heuristic/view-judgment.ts";
import type { ObjectSpec, Observation, Pose } from "../../src/sim/protocol.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import type { Image, Simulator, WithImages } from "../../src/sim/simulator.ts";

const config = loadConfig({ env: {} });
let sim: Simulator;
let start: Pose;

const navy: CatalogObject = {
  id: "hat-navy",
  category: "hat",
  attributes: { color: "navy", pattern: "plain", material: "fabric", size: "medium" },
  descriptions: ["a navy hat", "a plain navy fabric hat", "navy"],
  image: "x.png",
};
const blue: CatalogObject = {
  ...navy,
  id: "hat-blue",
  attributes: { ...navy.attributes, color: "blue" },
};

async function photo(o: CatalogObject): Promise<Image> {
  return { view: "reference", format: "png", width: 96, height: 96, data: await embeddedScenes.referencePng(o, 96) };
}

/** The hat on the floor `ahead` metres in front of `pose`. */
function hatAhead(o: CatalogObject, pose: Pose, ahead: number): ObjectSpec {
  const [x, , z] = pose.position;
  return {
    id: o.id,
    category: "hat",
    attributes: o.attributes,
    position: [x - Math.sin(pose.heading) * ahead, 0, z - Math.cos(pose.heading) * ahead],
  };
}

async function alone(o: CatalogObject, ahead: number): Promise<WithImages<Observation>> {
  return sim.reset({ episodeId: "alone", start, objects: [hatAhead(o, start, ahead)], views: true });
}

before(async () => {
  sim = await createSimulator(config.simulator);
  await sim.loadScene({ scene: "seed:5", settings: settingsFromConfig(config.simulator) });
  const info = await sim.sceneInfo();
  for (const r of info.regions) {
    for (const heading of [0, Math.PI / 2, Math.PI, -Math.PI / 2]) {
      const pose: Pose = { position: r.waypoint, heading };
      const obs = await sim
        .reset({ episodeId: "probe", start: pose, objects: [hatAhead(navy, pose, 1.6)], views: true })
        .catch(() => null);
      if (obs?.visible.front.some((v) => v.category === "hat" && v.pixels >= 250)) {
        start = obs.pose;
        return;
      }
    }
  }
  throw new Error("no room of seed:5 shows a hat 1.6 m ahead");
});
after(() => sim.close());

function input(obs: WithImages<Observation>, sought: Image, otherPhotos?: Image[]): LowLevelInput {
  return {
    instruction: "fetch my hat",
    target: {
      objectId: "remembered",
      category: "hat",
      description: "a hat",
      reason: "test",
      hints: [],
      likelyRooms: [],
    },
    views: viewsFor(obs, obs.imageData, true),
    referenceImage: sought,
    ...(otherPhotos ? { otherPhotos } : {}),
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  };
}

/** Judges the one hat in view from three distances, the way an approach sees it. */
async function judge(o: CatalogObject, sought: Image, others: Image[] | undefined, ledger: CandidateLedger) {
  for (const ahead of [2.2, 1.9, 1.6]) {
    const obs = await alone(o, ahead);
    const hat = obs.visible.front.find((v) => v.category === "hat")!;
    // the instance is one object seen from three places: one id, as within an episode
    const views = { ...obs, visible: { ...obs.visible, front: [{ ...hat, id: "seen" }] } };
    await lookAtCandidates(input(views, sought, others), ledger, DEFAULT_STOP_RULE.camera);
  }
  return ledger.get("seen")!;
}

test("a hat of a close colour looks like the photo of the one sought: alone, it would be taken", async () => {
  const ledger = new CandidateLedger();
  const c = await judge(blue, await photo(navy), undefined, ledger);
  ledger.settling = true;
  assert.ok((c.score ?? 0) >= VERDICT.settle, `similarity ${c.score}`);
  assert.equal(verdictOf(c, ledger), "match");
});

test("with the photo of the user's other hat, the lookalike is ruled out as that hat, even once the search is over", async () => {
  const ledger = new CandidateLedger();
  const c = await judge(blue, await photo(navy), [await photo(blue)], ledger);
  ledger.settling = true;
  assert.ok(
    c.other !== null && c.score !== null && c.other - c.score >= VERDICT.otherMargin,
    `${c.other} vs ${c.score}`,
  );
  assert.equal(verdictOf(c, ledger), "rejected");
  assert.equal(ledger.best(), null, "nothing left to settle for");
  const obs = await alone(blue, 1.6);
  const hat = obs.visible.front.find((v) => v.category === "hat")!;
  const inView = { ...obs, visible: { ...obs.visible, front: [{ ...hat, id: "seen" }] } };
  const d = heuristicLowLevel(input(inView, await photo(navy), [await photo(blue)]), DEFAULT_STOP_RULE, ledger);
  assert.equal(d.decision, "continue_plan", d.reason);
});

test("the hat sought is not ruled out by the photo of the user's other hat", async () => {
  const ledger = new CandidateLedger();
  const c = await judge(navy, await photo(navy), [await photo(blue)], ledger);
  ledger.settling = true;
  assert.ok(c.other !== null && c.score !== null && c.score > c.other, `${c.score} vs ${c.other}`);
  assert.equal(verdictOf(c, ledger), "match");
});

test("other photos are compared over the same views as the score: one far view does not outweigh", () => {
  const ledger = new CandidateLedger();
  ledger.otherMargin = VERDICT.otherMargin;
  // clear views where it looks like the photo sought, then a poor one where another photo fits better
  ledger.judged("a", "v1", 0.7, 1, [0.5]);
  ledger.judged("a", "v2", 0.72, 1, [0.52]);
  ledger.judged("a", "v3", 0.3, 0.1, [0.6]);
  const c = ledger.get("a")!;
  assert.ok(c.other !== null && c.score !== null && c.score > c.other);
  assert.equal(ledger.likeAnother(c), false);
  // without photos of other objects nothing is compared
  ledger.judged("b", "v1", 0.7, 1);
  assert.equal(ledger.get("b")!.other, null);
  assert.equal(ledger.likeAnother(ledger.get("b")!), false);
});

test("the photo of an object that differs only in size rules nothing out alone: between two photos alike, a view's scores differ by chance", async () => {
  const bigTwin: CatalogObject = { ...navy, id: "hat-navy-big", attributes: { ...navy.attributes, size: "large" } };
  const ledger = new CandidateLedger();
  const c = await judge(navy, await photo(navy), [await photo(bigTwin)], ledger);
  assert.deepEqual(ledger.alikeOthers, [true]);
  assert.equal(ledger.likeAnother(c), false);
});

test("another object's photo rules out only the instance most like it: once that object is seen, its photo is claimed", () => {
  const ledger = new CandidateLedger();
  ledger.otherMargin = VERDICT.otherMargin;
  // the one sought, whose views lean toward the other object's photo
  ledger.judged("sought", "v1", 0.4, 1, [0.4 + VERDICT.otherMargin + 0.05]);
  assert.equal(ledger.likeAnother(ledger.get("sought")!), true, "alone, it passes for the other object");
  // the other object itself comes into view, far more like its photo
  ledger.judged("theirs", "v2", 0.5, 1, [0.8]);
  assert.equal(ledger.likeAnother(ledger.get("sought")!), false);
  assert.equal(ledger.likeAnother(ledger.get("theirs")!), true);
  assert.equal(ledger.best()?.id, "sought");
});
