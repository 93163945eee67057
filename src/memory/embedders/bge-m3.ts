/**
 * BGE-M3 dense embeddings from an ONNX export on disk: the tokenizer through
 * @huggingface/transformers (local files only, never a hub), inference through
 * onnxruntime-node, CLS pooling (first token of last_hidden_state), L2 normalization.
 *
 * The model folder may hold the files at its root or under onnx/ (the layout of the
 * Hugging Face ONNX exports): tokenizer.json + tokenizer_config.json, and model.onnx with its
 * external model.onnx_data (fp32) and/or model_quantized.onnx (int8).
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Embedder, normalize } from "./embedder.ts";

export const BGE_M3_NAME = "bge-m3";

export type Precision = "auto" | "fp32" | "int8";

export interface BgeM3Files {
  dir: string;
  tokenizer: string | null;
  tokenizerConfig: string | null;
  fp32: string | null;
  fp32Data: string | null;
  int8: string | null;
}

function firstExisting(dir: string, name: string): string | null {
  for (const p of [join(dir, name), join(dir, "onnx", name)]) if (existsSync(p)) return p;
  return null;
}

/** What of BGE-M3 is on disk in `modelDir`. */
export function findBgeM3Files(modelDir: string): BgeM3Files {
  const dir = resolve(modelDir);
  const fp32 = firstExisting(dir, "model.onnx");
  const fp32Data = fp32 && existsSync(`${fp32}_data`) ? `${fp32}_data` : null;
  return {
    dir,
    tokenizer: firstExisting(dir, "tokenizer.json"),
    tokenizerConfig: firstExisting(dir, "tokenizer_config.json"),
    fp32,
    fp32Data,
    int8: firstExisting(dir, "model_quantized.onnx"),
  };
}

/** The ONNX file a run will load, or why none can be: missing files named. */
export function chooseModelFile(files: BgeM3Files, precision: Precision): { file: string } | { missing: string[] } {
  const missing: string[] = [];
  if (!files.tokenizer) missing.push("tokenizer.json");
  if (!files.tokenizerConfig) missing.push("tokenizer_config.json");
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

type OrtModule = typeof import("onnxruntime-node");
type OrtSession = Awaited<ReturnType<OrtModule["InferenceSession"]["create"]>>;
type Tokenizer = (
  texts: string[],
  opts: { padding: boolean; truncation: boolean; max_length: number },
) => { input_ids: { data: BigInt64Array; dims: number[] }; attention_mask: { data: BigInt64Array; dims: number[] } };

export class BgeM3Embedder implements Embedder {
  readonly name = BGE_M3_NAME;

  private constructor(
    private readonly ort: OrtModule,
    private readonly session: OrtSession,
    private readonly tokenizer: Tokenizer,
    private readonly outputName: string,
    readonly dim: number,
    readonly description: string,
    private readonly batchSize: number,
    private readonly maxLength: number,
  ) {}

  static async load(opts: BgeM3Options): Promise<BgeM3Embedder> {
    const files = findBgeM3Files(opts.modelDir);
    const chosen = chooseModelFile(files, opts.precision ?? "auto");
    if ("missing" in chosen) {
      throw new Error(`BGE-M3 files missing in ${files.dir}: ${chosen.missing.join(", ")}`);
    }
    const transformers = await import("@huggingface/transformers");
    // Offline only: a folder on disk, never a download.
    transformers.env.allowRemoteModels = false;
    transformers.env.allowLocalModels = true;
    const tokenizerDir = resolve(files.tokenizer as string, "..");
    const tokenizer = (await transformers.AutoTokenizer.from_pretrained(tokenizerDir, {
      local_files_only: true,
    })) as unknown as Tokenizer;
    const ort = await import("onnxruntime-node");
    const session = await ort.InferenceSession.create(chosen.file, { graphOptimizationLevel: "all" });
    const outputName = session.outputNames.includes("last_hidden_state") ? "last_hidden_state" : session.outputNames[0];
    const precision = chosen.file.endsWith("model_quantized.onnx") ? "int8" : "fp32";
    const partial = new BgeM3Embedder(
      ort,
      session,
      tokenizer,
      outputName,
      0,
      "",
      opts.batchSize ?? 16,
      opts.maxLength ?? 512,
    );
    // The hidden size is whatever the graph produces; one probe tells it.
    const [probe] = await partial.embed(["probe"]);
    return new BgeM3Embedder(
      ort,
      session,
      tokenizer,
      outputName,
      probe.length,
      `BGE-M3 dense (${precision}, ${chosen.file}, CLS pooling, ${probe.length} dims)`,
      opts.batchSize ?? 16,
      opts.maxLength ?? 512,
    );
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      out.push(...(await this.embedBatch(texts.slice(i, i + this.batchSize))));
    }
    return out;
  }

  private async embedBatch(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const enc = this.tokenizer(texts, { padding: true, truncation: true, max_length: this.maxLength });
    const dims = enc.input_ids.dims;
    const feeds: Record<string, InstanceType<OrtModule["Tensor"]>> = {};
    const tensor = (data: BigInt64Array) => new this.ort.Tensor("int64", data, dims);
    for (const name of this.session.inputNames) {
      if (name === "input_ids") feeds[name] = tensor(enc.input_ids.data);
      else if (name === "attention_mask") feeds[name] = tensor(enc.attention_mask.data);
      else if (name === "token_type_ids") feeds[name] = tensor(new BigInt64Array(enc.input_ids.data.length));
      else throw new Error(`BGE-M3 model has an unexpected input "${name}"`);
    }
    const result = await this.session.run(feeds);
    const hidden = result[this.outputName];
    const [batch, seq, dim] = hidden.dims as number[];
    if (hidden.dims.length !== 3 || batch !== texts.length) {
      throw new Error(
        `BGE-M3 output ${this.outputName} has shape [${hidden.dims}], expected [${texts.length}, seq, dim]`,
      );
    }
    const data = hidden.data as Float32Array;
    const vectors: Float32Array[] = [];
    for (let b = 0; b < batch; b++) {
      // CLS pooling: the first token's hidden state.
      vectors.push(normalize(data.slice(b * seq * dim, b * seq * dim + dim)));
    }
    for (const t of Object.values(result)) t.dispose?.();
    return vectors;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
