import { z } from "zod";

export const Neo4jConfig = z.strictObject({
  uri: z.string().default("bolt://127.0.0.1:7687"),
  user: z.string().default("neo4j"),
  passwordEnv: z.string().default("NEO4J_PASSWORD").describe("name of the env var holding the password"),
  database: z.string().optional(),
  connectTimeoutMs: z.number().int().positive().default(5_000),
  retries: z.number().int().min(0).max(10).default(3),
  namespace: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
    .default("polar")
    .describe("graph namespace (property `space` on every node): several stores, e.g. tests, share one database"),
});
export type Neo4jConfig = z.infer<typeof Neo4jConfig>;

export const MemoryConfig = z.strictObject({
  store: z.string().min(1).default("sqlite").describe("a registered store: sqlite (embedded) or neo4j"),
  path: z.string().default(".polar/memory.db").describe("SQLite file for the embedded store"),
  neo4j: Neo4jConfig.prefault({}),
  topK: z.number().int().positive().default(5),
  dedupThreshold: z.number().min(0).max(1).default(0.92),
  recencyWeight: z
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe("score = (1 - w) · similarity + w · 2^(-age / recencyHalfLifeDays); see retrieve.ts"),
  recencyHalfLifeDays: z.number().positive().default(30),
  imageHashThreshold: z
    .number()
    .int()
    .min(0)
    .max(64)
    .default(12)
    .describe("max Hamming distance (of 64 bits) between reference-image hashes of one object"),
});
export type MemoryConfig = z.infer<typeof MemoryConfig>;

export const EmbedderConfig = z.strictObject({
  type: z
    .string()
    .min(1)
    .default("auto")
    .describe(
      "a registered embedder (bge-m3, minilm, lexical), or auto: BGE-M3 when its files are in modelDir, else all-MiniLM-L6-v2 when built in minilmDir, else lexical (with a notice)",
    ),
  modelDir: z.string().default("models/bge-m3").describe("BGE-M3 folder"),
  minilmDir: z
    .string()
    .default("models/all-MiniLM-L6-v2")
    .describe(
      "all-MiniLM-L6-v2 folder (type minilm, or auto without BGE-M3), built by `npx polar models build` or `bash scripts/fetch-minilm.sh`",
    ),
  precision: z
    .enum(["auto", "fp32", "int8"])
    .default("auto")
    .describe("auto: model.onnx (+ model.onnx_data) when present, else model_quantized.onnx"),
  batchSize: z.number().int().positive().default(16),
  maxLength: z.number().int().positive().default(512),
});
export type EmbedderConfig = z.infer<typeof EmbedderConfig>;
