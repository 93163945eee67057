import assert from "node:assert/strict";
import { test } from "node:test";
import { representCandidate, summarize } from "../../src/eval/representation.ts";
import type { MemoryCandidate } from "../../src/mllm/candidate.ts";

const candidate: MemoryCandidate = {
  userId: "u1",
  objectId: "mug-1",
  score: 0.9,
  statements: [{ id: "s1", text: "The mug was a gift from the user's sister.", timestamp: 1 }],
  instructions: [{ episodeId: "e1", text: "Bring the mug my sister gave me", timestamp: 1 }],
  episodic: [
    { episodeId: "e1", text: "Found in the kitchen; the bedroom was unpromising.", timestamp: 1, success: true },
  ],
};
const raw = "Started in the hall. Went to the bedroom. Saw a bag. Went to the kitchen. Stopped next to the mug.";

test("Table 2 representations change only what the candidate says of its past episodes", () => {
  assert.deepEqual(
    representCandidate(candidate, "episodic", () => raw),
    candidate,
  );
  const instr = representCandidate(candidate, "instruction", () => raw);
  assert.deepEqual(instr.episodic, []);
  assert.deepEqual(instr.statements, candidate.statements);
  assert.deepEqual(instr.instructions, candidate.instructions);
  assert.equal(representCandidate(candidate, "raw_trajectory", () => raw).episodic[0].text, raw);
  assert.equal(
    representCandidate(candidate, "summary", () => raw).episodic[0].text,
    "Started in the hall. … Stopped next to the mug.",
  );
  assert.deepEqual(
    representCandidate(candidate, "summary", () => undefined).episodic,
    candidate.episodic,
    "without the raw text the episodic memory stays",
  );
  assert.equal(summarize("One. Two."), "One. Two.");
});
