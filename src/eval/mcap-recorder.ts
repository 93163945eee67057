/**
 * An MCAP file being written in memory: the Foxglove schemas (JSON Schema, trimmed to the fields
 * Polar writes), one channel per topic registered on first use, and a count per topic of the
 * messages that went in. `polar export` (mcap-export.ts) decides what goes where and when.
 */
import type { McapWriter } from "@mcap/core";
import { mcapPackage } from "../util/index.ts";

const TIME = {
  type: "object",
  properties: { sec: { type: "integer", minimum: 0 }, nsec: { type: "integer", minimum: 0 } },
};
const VEC3 = { type: "object", properties: { x: { type: "number" }, y: { type: "number" }, z: { type: "number" } } };
const QUAT = {
  type: "object",
  properties: { x: { type: "number" }, y: { type: "number" }, z: { type: "number" }, w: { type: "number" } },
};
/** one transform, alone (FrameTransform) or in a list (FrameTransforms) */
const TRANSFORM = {
  type: "object",
  properties: {
    timestamp: TIME,
    parent_frame_id: { type: "string" },
    child_frame_id: { type: "string" },
    translation: VEC3,
    rotation: QUAT,
  },
};

const NUMBERS = { type: "array", items: { type: "number" } };
const POSE = { type: "object", properties: { position: VEC3, orientation: QUAT } };

/** the foxglove schemas this file uses, trimmed to the fields it writes */
const SCHEMAS = {
  "foxglove.CompressedImage": {
    type: "object",
    properties: {
      timestamp: TIME,
      frame_id: { type: "string" },
      data: { type: "string", contentEncoding: "base64" },
      format: { type: "string" },
    },
  },
  "foxglove.PoseInFrame": {
    type: "object",
    properties: {
      timestamp: TIME,
      frame_id: { type: "string" },
      pose: POSE,
    },
  },
  "foxglove.FrameTransform": TRANSFORM,
  "foxglove.Log": {
    type: "object",
    properties: {
      timestamp: TIME,
      level: { type: "integer", description: "1 debug, 2 info, 3 warning, 4 error, 5 fatal" },
      message: { type: "string" },
      name: { type: "string" },
      file: { type: "string" },
      line: { type: "integer" },
    },
  },
  "foxglove.FrameTransforms": {
    type: "object",
    properties: { transforms: { type: "array", items: { $ref: "#/$defs/transform" } } },
    $defs: { transform: TRANSFORM },
  },
  "foxglove.CameraCalibration": {
    type: "object",
    properties: {
      timestamp: TIME,
      frame_id: { type: "string" },
      width: { type: "integer" },
      height: { type: "integer" },
      distortion_model: { type: "string" },
      D: NUMBERS,
      K: NUMBERS,
      R: NUMBERS,
      P: NUMBERS,
    },
  },
  "foxglove.Grid": {
    type: "object",
    properties: {
      timestamp: TIME,
      frame_id: { type: "string" },
      pose: POSE,
      column_count: { type: "integer" },
      cell_size: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } } },
      row_stride: { type: "integer" },
      cell_stride: { type: "integer" },
      fields: {
        type: "array",
        items: {
          type: "object",
          properties: { name: { type: "string" }, offset: { type: "integer" }, type: { type: "integer" } },
        },
      },
      data: { type: "string", contentEncoding: "base64" },
    },
  },
  "foxglove.SceneUpdate": {
    type: "object",
    description: "entities with lines, spheres and texts (the fields this file writes; see foxglove.SceneEntity)",
    properties: {
      deletions: { type: "array", items: { type: "object" } },
      entities: {
        type: "array",
        items: {
          type: "object",
          properties: {
            timestamp: TIME,
            frame_id: { type: "string" },
            id: { type: "string" },
            lifetime: TIME,
            frame_locked: { type: "boolean" },
            metadata: { type: "array", items: { type: "object" } },
            lines: { type: "array", items: { type: "object" } },
            spheres: { type: "array", items: { type: "object" } },
            texts: { type: "array", items: { type: "object" } },
          },
        },
      },
    },
  },
  "polar.EpisodeEvent": {
    type: "object",
    description: "one event of Polar's episode stream, as events.jsonl holds it (src/agent/events.ts)",
    properties: { type: { type: "string" }, seq: { type: "integer" }, t: { type: "number" } },
    required: ["type", "seq", "t"],
  },
} as const;
export type SchemaName = keyof typeof SCHEMAS;

export class McapRecorder {
  readonly counts: Record<string, number> = {};
  private readonly chunks: Uint8Array[] = [];
  private size = 0n;
  private readonly writer: McapWriter;
  private readonly schemaIds = new Map<SchemaName, number>();
  private readonly channels = new Map<string, number>();
  private readonly seqs = new Map<number, number>();

  constructor() {
    this.writer = new (mcapPackage().McapWriter)({
      writable: {
        write: async (b) => {
          this.chunks.push(b.slice());
          this.size += BigInt(b.byteLength);
        },
        position: () => this.size,
      },
      useChunks: true,
      chunkSize: 1024 * 1024,
    });
  }

  async start(): Promise<void> {
    await this.writer.start({ profile: "", library: "polar export (@mcap/core)" });
    for (const name of Object.keys(SCHEMAS) as SchemaName[])
      this.schemaIds.set(
        name,
        await this.writer.registerSchema({
          name,
          encoding: "jsonschema",
          data: new TextEncoder().encode(JSON.stringify(SCHEMAS[name])),
        }),
      );
  }

  private async channel(topic: string, schema: SchemaName): Promise<number> {
    let id = this.channels.get(topic);
    if (id === undefined) {
      id = await this.writer.registerChannel({
        topic,
        schemaId: this.schemaIds.get(schema) ?? 0,
        messageEncoding: "json",
        metadata: new Map(),
      });
      this.channels.set(topic, id);
    }
    return id;
  }

  async add(topic: string, schema: SchemaName, atNs: bigint, msg: unknown): Promise<void> {
    const id = await this.channel(topic, schema);
    const sequence = this.seqs.get(id) ?? 0;
    this.seqs.set(id, sequence + 1);
    this.counts[topic] = (this.counts[topic] ?? 0) + 1;
    await this.writer.addMessage({
      channelId: id,
      sequence,
      logTime: atNs,
      publishTime: atNs,
      data: new TextEncoder().encode(JSON.stringify(msg)),
    });
  }

  /** Ends the file with its metadata record; its bytes. */
  async end(metadata: Record<string, string>): Promise<{ bytes: Buffer; size: number }> {
    await this.writer.addMetadata({ name: "polar.export", metadata: new Map(Object.entries(metadata)) });
    await this.writer.end();
    return { bytes: Buffer.concat(this.chunks), size: Number(this.size) };
  }
}
