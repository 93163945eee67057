import assert from "node:assert/strict";
import { test } from "node:test";
import { Accountant, callRecord, estimateCost } from "../../src/mllm/accounting.ts";
import { addUsage } from "../../src/mllm/chat-model.ts";

const prices = { inputPerMTok: 2, outputPerMTok: 8 };

test("cost from prices per million tokens; unknown tokens make an unknown cost unless free", () => {
  assert.equal(estimateCost(prices, { inputTokens: 1_000_000, outputTokens: 500_000 }), 6);
  assert.equal(estimateCost(prices, { inputTokens: 10 }), undefined);
  assert.equal(estimateCost({ inputPerMTok: 0, outputPerMTok: 0 }, {}), 0);
});

test("usage sums keep unknown apart from zero", () => {
  assert.deepEqual(addUsage({}, {}), { inputTokens: undefined, outputTokens: undefined });
  assert.deepEqual(addUsage({ inputTokens: 3 }, { inputTokens: 4, outputTokens: 1 }), {
    inputTokens: 7,
    outputTokens: 1,
  });
});

test("the accountant sums calls, attempts, tokens, failures and cost per episode", () => {
  const a = new Accountant();
  const base = { backbone: "b", model: "m", latencyMs: 10 };
  a.add([callRecord({ ...base, task: "ground", usage: { inputTokens: 100, outputTokens: 10 }, attempts: 1 }, prices)]);
  a.add([
    callRecord(
      { ...base, task: "low_level", usage: { inputTokens: 50, outputTokens: 5 }, attempts: 3, error: "x" },
      prices,
    ),
  ]);
  let s = a.summary();
  assert.deepEqual(
    [s.calls, s.attempts, s.failures, s.inputTokens, s.outputTokens, s.latencyMs],
    [2, 4, 1, 150, 15, 20],
  );
  assert.ok(Math.abs((s.costUsd ?? 0) - (150 * 2 + 15 * 8) / 1e6) < 1e-12);
  assert.equal(s.byTask.low_level.calls, 1);
  a.add([callRecord({ ...base, task: "memorize", usage: {}, attempts: 1 }, prices)]);
  s = a.summary();
  assert.equal(s.callsWithoutUsage, 1);
  assert.deepEqual([s.inputTokens, s.outputTokens], [null, null], "unreported tokens stay unknown, never added as 0");
  assert.equal(s.byTask.ground.inputTokens, 100, "a task whose calls all reported keeps its sum");
  assert.equal(s.costUsd, null, "one unknown cost makes the total unknown");
});
