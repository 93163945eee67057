/**
 * Exports an embedded house as a glTF binary (.glb) mesh that Habitat-Sim can load as a stage
 * and build a navmesh from: a floor quad per room, every wall piece (cut at the doorways, with
 * the lintels above them) and every piece of furniture as a solid box over its footprint (the
 * nav grid blocks the whole footprint too, so both simulators see the same obstacles).
 *
 * Also writes the pairs file for the geodesic agreement check: random navigable point pairs
 * with the embedded nav grid's geodesic between them, which the Habitat side recomputes on
 * its navmesh of the same mesh (sim-bridge/habitat/polar_habitat/geodesic_check.py).
 *
 * Run: `node --import tsx sim-bridge/embedded/export-glb.ts --seed 7 --out /tmp/h7 [--pairs 300]`
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateHouse } from "./generate.ts";
import type { Box, RGB } from "./geometry.ts";
import { Rng } from "./geometry.ts";
import type { House } from "./house.ts";
import { saveHouseFile } from "./house-file.ts";
import { NavGrid } from "./navgrid.ts";
import { wallPieces } from "./structure.ts";

/** One glTF primitive: triangles with flat normals and one base colour. */
export interface MeshPart {
  name: string;
  color: RGB;
  positions: number[];
  normals: number[];
  indices: number[];
}

function emptyPart(name: string, color: RGB): MeshPart {
  return { name, color, positions: [], normals: [], indices: [] };
}

/** A quad a→b→c→d, counter-clockwise seen from the side its normal points to. */
function addQuad(part: MeshPart, corners: [number, number, number][], normal: [number, number, number]): void {
  const base = part.positions.length / 3;
  for (const c of corners) {
    part.positions.push(...c);
    part.normals.push(...normal);
  }
  part.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
}

/** The six outward faces of a box (wound counter-clockwise seen from outside). */
export function addBox(part: MeshPart, b: Box): void {
  const { x0, y0, z0, x1, y1, z1 } = b;
  addQuad(
    part,
    [
      [x0, y1, z0],
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
    ],
    [0, 1, 0],
  );
  addQuad(
    part,
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ],
    [0, -1, 0],
  );
  addQuad(
    part,
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    [0, 0, 1],
  );
  addQuad(
    part,
    [
      [x1, y0, z0],
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
    ],
    [0, 0, -1],
  );
  addQuad(
    part,
    [
      [x1, y0, z1],
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
    ],
    [1, 0, 0],
  );
  addQuad(
    part,
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ],
    [-1, 0, 0],
  );
}

/** The house as three primitives: floor, walls (with lintels), furniture. */
export function houseMesh(house: House): MeshPart[] {
  const floor = emptyPart("floor", [196, 180, 160]);
  for (const room of house.rooms) {
    const { x0, z0, x1, z1 } = room.rect;
    addQuad(
      floor,
      [
        [x0, 0, z0],
        [x0, 0, z1],
        [x1, 0, z1],
        [x1, 0, z0],
      ],
      [0, 1, 0],
    );
  }
  const walls = emptyPart("walls", [232, 228, 220]);
  for (const w of wallPieces(house)) addBox(walls, w.box);
  const furniture = emptyPart("furniture", [150, 110, 80]);
  for (const f of house.furniture) {
    addBox(furniture, { x0: f.rect.x0, y0: 0, z0: f.rect.z0, x1: f.rect.x1, y1: f.height, z1: f.rect.z1 });
  }
  return [floor, walls, furniture].filter((p) => p.indices.length > 0);
}

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"
const FLOAT = 5126;
const UINT32 = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const pad4 = (n: number) => (n + 3) & ~3;

/** glTF 2.0 binary: one JSON chunk, one BIN chunk, one mesh with a primitive per part. */
export function encodeGlb(parts: MeshPart[], name = "polar-house"): Buffer {
  const bufferViews: Record<string, unknown>[] = [];
  const accessors: Record<string, unknown>[] = [];
  const materials: Record<string, unknown>[] = [];
  const primitives: Record<string, unknown>[] = [];
  const chunks: Buffer[] = [];
  let offset = 0;
  const addView = (data: Buffer, target: number): number => {
    const padded = Buffer.alloc(pad4(data.length));
    data.copy(padded);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: data.length, target });
    chunks.push(padded);
    offset += padded.length;
    return bufferViews.length - 1;
  };
  for (const part of parts) {
    const count = part.positions.length / 3;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < part.positions.length; i++) {
      const v = Math.fround(part.positions[i]);
      min[i % 3] = Math.min(min[i % 3], v);
      max[i % 3] = Math.max(max[i % 3], v);
    }
    const pos = addView(Buffer.from(new Float32Array(part.positions).buffer), ARRAY_BUFFER);
    accessors.push({ bufferView: pos, componentType: FLOAT, count, type: "VEC3", min, max });
    const nrm = addView(Buffer.from(new Float32Array(part.normals).buffer), ARRAY_BUFFER);
    accessors.push({ bufferView: nrm, componentType: FLOAT, count, type: "VEC3" });
    const idx = addView(Buffer.from(new Uint32Array(part.indices).buffer), ELEMENT_ARRAY_BUFFER);
    accessors.push({ bufferView: idx, componentType: UINT32, count: part.indices.length, type: "SCALAR" });
    materials.push({
      name: part.name,
      pbrMetallicRoughness: {
        baseColorFactor: [...part.color.map((c) => c / 255), 1],
        metallicFactor: 0,
        roughnessFactor: 1,
      },
    });
    primitives.push({
      attributes: { POSITION: accessors.length - 3, NORMAL: accessors.length - 2 },
      indices: accessors.length - 1,
      material: materials.length - 1,
      mode: 4,
    });
  }
  const gltf = {
    asset: { version: "2.0", generator: "polar export-glb" },
    scene: 0,
    scenes: [{ name, nodes: [0] }],
    nodes: [{ name, mesh: 0 }],
    meshes: [{ name, primitives }],
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength: offset }],
  };
  const json = Buffer.from(JSON.stringify(gltf), "utf8");
  const jsonChunk = Buffer.alloc(pad4(json.length), 0x20);
  json.copy(jsonChunk);
  const bin = Buffer.concat(chunks);
  const total = 12 + 8 + jsonChunk.length + 8 + bin.length;
  const head = Buffer.alloc(12);
  head.writeUInt32LE(GLB_MAGIC, 0);
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(total, 8);
  const chunkHead = (len: number, type: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(len, 0);
    b.writeUInt32LE(type, 4);
    return b;
  };
  return Buffer.concat([
    head,
    chunkHead(jsonChunk.length, CHUNK_JSON),
    jsonChunk,
    chunkHead(bin.length, CHUNK_BIN),
    bin,
  ]);
}

export function exportHouseGlb(house: House): Buffer {
  return encodeGlb(houseMesh(house), house.id);
}

/** Habitat's stage attributes for an exported mesh: glTF's y-up frame, forward -z. */
export function stageConfig(glbName: string): Record<string, unknown> {
  return { render_asset: glbName, collision_asset: glbName, up: [0, 1, 0], front: [0, 0, -1], origin: [0, 0, 0] };
}

export interface GeodesicPair {
  a: [number, number, number];
  b: [number, number, number];
  /** the embedded nav grid's geodesic, metres */
  geodesic: number;
}

export interface PairsFile {
  house: string;
  seed?: number;
  agentRadius: number;
  agentHeight: number;
  gridResolution: number;
  pairs: GeodesicPair[];
}

/**
 * Random reachable pairs of navigable floor points, drawn from cells at least `margin` metres
 * inside the navigable area (so that the two simulators' slightly different obstacle erosions
 * both count them as navigable).
 */
export function geodesicPairs(
  house: House,
  opts: { count: number; seed: number; radius: number; resolution: number; margin?: number },
): GeodesicPair[] {
  const grid = NavGrid.build(house, { resolution: opts.resolution, radius: opts.radius });
  const margin = opts.margin ?? 0.1;
  const interior = (x: number, z: number) =>
    grid.isNavigable(x, z) &&
    grid.isNavigable(x + margin, z) &&
    grid.isNavigable(x - margin, z) &&
    grid.isNavigable(x, z + margin) &&
    grid.isNavigable(x, z - margin);
  const rng = new Rng(opts.seed);
  const b = house.bounds;
  const point = (): [number, number] | null => {
    for (let tries = 0; tries < 1000; tries++) {
      const x = rng.range(b.x0, b.x1);
      const z = rng.range(b.z0, b.z1);
      if (interior(x, z)) return [x, z];
    }
    return null;
  };
  const out: GeodesicPair[] = [];
  for (let tries = 0; out.length < opts.count && tries < opts.count * 20; tries++) {
    const p = point();
    const q = point();
    if (!p || !q) break;
    const d = grid.geodesic(p, q);
    if (d === null) continue;
    out.push({ a: [p[0], 0, p[1]], b: [q[0], 0, q[1]], geodesic: d });
  }
  return out;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "7" },
      out: { type: "string" },
      pairs: { type: "string", default: "300" },
      radius: { type: "string", default: "0.18" },
      height: { type: "string", default: "1.5" },
      resolution: { type: "string", default: "0.05" },
    },
  });
  if (!values.out) throw new Error("--out DIR is required");
  const seed = Number(values.seed);
  const house = generateHouse(seed);
  mkdirSync(values.out, { recursive: true });
  const glb = join(values.out, `house-seed${seed}.glb`);
  writeFileSync(glb, exportHouseGlb(house));
  // Habitat takes a bare .glb as z-up (HM3D's convention); this stage config says it is y-up
  writeFileSync(
    join(values.out, `house-seed${seed}.stage_config.json`),
    JSON.stringify(stageConfig(`house-seed${seed}.glb`)),
  );
  saveHouseFile(house, join(values.out, `house-seed${seed}.house.json`));
  const radius = Number(values.radius);
  const resolution = Number(values.resolution);
  const file: PairsFile = {
    house: house.id,
    seed,
    agentRadius: radius,
    agentHeight: Number(values.height),
    gridResolution: resolution,
    pairs: geodesicPairs(house, { count: Number(values.pairs), seed: seed * 7919 + 1, radius, resolution }),
  };
  writeFileSync(join(values.out, `house-seed${seed}.pairs.json`), JSON.stringify(file));
  console.log(`wrote ${glb} (${file.pairs.length} pairs)`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
