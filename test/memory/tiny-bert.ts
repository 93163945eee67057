/**
 * A tiny stand-in for the all-MiniLM-L6-v2 export, written on the fly: the same inputs and
 * output (input_ids, attention_mask, token_type_ids → last_hidden_state [batch, seq, dim]) and a
 * BERT WordPiece tokenizer ([CLS] … [SEP], lowercasing). Its hidden state at position t is
 *   h_t = E[id_t] + T[type_t] + (1 − mask_t) · P
 * so padding rows differ from every real row (P is large), the token-type table shows whether
 * segment A (0) was fed, and the mean over unmasked tokens can be computed by hand.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import onnxProto from "onnx-proto";

const { onnx } = onnxProto;

export const TINY_BERT_VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "mug", "my", "sister", "tea", "red"];
export const TINY_BERT_DIM = 3;

function table(rows: number, seed: number): Float32Array {
  const t = new Float32Array(rows * TINY_BERT_DIM);
  for (let i = 0; i < t.length; i++) t[i] = Math.cos(seed + i * 0.9) + (i % (TINY_BERT_DIM + 1) === 0 ? 0.5 : 0);
  return t;
}
const E = table(TINY_BERT_VOCAB.length, 0.3);
/** segment A's row and segment B's row: different, so feeding the wrong one shows */
const T = new Float32Array([0.25, -0.5, 1.0, -2.0, 3.0, 0.5]);
const P = new Float32Array([50, -40, 30]);

export function tinyBertIds(text: string): number[] {
  const ids = [2];
  for (const w of text.toLowerCase().trim().split(/\s+/).filter(Boolean)) {
    const i = TINY_BERT_VOCAB.indexOf(w);
    ids.push(i >= 4 ? i : 1);
  }
  ids.push(3);
  return ids;
}

/**
 * The mean-pooled vector by hand (before normalization), for `text` truncated to `maxLength`
 * tokens (transformers.js cuts after adding [CLS]/[SEP], so a cut text loses its [SEP]).
 */
export function tinyBertExpectedMean(text: string, maxLength = 512): Float32Array {
  const ids = tinyBertIds(text).slice(0, maxLength);
  const v = new Float32Array(TINY_BERT_DIM);
  for (const id of ids) for (let j = 0; j < TINY_BERT_DIM; j++) v[j] += E[id * TINY_BERT_DIM + j] + T[j];
  for (let j = 0; j < TINY_BERT_DIM; j++) v[j] /= ids.length;
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
    added_tokens: TINY_BERT_VOCAB.slice(0, 4).map((t, i) => special(i, t)),
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: {
        "[CLS]": { id: "[CLS]", ids: [2], tokens: ["[CLS]"] },
        "[SEP]": { id: "[SEP]", ids: [3], tokens: ["[SEP]"] },
      },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(TINY_BERT_VOCAB.map((t, i) => [t, i])),
    },
  };
}

const tokenizerConfig = {
  tokenizer_class: "BertTokenizer",
  do_lower_case: true,
  model_max_length: 512,
  unk_token: "[UNK]",
  sep_token: "[SEP]",
  pad_token: "[PAD]",
  cls_token: "[CLS]",
  mask_token: "[MASK]",
};

function modelBytes(): Uint8Array {
  const Ty = onnx.TensorProto.DataType;
  const f32 = (name: string, dims: number[], values: Float32Array) =>
    onnx.TensorProto.create({ name, dims, dataType: Ty.FLOAT, rawData: new Uint8Array(values.buffer.slice(0)) });
  const node = (opType: string, input: string[], output: string, attribute: object[] = []) =>
    onnx.NodeProto.create({ opType, input, output: [output], name: output, attribute });
  const type = (elemType: number, dims: (string | number)[]) =>
    onnx.TypeProto.create({
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })) },
      },
    });
  const ids = (name: string) => onnx.ValueInfoProto.create({ name, type: type(Ty.INT64, ["batch", "seq"]) });
  const graph = onnx.GraphProto.create({
    name: "tiny-bert",
    initializer: [
      f32("word", [TINY_BERT_VOCAB.length, TINY_BERT_DIM], E),
      f32("token_type", [2, TINY_BERT_DIM], T),
      f32("pad_offset", [TINY_BERT_DIM], P),
      f32("one", [], new Float32Array([1])),
      onnx.TensorProto.create({ name: "last_axis", dims: [1], dataType: Ty.INT64, int64Data: [-1] }),
    ],
    input: [ids("input_ids"), ids("attention_mask"), ids("token_type_ids")],
    output: [
      onnx.ValueInfoProto.create({ name: "last_hidden_state", type: type(Ty.FLOAT, ["batch", "seq", TINY_BERT_DIM]) }),
    ],
    node: [
      node("Gather", ["word", "input_ids"], "emb", [{ name: "axis", type: 2, i: 0 }]),
      node("Gather", ["token_type", "token_type_ids"], "tt", [{ name: "axis", type: 2, i: 0 }]),
      node("Cast", ["attention_mask"], "mask_f", [{ name: "to", type: 2, i: Ty.FLOAT }]),
      node("Sub", ["one", "mask_f"], "pad_f"),
      node("Unsqueeze", ["pad_f", "last_axis"], "pad3"),
      node("Mul", ["pad3", "pad_offset"], "pad_rows"),
      node("Add", ["emb", "tt"], "emb_tt"),
      node("Add", ["emb_tt", "pad_rows"], "last_hidden_state"),
    ],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: "polar-test",
    opsetImport: [{ domain: "", version: 13 }],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** Writes a MiniLM-layout folder: model.onnx, tokenizer.json, tokenizer_config.json (+ sentence_bert_config.json). */
export function writeTinyBert(dir: string, opts: { maxSeqLength?: number } = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson()));
  writeFileSync(join(dir, "tokenizer_config.json"), JSON.stringify(tokenizerConfig));
  writeFileSync(join(dir, "model.onnx"), modelBytes());
  if (opts.maxSeqLength) {
    writeFileSync(
      join(dir, "sentence_bert_config.json"),
      JSON.stringify({ max_seq_length: opts.maxSeqLength, do_lower_case: false }),
    );
  }
  return dir;
}
