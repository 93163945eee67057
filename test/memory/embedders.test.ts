import assert from "node:assert/strict";
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { EmbedderConfig } from "../../src/memory/config.ts";
import { BgeM3Embedder, findBgeM3Files } from "../../src/memory/embedders/bge-m3.ts";
import { createEmbedder, planEmbedder } from "../../src/memory/embedders/create.ts";
import { dot } from "../../src/memory/embedders/embedder.ts";
import { LEXICAL_NAME, LexicalEmbedder } from "../../src/memory/embedders/lexical.ts";
import { loadMiniLm, MINILM_NAME } from "../../src/memory/embedders/minilm.ts";
import { EmbedderLoadError, pool } from "../../src/memory/embedders/onnx-encoder.ts";
import { TINY_BERT_DIM, tinyBertExpectedMean, writeTinyBert } from "./tiny-bert.ts";
import { TINY_DIM, tinyExpectedCls, writeTinyBge } from "./tiny-bge.ts";

const root = mkdtempSync(join(tmpdir(), "polar-embed-"));
after(() => rmSync(root, { recursive: true, force: true }));

function assertClose(actual: Float32Array, expected: Float32Array, what: string) {
  let n = 0;
  for (const x of expected) n += x * x;
  n = Math.sqrt(n);
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    assert.ok(Math.abs(actual[i] - expected[i] / n) < 1e-5, `${what}[${i}]: ${actual[i]} vs ${expected[i] / n}`);
  }
}

describe("BGE-M3 embedder on a tiny generated ONNX model", () => {
  it("loads fp32 model.onnx with external model.onnx_data and CLS-pools, normalizes", async () => {
    const dir = writeTinyBge(join(root, "fp32"), { layout: "fp32" });
    const e = await BgeM3Embedder.load({ modelDir: dir, batchSize: 2 });
    assert.equal(e.dim, TINY_DIM);
    assert.equal(e.name, "bge-m3");
    assert.match(e.description, /fp32/);
    // 5 texts of different lengths in batches of 2: padding must not leak into the CLS vector
    const texts = ["the mug", "my sister the red mug", "tea", "xyz tea", "the the the the the the"];
    const vs = await e.embed(texts);
    assert.equal(vs.length, texts.length);
    for (const [i, t] of texts.entries()) {
      assertClose(vs[i], tinyExpectedCls(t), t);
      assert.ok(Math.abs(dot(vs[i], vs[i]) - 1) < 1e-5);
    }
    // batch composition does not change a text's vector
    const [alone] = await e.embed(["tea"]);
    assertClose(alone, tinyExpectedCls("tea"), "tea alone");
    await e.close();
  });

  it("loads model_quantized.onnx from an onnx/ subfolder and truncates to maxLength", async () => {
    const dir = writeTinyBge(join(root, "int8"), { layout: "int8", onnxSubdir: true });
    const e = await BgeM3Embedder.load({ modelDir: dir, maxLength: 4 });
    assert.match(e.description, /int8/);
    const [v] = await e.embed(["my sister the red mug"]);
    assertClose(v, tinyExpectedCls("my sister the red mug", 4), "truncated");
    await e.close();
  });

  it("says which files are missing", async () => {
    const dir = writeTinyBge(join(root, "broken"), { layout: "fp32" });
    unlinkSync(join(dir, "model.onnx_data"));
    assert.equal(findBgeM3Files(dir).fp32Data, null);
    await assert.rejects(() => BgeM3Embedder.load({ modelDir: dir }), /model\.onnx_data/);
    const cfg = EmbedderConfig.parse({ type: "bge-m3", modelDir: dir });
    assert.throws(() => planEmbedder(cfg), /model\.onnx_data/);
  });
});

describe("MiniLM embedder (mean pooling) on a tiny generated BERT-style ONNX model", () => {
  it("feeds token_type_ids, mean-pools over unmasked tokens only, normalizes", async () => {
    const dir = writeTinyBert(join(root, "minilm"));
    const e = await loadMiniLm({ dir, batchSize: 2 });
    assert.equal(e.name, MINILM_NAME);
    assert.equal(e.dim, TINY_BERT_DIM);
    assert.match(e.description, /mean pooling/);
    // lengths differ within each batch of 2: padding rows (offset by P) must not enter the mean
    const texts = ["the mug", "my sister the red mug", "tea", "xyz tea", "The Red MUG"];
    const vs = await e.embed(texts);
    for (const [i, t] of texts.entries()) {
      assertClose(vs[i], tinyBertExpectedMean(t), t);
      assert.ok(Math.abs(dot(vs[i], vs[i]) - 1) < 1e-5);
    }
    const [alone] = await e.embed(["tea"]);
    assertClose(alone, tinyBertExpectedMean("tea"), "tea alone");
    await e.close();
  });

  it("caps the sequence at sentence_bert_config.json's max_seq_length", async () => {
    const dir = writeTinyBert(join(root, "minilm-short"), { maxSeqLength: 4 });
    const e = await loadMiniLm({ dir, maxLength: 512 });
    assert.match(e.description, /≤ 4 tokens/);
    const [v] = await e.embed(["my sister the red mug"]);
    assertClose(v, tinyBertExpectedMean("my sister the red mug", 4), "truncated");
    await e.close();
  });

  it("names the missing files and the fetch script", async () => {
    const dir = writeTinyBert(join(root, "minilm-broken"));
    unlinkSync(join(dir, "model.onnx"));
    await assert.rejects(() => loadMiniLm({ dir }), /model\.onnx.*scripts\/fetch-minilm\.sh/);
    const cfg = EmbedderConfig.parse({ type: "minilm", minilmDir: dir });
    assert.throws(() => planEmbedder(cfg), /embedder\.type is minilm but .*missing.*model\.onnx.*fetch-minilm\.sh/);
  });

  it("a run's MiniLM loads on first use when its folder declares its size, and says what failed", async () => {
    const declare = (dir: string, size: number) =>
      writeFileSync(join(dir, "config.json"), JSON.stringify({ model_type: "bert", hidden_size: size }));
    const minilm = (dir: string) => EmbedderConfig.parse({ type: "minilm", minilmDir: dir });

    const dir = writeTinyBert(join(root, "minilm-run"));
    declare(dir, TINY_BERT_DIM);
    const e = await createEmbedder(minilm(dir), () => {});
    assert.equal(e.dim, TINY_BERT_DIM);
    assert.match(e.description, /mean pooling/);
    const [v] = await e.embed(["my sister the red mug"]);
    assertClose(v, tinyBertExpectedMean("my sister the red mug"), "deferred");
    await e.close?.();

    // a broken graph is found on first use, as an infrastructure failure that names the file
    const broken = writeTinyBert(join(root, "minilm-run-broken"));
    declare(broken, TINY_BERT_DIM);
    writeFileSync(join(broken, "model.onnx"), "not an onnx graph");
    const b = await createEmbedder(minilm(broken), () => {});
    await assert.rejects(
      () => b.embed(["tea"]),
      (err: unknown) =>
        err instanceof EmbedderLoadError &&
        err.infrastructure &&
        /could not be loaded from .*model\.onnx/.test(err.message),
    );
    await b.close?.();

    // a folder that declares another size than its graph gives is refused, not mixed into a store
    const wrong = writeTinyBert(join(root, "minilm-run-wrong"));
    declare(wrong, TINY_BERT_DIM + 5);
    const w = await createEmbedder(minilm(wrong), () => {});
    await assert.rejects(
      () => w.embed(["tea"]),
      new RegExp(`gives ${TINY_BERT_DIM}-dim vectors, its folder declares ${TINY_BERT_DIM + 5}`),
    );
    await w.close?.();

    // no config.json: only the graph can tell the size, so it loads at once (and fails at once)
    const bare = writeTinyBert(join(root, "minilm-run-bare"));
    writeFileSync(join(bare, "model.onnx"), "not an onnx graph");
    await assert.rejects(() => createEmbedder(minilm(bare), () => {}));
  });

  it("pool(): cls takes the first row, mean averages the rows the mask keeps", () => {
    const hidden = new Float32Array([1, 2, 3, 4, 100, 100]); // 3 tokens × 2 dims
    assert.deepEqual([...pool(hidden, [1n, 1n, 0n], 3, 2, "cls")], [1, 2]);
    assert.deepEqual([...pool(hidden, [1n, 1n, 0n], 3, 2, "mean")], [2, 3]);
    assert.deepEqual([...pool(hidden, [0n, 0n, 0n], 3, 2, "mean")], [0, 0]);
  });
});

describe("createEmbedder", () => {
  it("auto picks BGE-M3 when its files are present", async () => {
    const dir = writeTinyBge(join(root, "auto"), { layout: "int8" });
    const notices: string[] = [];
    const e = await createEmbedder(EmbedderConfig.parse({ modelDir: dir }), (m) => notices.push(m));
    assert.equal(e.name, "bge-m3");
    assert.deepEqual(notices, []);
    await e.close?.();
  });

  it("auto falls back to the lexical embedder with a notice", async () => {
    const notices: string[] = [];
    const none = join(root, "none");
    const e = await createEmbedder(EmbedderConfig.parse({ modelDir: none, minilmDir: none }), (m) => notices.push(m));
    assert.equal(e.name, LEXICAL_NAME);
    assert.equal(notices.length, 1);
    assert.match(notices[0], /missing.*lexical fallback/);
  });

  it("minilm loads from minilmDir; auto picks it when BGE-M3 is absent, with a notice", async () => {
    const minilmDir = writeTinyBert(join(root, "minilm-create"));
    const e = await createEmbedder(EmbedderConfig.parse({ type: "minilm", minilmDir }));
    assert.equal(e.name, MINILM_NAME);
    assert.equal(planEmbedder(EmbedderConfig.parse({ type: "minilm", minilmDir })).type, "minilm");
    await e.close?.();
    const auto = EmbedderConfig.parse({ modelDir: join(root, "none"), minilmDir });
    assert.equal(planEmbedder(auto).type, "minilm");
    const notices: string[] = [];
    const picked = await createEmbedder(auto, (m) => notices.push(m));
    assert.equal(picked.name, MINILM_NAME);
    assert.match(notices[0], /BGE-M3 files missing.*all-MiniLM-L6-v2/);
    await picked.close?.();
    const bgeDir = writeTinyBge(join(root, "auto-both"), { layout: "int8" });
    assert.equal(planEmbedder(EmbedderConfig.parse({ modelDir: bgeDir, minilmDir })).type, "bge-m3", "BGE-M3 first");
  });

  it("minilm without files is an error naming the fetch script", async () => {
    await assert.rejects(
      () => createEmbedder(EmbedderConfig.parse({ type: "minilm", minilmDir: join(root, "none") })),
      /tokenizer\.json, tokenizer_config\.json, model\.onnx.*fetch-minilm\.sh/,
    );
  });

  it("bge-m3 without files is an error, not a silent fallback", async () => {
    await assert.rejects(
      () => createEmbedder(EmbedderConfig.parse({ type: "bge-m3", modelDir: join(root, "none") })),
      /tokenizer\.json/,
    );
  });
});

describe("LexicalEmbedder", () => {
  const e = new LexicalEmbedder();
  it("is normalized, deterministic, and ranks shared words above unrelated text", async () => {
    const [q, a, b, a2] = await e.embed([
      "the mug my sister gave me",
      "the user's sister gave them this mug",
      "used on weekday mornings",
      "the user's sister gave them this mug",
    ]);
    assert.ok(Math.abs(dot(q, q) - 1) < 1e-6);
    assert.deepEqual(a, a2);
    assert.ok(dot(q, a) > dot(q, b) + 0.2, `${dot(q, a)} vs ${dot(q, b)}`);
  });
  it("matches inflections through stemming and char n-grams", async () => {
    const [q, a, b] = await e.embed(["headphones for running", "the headphone I use when I run", "a red book"]);
    assert.ok(dot(q, a) > 0.3, String(dot(q, a)));
    assert.ok(dot(q, b) < 0.1, String(dot(q, b)));
  });
  it("gives the zero vector for text with no content words", async () => {
    const [v] = await e.embed(["the of and"]);
    assert.ok(v.every((x) => x === 0));
  });
});
