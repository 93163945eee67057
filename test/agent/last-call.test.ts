/**
 * The step budget every walk of the search respects: a room is walked to only while the steps
 * left cover the walk there, a look round and the walk back to the best seen. Once they do not,
 * the robot goes back to the best seen (ledger.lastCall) instead of spending its last steps on
 * rooms it could not come back from. Real embedded scene (seed:7), a scripted planner that takes
 * the best seen only on its last call.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { navigate } from "../../src/agent/navigate.ts";
import type { HighLevelOutput, LowLevelInput, Policy } from "../../src/mllm/index.ts";
import { Body } from "../../src/planning/body.ts";
import type { Vec3 } from "../../src/sim/protocol.ts";
import { roomsNavOptions } from "./scripted-nav-options.ts";
import { seed7Scene } from "./seed7-scene.ts";

const scene = seed7Scene();
const floor = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);

async function episode(budget: number, keepsBudget = true) {
  const start = scene.waypoint("room_1");
  const obs = await scene.sim.reset({ start: { position: start, heading: 0 }, objects: [] });
  const body = new Body(scene.sim, { observation: obs, images: obs.imageData }, { budget });
  const order = ["room_3", "room_2", "room_0"];
  const entered: (string | null)[] = [];
  let rounds = 0;
  const policy = {
    name: "scripted",
    needsImages: false,
    lowLevelTrigger: "sensor",
    planHighLevel: async (): Promise<{ value: HighLevelOutput; calls: [] }> => ({
      value: { roomId: order[rounds++ % order.length], reason: "scripted: the next room" },
      calls: [],
    }),
    planLowLevel: async (input: LowLevelInput) => {
      const ledger = input.ledger;
      assert.ok(ledger);
      if (!ledger.get("inst-held")) {
        // the best seen stands where the search began; judged plausible, never a clear match
        ledger.saw("inst-held", { position: start, floor: 1 });
        ledger.judged("inst-held", "front:near", 0.4, 0.3);
        if (keepsBudget) ledger.budget = { detour: 1.5, reserve: 30, floor: 0.3 };
      }
      return {
        value: ledger.lastCall
          ? { decision: "stop", instanceId: "inst-held", reason: "scripted: the best seen, on the last call" }
          : { decision: "continue_plan", reason: "scripted" },
        calls: [],
      };
    },
  } as unknown as Policy;
  const o = roomsNavOptions({ policy, body, regions: scene.info.regions, entered });
  const result = await navigate(o);
  return { result, body, entered, start };
}

test("with steps to spare the rooms are searched; before they run out the robot is back at the best seen", async () => {
  const { result, body, entered, start } = await episode(160);
  assert.ok(entered.includes("room_3"), `searched ${entered.join(", ")}`);
  assert.equal(result.stopped, true, "stopped before the step limit");
  assert.equal(result.instanceId, "inst-held");
  assert.ok(body.stepsLeft > 0);
  const at = floor(body.pose.position, start);
  assert.ok(at <= 1.5, `stopped ${at.toFixed(2)} m from the best seen`);
});

test("a planner that keeps no step budget searches on to the step limit", async () => {
  const { result, body } = await episode(160, false);
  assert.equal(result.stopped, false);
  assert.equal(body.stepsLeft, 0);
});
