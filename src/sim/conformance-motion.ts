/** Conformance checks of moving: turns, steps, walls, STOP, the step budget, plan_path walked. */
import assert from "node:assert/strict";
import type { Check } from "./conformance-raw.ts";
import {
  angleDiff,
  checkResult,
  DEG,
  dist2d,
  expectSimError,
  type Setup,
  SUITE_SETTINGS,
  type SuiteContext,
} from "./conformance-suite.ts";

/** Moving: turns, steps, walls, STOP, the step budget, plan_path walked to its goal. */
export function motionChecks({ withScene, suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "twelve 30° turns return to the start heading in place; TURN_LEFT turns counter-clockwise",
      run: suite(async (s) => {
        const start = await s.sim.reset({ start: startAt(s, 0, 0.3) });
        const one = await s.sim.step("TURN_LEFT");
        checkResult("step", one);
        assert.ok(Math.abs(angleDiff(one.observation.pose.heading, 0.3 + 30 * DEG)) < 1e-6, "TURN_LEFT adds 30°");
        assert.equal(one.collided, false);
        for (let i = 1; i < 12; i++) await s.sim.step("TURN_LEFT");
        const back = await s.sim.step("TURN_RIGHT");
        for (let i = 1; i < 12; i++) await s.sim.step("TURN_RIGHT");
        const end = (await s.sim.metrics()).pose;
        assert.ok(
          Math.abs(angleDiff(back.observation.pose.heading, 0.3 - 30 * DEG)) < 1e-6,
          "12 left turns, then one right",
        );
        assert.ok(Math.abs(angleDiff(end.heading, 0.3)) < 1e-6, "after 12 right turns");
        assert.ok(dist2d(end.position, start.pose.position) < 1e-9, "turning does not move the agent");
        assert.equal(back.observation.stepCount, 13);
      }),
    },
    {
      name: "MOVE_FORWARD moves stepLength along the heading in open space",
      run: suite((s) => forwardStepsAlongHeading(s, startAt)),
    },
    {
      name: "walking into a wall reports a collision and stops short",
      run: suite(async (s) => {
        const obs = await s.sim.reset({ start: startAt(s) });
        let prev = obs.pose.position;
        for (let i = 0; i < 200; i++) {
          const r = await s.sim.step("MOVE_FORWARD");
          const moved = dist2d(prev, r.observation.pose.position);
          if (r.collided) {
            assert.ok(moved < SUITE_SETTINGS.stepLength - 1e-6, "a blocked step is shorter than stepLength");
            const again = await s.sim.step("MOVE_FORWARD");
            assert.equal(again.collided, true, "pushing on stays blocked");
            assert.ok(dist2d(again.observation.pose.position, r.observation.pose.position) < 0.05, "and barely moves");
            return;
          }
          prev = r.observation.pose.position;
        }
        assert.fail("never hit a wall walking straight for 200 steps");
      }),
    },
    {
      name: "STOP ends the episode; a step after it is refused; reset starts a new one",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s) });
        await s.sim.step("TURN_LEFT");
        const stop = await s.sim.step("STOP");
        assert.equal(stop.done, true);
        assert.equal(stop.observation.stepCount, 2);
        await expectSimError(s.sim.step("TURN_LEFT"), "out_of_order");
        const m = await s.sim.metrics();
        assert.equal(m.stopped, true);
        assert.equal(m.steps, 2);
        const again = await s.sim.reset({ start: startAt(s) });
        assert.equal(again.stepCount, 0);
        assert.equal((await s.sim.step("TURN_LEFT")).done, false);
      }),
    },
    {
      name: "the episode ends when the step budget is spent",
      run: withScene({ ...SUITE_SETTINGS, maxSteps: 3 }, async (s) => {
        await s.sim.reset({ start: startAt(s) });
        assert.equal((await s.sim.step("TURN_LEFT")).done, false);
        assert.equal((await s.sim.step("TURN_LEFT")).done, false);
        assert.equal((await s.sim.step("TURN_LEFT")).done, true);
        await expectSimError(s.sim.step("TURN_LEFT"), "out_of_order");
        assert.equal((await s.sim.metrics()).stopped, false, "running out of steps is not a STOP");
      }),
    },
    {
      name: "plan_path's actions, walked, reach the goal",
      run: suite(async (s) => {
        assert.ok(s.info.regions.length > 1, "needs two regions");
        await s.sim.reset({ start: startAt(s, 0) });
        const goal = s.info.regions[s.info.regions.length - 1].waypoint;
        const plan = await s.sim.planPath({ goal });
        checkResult("plan_path", plan);
        assert.equal(plan.reachable, true);
        assert.ok(plan.geodesic !== null && plan.geodesic > 0);
        assert.ok(plan.actions.length > 0);
        assert.ok(!plan.actions.includes("STOP"), "the caller decides when to stop");
        const mf = plan.actions.filter((a) => a === "MOVE_FORWARD").length;
        assert.ok(mf * SUITE_SETTINGS.stepLength >= plan.geodesic - SUITE_SETTINGS.stepLength, "enough forward steps");
        for (const a of plan.actions) await s.sim.step(a);
        const rest = await s.sim.planPath({ goal });
        assert.ok(
          rest.geodesic !== null && rest.geodesic <= SUITE_SETTINGS.stepLength,
          `ended ${rest.geodesic} m from goal`,
        );
        const capped = await s.sim.planPath({ goal: s.info.regions[0].waypoint, maxActions: 2 });
        assert.ok(capped.actions.length <= 2, "maxActions caps the plan");
      }),
    },
  ];
}

/** From waypoints in twelve headings, every free forward step is one stepLength along the heading, on a flat floor. */
async function forwardStepsAlongHeading(s: Setup, startAt: SuiteContext["startAt"]): Promise<void> {
  let free = 0;
  for (let i = 0; i < s.info.regions.length && free < 4; i++) {
    for (let k = 0; k < 12 && free < 4; k++) {
      const heading = k * 30 * DEG;
      const obs = await s.sim.reset({ start: startAt(s, i, heading) });
      const r = await s.sim.step("MOVE_FORWARD");
      const [x0, y0, z0] = obs.pose.position;
      const [x1, y1, z1] = r.observation.pose.position;
      const moved = Math.hypot(x1 - x0, z1 - z0);
      assert.ok(moved <= SUITE_SETTINGS.stepLength + 1e-6, "never more than one step");
      assert.ok(Math.abs(y1 - y0) < 1e-6, "flat floor keeps y");
      if (r.collided) continue;
      free++;
      assert.ok(
        Math.abs(moved - SUITE_SETTINGS.stepLength) < 1e-3,
        `moved ${moved} m, not ${SUITE_SETTINGS.stepLength}`,
      );
      assert.ok(Math.abs(x1 - x0 - -Math.sin(heading) * moved) < 1e-3, "moves along (-sin h, -cos h): x");
      assert.ok(Math.abs(z1 - z0 - -Math.cos(heading) * moved) < 1e-3, "moves along (-sin h, -cos h): z");
    }
  }
  assert.ok(free > 0, "some forward step from a waypoint is free");
}
