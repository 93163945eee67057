import assert from "node:assert/strict";
import { test } from "node:test";
import { Wakeup } from "../../src/queue/wakeup.ts";

test("a Wakeup's wait ends on wake(), at its timeout, on abort, and at once after an early wake", async () => {
  const w = new Wakeup();
  let t = performance.now();
  setTimeout(() => w.wake(), 20);
  await w.wait(5_000);
  assert.ok(performance.now() - t < 2_000, "woken, not timed out");
  t = performance.now();
  await w.wait(30);
  assert.ok(performance.now() - t >= 25, "the wake was used up by the first wait");
  w.wake();
  t = performance.now();
  await w.wait(5_000);
  assert.ok(performance.now() - t < 1_000, "a wake before the wait ends it at once");
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 20);
  t = performance.now();
  await w.wait(5_000, ac.signal);
  assert.ok(performance.now() - t < 2_000, "aborted");
});
