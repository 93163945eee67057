import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { EpisodeEvent } from "../../src/agent/events.ts";
import { InteractionLog } from "../../src/agent/raw-interactions.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { AcquisitionEpisode, EvaluationEpisode } from "../../src/datasets/scenario-schema.ts";
import { type RunEpisodeOptions, runEpisode } from "../../src/eval/harness.ts";
import { EpisodeRecord } from "../../src/eval/record.ts";
import { BackboneError, type LowLevelInput } from "../../src/mllm/policy.ts";
import { SceneGraphCache } from "../../src/planning/scene-graph.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import type { Receptacle, SceneInfo } from "../../src/sim/protocol.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

const config = loadConfig({ env: {} });
const SCENE = "seed:5";
let sim: Simulator;
let info: SceneInfo;
let receptacles: Receptacle[];
const sceneGraphs = new SceneGraphCache();

before(async () => {
  sim = await createSimulator(config.simulator);
  const loaded = await sim.loadScene({ scene: SCENE, settings: settingsFromConfig(config.simulator) });
  receptacles = loaded.receptacles;
  info = await sim.sceneInfo();
});
after(() => sim.close());

/** An evaluation episode whose mug sits on furniture in the start room; a book elsewhere. */
function episode(over: Partial<EvaluationEpisode> = {}): EvaluationEpisode {
  const room = info.regions.find((r) => receptacles.some((x) => x.regionId === r.id))!;
  const here = receptacles.find((x) => x.regionId === room.id)!;
  const elsewhere = receptacles.find((x) => x.regionId !== room.id)!;
  return {
    id: "ep-test-1",
    userId: "u1",
    sceneId: "s5",
    timestamp: "2025-03-01T08:00:00.000Z",
    instruction: "Please bring me my mug.",
    start: { position: room.waypoint, heading: 0 },
    placements: [
      { id: "mug_1", category: "mug", receptacleId: here.id },
      { id: "book_1", category: "book", receptacleId: elsewhere.id },
    ],
    targetObjectId: "mug_1",
    stage: "evaluation",
    scenario: "compositional_single",
    goldPriorEpisodeIds: ["acq-1"],
    query: [{ dimension: "routine", value: "morning-coffee" }],
    distractorIds: [],
    ...over,
  };
}

function options(over: Partial<RunEpisodeOptions> = {}): RunEpisodeOptions {
  return {
    episode: episode(),
    scene: { id: "s5", scene: SCENE, settings: settingsFromConfig(config.simulator) },
    sim,
    policy: new HeuristicPolicy(),
    memory: { mode: "none", topK: 5 },
    agent: config.agent,
    simulator: config.simulator,
    sceneGraphs,
    seed: 0,
    ...over,
  };
}

test("an episode whose target is in the start room ends in success, with a valid record and event stream", async () => {
  const events: EpisodeEvent[] = [];
  const r = await runEpisode(options({ onEvent: (e) => events.push(e) }));
  assert.equal(r.error, null);
  assert.equal(r.stopped, true);
  assert.equal(r.success, true, JSON.stringify({ d: r.distanceToGoal, steps: r.steps }));
  assert.equal(r.simSuccess, true, "the simulator agrees");
  assert.ok(r.spl > 0 && r.spl <= 1);
  assert.equal(r.cm, false);
  assert.equal(r.grounded.category, "mug");
  assert.equal(r.grounded.categoryCorrect, true);
  EpisodeRecord.parse(r);
  for (const e of events) EpisodeEvent.parse(e);
  assert.deepEqual(
    events.map((e) => e.seq),
    events.map((_, i) => i),
  );
  assert.equal(events[0].type, "episode_start");
  assert.equal(events[events.length - 1].type, "episode_end");
  const actions = events.filter((e) => e.type === "action");
  assert.equal(actions.length, r.steps, "one action event per primitive step");
  assert.equal(actions[actions.length - 1].type === "action" && actions[actions.length - 1].action, "STOP");
  assert.ok(events.some((e) => e.type === "scene_graph"));
  assert.ok(events.some((e) => e.type === "grounding"));
});

test("the scene graph is built once per scene: the next episode reuses it and pays no traversal", async () => {
  const events: EpisodeEvent[] = [];
  const r = await runEpisode(options({ episode: episode({ id: "ep-test-2" }), onEvent: (e) => events.push(e) }));
  assert.equal(r.traversal.built, false);
  const sg = events.find((e) => e.type === "scene_graph");
  assert.ok(sg && sg.type === "scene_graph" && sg.cached);
  assert.ok(r.steps < config.simulator.maxSteps);
});

test("a backbone failure mid-episode ends the episode cleanly with the error recorded", async () => {
  class Failing extends HeuristicPolicy {
    private n = 0;
    override async planLowLevel(input: LowLevelInput) {
      // Fails once the episode is under way, not at its first decision.
      if (++this.n < 3) return { value: { decision: "continue_plan" as const, reason: "looking" }, calls: [] };
      void input;
      throw new BackboneError("scripted outage", [
        { task: "low_level", backbone: "failing", model: "m", latencyMs: 5, attempts: 3, error: "503" },
      ]);
    }
  }
  const events: EpisodeEvent[] = [];
  const r = await runEpisode(options({ policy: new Failing(), onEvent: (e) => events.push(e) }));
  assert.equal(r.errorKind, "backbone");
  assert.match(r.error ?? "", /scripted outage/);
  assert.equal(r.success, false);
  assert.equal(r.usage.failedCalls, 1, "the failed call is accounted");
  assert.ok(r.steps > 0, "it failed mid-episode");
  assert.equal(r.decisions.lowLevel, 3);
  const end = events[events.length - 1];
  assert.ok(end.type === "episode_end" && end.error?.includes("scripted outage"));
});

test("the step budget is enforced: a planner that never stops ends at maxSteps without success", async () => {
  class Wanderer extends HeuristicPolicy {
    override async planLowLevel() {
      return { value: { decision: "left" as const, reason: "spinning" }, calls: [] };
    }
  }
  const r = await runEpisode(options({ policy: new Wanderer(), simulator: { ...config.simulator, maxSteps: 40 } }));
  assert.equal(r.steps, 40);
  assert.equal(r.stopped, false);
  assert.equal(r.success, false);
  assert.equal(r.error, null, "running out of steps is an outcome, not an error");
});

test("an acquisition episode is memorized as a raw interaction; raw mode later samples it as gold", async () => {
  const log = new InteractionLog();
  const base = episode();
  const acq: AcquisitionEpisode = {
    id: "acq-1",
    userId: "u1",
    sceneId: "s5",
    timestamp: "2025-02-01T08:00:00.000Z",
    instruction: "Bring me the blue mug I use for my morning coffee.",
    start: base.start,
    placements: base.placements,
    targetObjectId: "mug_1",
    stage: "acquisition",
    referenceImage: "ref/mug_1.png",
    context: [{ dimension: "routine", value: "morning-coffee", text: "for my morning coffee" }],
  };
  const first = await runEpisode(options({ episode: acq, memory: { mode: "none", log, topK: 5 } }));
  assert.equal(first.memorized, true);
  assert.deepEqual(
    log.list("u1").map((x) => x.episodeId),
    ["acq-1"],
  );
  assert.match(log.list("u1")[0].trajectory, /steps/);
  const r = await runEpisode(options({ memory: { mode: "raw", log, topK: 5 } }));
  assert.deepEqual(r.rawSampleIds, ["acq-1"]);
  assert.equal(r.rawIncludesGold, true);
  assert.equal(r.memorized, false, "evaluation episodes are not memorized");
});

test("a mode without its memory is refused before the episode starts", async () => {
  const r = await runEpisode(options({ memory: { mode: "polar", topK: 5 } }));
  assert.equal(r.errorKind, "agent");
  assert.match(r.error ?? "", /needs a memory graph/);
  assert.equal(r.steps, 0);
});

test("the per-step schedule asks the low-level planner before every primitive action", async () => {
  const agent = { ...config.agent, schedule: "every_step" as const };
  const events: EpisodeEvent[] = [];
  const r = await runEpisode(options({ episode: episode({ id: "ep-test-3" }), agent, onEvent: (e) => events.push(e) }));
  assert.equal(r.error, null);
  const asked = new Set(events.flatMap((e) => (e.type === "low_level" ? [e.step] : [])));
  const acted = events.flatMap((e) => (e.type === "action" ? [e.step - 1] : []));
  for (const s of acted) assert.ok(asked.has(s), `no decision before step ${s + 1}`);
  assert.ok(r.decisions.lowLevel >= r.steps);
});
