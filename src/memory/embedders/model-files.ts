/**
 * Finding an exported encoder's files on disk, for every ONNX embedder (BGE-M3, MiniLM): a file
 * sits at the model folder's root or under onnx/ (the layout of the Hugging Face ONNX exports).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The path of `name` in the model folder `dir` (root first, then onnx/), or null when it is in neither. */
export function findModelFile(dir: string, name: string): string | null {
  for (const p of [join(dir, name), join(dir, "onnx", name)]) if (existsSync(p)) return p;
  return null;
}

/** The tokenizer files every encoder loads. */
export interface TokenizerFiles {
  tokenizer: string | null;
  tokenizerConfig: string | null;
}

export function findTokenizerFiles(dir: string): TokenizerFiles {
  return {
    tokenizer: findModelFile(dir, "tokenizer.json"),
    tokenizerConfig: findModelFile(dir, "tokenizer_config.json"),
  };
}

/** The names of the tokenizer files that are missing (empty when both are there). */
export function missingTokenizerFiles(files: TokenizerFiles): string[] {
  const missing: string[] = [];
  if (!files.tokenizer) missing.push("tokenizer.json");
  if (!files.tokenizerConfig) missing.push("tokenizer_config.json");
  return missing;
}
