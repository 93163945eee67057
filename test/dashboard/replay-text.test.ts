import assert from "node:assert/strict";
import { test } from "node:test";
import { parseEventLines } from "../../src/dashboard/replay.ts";
import { FREE_TEXT_CAP } from "../../src/util/free-text.ts";
import { rememberSecret } from "../../src/util/redact.ts";

const KEY = "sk-proj-Q7rT2mX9vB4nK8pL3sW6yZ1cF5hJ0dG7aE2uR9iO4tY6"; // not a real key

test("a replayed events.jsonl written before text was cut and keys redacted is sent cut and redacted", () => {
  rememberSecret(KEY);
  const reply = {
    type: "reply",
    episodeId: "e1",
    seq: 0,
    t: 1,
    text: `here is your key: ${KEY}. ${"blah ".repeat(200_000)}`,
    revisions: 0,
    unresolved: [],
  };
  const { events, problems } = parseEventLines(`${JSON.stringify(reply)}\n`, "events.jsonl");
  assert.deepEqual(problems, []);
  const text = String(events[0].text);
  assert.ok(text.length <= FREE_TEXT_CAP, `${text.length} characters`);
  assert.match(text, /^here is your key: \[redacted\]\. blah/);
  assert.match(text, /characters cut\]$/);
  assert.equal(events[0].episodeId, "e1");
});
