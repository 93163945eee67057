/**
 * Episode facts from what happened: rooms from the simulator's poses in the simulator's own
 * regions (not the agent's idea of its room), where it stopped, the target's room when found;
 * checked on made-up event streams and on a real episode of the embedded simulator.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { EpisodeEvent } from "../../src/agent/events.ts";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { EvaluationEpisode } from "../../src/datasets/scenario-schema.ts";
import { runEpisode } from "../../src/eval/harness.ts";
import { factsFromRecord, parseFacts, regionAt, roomsAlong } from "../../src/eval/rule-phase/episode-facts.ts";
import { SceneGraphCache } from "../../src/planning/scene-graph.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import type { Receptacle, SceneInfo, Vec3 } from "../../src/sim/protocol.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

/** Three rooms in a row along x: hall [0,4), garage [4,8), kitchen [8,12]. */
const SCENE: SceneInfo = {
  regions: [
    { id: "r0", label: "hallway", waypoint: [2, 0, 2], bounds: { min: [0, 0, 0], max: [4, 3, 4] } },
    { id: "r1", label: "garage", waypoint: [6, 0, 2], bounds: { min: [4, 0, 0], max: [8, 3, 4] } },
    { id: "r2", label: "kitchen", waypoint: [10, 0, 2], bounds: { min: [8, 0, 0], max: [12, 3, 4] } },
  ],
  adjacency: [
    ["r0", "r1"],
    ["r1", "r2"],
  ],
};

/** Pose events along x, each labelled by the agent as `believed` (wrongly, on purpose). */
function poses(xs: number[], believed: string | null = "r0"): EpisodeEvent[] {
  return xs.map((x, step) => ({
    episodeId: "e1",
    seq: step * 2 + 1,
    t: step,
    type: "pose",
    step,
    pose: { position: [x, 0, 2] as Vec3, heading: 0 },
    roomId: believed,
  }));
}
const views = (step: number): EpisodeEvent => ({
  episodeId: "e1",
  seq: step * 2,
  t: step,
  type: "views",
  step,
  visible: { front: [], left: [], right: [] },
  images: [],
});

const sources = (over: Partial<Parameters<typeof factsFromRecord>[0]> = {}) => ({
  record: { episodeId: "e1", userId: "u1", sceneId: "s1", success: true, stopped: true },
  episode: {
    timestamp: "2025-02-08T22:15:00.000Z",
    instruction: "Find my keys.",
    targetObjectId: "keys_1",
    placements: [
      { id: "keys_1", position: [10.5, 0.9, 1] as Vec3 },
      { id: "mug_1", position: [1, 0.9, 1] as Vec3 },
    ],
  },
  events: poses([1, 2, 3, 5, 7, 9, 10]),
  scene: SCENE,
  reply: "Found your keys in the kitchen.",
  ...over,
});

describe("factsFromRecord", () => {
  it("reads rooms, the stop room and the target's room from positions, not from the agent's room ids", () => {
    const f = factsFromRecord(sources());
    assert.deepEqual(f.roomsEntered, ["hallway", "garage", "kitchen"]);
    assert.equal(f.stopRoom, "kitchen");
    assert.equal(f.found, true);
    assert.equal(f.foundRoom, "kitchen");
    assert.equal(f.hour, 22);
    assert.equal(f.reply, "Found your keys in the kitchen.");
    assert.equal(f.instruction, "Find my keys.");
  });

  it("orders poses by step and ignores other events; a room revisited after leaving counts again", () => {
    const events = [...poses([1, 5, 1, 2]).reverse(), views(0), views(1)];
    assert.deepEqual(factsFromRecord(sources({ events })).roomsEntered, ["hallway", "garage", "hallway"]);
  });

  it("no stop room when it never stopped; no found room when it did not find the object", () => {
    const f = factsFromRecord(
      sources({ record: { episodeId: "e1", userId: "u1", sceneId: "s1", success: false, stopped: false } }),
    );
    assert.equal(f.stopRoom, null);
    assert.equal(f.found, false);
    assert.equal(f.foundRoom, null);
  });

  it("a target on furniture without a position is placed by the furniture's region", () => {
    const receptacles: Receptacle[] = [{ id: "shelf_3", kind: "shelf", regionId: "r1", position: [6, 1, 3] }];
    const episode = { ...sources().episode, placements: [{ id: "keys_1", receptacleId: "shelf_3" }] };
    assert.equal(factsFromRecord(sources({ episode, receptacles })).foundRoom, "garage");
    assert.equal(factsFromRecord(sources({ episode })).foundRoom, null);
  });

  it("no reply is an empty reply; hours are UTC unless a time zone is given", () => {
    assert.equal(factsFromRecord(sources({ reply: null })).reply, "");
    assert.equal(factsFromRecord(sources({ timeZone: "Asia/Tokyo" })).hour, 7);
  });

  it("says what is wrong with its input", () => {
    const bad = { ...sources().episode, timestamp: "yesterday" };
    assert.throws(() => factsFromRecord(sources({ episode: bad })), /timestamp "yesterday" is not a date/);
    const lost = { ...sources().episode, targetObjectId: "nope" };
    assert.throws(() => factsFromRecord(sources({ episode: lost })), /target nope is not placed/);
    assert.throws(() => parseFacts({ ...factsFromRecord(sources()), hour: 24 }), /episode facts: hour:/);
  });

  it("regionAt falls back to the nearest waypoint only for regions without bounds", () => {
    const open: SceneInfo["regions"] = [
      { id: "a", label: "bedroom", waypoint: [0, 0, 0] },
      { id: "b", label: "office", waypoint: [10, 0, 0] },
    ];
    assert.equal(regionAt(open, [8, 0, 1])?.label, "office");
    assert.deepEqual(roomsAlong(open, [[1, 0, 0] as Vec3, [9, 0, 0] as Vec3]), ["bedroom", "office"]);
    assert.equal(regionAt(SCENE.regions, [50, 0, 50]), null);
  });
});

describe("factsFromRecord on a real episode", () => {
  const config = loadConfig({ env: {} });
  const SCENE_ID = "seed:5";
  let sim: Simulator;
  let info: SceneInfo;
  let receptacles: Receptacle[];
  before(async () => {
    sim = await createSimulator(config.simulator);
    const loaded = await sim.loadScene({ scene: SCENE_ID, settings: settingsFromConfig(config.simulator) });
    receptacles = loaded.receptacles;
    info = await sim.sceneInfo();
  });
  after(() => sim.close());

  for (const where of ["the start room", "another room"]) {
    it(`agrees with the harness's record when the mug is in ${where}: rooms it went through, where it stopped, what it found`, async () => {
      const room = info.regions.find((r) => receptacles.some((x) => x.regionId === r.id))!;
      const here = receptacles.find((x) =>
        where === "the start room" ? x.regionId === room.id : x.regionId !== room.id,
      )!;
      const targetRoom = info.regions.find((r) => r.id === here.regionId)!;
      const episode: EvaluationEpisode = {
        id: `facts-${where === "the start room" ? 1 : 2}`,
        userId: "u1",
        sceneId: "s5",
        timestamp: "2025-03-01T23:00:00.000Z",
        instruction: "Please bring me my mug.",
        start: { position: room.waypoint, heading: 0 },
        placements: [{ id: "mug_1", category: "mug", receptacleId: here.id }],
        targetObjectId: "mug_1",
        stage: "evaluation",
        scenario: "compositional_single",
        goldPriorEpisodeIds: ["acq-1"],
        query: [{ dimension: "routine", value: "morning-coffee" }],
        distractorIds: [],
      };
      const events: EpisodeEvent[] = [];
      const record = await runEpisode({
        episode,
        scene: { id: "s5", scene: SCENE_ID, settings: settingsFromConfig(config.simulator) },
        sim,
        policy: new HeuristicPolicy(),
        memory: { mode: "none", topK: 5 },
        agent: config.agent,
        simulator: config.simulator,
        sceneGraphs: new SceneGraphCache(),
        seed: 0,
        onEvent: (e) => events.push(e),
      });
      assert.equal(record.error, null);
      const f = factsFromRecord({ record, episode, events, scene: info, receptacles, reply: "Here is your mug." });
      assert.equal(f.found, record.success);
      assert.equal(f.roomsEntered[0], room.label, "it starts in the start room");
      // the agent's own list holds the same rooms (its lookup uses the same regions), first visit order
      assert.deepEqual([...new Set(f.roomsEntered)], record.roomsVisited);
      const last = events.filter((e) => e.type === "pose").at(-1)!;
      assert.equal(f.stopRoom, record.stopped ? regionAt(info.regions, last.pose.position)?.label : null);
      assert.equal(f.foundRoom, record.success ? targetRoom.label : null);
      assert.equal(f.hour, 23);
      if (where === "another room" && record.success)
        assert.ok(f.roomsEntered.length >= 2, "it walked to the mug's room");
    });
  }
});
