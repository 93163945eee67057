/**
 * sentence-transformers/all-MiniLM-L6-v2 (384 dims): a small dense embedder that can be built
 * on a machine without BGE-M3 (`npm start` does so on first use, see minilm-build.ts) —
 * `bash scripts/fetch-minilm.sh` turns the published weights into
 * model.onnx (a hand-built BERT graph, verified against a numpy forward pass). Mean pooling over
 * the attention-masked tokens, then L2 normalization, as sentence-transformers does.
 *
 * Folder (embedder.minilmDir): tokenizer.json, tokenizer_config.json and model.onnx, at its root
 * or under onnx/; sentence_bert_config.json, when present, caps the sequence length (256).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import type { Embedder } from "./embedder.ts";
import { findModelFile, findTokenizerFiles, missingTokenizerFiles, type TokenizerFiles } from "./model-files.ts";
import { encoderForRun, OnnxEncoderEmbedder, type OnnxEncoderOptions } from "./onnx-encoder.ts";

export const MINILM_NAME = "all-MiniLM-L6-v2";
export const MINILM_FETCH = "bash scripts/fetch-minilm.sh";
/** sentence-transformers' max_seq_length for this model, when the folder does not say */
const DEFAULT_MAX_SEQ = 256;

export interface MiniLmFiles extends TokenizerFiles {
  dir: string;
  model: string | null;
}

/** What of all-MiniLM-L6-v2 is on disk in `dir`. */
export function findMiniLmFiles(dir: string): MiniLmFiles {
  const abs = resolve(dir);
  return {
    dir: abs,
    ...findTokenizerFiles(abs),
    model: findModelFile(abs, "model.onnx"),
  };
}

/** The missing file names (empty when it can load). */
export function missingMiniLmFiles(files: MiniLmFiles): string[] {
  return [...missingTokenizerFiles(files), ...(files.model ? [] : ["model.onnx"])];
}

export function miniLmMissingMessage(files: MiniLmFiles, missing: string[]): string {
  return `all-MiniLM-L6-v2 files missing in ${files.dir}: ${missing.join(", ")} (build them with \`npx polar models build\` or \`${MINILM_FETCH}\`)`;
}

const SentenceBertConfig = z.object({ max_seq_length: z.number().int().positive() });

function maxSeqLength(dir: string): number {
  const path = join(dir, "sentence_bert_config.json");
  if (!existsSync(path)) return DEFAULT_MAX_SEQ;
  const parsed = SentenceBertConfig.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path}: expected {"max_seq_length": <positive integer>}`);
  return parsed.data.max_seq_length;
}

export interface MiniLmOptions {
  dir: string;
  batchSize?: number;
  maxLength?: number;
}

function miniLmOptions(opts: MiniLmOptions): OnnxEncoderOptions {
  const files = findMiniLmFiles(opts.dir);
  const missing = missingMiniLmFiles(files);
  if (missing.length) throw new Error(miniLmMissingMessage(files, missing));
  const model = files.model as string;
  const maxLength = Math.min(opts.maxLength ?? DEFAULT_MAX_SEQ, maxSeqLength(files.dir));
  return {
    name: MINILM_NAME,
    modelFile: model,
    tokenizerDir: dirname(files.tokenizer as string),
    pooling: "mean",
    batchSize: opts.batchSize ?? 16,
    maxLength,
    describe: (dim) => `all-MiniLM-L6-v2 dense (fp32, ${model}, mean pooling, ${dim} dims, ≤ ${maxLength} tokens)`,
  };
}

export async function loadMiniLm(opts: MiniLmOptions): Promise<OnnxEncoderEmbedder> {
  return OnnxEncoderEmbedder.load(miniLmOptions(opts));
}

/** all-MiniLM-L6-v2 as a run uses it: its files checked now, its model loaded on first use where its folder declares its size (onnx-encoder.ts). */
export async function deferMiniLm(opts: MiniLmOptions): Promise<Embedder> {
  return encoderForRun(miniLmOptions(opts));
}
