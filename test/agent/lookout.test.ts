import assert from "node:assert/strict";
import { test } from "node:test";
import { lookoutFor, type Nav } from "../../src/agent/nav-state.ts";
import type { SceneGraphRoom } from "../../src/mllm/index.ts";
import type { Vec3 } from "../../src/sim/index.ts";

const room: SceneGraphRoom = { id: "room_0", label: "living room", waypoint: [2, 0, 2], adjacent: [] };
const nav = (bounds: Record<string, { min: Vec3; max: Vec3 }>, lookedFrom: Vec3[]) =>
  ({
    o: { graph: { rooms: [room], bounds } },
    s: { lookedFrom: new Map(lookedFrom.length ? [[room.id, lookedFrom]] : []) },
  }) as unknown as Nav;
const bounds = { room_0: { min: [0, 0, 0] as Vec3, max: [6, 3, 4] as Vec3 } };

test("a room is first searched from its waypoint", () => {
  assert.deepEqual(lookoutFor(nav(bounds, []), room), room.waypoint);
});

test("a room searched again is looked at from the spot in it farthest from where it already looked", () => {
  const again = lookoutFor(nav(bounds, [[2, 0, 2]]), room);
  assert.notDeepEqual(again, room.waypoint);
  // the far quarters of the room, 2.7 m from the waypoint, not the near ones (1.1 m)
  assert.equal(again[0], 4.5);
  assert.ok(Math.hypot(again[0] - 2, again[2] - 2) > 2.6, `${again}`);
  // a third search goes elsewhere again, never back to a spot it looked from
  const third = lookoutFor(nav(bounds, [[2, 0, 2], again]), room);
  assert.ok(Math.hypot(third[0] - again[0], third[2] - again[2]) >= 2, `${third}`);
  assert.ok(third[0] >= 0 && third[0] <= 6 && third[2] >= 0 && third[2] <= 4, "inside the room");
});

test("without the room's bounds it keeps to the waypoint", () => {
  assert.deepEqual(lookoutFor(nav({}, [[2, 0, 2]]), room), room.waypoint);
});
