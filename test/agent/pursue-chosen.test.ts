/**
 * An instance the planner took for the one, lost from view: the robot routes back to it on the
 * navigable map (through the doors, round the furniture) and asks the planner again there,
 * instead of carrying on with its room plan. Real embedded scene (seed:7), a scripted planner.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { local } from "../../src/agent/nav-decisions.ts";
import { createNav } from "../../src/agent/nav-state.ts";
import type { LowLevelInput, LowLevelOutput, Policy } from "../../src/mllm/index.ts";
import { Body } from "../../src/planning/body.ts";
import type { ObjectSpec, Observation, Vec3 } from "../../src/sim/protocol.ts";
import { scriptedNavOptions } from "./scripted-nav-options.ts";
import { seed7Scene } from "./seed7-scene.ts";

const scene = seed7Scene();
const waypoint = scene.waypoint;
const floor = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);

/** A Nav standing at room_1's waypoint whose planner answers from `script`, in order (then hands back). */
async function standing(script: LowLevelOutput["decision"][], objects: ObjectSpec[] = [], walked = 0) {
  const reset = await scene.sim.reset({ start: { position: waypoint("room_1"), heading: 0 }, objects });
  let start = { observation: reset as Observation, images: reset.imageData };
  if (walked > 0) {
    const route = await scene.sim.planPath({ goal: waypoint("room_3"), maxActions: 200 });
    for (const a of route.actions.slice(0, walked)) {
      const out = await scene.sim.step(a);
      start = { observation: out.observation, images: out.imageData };
    }
  }
  const sources: string[] = [];
  const body = new Body(scene.sim, start, { budget: 400, onStep: (s) => sources.push(s.source) });
  const asked: LowLevelInput[] = [];
  const policy = {
    name: "scripted",
    needsImages: false,
    lowLevelTrigger: "sensor",
    planLowLevel: async (input: LowLevelInput) => {
      asked.push(input);
      const decision = script.shift() ?? "continue_plan";
      return { value: { decision, reason: "scripted" }, calls: [] };
    },
  } as unknown as Policy;
  const o = scriptedNavOptions({ policy, body });
  return { n: createNav(o), body, asked, sources };
}

test("a chosen instance lost from view is walked back to along the floor plan, and the planner asked there", async () => {
  const { n, body, asked, sources } = await standing(["continue_plan", "stop"]);
  const at = waypoint("room_3");
  // the planner took an instance in another room for the one (an id the sensor never shows)
  n.ledger.saw("inst-far", { position: at, floor: 6 });
  n.ledger.choose("inst-far");
  const from = body.pose.position;
  const first = await n.o.policy.planLowLevel({} as LowLevelInput);
  const out = await local(n, first);
  assert.equal(out, "stopped", "the planner's answer at the instance is carried out");
  assert.ok(floor(body.pose.position, at) <= 1.05, `ended ${floor(body.pose.position, at).toFixed(2)} m from it`);
  // a route through the house, longer than the straight line between the rooms
  const forward = body.steps;
  assert.ok(forward * 0.5 >= floor(from, at) - 1, `${forward} steps for ${floor(from, at).toFixed(1)} m`);
  assert.ok(sources.includes("low_level"), "the walk is the low-level planner's");
  assert.equal(asked.length, 2, "asked again once there");
  assert.equal(n.ledger.get("inst-far")?.pursuits, 1);
});

test("without a chosen instance, handing back hands back: no step is taken", async () => {
  const { n, body, asked } = await standing(["continue_plan"]);
  n.ledger.saw("inst-other", { position: waypoint("room_3"), floor: 6 });
  const out = await local(n, await n.o.policy.planLowLevel({} as LowLevelInput));
  assert.equal(out, "continue");
  assert.equal(body.steps, 0);
  assert.equal(asked.length, 1);
});

test("the walks back to one instance are bounded: after two the search goes on", async () => {
  const { n, body } = await standing(["continue_plan", "continue_plan", "continue_plan", "continue_plan"]);
  n.ledger.saw("inst-far", { position: waypoint("room_3"), floor: 6 });
  n.ledger.choose("inst-far");
  const out = await local(n, await n.o.policy.planLowLevel({} as LowLevelInput));
  assert.equal(out, "continue", "the planner keeps handing back: after the bounded walks, so does local");
  assert.equal(n.ledger.get("inst-far")?.pursuits, 2);
  const spent = body.steps;
  assert.ok(spent > 0);
  // once bounded, another hand-back costs no step
  assert.equal(await local(n, await n.o.policy.planLowLevel({} as LowLevelInput)), "continue");
  assert.equal(body.steps, spent);
});

test("an instance the planner no longer takes for the one is not walked back to", async () => {
  const { n, body } = await standing(["continue_plan"]);
  n.ledger.saw("inst-far", { position: waypoint("room_3"), floor: 6 });
  n.ledger.choose("inst-far");
  n.ledger.choose(null);
  assert.equal(await local(n, await n.o.policy.planLowLevel({} as LowLevelInput)), "continue");
  assert.equal(body.steps, 0);
});

test("the last walk back goes all the way, though the instance shows on the way", async () => {
  const at = waypoint("room_3");
  const mug: ObjectSpec = { id: "mug-far", category: "mug", position: [at[0], 0, at[2]] };
  // a few steps out of the bedroom the mug shows, small, far down the house; the planner hands
  // back at each sight of it (its straight steps would lose it again), then stops
  const { n, body } = await standing(["continue_plan", "continue_plan", "stop"], [mug], 4);
  const seen = [...body.observation.visible.front, ...body.observation.visible.left, ...body.observation.visible.right];
  assert.equal(seen.length, 1, "the mug is in view where the walk back begins");
  n.ledger.saw(seen[0].id, { position: at, floor: 6 });
  n.ledger.choose(seen[0].id);
  const out = await local(n, await n.o.policy.planLowLevel({} as LowLevelInput));
  assert.equal(out, "stopped");
  assert.equal(n.ledger.get(seen[0].id)?.pursuits, 2);
  assert.ok(floor(body.pose.position, at) <= 1.05, `stopped ${floor(body.pose.position, at).toFixed(2)} m from it`);
});
