/**
 * The high-level planner ends the search with rooms left (HighLevelOutput.searchOver): the robot
 * does not walk to the room it named, it settles: it goes back to the best instance seen and the
 * low-level planner, asked there with the search over, takes it. Should the best fail that look,
 * the search goes on: the planner's next answer is walked to, whatever it says of the search. Real embedded scene (seed:7), a scripted planner.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { navigate } from "../../src/agent/navigate.ts";
import type { HighLevelInput, HighLevelOutput, LowLevelInput, Policy } from "../../src/mllm/index.ts";
import { Body } from "../../src/planning/body.ts";
import type { Vec3 } from "../../src/sim/protocol.ts";
import { roomsNavOptions } from "./scripted-nav-options.ts";
import { seed7Scene } from "./seed7-scene.ts";

const scene = seed7Scene();
const waypoint = scene.waypoint;
const floor = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);

/**
 * An episode from room_1's waypoint. The low-level planner's first look records an instance
 * judged plausible in room_3; it stops once the search is over (`takes`), else hands back. The
 * high-level planner names room_3, then room_2 with the search over (twice).
 */
async function episode(takes: boolean) {
  const obs = await scene.sim.reset({ start: { position: waypoint("room_1"), heading: 0 }, objects: [] });
  const body = new Body(scene.sim, { observation: obs, images: obs.imageData }, { budget: 600 });
  const named: HighLevelOutput[] = [
    { roomId: "room_3", reason: "scripted" },
    { roomId: "room_2", reason: "scripted: the rooms worth it are searched", searchOver: true },
    // asked again once settled, the planner says the same: the room it names is walked to now
    { roomId: "room_2", reason: "scripted: the rooms worth it are searched", searchOver: true },
  ];
  const planned: HighLevelInput[] = [];
  const entered: (string | null)[] = [];
  const policy = {
    name: "scripted",
    needsImages: false,
    lowLevelTrigger: "sensor",
    planHighLevel: async (input: HighLevelInput) => {
      planned.push(input);
      return { value: named.shift() ?? { roomId: "room_1", reason: "scripted: again" }, calls: [] };
    },
    planLowLevel: async (input: LowLevelInput) => {
      const ledger = input.ledger;
      assert.ok(ledger);
      if (!ledger.get("inst-held")) {
        ledger.saw("inst-held", { position: waypoint("room_3"), floor: 4 });
        ledger.judged("inst-held", "front:far", 0.55, 0.3);
      }
      const stop = takes && ledger.settling;
      return {
        value: stop
          ? { decision: "stop", instanceId: "inst-held", reason: "scripted: the best seen" }
          : { decision: "continue_plan", reason: "scripted" },
        calls: [],
      };
    },
  } as unknown as Policy;
  const o = roomsNavOptions({ policy, body, regions: scene.info.regions, entered });
  const result = await navigate(o);
  return { result, body, planned, entered };
}

test("the planner ending the search sends the robot back to the best seen, not on to the room it named", async () => {
  const { result, body, planned } = await episode(true);
  assert.equal(result.stopped, true);
  assert.equal(result.instanceId, "inst-held");
  assert.equal(planned.length, 2, "no room is planned after the search is over");
  const at = floor(body.pose.position, waypoint("room_3"));
  assert.ok(at <= 1.5, `stopped ${at.toFixed(2)} m from the best seen`);
  // it was handed the instance it holds when asked
  assert.equal(planned[1].holding?.score, 0.55);
});

test("a best seen that fails the closer look leaves the search to go on to the room named", async () => {
  const { result, planned, entered } = await episode(false);
  assert.equal(result.stopped, false);
  assert.ok(planned.length > 2, "the search went on");
  assert.ok(entered.includes("room_2"), `searched ${entered.join(", ")}`);
});
