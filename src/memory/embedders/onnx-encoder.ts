/**
 * Dense sentence embeddings from a transformer encoder exported to ONNX: the tokenizer through
 * @huggingface/transformers (local files only, never a hub), inference through
 * onnxruntime-node, then pooling of last_hidden_state and L2 normalization. BGE-M3 (CLS
 * pooling) and all-MiniLM-L6-v2 (mean pooling) are both this, with different files.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Embedder, normalize } from "./embedder.ts";

/** "cls": the first token's hidden state; "mean": the average over attention-masked tokens. */
export type Pooling = "cls" | "mean";

export interface OnnxEncoderOptions {
  /** recorded by the store and printed in reports */
  name: string;
  modelFile: string;
  /** folder holding tokenizer.json + tokenizer_config.json */
  tokenizerDir: string;
  pooling: Pooling;
  batchSize: number;
  maxLength: number;
  /** the description line, once the hidden size is known */
  describe: (dim: number) => string;
}

type OrtModule = typeof import("onnxruntime-node");
type OrtSession = Awaited<ReturnType<OrtModule["InferenceSession"]["create"]>>;
type TokenTensor = { data: BigInt64Array; dims: number[] };
type Tokenizer = (
  texts: string[],
  opts: { padding: boolean; truncation: boolean; max_length: number },
) => { input_ids: TokenTensor; attention_mask: TokenTensor; token_type_ids?: TokenTensor };

/** Pools one sequence's hidden states [seq, dim] (flat) under its attention mask; not normalized. */
export function pool(
  hidden: Float32Array,
  mask: ArrayLike<bigint>,
  seq: number,
  dim: number,
  how: Pooling,
): Float32Array {
  if (how === "cls") return hidden.slice(0, dim);
  const v = new Float32Array(dim);
  let count = 0;
  for (let t = 0; t < seq; t++) {
    if (mask[t] === 0n) continue;
    count++;
    for (let j = 0; j < dim; j++) v[j] += hidden[t * dim + j];
  }
  if (count > 0) for (let j = 0; j < dim; j++) v[j] /= count;
  return v;
}

export class OnnxEncoderEmbedder implements Embedder {
  private constructor(
    readonly name: string,
    private readonly ort: OrtModule,
    private readonly session: OrtSession,
    private readonly tokenizer: Tokenizer,
    private readonly outputName: string,
    private readonly pooling: Pooling,
    private readonly batchSize: number,
    private readonly maxLength: number,
    readonly dim: number,
    readonly description: string,
  ) {}

  static async load(opts: OnnxEncoderOptions): Promise<OnnxEncoderEmbedder> {
    const transformers = await import("@huggingface/transformers");
    // Offline only: a folder on disk, never a download.
    transformers.env.allowRemoteModels = false;
    transformers.env.allowLocalModels = true;
    const tokenizer = (await transformers.AutoTokenizer.from_pretrained(opts.tokenizerDir, {
      local_files_only: true,
    })) as unknown as Tokenizer;
    const ort = await import("onnxruntime-node");
    const session = await ort.InferenceSession.create(opts.modelFile, { graphOptimizationLevel: "all" });
    const outputName = session.outputNames.includes("last_hidden_state") ? "last_hidden_state" : session.outputNames[0];
    const make = (dim: number, description: string) =>
      new OnnxEncoderEmbedder(
        opts.name,
        ort,
        session,
        tokenizer,
        outputName,
        opts.pooling,
        opts.batchSize,
        opts.maxLength,
        dim,
        description,
      );
    // The hidden size is whatever the graph produces; one probe tells it.
    const [probe] = await make(0, "").embed(["probe"]);
    return make(probe.length, opts.describe(probe.length));
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
    const mask = enc.attention_mask.data;
    const feeds: Record<string, InstanceType<OrtModule["Tensor"]>> = {};
    const tensor = (data: BigInt64Array) => new this.ort.Tensor("int64", data, dims);
    for (const name of this.session.inputNames) {
      if (name === "input_ids") feeds[name] = tensor(enc.input_ids.data);
      else if (name === "attention_mask") feeds[name] = tensor(mask);
      // single sentences: segment A everywhere, whatever the tokenizer offers
      else if (name === "token_type_ids") feeds[name] = tensor(new BigInt64Array(enc.input_ids.data.length));
      else throw new Error(`${this.name} model has an unexpected input "${name}"`);
    }
    const result = await this.session.run(feeds);
    const hidden = result[this.outputName];
    const [batch, seq, dim] = hidden.dims as number[];
    if (hidden.dims.length !== 3 || batch !== texts.length || seq !== dims[1]) {
      throw new Error(
        `${this.name} output ${this.outputName} has shape [${hidden.dims}], expected [${texts.length}, ${dims[1]}, dim]`,
      );
    }
    const data = hidden.data as Float32Array;
    const vectors: Float32Array[] = [];
    for (let b = 0; b < batch; b++) {
      const rows = data.subarray(b * seq * dim, (b + 1) * seq * dim);
      vectors.push(normalize(pool(rows, mask.subarray(b * seq, (b + 1) * seq), seq, dim, this.pooling)));
    }
    for (const t of Object.values(result)) t.dispose?.();
    return vectors;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/** The model files could not be turned into a working encoder: the run cannot embed at all. */
export class EmbedderLoadError extends Error {
  readonly infrastructure = true;
}

/**
 * The hidden size a model folder declares (config.json's hidden_size, as Hugging Face exports
 * write it), or null when it declares none.
 */
export function declaredDim(dir: string): number | null {
  try {
    const size = (JSON.parse(readFileSync(join(dir, "config.json"), "utf8")) as { hidden_size?: unknown }).hidden_size;
    return Number.isInteger(size) && (size as number) > 0 ? (size as number) : null;
  } catch {
    return null;
  }
}

/**
 * The encoder a run uses: deferred (below) when its folder declares its hidden size, else
 * loaded now, since only the graph can tell the size then.
 */
export async function encoderForRun(opts: OnnxEncoderOptions): Promise<Embedder> {
  const dim = declaredDim(opts.tokenizerDir);
  return dim === null ? OnnxEncoderEmbedder.load(opts) : new DeferredOnnxEmbedder(opts, dim);
}

/**
 * An encoder whose model loads on its first use, not when the run starts: onnxruntime, the
 * tokenizer and the ONNX session take ~0.3 s of the main thread, and an evaluation's first
 * episode need not wait for them (its memorization, after the episode, is the first use). The
 * dimension is the one the folder declares, so a store can be opened before the load; the load
 * checks the graph gives exactly that. A failed load is an infrastructure failure: the episode
 * that met it is left undone, and enough of them in a row stop the run with the message.
 */
export class DeferredOnnxEmbedder implements Embedder {
  readonly name: string;
  readonly description: string;
  private loaded: Promise<OnnxEncoderEmbedder> | null = null;

  constructor(
    private readonly opts: OnnxEncoderOptions,
    readonly dim: number,
  ) {
    this.name = opts.name;
    this.description = opts.describe(dim);
  }

  private model(): Promise<OnnxEncoderEmbedder> {
    this.loaded ??= OnnxEncoderEmbedder.load(this.opts).then(
      (m) => {
        if (m.dim !== this.dim)
          throw new EmbedderLoadError(
            `${this.name} at ${this.opts.modelFile} gives ${m.dim}-dim vectors, its folder declares ${this.dim} (config.json hidden_size)`,
          );
        return m;
      },
      (e: unknown) => {
        throw new EmbedderLoadError(
          `${this.name} could not be loaded from ${this.opts.modelFile}: ${(e as Error)?.message ?? e}`,
        );
      },
    );
    return this.loaded;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return (await this.model()).embed(texts);
  }

  async close(): Promise<void> {
    const m = await this.loaded?.catch(() => null);
    await m?.close();
  }
}
