// Model calls and tokens per episode for hierarchical planning against a per-step controller
// (the model asked before every primitive action), on the same episodes, through the real
// `openai` client and the scripted OpenAI-format server; plus the agent's own time per step
// (wall time less model, simulator and memory time).
//
// The scripted model cannot see: it grounds no instance, names rooms in turn and always hands
// low-level control back to the plan, so every episode walks the same budget in both schedules
// and the figures compare the schedules, not luck. Token counts are the server's estimates
// (4 characters per token, 85 per low-detail image), the same for both schedules.

import { createSimulator } from "../src/compose/simulators.ts";
import { loadConfig } from "../src/config/load.ts";
import type { EvaluationEpisode } from "../src/datasets/scenario-schema.ts";
import { runEpisode } from "../src/eval/harness.ts";
import type { EpisodeRecord } from "../src/eval/record.ts";
import { createPolicy } from "../src/mllm/backbone-registry.ts";
import { BackboneConfig } from "../src/mllm/config.ts";
import { SceneGraphCache } from "../src/planning/scene-graph.ts";
import { settingsFromConfig } from "../src/sim/settings.ts";
import {
  openaiCompletion,
  openaiImages,
  openaiSchemaName,
  openaiText,
  ScriptedServer,
} from "../test/mllm/scripted-server.ts";

const EPISODES = 4;
const MAX_STEPS = 120;

/**
 * The room a planner that reads its prompt would pick: the first listed room not searched yet
 * and not the one it stands in (the rooms a prompt lists come as "- id: label; … (searched)"),
 * else one in turn. Both schedules pick alike, so they walk the same tour.
 */
function nextRoom(body: unknown, rooms: string[], index: number): string | null {
  if (rooms.length === 0) return null;
  const listed = [...openaiText(body).matchAll(/^- (\S+): [^\n]*$/gm)];
  const open = listed.find((m) => rooms.includes(m[1]) && !/\((?:[^)]*)(?:searched|you are here)[^)]*\)$/.test(m[0]));
  return open?.[1] ?? rooms[index % rooms.length];
}

function answer(body: unknown, index: number): string {
  const name = openaiSchemaName(body);
  const schema = (
    body as { response_format?: { json_schema?: { schema?: { properties?: Record<string, { enum?: string[] }> } } } }
  ).response_format?.json_schema?.schema;
  switch (name) {
    case "ground_target":
      return JSON.stringify({
        objectId: null,
        category: "mug",
        description: "a mug",
        reason: "scripted",
        hints: [],
        likelyRooms: [],
      });
    case "choose_room": {
      const rooms = schema?.properties?.roomId?.enum ?? [];
      return JSON.stringify({ roomId: nextRoom(body, rooms, index), reason: "scripted tour" });
    }
    case "next_action":
      return JSON.stringify({ decision: "continue_plan", reason: "nothing in view" });
    case "scan_room": {
      // a room scan: nothing in view, and the next room in the same answer
      const next = schema?.properties?.nextRoomId as { enum?: string[]; anyOf?: { enum?: string[] }[] } | undefined;
      const rooms = next?.enum ?? next?.anyOf?.flatMap((a) => a.enum ?? []) ?? [];
      return JSON.stringify({
        decision: "continue_plan",
        reason: "nothing in view",
        nextRoomId: nextRoom(body, rooms, index),
      });
    }
    case "reply":
      return JSON.stringify({ text: "I could not find your mug." });
    default:
      return JSON.stringify({ statements: ["scripted"], episodic: "scripted" });
  }
}

/** room visits (a room planned and walked to) per episode of the last schedule run */
let roomVisits: number[] = [];

async function runSchedule(schedule: "hierarchical" | "every_step", server: ScriptedServer): Promise<EpisodeRecord[]> {
  roomVisits = [];
  const config = loadConfig({ env: {} });
  const backbone = BackboneConfig.parse({
    name: "scripted-openai",
    type: "openai",
    model: "scripted",
    baseUrl: `${server.url}/v1`,
    apiKeyEnv: "BENCH_KEY",
  });
  process.env.BENCH_KEY = "bench-not-a-secret";
  const policy = createPolicy(backbone);
  const sim = await createSimulator(config.simulator);
  const settings = settingsFromConfig(config.simulator);
  const loaded = await sim.loadScene({ scene: "seed:21", settings });
  const info = await sim.sceneInfo();
  const sceneGraphs = new SceneGraphCache();
  const out: EpisodeRecord[] = [];
  try {
    for (let i = 0; i < EPISODES; i++) {
      const room = info.regions[i % info.regions.length];
      const rec = loaded.receptacles[(i * 3) % loaded.receptacles.length];
      const episode: EvaluationEpisode = {
        id: `bench-${i}`,
        userId: "bench",
        sceneId: "seed21",
        timestamp: "2025-03-01T08:00:00.000Z",
        instruction: "Bring me my mug.",
        start: { position: room.waypoint, heading: 0 },
        placements: [{ id: "mug_1", category: "mug", receptacleId: rec.id }],
        targetObjectId: "mug_1",
        stage: "evaluation",
        scenario: "compositional_single",
        goldPriorEpisodeIds: [],
        query: [],
        distractorIds: [],
      };
      out.push(
        await runEpisode({
          episode,
          scene: { id: "seed21", scene: "seed:21", settings },
          sim,
          policy,
          memory: { mode: "none", topK: 5 },
          seed: 0,
          agent: { ...config.agent, schedule },
          simulator: { ...config.simulator, maxSteps: MAX_STEPS },
          sceneGraphs,
          onEvent: (e) => {
            if (e.type === "plan") roomVisits[i] = (roomVisits[i] ?? 0) + 1;
          },
        }),
      );
    }
  } finally {
    await sim.close();
  }
  return out;
}

function summarize(records: EpisodeRecord[], visits: number[]) {
  const n = records.length;
  const sum = (f: (r: EpisodeRecord) => number) => records.reduce((a, r) => a + f(r), 0);
  const steps = sum((r) => r.steps);
  /** per episode; null when some episode's count is unknown (its provider did not report it) */
  const tokens = (f: (r: EpisodeRecord) => number | null) =>
    records.some((r) => f(r) === null) ? null : sum((r) => f(r) ?? 0) / n;
  return {
    episodes: n,
    errors: records.filter((r) => r.error).map((r) => r.error),
    stepsPerEpisode: steps / n,
    callsPerEpisode: sum((r) => r.usage.calls) / n,
    inputTokensPerEpisode: tokens((r) => r.usage.inputTokens),
    outputTokensPerEpisode: tokens((r) => r.usage.outputTokens),
    lowLevelCallsPerEpisode: sum((r) => r.decisions.lowLevel) / n,
    highLevelCallsPerEpisode: sum((r) => r.decisions.highLevel) / n,
    /** room visits (a room planned and walked to, revisits included) per episode, and navigation calls per visit */
    roomVisitsPerEpisode: visits.reduce((a, v) => a + v, 0) / n,
    navigationCallsPerRoomVisit:
      sum((r) => r.decisions.lowLevel + r.decisions.highLevel) /
      Math.max(
        1,
        visits.reduce((a, v) => a + v, 0),
      ),
    callsPerStep: sum((r) => r.usage.calls) / steps,
    agentMsPerStep: sum((r) => r.timings.agentMs) / steps,
    simMsPerStep: sum((r) => r.timings.simMs) / steps,
    modelMsPerStep: sum((r) => r.timings.modelMs) / steps,
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const server = await ScriptedServer.start({
    responder: (req, index) => {
      const content = answer(req.body, index);
      const images = openaiImages(req.body).length;
      const prompt = Math.ceil(openaiText(req.body).length / 4) + 85 * images;
      return openaiCompletion(content, { prompt_tokens: prompt, completion_tokens: Math.ceil(content.length / 4) });
    },
  });
  try {
    const hierarchical = summarize(await runSchedule("hierarchical", server), roomVisits);
    const perStep = summarize(await runSchedule("every_step", server), roomVisits);
    return {
      setup: { episodes: EPISODES, maxSteps: MAX_STEPS, scene: "seed:21", model: "scripted OpenAI-format server" },
      hierarchical,
      perStep,
      callRatio: perStep.callsPerEpisode / hierarchical.callsPerEpisode,
      tokenRatio:
        perStep.inputTokensPerEpisode === null || hierarchical.inputTokensPerEpisode === null
          ? null
          : perStep.inputTokensPerEpisode / hierarchical.inputTokensPerEpisode,
      requests: server.requests.length,
    };
  } finally {
    await server.close();
  }
}
