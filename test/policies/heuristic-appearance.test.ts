/**
 * The heuristic tells same-category instances apart by their looks: real rendered views of the
 * embedded simulator against reference photos rendered like a dataset's, no ids involved (the
 * simulator's instance ids are new at every reset).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { embeddedScenes } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { CatalogObject } from "../../src/datasets/scenario-schema.ts";
import type { GroundOutput, LowLevelInput } from "../../src/mllm/policy.ts";
import { appearanceIn, similarity } from "../../src/perception/appearance.ts";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { photoAppearance, pixelsOf } from "../../src/perception/pixels.ts";
import { viewsFor } from "../../src/planning/low-level.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import { heuristicLowLevel } from "../../src/policies/heuristic/steering.ts";
import { DEFAULT_STOP_RULE } from "../../src/policies/heuristic/stop-rule.ts";
import { VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { lookAtCandidates } from "../../src/policies/heuristic/view-judgment.ts";
import type { ObjectSpec, Pose } from "../../src/sim/protocol.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import type { Image, Simulator } from "../../src/sim/simulator.ts";

const config = loadConfig({ env: {} });
let sim: Simulator;
let start: Pose;

const red: CatalogObject = {
  id: "mug-red",
  category: "mug",
  attributes: { color: "red", pattern: "plain", material: "ceramic", size: "medium" },
  descriptions: ["a red mug", "a plain red ceramic mug", "red"],
  image: "x.png",
};
const blue: CatalogObject = {
  ...red,
  id: "mug-blue",
  attributes: { color: "blue", pattern: "plain", material: "ceramic", size: "medium" },
};

async function photo(o: CatalogObject): Promise<Image> {
  return { view: "reference", format: "png", width: 96, height: 96, data: await embeddedScenes.referencePng(o, 96) };
}

before(async () => {
  sim = await createSimulator(config.simulator);
  await sim.loadScene({ scene: "seed:5", settings: settingsFromConfig(config.simulator) });
  const info = await sim.sceneInfo();
  // a room and heading with floor for both mugs 2.6 m ahead
  const inside = (b: { min: number[]; max: number[] }, p: number[]) =>
    p[0] > b.min[0] + 0.4 && p[0] < b.max[0] - 0.4 && p[2] > b.min[2] + 0.4 && p[2] < b.max[2] - 0.4;
  for (const r of info.regions) {
    for (const [heading, back] of [0, Math.PI / 2, Math.PI, -Math.PI / 2].flatMap((h) =>
      [0, 0.8, 1.6].map((b) => [h, b]),
    )) {
      const [x, y, z] = r.waypoint;
      const pose: Pose = { position: [x + Math.sin(heading) * back, y, z + Math.cos(heading) * back], heading };
      if (!r.bounds || !inside(r.bounds, pose.position)) continue;
      if (!placed(pose, 2.6).every((o) => inside(r.bounds!, o.position!))) continue;
      // furniture may stand there, or hide one of them
      const obs = await sim.reset({ episodeId: "probe", start: pose, objects: placed(pose, 2.6) }).catch(() => null);
      if (obs && obs.visible.front.filter((v) => v.category === "mug" && v.pixels >= 60).length === 2) {
        start = obs.pose;
        return;
      }
    }
  }
  throw new Error("no room of seed:5 fits the test's layout");
});
after(() => sim.close());

/** Both mugs on the floor `ahead` metres in front of `pose`, `gap` metres apart, the red one on the left. */
function placed(pose: Pose, ahead: number, gap = 0.8): ObjectSpec[] {
  const [x, , z] = pose.position;
  const h = pose.heading;
  const at = (side: number): [number, number, number] => [
    x - Math.sin(h) * ahead - Math.cos(h) * side,
    0,
    z - Math.cos(h) * ahead + Math.sin(h) * side,
  ];
  return [
    { id: red.id, category: "mug", attributes: red.attributes, position: at(gap / 2) },
    { id: blue.id, category: "mug", attributes: blue.attributes, position: at(-gap / 2) },
  ];
}
const mugsAhead = (ahead: number) => placed(start, ahead);

async function look(ahead: number) {
  const obs = await sim.reset({ episodeId: "look", start, objects: mugsAhead(ahead), views: true });
  return { obs, views: viewsFor(obs, obs.imageData, true) };
}

const target = (category: "mug" | null = "mug"): GroundOutput => ({
  objectId: "remembered",
  category,
  description: "a mug",
  reason: "test",
  hints: [],
  likelyRooms: [],
});

function input(views: LowLevelInput["views"], referenceImage?: Image): LowLevelInput {
  return {
    instruction: "I want some tea",
    target: target(),
    views,
    ...(referenceImage ? { referenceImage } : {}),
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  };
}

test("instance ids in observations are new at every reset: nothing to recognise an object by but its looks", async () => {
  const a = await look(2.6);
  const b = await look(2.6);
  const ids = (o: typeof a.obs) => o.visible.front.map((v) => v.id).sort();
  assert.equal(ids(a.obs).length, 2);
  assert.notDeepEqual(ids(a.obs), ids(b.obs));
  for (const id of [...ids(a.obs), ...ids(b.obs)])
    assert.ok(![red.id, blue.id].includes(id), `${id} leaks a dataset id`);
});

test("a view of each mug is most like its own photo", async () => {
  const { obs } = await look(2.6);
  const px = await pixelsOf(obs.imageData.find((i) => i.view === "front")!);
  const [left, right] = [...obs.visible.front].sort((p, q) => p.bbox[0] - q.bbox[0]);
  const redPhoto = await photoAppearance(await photo(red));
  const bluePhoto = await photoAppearance(await photo(blue));
  const l = appearanceIn(px, left.bbox);
  const r = appearanceIn(px, right.bbox);
  assert.ok(similarity(redPhoto, l) > similarity(redPhoto, r), "red photo: the left (red) mug");
  assert.ok(similarity(bluePhoto, r) > similarity(bluePhoto, l), "blue photo: the right (blue) mug");
  // 2.6 m away a mug is a few dozen pixels: enough to rank the two and rule one out, not to be sure
  assert.ok(similarity(redPhoto, l) >= VERDICT.reject, `red mug is not ruled out: ${similarity(redPhoto, l)}`);
  assert.ok(
    similarity(redPhoto, r) < VERDICT.reject,
    `blue mug does not look like the red photo: ${similarity(redPhoto, r)}`,
  );
});

test("with a photo the heuristic heads for the mug that looks like it, whichever side it is on", async () => {
  const policy = new HeuristicPolicy();
  const { obs, views } = await look(2.6);
  const [left, right] = [...obs.visible.front].sort((p, q) => p.bbox[0] - q.bbox[0]);
  const forRed = await policy.planLowLevel(input(views, await photo(red)));
  assert.deepEqual([forRed.value.decision, forRed.value.instanceId], ["forward", left.id], forRed.value.reason);
  const forBlue = await policy.planLowLevel(input(views, await photo(blue)));
  assert.deepEqual([forBlue.value.decision, forBlue.value.instanceId], ["forward", right.id], forBlue.value.reason);
});

test("with a photo, a same-category mug that does not look like it is never stopped at; seen well, it is passed by", async () => {
  const policy = new HeuristicPolicy();
  const obs = await sim.reset({ episodeId: "only-blue", start, objects: [mugsAhead(2.6)[1]], views: true });
  const views = viewsFor(obs, obs.imageData, true);
  const far = await policy.planLowLevel(input(views, await photo(red)));
  assert.notEqual(far.value.decision, "stop", far.value.reason);
  // the same mug seen large enough to be sure: ruled out in the episode's ledger, the plan goes on
  const blueMug = obs.visible.front.find((v) => v.category === "mug")!;
  const big = { ...views, front: { ...views.front, visible: [{ ...blueMug, pixels: 400 }] } };
  const ledger = new CandidateLedger();
  await lookAtCandidates(input(big, await photo(red)), ledger, DEFAULT_STOP_RULE.camera);
  assert.ok((ledger.get(blueMug.id)?.score ?? 1) < VERDICT.reject);
  const d = heuristicLowLevel(input(big, await photo(red)), DEFAULT_STOP_RULE, ledger);
  assert.equal(d.decision, "continue_plan", d.reason);
  assert.match(d.reason, /none taken for the photo \(1 ruled out/);
});

test("a plausible lookalike is not stopped at while the search goes on; once it is over, the best seen is", async () => {
  const ledger = new CandidateLedger();
  const view = (id: string, pixels: number) => ({
    id,
    category: "mug" as const,
    bbox: [150, 150, 170, 170] as [number, number, number, number],
    distance: 3,
    pixels,
  });
  // two views of one mug that is neither clearly it nor clearly not
  ledger.saw("m1", { position: [0, 0, -3], floor: 3 });
  ledger.judged("m1", "a", (VERDICT.settle + VERDICT.match) / 2, 1);
  ledger.judged("m1", "b", (VERDICT.settle + VERDICT.match) / 2, 1);
  const inView = {
    instruction: "I want some tea",
    target: target(),
    views: { front: { visible: [view("m1", 500)] }, left: { visible: [] }, right: { visible: [] } },
    referenceImage: await photo(red),
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  } satisfies LowLevelInput;
  assert.equal(heuristicLowLevel(inView, DEFAULT_STOP_RULE, ledger).decision, "continue_plan");
  ledger.settling = true;
  const d = heuristicLowLevel(inView, DEFAULT_STOP_RULE, ledger);
  assert.deepEqual([d.decision, d.instanceId], ["forward", "m1"], d.reason);
  // and a better one seen since takes its place
  ledger.judged("m2", "c", VERDICT.match - 0.01, 1);
  ledger.judged("m2", "d", VERDICT.match - 0.01, 1);
  assert.equal(heuristicLowLevel(inView, DEFAULT_STOP_RULE, ledger).decision, "continue_plan");
});

test("while the search goes on, an instance seen enough that leads every other clearly is taken; with a close second, the search goes on", async () => {
  const view = (id: string) => ({
    id,
    category: "mug" as const,
    bbox: [150, 150, 170, 170] as [number, number, number, number],
    distance: 3,
    pixels: 500,
  });
  const inView = async (id: string): Promise<LowLevelInput> => ({
    instruction: "I want some tea",
    target: target(),
    views: { front: { visible: [view(id)] }, left: { visible: [] }, right: { visible: [] } },
    referenceImage: await photo(red),
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  });
  const between = (VERDICT.early + VERDICT.match) / 2;
  const leading = new CandidateLedger();
  leading.judged("m1", "a", between, 1);
  leading.judged("m1", "b", between, 1);
  leading.judged("m2", "c", between - VERDICT.earlyMargin - 0.05, 1);
  const taken = heuristicLowLevel(await inView("m1"), DEFAULT_STOP_RULE, leading);
  assert.deepEqual([taken.decision, taken.instanceId], ["forward", "m1"], taken.reason);
  assert.match(taken.reason, /the mug in the photo/);

  // seen once only: not enough to end the search on; it goes closer to judge it
  const once = new CandidateLedger();
  once.judged("m1", "a", between, 1);
  const closer = heuristicLowLevel(await inView("m1"), DEFAULT_STOP_RULE, once);
  assert.match(closer.reason, /not yet clear whether it is the mug in the photo/);

  // a second instance almost as like the photo: neither is taken before the search is over
  const close = new CandidateLedger();
  close.judged("m1", "a", between, 1);
  close.judged("m1", "b", between, 1);
  close.judged("m2", "c", between - VERDICT.earlyMargin / 2, 1);
  const passed = heuristicLowLevel(await inView("m1"), DEFAULT_STOP_RULE, close);
  assert.equal(passed.decision, "continue_plan", passed.reason);
});

test("going closer to an instance that cannot be made out is bounded: then the search moves on", async () => {
  const ledger = new CandidateLedger();
  const tiny = {
    instruction: "I want some tea",
    target: target(),
    views: {
      front: {
        visible: [
          {
            id: "m1",
            category: "mug" as const,
            bbox: [158, 150, 161, 152] as [number, number, number, number],
            distance: 6,
            pixels: 6,
          },
        ],
      },
      left: { visible: [] },
      right: { visible: [] },
    },
    referenceImage: await photo(red),
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  } satisfies LowLevelInput;
  const decisions = Array.from({ length: 30 }, () => heuristicLowLevel(tiny, DEFAULT_STOP_RULE, ledger).decision);
  const closer = decisions.filter((d) => d === "forward").length;
  assert.ok(closer > 0 && closer <= 10, `${closer} decisions going closer`);
  assert.equal(decisions.at(-1), "continue_plan");
  assert.ok(!decisions.includes("stop"));
});

test("a mug seen without pixels is approached to be judged, never stopped at", async () => {
  const policy = new HeuristicPolicy();
  const { obs } = await look(2.6);
  const d = await policy.planLowLevel(input(viewsFor(obs, [], false), await photo(red)));
  assert.equal(d.value.decision, "forward", d.value.reason);
  assert.match(d.value.reason, /going closer/);
});

test("without a photo any instance of the category will do (the no-prior and raw baselines)", async () => {
  const policy = new HeuristicPolicy();
  const { views } = await look(2.6);
  const d = await policy.planLowLevel(input(views));
  assert.equal(d.value.decision, "forward", "2.6 m away: heading for the nearest mug");
  assert.ok(d.value.instanceId, d.value.reason);
});

test("once the search is over, a best match that scores low but leads every other instance clearly is taken; a close second is not", async () => {
  const inView = (id: string): LowLevelInput => ({
    instruction: "my wallet",
    target: { ...target(), category: "wallet" },
    views: {
      front: { visible: [{ id, category: "wallet", bbox: [150, 150, 160, 156], distance: 3, pixels: 60 }] },
      left: { visible: [] },
      right: { visible: [] },
    },
    referenceImage: undefined as unknown as Image,
    currentRoom: null,
    goalRoom: null,
    stepsLeft: 100,
    recentActions: [],
  });
  const photoOf = await photo(red);
  const clear = new CandidateLedger();
  for (const [id, score] of [
    ["w1", VERDICT.settleClear + 0.02],
    ["w2", 0.02],
  ] as const) {
    clear.judged(id, "a", score, 1);
    clear.judged(id, "b", score, 1.5);
  }
  clear.settling = true;
  const taken = heuristicLowLevel({ ...inView("w1"), referenceImage: photoOf }, DEFAULT_STOP_RULE, clear);
  assert.deepEqual([taken.decision, taken.instanceId], ["forward", "w1"], taken.reason);
  const close = new CandidateLedger();
  for (const [id, score] of [
    ["w1", VERDICT.settleClear + 0.02],
    ["w2", VERDICT.settleClear],
  ] as const) {
    close.judged(id, "a", score, 1);
    close.judged(id, "b", score, 1.5);
  }
  close.settling = true;
  const passed = heuristicLowLevel({ ...inView("w1"), referenceImage: photoOf }, DEFAULT_STOP_RULE, close);
  assert.equal(passed.decision, "continue_plan", passed.reason);
});
