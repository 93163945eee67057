/** Builds the embedder a config names; "auto" takes BGE-M3 when its files are on disk. */
import type { EmbedderConfig } from "../config.ts";
import { BgeM3Embedder, chooseModelFile, findBgeM3Files } from "./bge-m3.ts";
import type { Embedder } from "./embedder.ts";
import { LexicalEmbedder } from "./lexical.ts";

export interface EmbedderPlan {
  type: "bge-m3" | "lexical";
  /** why this one (for `polar models check` and run headers) */
  reason: string;
}

/** Which embedder a run with this config will use, without loading anything. */
export function planEmbedder(config: EmbedderConfig): EmbedderPlan {
  if (config.type === "lexical") return { type: "lexical", reason: "embedder.type is lexical" };
  const files = findBgeM3Files(config.modelDir);
  const chosen = chooseModelFile(files, config.precision);
  if ("file" in chosen) return { type: "bge-m3", reason: `BGE-M3 files found: ${chosen.file}` };
  const why = `BGE-M3 files missing in ${files.dir}: ${chosen.missing.join(", ")}`;
  if (config.type === "bge-m3") throw new Error(`embedder.type is bge-m3 but ${why}`);
  return { type: "lexical", reason: `${why}; using the lexical fallback` };
}

/**
 * The embedder for a run. `onNotice` hears when "auto" falls back to the lexical embedder
 * (default: stderr), so no run silently uses the weaker one.
 */
export async function createEmbedder(
  config: EmbedderConfig,
  onNotice: (message: string) => void = (m) => console.error(`polar: ${m}`),
): Promise<Embedder> {
  const plan = planEmbedder(config);
  if (plan.type === "lexical") {
    if (config.type === "auto") onNotice(plan.reason);
    return new LexicalEmbedder();
  }
  return BgeM3Embedder.load({
    modelDir: config.modelDir,
    precision: config.precision,
    batchSize: config.batchSize,
    maxLength: config.maxLength,
  });
}
