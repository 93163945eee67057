import assert from "node:assert/strict";
import { test } from "node:test";
import type { Furniture } from "../../sim-bridge/embedded/house.ts";
import { placeAfter, placeObjects } from "../../sim-bridge/embedded/objects.ts";
import { SimError } from "../../src/sim/simulator.ts";
import { table, twoRooms } from "./fixtures.ts";

const fridge: Furniture = {
  id: "fridge",
  kind: "fridge",
  roomId: "b",
  rect: { x0: 7, z0: 0.1, x1: 7.7, z1: 0.8 },
  height: 1.8,
  color: [230, 230, 230],
  surface: false,
};
const house = twoRooms([table("t", 1.5, 1.5, 2.5, 2.3), fridge]);

test("objects go on top of their receptacle, inside its surface, without overlapping", () => {
  const placed = placeObjects(house, [
    { id: "mug_a", category: "mug", receptacleId: "t" },
    { id: "mug_b", category: "mug", receptacleId: "t" },
    { id: "ball", category: "ball", position: [6, 0, 3] },
  ]);
  assert.equal(placed.length, 3);
  for (const o of placed.slice(0, 2)) {
    assert.equal(o.receptacleId, "t");
    assert.equal(o.roomId, "a");
    assert.equal(o.position[1], 0.75);
    assert.ok(o.position[0] > 1.5 && o.position[0] < 2.5 && o.position[2] > 1.5 && o.position[2] < 2.3);
  }
  assert.ok(
    Math.hypot(placed[0].position[0] - placed[1].position[0], placed[0].position[2] - placed[1].position[2]) > 0.05,
  );
  assert.deepEqual(placed[2].position, [6, 0, 3]);
  assert.equal(placed[2].roomId, "b");
  // attributes default deterministically from the id
  assert.deepEqual(placeObjects(house, [{ id: "mug_a", category: "mug", receptacleId: "t" }])[0], placed[0]);
  assert.notDeepEqual(placed[0].attributes, placed[1].attributes);
  // a position over the table's top lands on it
  const lifted = placeObjects(house, [{ id: "book", category: "book", position: [2, 1, 1.9] }])[0];
  assert.equal(lifted.position[1], 0.75);
  assert.equal(lifted.receptacleId, "t");
});

test("unknown receptacles are not_found; impossible placements are unplaceable", () => {
  const code = (c: string) => (e: unknown) => e instanceof SimError && e.code === c;
  assert.throws(() => placeObjects(house, [{ id: "x", category: "mug", receptacleId: "nope" }]), code("not_found"));
  assert.throws(() => placeObjects(house, [{ id: "x", category: "mug", receptacleId: "fridge" }]), code("unplaceable"));
  assert.throws(() => placeObjects(house, [{ id: "x", category: "mug", position: [20, 0, 1] }]), code("unplaceable"));
  assert.throws(
    () => placeObjects(house, [{ id: "x", category: "mug", position: [7.3, 0, 0.4] }]),
    code("unplaceable"),
  );
  assert.throws(() => placeObjects(house, [{ id: "x", category: "mug", position: [4, 0, 1] }]), code("unplaceable"));
  // a table fills up
  const many = Array.from({ length: 40 }, (_, i) => ({
    id: `b${i}`,
    category: "backpack" as const,
    attributes: { color: "red", size: "large" as const },
    receptacleId: "t",
  }));
  assert.throws(
    () => placeObjects(house, many),
    (e) => code("unplaceable")(e) && String((e as SimError).path).includes("receptacleId"),
  );
});

test("an object is placed exactly at its recorded spot, even when rounding lets it reach a hair past its surface", () => {
  // surface depth 0.1095 m (0.06 m inset each side), a medium mug 0.11 m deep: the spot a
  // simulator chose and stored to 1 mm can reach half a millimetre past the edge
  const narrow = twoRooms([table("shelf", 1.5, 1.5, 2.5, 1.7295)]);
  const [mug] = placeObjects(narrow, [
    {
      id: "m",
      category: "mug",
      attributes: { color: "red", size: "medium" },
      receptacleId: "shelf",
      position: [2, 0.75, 1.615],
    },
  ]);
  assert.deepEqual(mug.position, [2, 0.75, 1.615]);
  assert.equal(mug.receptacleId, "shelf");
});

test("a recorded spot that does not fit is refused naming the object and why, never moved", () => {
  const spec = (id: string, x: number) => ({
    id,
    category: "mug" as const,
    attributes: { color: "red", size: "medium" as const },
    receptacleId: "t",
    position: [x, 0.75, 1.9] as [number, number, number],
  });
  assert.throws(
    () => placeObjects(house, [spec("first", 2), spec("second", 2.05)]),
    (e) =>
      e instanceof SimError &&
      e.code === "unplaceable" &&
      /"second"/.test(e.message) &&
      /overlaps "first"/.test(e.message) &&
      e.path === "objects[1].position",
  );
  assert.throws(
    () => placeObjects(house, [spec("off", 2.49)]),
    (e) =>
      e instanceof SimError &&
      e.code === "unplaceable" &&
      /"off"/.test(e.message) &&
      /past the top of "t"/.test(e.message),
  );
});

test("placing one more object after those placed is placing the whole list; a repeated id is refused", () => {
  const specs = ["a", "b", "c", "d"].map((id) => ({ id: `cup-${id}`, category: "mug" as const, receptacleId: "t" }));
  const placed: ReturnType<typeof placeObjects> = [];
  for (const spec of specs) placed.push(placeAfter(house, placed, spec));
  assert.deepEqual(placed, placeObjects(house, specs));
  for (const refuse of [() => placeObjects(house, [specs[0], specs[0]]), () => placeAfter(house, placed, specs[2])])
    assert.throws(refuse, (e: SimError) => e.code === "invalid_params" && /duplicate object id "cup-/.test(e.message));
});
