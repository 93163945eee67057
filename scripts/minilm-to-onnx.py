#!/usr/bin/env python3
"""Builds an ONNX BERT encoder for sentence-transformers/all-MiniLM-L6-v2 by hand.

The graph is written node by node with onnx.helper from the safetensors weights (no torch,
no exporter): inputs input_ids, attention_mask, token_type_ids [batch, seq] int64; output
last_hidden_state [batch, seq, hidden] float32. Pooling (mean over unmasked tokens) and L2
normalization happen in Polar's embedder, not in the graph.

Then it checks itself: the graph is run with onnx's reference evaluator and compared with an
independent numpy forward pass of the same weights (max abs diff must be < 1e-4), and the
mean-pooled sentence vectors must rank "the mug I drink from" above "my running shoes" for
"I want some tea". Exit status 1 when either check fails (and model.onnx is then removed).

usage: minilm-to-onnx.py <model dir from the wheel> <output dir>
"""

import json
import math
import re
import shutil
import sys
import unicodedata
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator
from safetensors.numpy import load_file

OPSET = 17
MASK_NEG = -1e9  # added to attention scores of padding keys; exp() of it is exactly 0 in fp32


# ---------------------------------------------------------------- graph


def build_graph(w: dict, cfg: dict) -> onnx.ModelProto:
    hidden = cfg["hidden_size"]
    heads = cfg["num_attention_heads"]
    head_dim = hidden // heads
    eps = float(cfg["layer_norm_eps"])
    inits: list = []
    nodes: list = []

    def init(name: str, array: np.ndarray) -> str:
        inits.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def node(op: str, inputs: list, output: str, **attrs) -> str:
        nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    def f32(a) -> np.ndarray:
        return np.asarray(a, dtype=np.float32)

    def linear(x: str, prefix: str, out: str) -> str:
        # torch Linear stores [out, in]; MatMul wants [in, out]
        wt = init(f"{prefix}.weight_t", f32(w[f"{prefix}.weight"]).T)
        b = init(f"{prefix}.bias", f32(w[f"{prefix}.bias"]))
        return node("Add", [node("MatMul", [x, wt], f"{out}_mm"), b], out)

    def layer_norm(x: str, prefix: str, out: str) -> str:
        g = init(f"{prefix}.weight", f32(w[f"{prefix}.weight"]))
        b = init(f"{prefix}.bias", f32(w[f"{prefix}.bias"]))
        return node("LayerNormalization", [x, g, b], out, axis=-1, epsilon=eps)

    # constants
    i64 = lambda name, v: init(name, np.array(v, dtype=np.int64))  # noqa: E731
    zero = i64("c_zero", [0])
    heads_shape = i64("c_heads_shape", [0, 0, heads, head_dim])
    merge_shape = i64("c_merge_shape", [0, 0, hidden])
    mask_axes = i64("c_mask_axes", [1, 2])
    scale = init("c_scale", f32(1.0 / math.sqrt(head_dim)))
    f_one = init("c_f_one", f32(1.0))
    f_half = init("c_f_half", f32(0.5))
    mask_neg = init("c_mask_neg", f32(MASK_NEG))
    inv_sqrt2 = init("c_inv_sqrt2", f32(1.0 / math.sqrt(2.0)))

    # embeddings: word + position (0..seq-1) + token type, then LayerNorm
    word = node("Gather", [init("embeddings.word", f32(w["embeddings.word_embeddings.weight"])), "input_ids"], "emb_word", axis=0)
    # positions 0..seq-1 = the first seq rows of the table (1-D slice bounds throughout:
    # onnxruntime's optimizer turns a scalar Range into a Slice it then cannot run)
    seq_len = node("Shape", ["input_ids"], "seq_len", start=1, end=2)  # [1]
    pos_table = init("embeddings.position", f32(w["embeddings.position_embeddings.weight"]))
    pos = node("Slice", [pos_table, zero, seq_len, zero], "emb_pos")  # [seq, hidden]
    tt = node("Gather", [init("embeddings.token_type", f32(w["embeddings.token_type_embeddings.weight"])), "token_type_ids"], "emb_tt", axis=0)
    summed = node("Add", [node("Add", [word, pos], "emb_wp"), tt], "emb_sum")
    x = layer_norm(summed, "embeddings.LayerNorm", "emb_out")

    # attention-mask bias [batch, 1, 1, seq]: 0 for tokens, MASK_NEG for padding
    maskf = node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
    inv = node("Sub", [f_one, maskf], "mask_inv")
    bias = node("Unsqueeze", [node("Mul", [inv, mask_neg], "mask_bias2"), mask_axes], "mask_bias")

    for layer in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{layer}"
        L = f"l{layer}"

        def split_heads(t: str, name: str, perm: list) -> str:
            return node("Transpose", [node("Reshape", [t, heads_shape], f"{name}_r")], name, perm=perm)

        q = split_heads(linear(x, f"{p}.attention.self.query", f"{L}_q"), f"{L}_qh", [0, 2, 1, 3])
        k = split_heads(linear(x, f"{p}.attention.self.key", f"{L}_k"), f"{L}_kt", [0, 2, 3, 1])
        v = split_heads(linear(x, f"{p}.attention.self.value", f"{L}_v"), f"{L}_vh", [0, 2, 1, 3])
        scores = node("Mul", [node("MatMul", [q, k], f"{L}_qk"), scale], f"{L}_scaled")
        probs = node("Softmax", [node("Add", [scores, bias], f"{L}_masked")], f"{L}_probs", axis=-1)
        ctx = node("MatMul", [probs, v], f"{L}_ctx")
        ctx = node("Reshape", [node("Transpose", [ctx], f"{L}_ctx_t", perm=[0, 2, 1, 3]), merge_shape], f"{L}_ctx_m")
        attn = linear(ctx, f"{p}.attention.output.dense", f"{L}_attn")
        x = layer_norm(node("Add", [attn, x], f"{L}_attn_res"), f"{p}.attention.output.LayerNorm", f"{L}_attn_out")

        # FFN with exact GELU: 0.5 · h · (1 + erf(h / √2))
        h = linear(x, f"{p}.intermediate.dense", f"{L}_ff1")
        erf = node("Erf", [node("Mul", [h, inv_sqrt2], f"{L}_ff_div")], f"{L}_ff_erf")
        gelu = node("Mul", [node("Mul", [h, f_half], f"{L}_ff_half"), node("Add", [erf, f_one], f"{L}_ff_1p")], f"{L}_gelu")
        out = linear(gelu, f"{p}.output.dense", f"{L}_ff2")
        name = "last_hidden_state" if layer == cfg["num_hidden_layers"] - 1 else f"{L}_out"
        x = layer_norm(node("Add", [out, x], f"{L}_ff_res"), f"{p}.output.LayerNorm", name)

    ids = lambda n: helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "seq"])  # noqa: E731
    graph = helper.make_graph(
        nodes,
        "all-MiniLM-L6-v2",
        [ids("input_ids"), ids("attention_mask"), ids("token_type_ids")],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", hidden])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="polar minilm-to-onnx")
    model.ir_version = 8  # onnxruntime-node 1.x reads IR 8 with opset 17
    onnx.checker.check_model(model)
    return model


# ---------------------------------------------------------------- independent numpy forward


def np_layer_norm(x, g, b, eps):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


_erf = np.vectorize(math.erf, otypes=[np.float64])


def numpy_forward(w, cfg, input_ids, attention_mask, token_type_ids):
    """BERT forward in float64, straight from the weight names: a second implementation to check the graph."""
    W = {k: v.astype(np.float64) for k, v in w.items() if v.dtype != np.int64}
    H, nh = cfg["hidden_size"], cfg["num_attention_heads"]
    d = H // nh
    eps = cfg["layer_norm_eps"]
    B, S = input_ids.shape
    x = (
        W["embeddings.word_embeddings.weight"][input_ids]
        + W["embeddings.position_embeddings.weight"][np.arange(S)][None]
        + W["embeddings.token_type_embeddings.weight"][token_type_ids]
    )
    x = np_layer_norm(x, W["embeddings.LayerNorm.weight"], W["embeddings.LayerNorm.bias"], eps)
    keep = attention_mask.astype(bool)[:, None, None, :]  # [B,1,1,S] over keys
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        lin = lambda t, n: t @ W[p + n + ".weight"].T + W[p + n + ".bias"]  # noqa: E731
        heads = lambda t: t.reshape(B, S, nh, d).transpose(0, 2, 1, 3)  # noqa: E731
        q, k, v = (heads(lin(x, f"attention.self.{n}")) for n in ("query", "key", "value"))
        s = np.einsum("bhqd,bhkd->bhqk", q, k) / math.sqrt(d)
        s = np.where(keep, s, -np.inf)
        s = np.exp(s - s.max(-1, keepdims=True))
        a = s / s.sum(-1, keepdims=True)
        ctx = np.einsum("bhqk,bhkd->bhqd", a, v).transpose(0, 2, 1, 3).reshape(B, S, H)
        x = np_layer_norm(lin(ctx, "attention.output.dense") + x, W[p + "attention.output.LayerNorm.weight"], W[p + "attention.output.LayerNorm.bias"], eps)
        h = lin(x, "intermediate.dense")
        h = h * 0.5 * (1.0 + _erf(h / math.sqrt(2.0)))
        x = np_layer_norm(lin(h, "output.dense") + x, W[p + "output.LayerNorm.weight"], W[p + "output.LayerNorm.bias"], eps)
    return x


# ---------------------------------------------------------------- a small WordPiece, for the checks only


def wordpiece_ids(text: str, vocab: dict, max_chars: int = 100) -> list:
    """Uncased BERT WordPiece (lowercase, strip accents, split on whitespace and punctuation,
    greedy longest match with ##): enough for the plain English check sentences."""
    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    ids = [vocab["[CLS]"]]
    for word in re.findall(r"\w+|[^\w\s]", text):
        start, pieces = 0, []
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in vocab:
                    pieces.append(vocab[piece])
                    break
                end -= 1
            if end == start or len(word) > max_chars:
                pieces = [vocab["[UNK]"]]
                break
            start = end
        ids.extend(pieces)
    ids.append(vocab["[SEP]"])
    return ids


def batch(sentences, vocab):
    rows = [wordpiece_ids(s, vocab) for s in sentences]
    S = max(map(len, rows))
    ids = np.zeros((len(rows), S), dtype=np.int64)
    mask = np.zeros_like(ids)
    for i, r in enumerate(rows):
        ids[i, : len(r)] = r
        mask[i, : len(r)] = 1
    return ids, mask, np.zeros_like(ids)


def mean_pool(hidden, mask):
    m = mask[..., None].astype(np.float64)
    v = (hidden * m).sum(1) / m.sum(1)
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


# ---------------------------------------------------------------- main


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    cfg = json.loads((src / "config.json").read_text())
    w = load_file(str(src / "model.safetensors"))
    w = {k.removeprefix("bert."): v for k, v in w.items()}
    out.mkdir(parents=True, exist_ok=True)
    model = build_graph(w, cfg)
    target = out / "model.onnx"
    onnx.save_model(model, str(target))
    print(f"wrote {target} ({target.stat().st_size / 2**20:.1f} MiB, opset {OPSET}, {len(model.graph.node)} nodes)")
    for name in ("tokenizer.json", "tokenizer_config.json", "config.json", "special_tokens_map.json", "vocab.txt", "sentence_bert_config.json"):
        if (src / name).exists():
            shutil.copy(src / name, out / name)
    (out / "1_Pooling").mkdir(exist_ok=True)
    shutil.copy(src / "1_Pooling" / "config.json", out / "1_Pooling" / "config.json")

    # --- verification: graph (onnx reference evaluator) vs independent numpy forward
    vocab = {t: i for i, t in enumerate((src / "vocab.txt").read_text(encoding="utf-8").splitlines())}
    sentences = [
        "I want some tea",
        "the mug I drink from",
        "my running shoes",
        "Bring me the red mug my sister gave me for my birthday.",
    ]
    ids, mask, tt = batch(sentences, vocab)
    tt_check = tt.copy()
    tt_check[3, 5:] = 1  # exercise the token-type table too
    ref = ReferenceEvaluator(onnx.load(str(target)))
    ok = True
    for label, types in (("token_type_ids=0", tt), ("token_type_ids mixed", tt_check)):
        (graph_out,) = ref.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})
        expected = numpy_forward(w, cfg, ids, mask, types)
        valid = mask.astype(bool)
        diff = float(np.abs(graph_out[valid] - expected[valid]).max())
        print(f"max abs diff, graph vs numpy forward ({label}, unpadded tokens of {len(sentences)} sentences): {diff:.2e}")
        ok &= diff < 1e-4
        if label == "token_type_ids=0":
            # padding must not change a sentence: compare sentence 0 run alone
            alone_ids, alone_mask, alone_tt = batch(sentences[:1], vocab)
            (alone,) = ref.run(None, {"input_ids": alone_ids, "attention_mask": alone_mask, "token_type_ids": alone_tt})
            pad_diff = float(np.abs(alone[0] - graph_out[0, : alone.shape[1]]).max())
            print(f"max abs diff, sentence alone vs padded in a batch: {pad_diff:.2e}")
            ok &= pad_diff < 1e-4
            vecs = mean_pool(graph_out.astype(np.float64), mask)
    cos_mug = float(vecs[0] @ vecs[1])
    cos_shoes = float(vecs[0] @ vecs[2])
    print(f'cos("{sentences[0]}", "{sentences[1]}") = {cos_mug:.4f}')
    print(f'cos("{sentences[0]}", "{sentences[2]}") = {cos_shoes:.4f}')
    ok &= cos_mug > cos_shoes
    (out / "verification.json").write_text(
        json.dumps({"sentences": sentences, "meanPooledNormalized": vecs.round(6).tolist()}, indent=None)
    )
    if not ok:
        target.unlink()
        print("VERIFICATION FAILED: model.onnx removed", file=sys.stderr)
        return 1
    print("verified: graph matches the numpy forward pass; tea is closer to the mug than to the shoes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
