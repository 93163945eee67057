import assert from "node:assert/strict";
import { test } from "node:test";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { mug, table, twoRooms } from "./fixtures.ts";

const grid = NavGrid.build(twoRooms(), { resolution: 0.05, radius: 0.2 });

test("cells keep the agent's radius from walls; the doorway stays open", () => {
  assert.ok(grid.isNavigable(2, 2));
  assert.ok(!grid.isNavigable(0.2, 2), "too close to the outer wall");
  assert.ok(!grid.isNavigable(4, 1), "inside the shared wall");
  assert.ok(grid.isNavigable(4, 2), "the doorway");
  assert.ok(!grid.isNavigable(-1, 2), "outside the house");
  // two 4×4 rooms less a wall margin of 0.05 + 0.2 on each side, plus the doorway
  assert.ok(
    grid.navigableArea > 2 * 3.5 * 3.5 - 0.5 && grid.navigableArea < 2 * 3.5 * 3.5 + 1,
    `${grid.navigableArea}`,
  );
  assert.throws(() => NavGrid.build(twoRooms(), { resolution: 0.5, radius: 0.2 }), SimError);
});

test("geodesic equals the straight distance in open space and exceeds it around walls", () => {
  assert.ok(Math.abs((grid.geodesic([1, 1], [3, 3]) as number) - Math.hypot(2, 2)) < 1e-9);
  // from the top of room a to the top of room b the way leads through the door at z = 2
  const a: [number, number] = [3, 0.7];
  const b: [number, number] = [5, 0.7];
  // shortest way: to the jamb's inflated tip near (3.95, 1.75), across, and back up
  const via = 2 * Math.hypot(0.95, 1.05) + 0.1;
  const g = grid.geodesic(a, b) as number;
  assert.ok(g > 2 + 0.5, `${g} should exceed the straight 2 m`);
  assert.ok(g >= via - 0.02 && g < via * 1.03, `${g} should be close to ${via} (around the door jamb)`);
  // field values are ≥ the straight distance everywhere we probe
  const field = grid.distanceField(1, 1);
  for (const [x, z] of [
    [3, 3],
    [5, 1],
    [7, 3.5],
    [6, 2],
  ] as const) {
    const d = field.at(x, z);
    assert.ok(d >= Math.hypot(x - 1, z - 1) - 1e-6, `field at ${x},${z}: ${d}`);
    assert.ok(d < Math.hypot(x - 1, z - 1) * 1.5);
  }
  // without line of sight the field's 16-neighbour approximation stays within 3% of the true length
  const open = grid.distanceField(0.5, 0.5).at(3.5, 2.1);
  assert.ok(Math.abs(open - Math.hypot(3, 1.6)) / Math.hypot(3, 1.6) < 0.03, `${open}`);
  assert.equal(grid.distanceField(1, 1), field, "fields are cached per goal");
});

test("unreachable points give null and Infinity; snap finds the nearest navigable point", () => {
  const walled = twoRooms();
  walled.doors = [];
  const g = NavGrid.build(walled, { resolution: 0.05, radius: 0.2 });
  assert.equal(g.geodesic([2, 2], [6, 2]), null);
  assert.equal(g.distanceField(2, 2).at(6, 2), Infinity);
  assert.equal(g.path([2, 2], [6, 2]), null);
  assert.deepEqual(g.snap(2, 2), [2, 2]);
  const s = g.snap(0.05, 2) as [number, number];
  assert.ok(g.isNavigable(s[0], s[1]));
  assert.ok(Math.abs(s[0] - 0.275) < 0.03 && Math.abs(s[1] - 2) < 0.03, `${s}`);
});

test("paths are navigable polylines through the doorway", () => {
  const p = grid.path([1, 1], [7, 1]) as [number, number][];
  assert.ok(p.length >= 3 && p.length < 8, `${p.length} points`);
  assert.deepEqual(p[0], [1, 1]);
  assert.deepEqual(p[p.length - 1], [7, 1]);
  for (let i = 1; i < p.length; i++) assert.ok(grid.lineOfSight(p[i - 1][0], p[i - 1][1], p[i][0], p[i][1]));
  const len = p.slice(1).reduce((s, q, i) => s + Math.hypot(q[0] - p[i][0], q[1] - p[i][1]), 0);
  const g = grid.geodesic([1, 1], [7, 1]) as number;
  assert.ok(len >= g - 1e-6 && len < g * 1.05, `path ${len} vs geodesic ${g}`);
});

test("geodesic to an object on a table: walk to the table, then the straight remainder", () => {
  const house = twoRooms([table("t", 1.5, 1.5, 2.5, 2.5)]);
  const g = NavGrid.build(house, { resolution: 0.05, radius: 0.2 });
  const obj = { ...mug("m", 2, 2), position: [2, 0.75, 2] as [number, number, number], receptacleId: "t" };
  assert.ok(!g.isNavigable(2, 2), "the table is an obstacle");
  // in the same room with nothing but the table in between: the straight distance
  const near = g.geodesicToObject([2, 0.8], obj) as number;
  assert.ok(Math.abs(near - 1.2) < 0.03, `${near}`);
  // from the other room: around through the door, never less than the straight line
  const far = g.geodesicToObject([6, 0.8], obj) as number;
  const around = Math.hypot(2, 0.95) + Math.hypot(2, 0.25);
  assert.ok(far > Math.hypot(4, 1.2), `${far}`);
  assert.ok(Math.abs(far - around) / around < 0.03, `${far} vs ${around}`);
});

test("the bounded geodesic to an object and reachability agree with the whole field, walled off or not", () => {
  for (const doors of [true, false]) {
    const house = twoRooms([table("t", 1.5, 1.5, 2.5, 2.5)]);
    if (!doors) house.doors = [];
    const g = NavGrid.build(house, { resolution: 0.05, radius: 0.2 });
    const obj = { ...mug("m", 2, 2), position: [2, 0.75, 2] as [number, number, number], receptacleId: "t" };
    let under = 0;
    let over = 0;
    let none = 0;
    for (let x = 0.1; x < 8; x += 0.53) {
      for (let z = 0.1; z < 4; z += 0.41) {
        const full = g.geodesicToObject([x, z], obj);
        for (const limit of [1, 2]) {
          const within = g.geodesicToObjectWithin([x, z], obj, limit);
          if (full === null) assert.equal(within, null, `${x},${z}`);
          else if (full < limit) assert.equal(within, full, `${x},${z}`);
          else assert.equal(within, limit, `${x},${z}`);
          if (limit === 2) {
            if (full === null) none++;
            else if (full < limit) under++;
            else over++;
          }
        }
        assert.equal(g.reachesObject([x, z], obj), full !== null, `${x},${z}`);
      }
    }
    assert.ok(under > 0 && over > 0 && (doors || none > 0), `${under} under, ${over} over, ${none} unreachable`);
  }
});

// Issue 15: at 1e15 m `j++` no longer changes j, so a ring search around the point never ended.
const FAR = [1e14, 1e15, -1e15, 1e300, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE];

/** fn's result, failing if it took over `ms` (a hang would not return at all). */
function quick<T>(what: string, fn: () => T, ms = 2000): T {
  const t0 = performance.now();
  const r = fn();
  assert.ok(performance.now() - t0 < ms, `${what} took ${Math.round(performance.now() - t0)} ms`);
  return r;
}

test("snap, nearestCell and cellsAround end at any magnitude and say no for NaN", () => {
  for (const v of FAR) {
    for (const [x, z] of [
      [v, 2],
      [2, v],
      [v, v],
      [v, -v],
    ]) {
      const s = quick(`snap(${x}, ${z})`, () => grid.snap(x, z));
      assert.ok(s && grid.isNavigable(s[0], s[1]), `snap(${x}, ${z}) is a navigable point`);
      assert.equal(
        quick("nearestCell", () => grid.nearestCell(x, z, 10)),
        -1,
        "nothing within 10 cells",
      );
      assert.deepEqual(
        quick("cellsAround", () => grid.cellsAround(x, z)),
        [],
      );
      assert.equal(grid.isNavigable(x, z), false);
    }
  }
  // beside the grid, a few cells off, the nearest cell is still found within reach
  const beside = grid.nearestCell(-0.3, 2, 20);
  assert.ok(beside >= 0);
  assert.equal(grid.nearestCell(-0.3, 2, 1), -1);
  for (const bad of [Number.NaN, Infinity, -Infinity]) {
    assert.equal(grid.snap(bad, 2), null);
    assert.equal(grid.snap(2, bad), null);
    assert.equal(grid.nearestCell(bad, bad, Infinity), -1);
    assert.deepEqual(grid.cellsAround(bad, 2), []);
  }
  // a far point snaps to the grid's side that faces it
  const east = grid.snap(1e15, 2) as [number, number];
  const west = grid.snap(-1e15, 2) as [number, number];
  assert.ok(east[0] > 7 && west[0] < 1, `${east} / ${west}`);
});

test("line of sight, fields, geodesics and paths to absurd points end (and find nothing)", () => {
  for (const v of FAR) {
    assert.equal(
      quick("lineOfSight", () => grid.lineOfSight(2, 2, v, v)),
      false,
    );
    assert.equal(
      quick("lineOfSight", () => grid.lineOfSight(-v, 2, v, 2)),
      false,
    );
    const field = quick("distanceField", () => grid.distanceField(v, v));
    assert.equal(
      quick("at", () => field.at(2, 2)),
      Infinity,
      "no seeds that far off",
    );
    assert.equal(
      quick("geodesic", () => grid.geodesic([2, 2], [v, 2])),
      null,
    );
    assert.equal(
      quick("geodesic", () => grid.geodesic([v, 2], [2, 2])),
      null,
    );
    assert.equal(
      quick("path", () => grid.path([2, 2], [v, 2])),
      null,
    );
    const obj = quick("objectField", () => grid.objectField({ ...mug("far", 0, 0), position: [v, 0.8, 2] }));
    // the nearest navigable cell seeds the field: every reachable point gets a (huge) distance
    assert.ok(quick("at", () => obj.at(2, 2)) >= Math.abs(v) / 2);
  }
});

test("a scene whose nav grid would be too large is refused, not built", () => {
  const house = twoRooms();
  house.bounds = { x0: -5000, z0: -5000, x1: 5000, z1: 5000 };
  assert.throws(
    () => quick("build", () => NavGrid.build(house, { resolution: 0.05, radius: 0.2 })),
    (e) => e instanceof SimError && e.code === "invalid_params" && /limit/.test(e.message),
  );
});
