import assert from "node:assert/strict";
import { test } from "node:test";
import { generateHouse } from "../../sim-bridge/embedded/generate.ts";
import type { House, PlacedObject } from "../../sim-bridge/embedded/house.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { renderView } from "../../sim-bridge/embedded/render.ts";
import { renderObjectImage } from "../../sim-bridge/embedded/thumbnail.ts";
import { renderTopdown } from "../../sim-bridge/embedded/topdown.ts";
import type { Pose } from "../../src/sim/protocol.ts";
import { CAM, mug, twoRooms } from "./fixtures.ts";

const at = (x: number, z: number, heading: number): Pose => ({ position: [x, 0, z], heading });
const px = (rgb: Buffer, w: number, x: number, y: number) => [...rgb.subarray(3 * (y * w + x), 3 * (y * w + x) + 3)];

test("an object straight ahead is in the front list with a centred box, and not behind", () => {
  const objects = [mug("m", 2, 1.5)];
  const house = twoRooms([], objects);
  const pose = at(2, 3.5, 0); // facing -z, the mug 2 m ahead on the floor
  const front = renderView(house, objects, pose, 0, CAM, { image: true });
  assert.equal(front.visible.length, 1);
  const v = front.visible[0];
  assert.equal(v.id, "m");
  assert.equal(v.category, "mug");
  const [x0, y0, x1, y1] = v.bbox;
  assert.ok(x0 < 80 && x1 > 80, `bbox ${v.bbox} should straddle the image centre column`);
  assert.ok(y0 > 60, "below the horizon: the mug is on the floor, the eye at 1.5 m");
  assert.ok(x1 - x0 < 20 && x1 - x0 > 2, `bbox width ${x1 - x0}`);
  assert.ok(Math.abs(v.distance - Math.hypot(2, 1.5 - 0.08)) < 0.1, `${v.distance}`);
  assert.ok(v.pixels > 0);
  // the image shows the mug's red where the box says
  const cx = Math.floor((x0 + x1) / 2);
  const cy = Math.floor((y0 + y1) / 2);
  const [r, g, b] = px(front.rgb as Buffer, CAM.width, cx, cy);
  assert.ok(r > 120 && g < 80 && b < 80, `pixel at box centre ${[r, g, b]}`);
  for (const yaw of [Math.PI, Math.PI / 2, -Math.PI / 2]) {
    assert.equal(renderView(house, objects, pose, yaw, CAM, { image: false }).visible.length, 0, `yaw ${yaw}`);
  }
});

test("a wall between the camera and an object hides it", () => {
  const objects = [mug("m", 6, 1, "red", "b")];
  const house = twoRooms([], objects);
  // from room a, looking +x (heading -π/2) at the wall; the mug is behind it in room b
  const hidden = renderView(house, objects, at(2, 1, -Math.PI / 2), 0, CAM, { image: true });
  assert.equal(hidden.visible.length, 0);
  const rgb = hidden.rgb as Buffer;
  for (let i = 0; i < CAM.width * CAM.height; i++) {
    assert.ok(!(rgb[3 * i] > 150 && rgb[3 * i + 1] < 60 && rgb[3 * i + 2] < 60), "no red mug pixel leaks through");
  }
  // through the open door it is seen
  const door = renderView(house, [mug("m2", 6, 2, "red", "b")], at(2, 2, -Math.PI / 2), 0, CAM, { image: false });
  assert.equal(door.visible.length, 1);
});

test("visible lists are identical with and without images", () => {
  const house = generateHouse(3);
  const grid = NavGrid.build(house, { resolution: 0.05, radius: 0.18 });
  let nonEmpty = 0;
  for (const room of house.rooms) {
    const [x, z] = grid.waypoint(room);
    for (let k = 0; k < 12; k++) {
      const pose = at(x, z, (k * Math.PI) / 6);
      for (const yaw of [0, Math.PI / 2, -Math.PI / 2]) {
        const a = renderView(house, house.objects, pose, yaw, { ...CAM, width: 320, height: 240 }, { image: true });
        const b = renderView(house, house.objects, pose, yaw, { ...CAM, width: 320, height: 240 }, { image: false });
        assert.deepEqual(a.visible, b.visible);
        assert.equal(b.rgb, undefined);
        assert.equal((a.rgb as Buffer).length, 320 * 240 * 3);
        if (a.visible.length) nonEmpty++;
      }
    }
  }
  assert.ok(nonEmpty > 5, `only ${nonEmpty} views saw anything`);
});

test("the field of view and image size are honoured", () => {
  const objects = [mug("m", 3.2, 1.5)];
  const house = twoRooms([], objects);
  const pose = at(2, 3.5, 0);
  // 1.2 m to the side at 2 m ahead: inside a 90° view, outside a 42° one
  assert.equal(renderView(house, objects, pose, 0, { ...CAM, hfov: 90 }, { image: false }).visible.length, 1);
  assert.equal(renderView(house, objects, pose, 0, { ...CAM, hfov: 42 }, { image: false }).visible.length, 0);
  const wide = renderView(house, objects, pose, 0, { ...CAM, width: 640, height: 360, hfov: 42 }, { image: true });
  assert.equal(wide.width, 640);
  assert.equal((wide.rgb as Buffer).length, 640 * 360 * 3);
});

function meanColor(img: { width: number; height: number; rgb: Buffer }): number[] {
  // mean over the object's pixels: not the grey backdrop, not the tabletop (214, 200, 178)
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    const r = img.rgb[3 * i];
    const g = img.rgb[3 * i + 1];
    const b = img.rgb[3 * i + 2];
    if (Math.abs(r - g) < 8 && Math.abs(g - b) < 8 && r > 200) continue;
    if (Math.abs(r - 214) + Math.abs(g - 200) + Math.abs(b - 178) < 30) continue;
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    n++;
  }
  return sum.map((s) => s / Math.max(1, n));
}

test("same-category instances look different, in views and in reference images", () => {
  const red = mug("red", 1.6, 1.5, "red");
  const blue: PlacedObject = {
    ...mug("blue", 2.4, 1.5, "blue"),
    attributes: { color: "blue", pattern: "striped", size: "large" },
  };
  const house: House = twoRooms([], [red, blue]);
  const v = renderView(house, house.objects, at(2, 3.8, 0), 0, CAM, { image: true });
  assert.equal(v.visible.length, 2);
  const colorAt = (id: string) => {
    const b = v.visible.find((x) => x.id === id)?.bbox as number[];
    return px(v.rgb as Buffer, CAM.width, Math.floor((b[0] + b[2]) / 2), Math.floor((b[1] + b[3]) / 2));
  };
  assert.notDeepEqual(colorAt("red"), colorAt("blue"));
  const a = renderObjectImage(red, 64);
  const b = renderObjectImage(blue, 64);
  assert.equal(a.rgb.length, 64 * 64 * 3);
  const ma = meanColor(a);
  const mb = meanColor(b);
  assert.ok(ma[0] > ma[2] + 30, `red mug mean ${ma}`);
  assert.ok(mb[2] > mb[0] + 30, `blue mug mean ${mb}`);
  // every generated same-category pair differs in its reference image
  const h = generateHouse(8);
  for (const x of h.objects) {
    for (const y of h.objects) {
      if (x.id < y.id && x.category === y.category) {
        assert.notDeepEqual(renderObjectImage(x, 48).rgb, renderObjectImage(y, 48).rgb, `${x.id} vs ${y.id}`);
      }
    }
  }
});

test("the top-down map covers the house and draws the agent where it stands", () => {
  const house = twoRooms([], [mug("m", 2, 1.5)]);
  const mpp = 0.05;
  const agent = at(6, 2, 0);
  const map = renderTopdown(house, house.objects, {
    metersPerPixel: mpp,
    agent,
    path: [
      [1, 1],
      [6, 2],
    ],
    highlight: ["m"],
  });
  assert.equal(map.width, Math.ceil((8 + 0.6) / mpp));
  assert.equal(map.height, Math.ceil((4 + 0.6) / mpp));
  assert.deepEqual(map.origin, [-0.3, -0.3]);
  const X = Math.floor((6 - map.origin[0]) / mpp);
  const Y = Math.floor((2 - map.origin[1]) / mpp);
  const [r, g, b] = px(map.rgb, map.width, X, Y);
  assert.ok(r > 180 && g < 170 && b < 60, `agent pixel ${[r, g, b]}`);
});

test("an object in front hides what is behind it from the box and pixel count, as the image draws it", () => {
  const pack: PlacedObject = {
    id: "pack",
    category: "backpack",
    attributes: { color: "green", size: "large" },
    position: [2, 0, 1.6],
    roomId: "a",
    size: 0.59,
  };
  const pose = at(2, 3.8, 0); // facing -z: the backpack 2.2 m ahead, mugs 2.6 m ahead behind or beside it
  const isRed = (rgb: Buffer, i: number) => rgb[3 * i] > 100 && rgb[3 * i + 1] < 80 && rgb[3 * i + 2] < 80;
  const redColumns = (rgb: Buffer) => {
    const cols: number[] = [];
    for (let i = 0; i < CAM.width * CAM.height; i++) if (isRed(rgb, i)) cols.push(i % CAM.width);
    return cols;
  };
  const view = (x: number) => {
    const m = mug("m", x, 1.2);
    const alone = renderView(twoRooms([], [m]), [m], pose, 0, CAM, { image: false }).visible;
    const both = renderView(twoRooms([], [pack, m]), [pack, m], pose, 0, CAM, { image: true });
    assert.equal(alone.length, 1, "the mug alone is seen");
    return { alone: alone[0], seen: both.visible.find((v) => v.id === "m"), rgb: both.rgb as Buffer, both };
  };
  // right behind it: not listed, and no mug pixel in the image
  const hidden = view(2);
  assert.equal(hidden.seen, undefined, JSON.stringify(hidden.both.visible));
  assert.ok(hidden.both.visible.some((v) => v.id === "pack"));
  assert.equal(redColumns(hidden.rgb).length, 0);
  // half behind its edge: the box keeps only the part left showing, with fewer pixels
  const half = view(2.2);
  const box = half.seen?.bbox as number[];
  assert.ok(box, "the part that shows is listed");
  assert.ok(box[0] > half.alone.bbox[0] && box[2] <= half.alone.bbox[2], `box ${box} of ${half.alone.bbox}`);
  assert.ok((half.seen?.pixels as number) < half.alone.pixels);
  const cols = redColumns(half.rgb);
  assert.ok(cols.length > 0);
  assert.ok(
    Math.min(...cols) >= box[0] - 1 && Math.max(...cols) < box[2] + 1,
    `red ${Math.min(...cols)}..${Math.max(...cols)}, box ${box}`,
  );
  // beside it: unchanged
  const beside = view(2.5);
  assert.deepEqual(beside.seen, beside.alone);
});
