/**
 * Conformance checks for plan_path's avoidRegions and regions (protocol 1.1, feature
 * "plan_path.avoidRegions"). Where a walk is checked, the poses are placed in regions the way
 * the protocol defines it (regionAt), from scene_info's bounds alone, so a bridge cannot pass
 * by reporting `regions` that its own walk does not keep to.
 */
import assert from "node:assert/strict";
import type { Action, SceneInfo, Vec3 } from "./protocol.ts";
import type { SimError, Simulator } from "./simulator.ts";

export interface AvoidSetup {
  sim: Simulator;
  info: SceneInfo;
}

export interface AvoidCheckContext<S extends AvoidSetup> {
  suite: (fn: (s: S) => Promise<void>) => () => Promise<void>;
  startAt: (s: S, i?: number, heading?: number) => { position: Vec3; heading: number };
  expectSimError: (p: Promise<unknown>, code: string, pathPrefix?: string) => Promise<SimError>;
  stepLength: number;
}

/** Start/goal/region cases the walk check tries (each a plan and a walk). */
const MAX_CASES = 4;

type PlanResult = Awaited<ReturnType<Simulator["planPath"]>>;

/** How far below a region's floor (bounds.min y) a position may be and still count as in it. */
export const REGION_FLOOR_TOLERANCE = 0.5;

/**
 * The region a position is in: the first of scene_info's regions whose bounds hold it (x and z
 * within, y from min − REGION_FLOOR_TOLERANCE to max); undefined outside all of them.
 */
export function regionAt(info: SceneInfo, p: Vec3): string | undefined {
  for (const r of info.regions) {
    const b = r.bounds;
    if (!b) continue;
    if (p[0] < b.min[0] || p[0] > b.max[0] || p[2] < b.min[2] || p[2] > b.max[2]) continue;
    if (p[1] < b.min[1] - REGION_FLOOR_TOLERANCE || p[1] > b.max[1]) continue;
    return r.id;
  }
  return undefined;
}

/** Steps through the actions; the region of the start and of every pose after a step. */
async function walkRegions(s: AvoidSetup, start: Vec3, actions: Action[]): Promise<(string | undefined)[]> {
  const out = [regionAt(s.info, start)];
  for (const a of actions) {
    const r = await s.sim.step(a);
    out.push(regionAt(s.info, r.observation.pose.position));
  }
  return out;
}

/** Consecutive repeats and undefined removed. */
function collapse(ids: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const id of ids) if (id !== undefined && out[out.length - 1] !== id) out.push(id);
  return out;
}

/** Whether `sub` appears in `seq` in order (not necessarily next to each other). */
function inOrder(sub: string[], seq: string[]): boolean {
  let j = 0;
  for (const id of seq) if (j < sub.length && sub[j] === id) j++;
  return j === sub.length;
}

const last = (s: AvoidSetup) => s.info.regions[s.info.regions.length - 1];

function needBounds(s: AvoidSetup): void {
  assert.ok(
    s.info.regions.every((r) => r.bounds),
    "every region has bounds (avoidRegions is defined by them)",
  );
  assert.ok(s.info.regions.length > 1, "needs two regions");
}

export function avoidRegionChecks<S extends AvoidSetup>(ctx: AvoidCheckContext<S>) {
  const { suite, startAt, expectSimError } = ctx;

  return [
    {
      name: "hello announces plan_path.avoidRegions; plan_path reports the regions its walk passes",
      run: suite(async (s) => {
        const h = await s.sim.hello();
        assert.ok(h.features?.includes("plan_path.avoidRegions"), "hello.features lists plan_path.avoidRegions");
        needBounds(s);
        const start = startAt(s, 0);
        await s.sim.reset({ start });
        const goal = last(s).waypoint;
        const plan = await s.sim.planPath({ goal });
        assert.equal(plan.reachable, true);
        assert.ok(plan.regions, "regions is reported");
        assert.equal(plan.regions[0], regionAt(s.info, start.position), "regions starts with the agent's region");
        assert.equal(plan.regions.at(-1), last(s).id, "and ends with the goal's");
        for (let i = 1; i < plan.regions.length; i++)
          assert.notEqual(plan.regions[i], plan.regions[i - 1], "consecutive repeats are collapsed");
        const same = await s.sim.planPath({ goal, avoidRegions: [] });
        assert.deepEqual(same, plan, "avoiding no region plans exactly as without avoidRegions");
        const walked = collapse(await walkRegions(s, start.position, plan.actions));
        assert.ok(
          inOrder(walked, plan.regions),
          `the regions the walk's poses are in (${walked}) appear in regions (${plan.regions}) in order`,
        );
      }),
    },
    {
      name: "plan_path with avoidRegions never enters them (regions on the way and off it, walked)",
      run: suite(async (s) => {
        needBounds(s);
        const cases = await avoidanceCases(s, startAt);
        assert.ok(
          cases.some((c) => c.onTheWay),
          "some plan between two regions passes a third (the scene needs three regions in a row)",
        );
        for (const c of cases) await walkAvoiding(s, startAt, c, ctx.stepLength);
      }),
    },
    {
      name: "plan_path: a goal in an avoided region is unreachable; the agent's own avoided region lets it leave",
      run: suite(async (s) => {
        needBounds(s);
        const start = startAt(s, 0);
        const here = regionAt(s.info, start.position);
        assert.ok(here !== undefined, "the first region's waypoint lies in its bounds");
        await s.sim.reset({ start });
        const goal = last(s).waypoint;
        const blocked = await s.sim.planPath({ goal, avoidRegions: [last(s).id] });
        assert.equal(blocked.reachable, false, "goal inside an avoided region");
        assert.deepEqual(blocked.actions, []);
        assert.equal(blocked.geodesic, null);
        const own = await s.sim.planPath({ goal: s.info.regions[0].waypoint, avoidRegions: [here] });
        assert.equal(own.reachable, false, "a goal in the agent's own avoided region is unreachable too");

        const out = await s.sim.planPath({ goal, avoidRegions: [here] });
        assert.equal(out.reachable, true, "an agent in an avoided region can still leave it");
        assert.equal(out.regions?.[0], here);
        assert.equal(out.regions?.filter((id) => id === here).length, 1, "and never comes back");
        const walked = await walkRegions(s, start.position, out.actions);
        const leftAt = walked.findIndex((id) => id !== here);
        assert.ok(leftAt > 0, "the walk leaves the start region");
        assert.ok(!walked.slice(leftAt).includes(here), `the walk came back into ${here}: ${collapse(walked)}`);
      }),
    },
    {
      name: "plan_path: an unknown region id is invalid_params naming it; the session stays usable",
      run: suite(async (s) => {
        await s.sim.reset({ start: startAt(s, 0) });
        const goal = last(s).waypoint;
        const e = await expectSimError(
          s.sim.planPath({ goal, avoidRegions: [s.info.regions[0].id, "no-such-region"] }),
          "invalid_params",
          "params.avoidRegions.1",
        );
        assert.ok(e.message.includes("no-such-region"), `the message names the id: ${e.message}`);
        await expectSimError(s.sim.planPath({ goal, avoidRegions: [""] }), "invalid_params", "params.avoidRegions");
        const many = Array.from({ length: 65 }, () => s.info.regions[0].id);
        await expectSimError(s.sim.planPath({ goal, avoidRegions: many }), "invalid_params", "params.avoidRegions");
        assert.equal((await s.sim.planPath({ goal })).reachable, true, "still usable");
      }),
    },
  ];
}

/** A start and goal region, a region to avoid, whether the plain plan between them passes it, and that plan. */
interface AvoidCase {
  i: number;
  j: number;
  avoid: string;
  onTheWay: boolean;
  base: PlanResult;
}

/** Start/goal pairs whose plain plan passes a third region, up to MAX_CASES of them, and one region off the way. */
async function avoidanceCases<S extends AvoidSetup>(
  s: S,
  startAt: AvoidCheckContext<S>["startAt"],
): Promise<AvoidCase[]> {
  const cases: AvoidCase[] = [];
  const n = s.info.regions.length;
  for (let i = 0; i < n && cases.length < MAX_CASES; i++) {
    for (let j = n - 1; j >= 0 && cases.length < MAX_CASES; j--) {
      if (i === j) continue;
      await s.sim.reset({ start: startAt(s, i) });
      const base = await s.sim.planPath({ goal: s.info.regions[j].waypoint });
      const ends = [s.info.regions[i].id, s.info.regions[j].id];
      const mid = (base.regions ?? []).filter((id) => !ends.includes(id));
      if (mid.length) cases.push({ i, j, avoid: mid[0], onTheWay: true, base });
      const off = s.info.regions.find((r) => !ends.includes(r.id) && !base.regions?.includes(r.id));
      if (off && !cases.some((c) => !c.onTheWay)) cases.push({ i, j, avoid: off.id, onTheWay: false, base });
    }
  }
  return cases;
}

/** Plans around the case's region and walks the plan: no pose in it, the goal reached, no shorter than the plain plan. */
async function walkAvoiding<S extends AvoidSetup>(
  s: S,
  startAt: AvoidCheckContext<S>["startAt"],
  { i, j, avoid, onTheWay, base }: AvoidCase,
  stepLength: number,
): Promise<void> {
  const start = startAt(s, i);
  const goal = s.info.regions[j].waypoint;
  const what = `from ${s.info.regions[i].id} to ${s.info.regions[j].id} avoiding ${avoid}`;
  await s.sim.reset({ start });
  const plan = await s.sim.planPath({ goal, avoidRegions: [avoid] });
  if (!plan.reachable) {
    assert.ok(onTheWay, `${what}: a region the plain plan does not pass cannot make the goal unreachable`);
    assert.deepEqual(plan.actions, [], `${what}: unreachable comes with no actions`);
    assert.equal(plan.geodesic, null);
    return;
  }
  assert.ok(!plan.regions?.includes(avoid), `${what}: regions ${plan.regions} leave it out`);
  const walked = await walkRegions(s, start.position, plan.actions);
  assert.ok(!walked.includes(avoid), `${what}: a pose of the walk is in it (${collapse(walked)})`);
  const rest = await s.sim.planPath({ goal, avoidRegions: [avoid] });
  assert.ok(
    rest.geodesic !== null && rest.geodesic <= stepLength,
    `${what}: the walk ended ${rest.geodesic} m from the goal`,
  );
  if (base.geodesic !== null && plan.geodesic !== null)
    assert.ok(plan.geodesic >= base.geodesic - 1e-6, `${what}: a path kept out of a region is no shorter`);
}
