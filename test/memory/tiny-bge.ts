/**
 * A tiny stand-in for the BGE-M3 ONNX export, written on the fly: the same inputs and output
 * (input_ids, attention_mask → last_hidden_state [batch, seq, dim]) and an XLM-R style Unigram
 * tokenizer (<s> … </s>, Metaspace). Its hidden state at position t is
 *   h_t = mask_t · E[id_t] + Σ_u mask_u · E[id_u]
 * so the CLS vector is 2·E[<s>] + Σ_{u≥1, unmasked} E[id_u]: it depends on the whole text and
 * on padding being masked, and a test can compute it by hand.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import onnxProto from "onnx-proto";

const { onnx } = onnxProto;

export const TINY_VOCAB = ["<s>", "<pad>", "</s>", "<unk>", "▁the", "▁mug", "▁my", "▁sister", "▁tea", "▁red"];
export const TINY_DIM = 4;

/** The embedding table: row i is token i's vector (distinct, non-degenerate). */
export function tinyEmbeddingTable(): Float32Array {
  const e = new Float32Array(TINY_VOCAB.length * TINY_DIM);
  for (let i = 0; i < TINY_VOCAB.length; i++) {
    for (let j = 0; j < TINY_DIM; j++) e[i * TINY_DIM + j] = Math.sin(1 + i * 1.3 + j * 0.7) + (i === j ? 1 : 0);
  }
  return e;
}

export function tinyTokenIds(text: string): number[] {
  const ids = [0];
  for (const w of text.trim().split(/\s+/).filter(Boolean)) {
    const i = TINY_VOCAB.indexOf(`▁${w}`);
    ids.push(i >= 0 ? i : 3);
  }
  ids.push(2);
  return ids;
}

/** CLS vector by hand (before normalization), for `text` truncated to `maxLength` tokens. */
export function tinyExpectedCls(text: string, maxLength = 512): Float32Array {
  const ids = tinyTokenIds(text).slice(0, maxLength);
  const e = tinyEmbeddingTable();
  const v = new Float32Array(TINY_DIM);
  for (const id of [ids[0], ...ids]) for (let j = 0; j < TINY_DIM; j++) v[j] += e[id * TINY_DIM + j];
  return v;
}

function tokenizerJson(): unknown {
  const special = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: TINY_VOCAB.slice(0, 4).map((t, i) => special(i, t)),
    normalizer: null,
    pre_tokenizer: { type: "Metaspace", replacement: "▁", prepend_scheme: "always", split: true },
    post_processor: {
      type: "TemplateProcessing",
      single: [
        { SpecialToken: { id: "<s>", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "</s>", type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: "<s>", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "</s>", type_id: 0 } },
        { Sequence: { id: "B", type_id: 0 } },
        { SpecialToken: { id: "</s>", type_id: 0 } },
      ],
      special_tokens: {
        "<s>": { id: "<s>", ids: [0], tokens: ["<s>"] },
        "</s>": { id: "</s>", ids: [2], tokens: ["</s>"] },
      },
    },
    decoder: { type: "Metaspace", replacement: "▁", prepend_scheme: "always", split: true },
    model: {
      type: "Unigram",
      unk_id: 3,
      vocab: TINY_VOCAB.map((t, i) => [t, i < 4 ? 0 : -1]),
      byte_fallback: false,
    },
  };
}

const tokenizerConfig = {
  tokenizer_class: "XLMRobertaTokenizer",
  model_max_length: 8192,
  bos_token: "<s>",
  eos_token: "</s>",
  pad_token: "<pad>",
  unk_token: "<unk>",
  cls_token: "<s>",
  sep_token: "</s>",
};

function modelBytes(opts: { external: boolean }): { model: Uint8Array; data?: Uint8Array } {
  const T = onnx.TensorProto.DataType;
  const table = tinyEmbeddingTable();
  const tableBytes = new Uint8Array(table.buffer.slice(0));
  const embedding = opts.external
    ? onnx.TensorProto.create({
        name: "embeddings",
        dims: [TINY_VOCAB.length, TINY_DIM],
        dataType: T.FLOAT,
        dataLocation: onnx.TensorProto.DataLocation.EXTERNAL,
        externalData: [
          { key: "location", value: "model.onnx_data" },
          { key: "offset", value: "0" },
          { key: "length", value: String(tableBytes.length) },
        ],
      })
    : onnx.TensorProto.create({
        name: "embeddings",
        dims: [TINY_VOCAB.length, TINY_DIM],
        dataType: T.FLOAT,
        rawData: tableBytes,
      });
  const int64 = (name: string, values: number[]) =>
    onnx.TensorProto.create({ name, dims: [values.length], dataType: T.INT64, int64Data: values });
  const node = (opType: string, input: string[], output: string[], attribute: object[] = []) =>
    onnx.NodeProto.create({ opType, input, output, name: output[0], attribute });
  const dimParam = (names: string[]) =>
    onnx.TypeProto.create({
      tensorType: {
        elemType: names.length === 3 ? T.FLOAT : T.INT64,
        shape: { dim: names.map((n) => (n.startsWith("#") ? { dimValue: Number(n.slice(1)) } : { dimParam: n })) },
      },
    });
  const graph = onnx.GraphProto.create({
    name: "tiny-bge",
    initializer: [embedding, int64("unsqueeze_axes", [-1]), int64("seq_axis", [1])],
    input: [
      onnx.ValueInfoProto.create({ name: "input_ids", type: dimParam(["batch", "seq"]) }),
      onnx.ValueInfoProto.create({ name: "attention_mask", type: dimParam(["batch", "seq"]) }),
    ],
    output: [
      onnx.ValueInfoProto.create({ name: "last_hidden_state", type: dimParam(["batch", "seq", `#${TINY_DIM}`]) }),
    ],
    node: [
      node("Gather", ["embeddings", "input_ids"], ["emb"], [{ name: "axis", type: 2, i: 0 }]),
      node("Cast", ["attention_mask"], ["maskf"], [{ name: "to", type: 2, i: T.FLOAT }]),
      node("Unsqueeze", ["maskf", "unsqueeze_axes"], ["mask3"]),
      node("Mul", ["emb", "mask3"], ["masked"]),
      node("ReduceSum", ["masked", "seq_axis"], ["pooled"], [{ name: "keepdims", type: 2, i: 1 }]),
      node("Add", ["masked", "pooled"], ["last_hidden_state"]),
    ],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: "polar-test",
    opsetImport: [{ domain: "", version: 13 }],
    graph,
  });
  return { model: onnx.ModelProto.encode(model).finish(), data: opts.external ? tableBytes : undefined };
}

/**
 * Writes a model folder: `layout` "fp32" → model.onnx + model.onnx_data (external weights),
 * "int8" → model_quantized.onnx (inline weights; the name is what matters to the loader),
 * under onnx/ when `onnxSubdir`.
 */
export function writeTinyBge(dir: string, opts: { layout: "fp32" | "int8"; onnxSubdir?: boolean }): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson()));
  writeFileSync(join(dir, "tokenizer_config.json"), JSON.stringify(tokenizerConfig));
  const onnxDir = opts.onnxSubdir ? join(dir, "onnx") : dir;
  mkdirSync(onnxDir, { recursive: true });
  if (opts.layout === "fp32") {
    const { model, data } = modelBytes({ external: true });
    writeFileSync(join(onnxDir, "model.onnx"), model);
    writeFileSync(join(onnxDir, "model.onnx_data"), data as Uint8Array);
  } else {
    writeFileSync(join(onnxDir, "model_quantized.onnx"), modelBytes({ external: false }).model);
  }
  return dir;
}
