/**
 * An image backbone searches a room in one call: the views from before and after turning around
 * where it stands, and the room plan, whose answer names the next room (no high-level call of its
 * own). Real episodes on the embedded simulator, the real `openai` client, a scripted server.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createSimulator } from "../../src/compose/simulators.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { EvaluationEpisode } from "../../src/datasets/scenario-schema.ts";
import { runEpisode } from "../../src/eval/harness.ts";
import { createPolicy } from "../../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../../src/mllm/config.ts";
import { SceneGraphCache } from "../../src/planning/scene-graph.ts";
import { settingsFromConfig } from "../../src/sim/settings.ts";
import { openaiBySchema, openaiImages, openaiSchemaName, openaiText, ScriptedServer } from "../mllm/scripted-server.ts";

let server: ScriptedServer;
/** The first listed room not searched yet, else the first one it is not standing in. */
const unsearched = (text: string) => {
  const listed = [...text.matchAll(/^- (\S+): [^\n]*$/gm)];
  return (
    listed.find((m) => !/\((?:[^)]*)(?:searched|you are here)[^)]*\)$/.test(m[0]))?.[1] ??
    listed.find((m) => !/you are here/.test(m[0]))?.[1]
  );
};

before(async () => {
  server = await ScriptedServer.start({
    responder: openaiBySchema({
      ground_target: () => ({
        objectId: null,
        category: "mug",
        description: "a mug",
        reason: "scripted",
        hints: [],
        likelyRooms: [],
      }),
      choose_room: (req) => {
        const schema = (
          req.body as { response_format: { json_schema: { schema: { properties: { roomId: { enum: string[] } } } } } }
        ).response_format.json_schema.schema;
        return { roomId: unsearched(openaiText(req.body)) ?? schema.properties.roomId.enum[0], reason: "scripted" };
      },
      next_action: () => ({ decision: "continue_plan", reason: "nothing here" }),
      scan_room: (req) => ({
        decision: "continue_plan",
        reason: "nothing here",
        nextRoomId: unsearched(openaiText(req.body)) ?? null,
      }),
      reply: () => ({ text: "I did not find it." }),
    }),
  });
});
after(() => server.close());

test("a room is searched in one call that also plans the next room; no fixed-interval calls on the way", async () => {
  const config = loadConfig({ env: {} });
  process.env.ROOM_SCAN_KEY = "not-a-secret";
  const policy = createPolicy(
    BackboneConfig.parse({
      name: "scripted",
      type: "openai",
      model: "scripted",
      baseUrl: `${server.url}/v1`,
      apiKeyEnv: "ROOM_SCAN_KEY",
    }),
  );
  const sim = await createSimulator(config.simulator);
  const settings = settingsFromConfig(config.simulator);
  const loaded = await sim.loadScene({ scene: "seed:21", settings });
  const info = await sim.sceneInfo();
  const plans: string[] = [];
  const triggers: string[] = [];
  try {
    const episode: EvaluationEpisode = {
      id: "scan-1",
      userId: "u",
      sceneId: "s21",
      timestamp: "2025-03-01T08:00:00.000Z",
      instruction: "Bring me my mug.",
      start: { position: info.regions[0].waypoint, heading: 0 },
      placements: [{ id: "mug_1", category: "mug", receptacleId: loaded.receptacles[0].id }],
      targetObjectId: "mug_1",
      stage: "evaluation",
      scenario: "compositional_single",
      goldPriorEpisodeIds: [],
      query: [],
      distractorIds: [],
    };
    const before = server.requests.length;
    const rec = await runEpisode({
      episode,
      scene: { id: "s21", scene: "seed:21", settings },
      sim,
      policy,
      memory: { mode: "none", topK: 5 },
      seed: 0,
      agent: config.agent,
      simulator: { ...config.simulator, maxSteps: 100 },
      sceneGraphs: new SceneGraphCache(),
      onEvent: (e) => {
        if (e.type === "plan") plans.push(e.reason);
        if (e.type === "low_level") triggers.push(e.trigger);
      },
    });
    assert.equal(rec.error, null);
    const mine = server.requests.slice(before);
    const names = mine.map((r) => openaiSchemaName(r.body));
    const scans = mine.filter((r) => openaiSchemaName(r.body) === "scan_room");
    assert.ok(scans.length >= 2, `room scans: ${names.join(", ")}`);
    assert.equal(names.filter((n) => n === "choose_room").length, 0, "the scans planned every room");
    assert.ok(
      plans.every((p) => /planned in the room scan/.test(p)),
      plans.join(" | "),
    );
    assert.ok(!triggers.includes("periodic") && !triggers.includes("look_around"), triggers.join(", "));
    // the scan after turning around sends the views from before and after the turn, and the rooms
    const turned = scans.find((r) => /Before turning around/.test(openaiText(r.body)));
    assert.ok(turned, "a scan with the views from before the turn");
    assert.equal(openaiImages(turned.body).length, 6);
    assert.match(openaiText(turned.body), /Rooms:\n- /);
    // navigation calls per room visit: the start, one scan per room, and rooms passed through
    const navigation = rec.decisions.lowLevel + rec.decisions.highLevel;
    assert.ok(navigation <= 1.5 * plans.length + 1, `${navigation} navigation calls for ${plans.length} room visits`);
  } finally {
    await sim.close();
  }
});
