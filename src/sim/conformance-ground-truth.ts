/**
 * Conformance checks of what only the harness reads: metrics and geodesics, the sensor's own
 * instance ids, objects on receptacles.
 */
import assert from "node:assert/strict";
import type { Check } from "./conformance-raw.ts";
import {
  checkResult,
  dist2d,
  expectSimError,
  type Setup,
  SUITE_SETTINGS,
  type SuiteContext,
} from "./conformance-suite.ts";
import { SimError } from "./simulator.ts";

/** What only the harness reads: metrics and geodesics, the sensor's own instance ids, objects on receptacles. */
export function groundTruthChecks({ suite, startAt }: SuiteContext): Check[] {
  return [
    {
      name: "metrics: geodesics, shortest path, success after walking plan_path to the target and STOP",
      run: suite((s) => metricsOfAWalkToTheTarget(s, startAt)),
    },
    {
      name: "instance ids in observations are the sensor's own, new at every reset (never the reset's object ids)",
      run: suite(async (s) => {
        // one object on the first receptacle that takes it, looked for from every region in four headings
        let placed: { id: string; category: "mug"; receptacleId: string } | null = null;
        for (const r of s.scene.receptacles) {
          const o = { id: "conf-seen", category: "mug" as const, receptacleId: r.id };
          const ok = await s.sim.reset({ start: startAt(s), objects: [o] }).then(
            () => true,
            () => false,
          );
          if (ok) {
            placed = o;
            break;
          }
        }
        assert.ok(placed, "some receptacle takes a mug");
        const sightings = async (): Promise<string[][]> => {
          const out: string[][] = [];
          for (const [i] of s.info.regions.entries()) {
            for (const heading of [0, Math.PI / 2, Math.PI, -Math.PI / 2]) {
              const obs = await s.sim.reset({ start: { ...startAt(s, i), heading }, objects: [placed!] });
              out.push([...obs.visible.front, ...obs.visible.left, ...obs.visible.right].map((v) => v.id));
            }
          }
          return out;
        };
        const first = await sightings();
        const second = await sightings();
        const seen = first.flat();
        assert.ok(seen.length > 0, "the mug is in view from some region");
        assert.ok(!seen.includes(placed!.id), "the sensor does not name objects by the reset's ids");
        const again = second.flat();
        assert.ok(
          seen.every((id) => !again.includes(id)),
          "a new reset gives the same object a new id (ids must not persist across episodes)",
        );
      }),
    },
    {
      name: "objects on receptacles get distances; unknown targets and scenes are refused",
      run: suite(async (s) => {
        assert.ok(s.scene.receptacles.length > 0, "the scene has receptacles");
        // a receptacle may be too small or too full for a given object: collect a few that take one
        const objects: { id: string; category: "keys"; receptacleId: string }[] = [];
        for (const r of s.scene.receptacles) {
          if (objects.length === 3) break;
          const o = { id: `on-${objects.length}`, category: "keys" as const, receptacleId: r.id };
          try {
            await s.sim.reset({ start: startAt(s), objects: [...objects, o] });
            objects.push(o);
          } catch (e) {
            assert.ok(e instanceof SimError && e.code === "unplaceable", `placing on ${r.id}: ${e}`);
          }
        }
        assert.ok(objects.length > 0, "some receptacle takes an object");
        await s.sim.reset({ start: startAt(s), objects, targetIds: ["on-0"] });
        const m = await s.sim.metrics();
        assert.deepEqual(Object.keys(m.distances).sort(), objects.map((o) => o.id).sort(), "one distance per object");
        assert.ok(
          Object.values(m.distances).some((d) => d !== null),
          "some object is reachable",
        );
        await expectSimError(
          s.sim.reset({ start: startAt(s), objects, targetIds: ["nope"] }),
          "not_found",
          "params.targetIds",
        );
        await expectSimError(
          s.sim.reset({
            start: startAt(s),
            objects: [{ id: "x", category: "mug", receptacleId: "no-such-furniture" }],
          }),
          "not_found",
          "params.objects.0.receptacleId",
        );
        await expectSimError(s.sim.loadScene({ scene: "/no/such/scene.json" }), "not_found");
      }),
    },
  ];
}

/** Metrics at the start, then after walking plan_path to the target and STOP: geodesics, path lengths, success. */
async function metricsOfAWalkToTheTarget(s: Setup, startAt: SuiteContext["startAt"]): Promise<void> {
  const n = s.info.regions.length;
  assert.ok(n > 1, "needs two regions");
  const targetAt = s.info.regions[n - 1].waypoint;
  const objects = [
    { id: "conf-target", category: "mug" as const, position: targetAt },
    ...(s.scene.receptacles.length
      ? [{ id: "conf-other", category: "mug" as const, receptacleId: s.scene.receptacles[0].id }]
      : []),
  ];
  const obs = await s.sim.reset({ start: startAt(s, 0), objects, targetIds: ["conf-target"] });
  const m0 = await s.sim.metrics();
  checkResult("metrics", m0);
  assert.deepEqual(m0.targetIds, ["conf-target"]);
  assert.equal(m0.steps, 0);
  assert.equal(m0.pathLength, 0);
  assert.equal(m0.success, false);
  const d0 = m0.distances["conf-target"];
  assert.ok(d0 !== null && d0 !== undefined && m0.shortestPath !== null);
  assert.ok(Math.abs(m0.shortestPath - d0) < 1e-6, "at the start, shortest path = distance to the target");
  assert.ok(d0 >= dist2d(obs.pose.position, targetAt) - 0.05, "geodesic ≥ straight line");
  const only = await s.sim.metrics({ objectIds: ["conf-target"] });
  assert.deepEqual(Object.keys(only.distances), ["conf-target"]);

  const plan = await s.sim.planPath({ goal: targetAt });
  for (const a of plan.actions) await s.sim.step(a);
  const before = await s.sim.metrics();
  assert.equal(before.success, false, "no success before STOP");
  await s.sim.step("STOP");
  const m = await s.sim.metrics();
  assert.equal(m.stopped, true);
  assert.equal(m.steps, plan.actions.length + 1);
  const d = m.distances["conf-target"];
  assert.ok(d !== null && d !== undefined && d <= SUITE_SETTINGS.successDistance, `ended ${d} m from the target`);
  assert.equal(m.success, true);
  assert.equal(m.shortestPath, m0.shortestPath, "shortest path is fixed at reset");
  assert.ok(m.pathLength + d >= m0.shortestPath - 0.1, "walked at least the shortest path (less what is left)");
  assert.ok(m.nearestObject !== null && m.nearestObject.distance <= d + 1e-6, "nearest object is reported");
}
