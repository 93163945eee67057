/**
 * BGE-M3 dense embeddings from an ONNX export on disk (see onnx-encoder.ts for tokenizing and
 * inference): CLS pooling (first token of last_hidden_state), L2 normalization.
 *
 * The model folder may hold the files at its root or under onnx/ (the layout of the
 * Hugging Face ONNX exports): tokenizer.json + tokenizer_config.json, and model.onnx with its
 * external model.onnx_data (fp32) and/or model_quantized.onnx (int8).
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Embedder } from "./embedder.ts";
import { findModelFile, findTokenizerFiles, missingTokenizerFiles, type TokenizerFiles } from "./model-files.ts";
import { encoderForRun, OnnxEncoderEmbedder, type OnnxEncoderOptions } from "./onnx-encoder.ts";

export const BGE_M3_NAME = "bge-m3";

export type Precision = "auto" | "fp32" | "int8";

export interface BgeM3Files extends TokenizerFiles {
  dir: string;
  fp32: string | null;
  fp32Data: string | null;
  int8: string | null;
}

/** What of BGE-M3 is on disk in `modelDir`. */
export function findBgeM3Files(modelDir: string): BgeM3Files {
  const dir = resolve(modelDir);
  const fp32 = findModelFile(dir, "model.onnx");
  const fp32Data = fp32 && existsSync(`${fp32}_data`) ? `${fp32}_data` : null;
  return {
    dir,
    ...findTokenizerFiles(dir),
    fp32,
    fp32Data,
    int8: findModelFile(dir, "model_quantized.onnx"),
  };
}

/** The ONNX file a run will load, or why none can be: missing files named. */
export function chooseModelFile(files: BgeM3Files, precision: Precision): { file: string } | { missing: string[] } {
  const missing = missingTokenizerFiles(files);
  // The fp32 export keeps its weights in model.onnx_data; without it the graph cannot load.
  const fp32 = files.fp32 && files.fp32Data ? files.fp32 : null;
  const file = precision === "fp32" ? fp32 : precision === "int8" ? files.int8 : (fp32 ?? files.int8);
  if (!file) {
    if (precision !== "int8") missing.push(files.fp32 ? "model.onnx_data" : "model.onnx (+ model.onnx_data)");
    if (precision !== "fp32") missing.push("model_quantized.onnx");
  }
  if (missing.length || !file) return { missing };
  return { file };
}

export interface BgeM3Options {
  modelDir: string;
  precision?: Precision;
  batchSize?: number;
  maxLength?: number;
}

/** Loads BGE-M3 from `modelDir`: CLS pooling, L2 normalization; missing files named. */
function bgeM3Options(opts: BgeM3Options): OnnxEncoderOptions {
  const files = findBgeM3Files(opts.modelDir);
  const chosen = chooseModelFile(files, opts.precision ?? "auto");
  if ("missing" in chosen) {
    throw new Error(`BGE-M3 files missing in ${files.dir}: ${chosen.missing.join(", ")}`);
  }
  const precision = chosen.file.endsWith("model_quantized.onnx") ? "int8" : "fp32";
  return {
    name: BGE_M3_NAME,
    modelFile: chosen.file,
    tokenizerDir: dirname(files.tokenizer as string),
    pooling: "cls",
    batchSize: opts.batchSize ?? 16,
    maxLength: opts.maxLength ?? 512,
    describe: (dim) => `BGE-M3 dense (${precision}, ${chosen.file}, CLS pooling, ${dim} dims)`,
  };
}

export async function loadBgeM3(opts: BgeM3Options): Promise<OnnxEncoderEmbedder> {
  return OnnxEncoderEmbedder.load(bgeM3Options(opts));
}

/** BGE-M3 as a run uses it: its files checked now, its model loaded on first use where its folder declares its size (onnx-encoder.ts). */
export async function deferBgeM3(opts: BgeM3Options): Promise<Embedder> {
  return encoderForRun(bgeM3Options(opts));
}

export const BgeM3Embedder = { load: loadBgeM3 };
