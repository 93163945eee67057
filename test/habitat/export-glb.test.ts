import assert from "node:assert/strict";
import { test } from "node:test";
import { exportHouseGlb, geodesicPairs, houseMesh } from "../../sim-bridge/embedded/export-glb.ts";
import { generateHouse } from "../../sim-bridge/embedded/generate.ts";
import { NavGrid } from "../../sim-bridge/embedded/navgrid.ts";
import { wallPieces } from "../../sim-bridge/embedded/structure.ts";

interface Gltf {
  asset: { version: string };
  meshes: { primitives: { attributes: { POSITION: number; NORMAL: number }; indices: number; mode: number }[] }[];
  accessors: {
    bufferView: number;
    componentType: number;
    count: number;
    type: string;
    min?: number[];
    max?: number[];
  }[];
  bufferViews: { byteOffset: number; byteLength: number }[];
  buffers: { byteLength: number }[];
}

/** Reads a .glb back the way a glTF loader does: header, JSON chunk, BIN chunk, accessors. */
function readGlb(buf: Buffer) {
  assert.equal(buf.readUInt32LE(0), 0x46546c67, "magic");
  assert.equal(buf.readUInt32LE(4), 2, "version");
  assert.equal(buf.readUInt32LE(8), buf.length, "total length");
  const jsonLen = buf.readUInt32LE(12);
  assert.equal(buf.readUInt32LE(16), 0x4e4f534a);
  assert.equal(jsonLen % 4, 0);
  const gltf = JSON.parse(buf.subarray(20, 20 + jsonLen).toString("utf8")) as Gltf;
  const binAt = 20 + jsonLen;
  const binLen = buf.readUInt32LE(binAt);
  assert.equal(buf.readUInt32LE(binAt + 4), 0x004e4942);
  assert.equal(binAt + 8 + binLen, buf.length);
  assert.ok(gltf.buffers[0].byteLength <= binLen);
  const bin = buf.subarray(binAt + 8, binAt + 8 + binLen);
  const floats = (i: number) => {
    const a = gltf.accessors[i];
    const v = gltf.bufferViews[a.bufferView];
    assert.equal(v.byteOffset % 4, 0);
    return new Float32Array(
      bin.buffer.slice(bin.byteOffset + v.byteOffset, bin.byteOffset + v.byteOffset + v.byteLength),
    );
  };
  const uints = (i: number) => {
    const v = gltf.bufferViews[gltf.accessors[i].bufferView];
    return new Uint32Array(
      bin.buffer.slice(bin.byteOffset + v.byteOffset, bin.byteOffset + v.byteOffset + v.byteLength),
    );
  };
  return { gltf, floats, uints };
}

test("an exported house is a valid glTF binary whose accessors match their data", () => {
  const house = generateHouse(7);
  const { gltf, floats, uints } = readGlb(exportHouseGlb(house));
  assert.equal(gltf.asset.version, "2.0");
  const prims = gltf.meshes[0].primitives;
  assert.equal(prims.length, 3);
  for (const p of prims) {
    assert.equal(p.mode, 4);
    const pos = floats(p.attributes.POSITION);
    const acc = gltf.accessors[p.attributes.POSITION];
    assert.equal(pos.length, acc.count * 3);
    for (let k = 0; k < 3; k++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = k; i < pos.length; i += 3) {
        lo = Math.min(lo, pos[i]);
        hi = Math.max(hi, pos[i]);
      }
      assert.equal(acc.min?.[k], lo);
      assert.equal(acc.max?.[k], hi);
    }
    const idx = uints(p.indices);
    assert.equal(idx.length, gltf.accessors[p.indices].count);
    assert.ok(idx.every((i) => i < acc.count));
  }
});

test("the mesh has the house's floor area, a box per wall piece and per furniture, outward windings", () => {
  const house = generateHouse(3);
  const [floor, walls, furniture] = houseMesh(house);
  const area = (p: number[], ix: number[]) => {
    let a = 0;
    for (let t = 0; t < ix.length; t += 3) {
      const [i, j, k] = [ix[t] * 3, ix[t + 1] * 3, ix[t + 2] * 3];
      const ux = p[j] - p[i];
      const uz = p[j + 2] - p[i + 2];
      const vx = p[k] - p[i];
      const vz = p[k + 2] - p[i + 2];
      // y of (u × v): positive when the triangle winds counter-clockwise seen from +y
      a += (uz * vx - ux * vz) / 2;
    }
    return a;
  };
  const rooms = house.rooms.reduce((s, r) => s + (r.rect.x1 - r.rect.x0) * (r.rect.z1 - r.rect.z0), 0);
  assert.ok(Math.abs(area(floor.positions, floor.indices) - rooms) < 1e-6, "floor faces up and covers every room");
  assert.equal(walls.indices.length, wallPieces(house).length * 36);
  assert.equal(furniture.indices.length, house.furniture.length * 36);
  // every box face's normal points away from its box's centre
  for (const part of [walls, furniture]) {
    for (let q = 0; q < part.positions.length / 3; q += 24) {
      const c = [0, 1, 2].map((k) => {
        let s = 0;
        for (let v = q; v < q + 24; v++) s += part.positions[v * 3 + k];
        return s / 24;
      });
      for (let v = q; v < q + 24; v++) {
        const d = [0, 1, 2].reduce((s, k) => s + (part.positions[v * 3 + k] - c[k]) * part.normals[v * 3 + k], 0);
        assert.ok(d > 0);
      }
    }
  }
});

test("pairs are navigable, reachable and no shorter than the straight line", () => {
  const house = generateHouse(5);
  const grid = NavGrid.build(house, { resolution: 0.05, radius: 0.18 });
  const pairs = geodesicPairs(house, { count: 40, seed: 9, radius: 0.18, resolution: 0.05 });
  assert.equal(pairs.length, 40);
  for (const p of pairs) {
    assert.ok(grid.isNavigable(p.a[0], p.a[2]) && grid.isNavigable(p.b[0], p.b[2]));
    assert.ok(p.geodesic >= Math.hypot(p.a[0] - p.b[0], p.a[2] - p.b[2]) - 1e-9);
  }
  assert.ok(
    pairs.some((p) => p.geodesic > Math.hypot(p.a[0] - p.b[0], p.a[2] - p.b[2]) + 0.5),
    "some go around walls",
  );
});
