import assert from "node:assert/strict";
import { test } from "node:test";
import { SceneLayout } from "../../sim-bridge/embedded/dataset-scenes.ts";
import { generateHouse } from "../../sim-bridge/embedded/generate.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { placeObjects } from "../../sim-bridge/embedded/objects.ts";
import { regionOf } from "../../sim-bridge/embedded/regions.ts";
import { PINNED_CATEGORIES } from "../../src/sim/protocol.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { Rng } from "../../src/util/random.ts";

const LABELS = new Set([
  "living room",
  "kitchen",
  "bedroom",
  "bathroom",
  "office",
  "hallway",
  "dining room",
  "laundry room",
  "garage",
]);

test("the same seed gives the same house", () => {
  assert.deepEqual(generateHouse(17), generateHouse(17));
  assert.notDeepEqual(generateHouse(17).rooms, generateHouse(18).rooms);
});

test("houses over many seeds have 3–9 labelled rooms, furniture, and 8–16 objects", () => {
  const counts = new Set<number>();
  for (let seed = 0; seed < 60; seed++) {
    const h = generateHouse(seed);
    counts.add(h.rooms.length);
    assert.ok(h.rooms.length >= 3 && h.rooms.length <= 9, `seed ${seed}: ${h.rooms.length} rooms`);
    for (const r of h.rooms) assert.ok(LABELS.has(r.label), `seed ${seed}: label ${r.label}`);
    assert.ok(
      h.furniture.some((f) => f.surface),
      `seed ${seed}: no surface furniture`,
    );
    assert.ok(h.objects.length >= 8 && h.objects.length <= 16, `seed ${seed}: ${h.objects.length} objects`);
    for (const o of h.objects) {
      assert.ok((PINNED_CATEGORIES as readonly string[]).includes(o.category));
      assert.equal(regionOf(h, o.position[0], o.position[2])?.id !== undefined, true, `${o.id} outside rooms`);
    }
    // same-category instances exist and differ in their attributes
    const byCat = new Map<string, string[]>();
    for (const o of h.objects) byCat.set(o.category, [...(byCat.get(o.category) ?? []), JSON.stringify(o.attributes)]);
    const dupes = [...byCat.values()].filter((v) => v.length > 1);
    assert.ok(dupes.length > 0, `seed ${seed}: no same-category instances`);
    for (const v of dupes) assert.equal(new Set(v).size, v.length, `seed ${seed}: identical instances`);
  }
  assert.ok(counts.size >= 5, `room counts too uniform: ${[...counts]}`);
});

test("the rooms option is honoured and checked", () => {
  for (const n of [3, 6, 9]) assert.equal(generateHouse(4, { rooms: n }).rooms.length, n);
  assert.throws(
    () => generateHouse(4, { rooms: 12 }),
    (e) => e instanceof SimError && e.code === "invalid_params",
  );
});

test("every room is reachable from every other and its waypoint is navigable and inside it", () => {
  for (let seed = 100; seed < 112; seed++) {
    const h = generateHouse(seed);
    const grid = NavGrid.build(h, { resolution: 0.05, radius: 0.18 });
    const wps = h.rooms.map((r) => grid.waypoint(r));
    h.rooms.forEach((r, i) => {
      const [x, z] = wps[i];
      assert.ok(grid.isNavigable(x, z), `seed ${seed}: waypoint of ${r.id} not navigable`);
      assert.equal(regionOf(h, x, z)?.id, r.id, `seed ${seed}: waypoint of ${r.id} outside it`);
    });
    const field = grid.distanceField(wps[0][0], wps[0][1]);
    for (let i = 1; i < wps.length; i++) {
      assert.ok(Number.isFinite(field.at(wps[i][0], wps[i][1])), `seed ${seed}: ${h.rooms[i].id} unreachable`);
    }
    // every object can be approached
    for (const o of h.objects) {
      const d = grid.geodesicToObject(wps[0], o);
      assert.ok(d !== null, `seed ${seed}: ${o.id} unreachable`);
    }
  }
});

test("a generated layout replays exactly: every object stands at its recorded spot", () => {
  for (const seed of [3, 17, 42]) {
    const layout = new SceneLayout(seed);
    const rng = new Rng(seed);
    const objects = Array.from({ length: 14 }, (_, i) => ({
      id: `o${i}`,
      category: (["mug", "book", "laptop", "backpack", "shoes", "hat", "watch"] as const)[i % 7],
      attributes: { color: "red", size: (["small", "medium", "large"] as const)[i % 3] },
    }));
    const { specs } = layout.place(rng, objects);
    const replayed = placeObjects(layout.house, specs);
    for (const [i, spec] of specs.entries()) assert.deepEqual(replayed[i].position, spec.position, spec.id);
  }
});
