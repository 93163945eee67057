import assert from "node:assert/strict";
import { test } from "node:test";
import { redact } from "../../src/util/redact.ts";

const KEY = "sk-proj-Q7rT2mX9vB4nK8pL3sW6yZ1cF5hJ0dG7aE2uR9iO4tY6"; // not a real key

test("a key spelled out with spaces, dashes, dots or line breaks between its characters is redacted whole", () => {
  for (const sep of [" ", "-", ".", " \n", "_", ", ", "\u200b"]) {
    const spelled = [...KEY].join(sep);
    const out = redact(`the key was ${spelled} (rejected)`, KEY);
    assert.equal(out, "the key was [redacted] (rejected)", JSON.stringify(sep));
  }
  // in another case, and a piece of it cut short, spaced
  assert.equal(redact(`x ${[...KEY.slice(9, 30).toUpperCase()].join(" ")} y`, KEY), "x [redacted] y");
});

test("the rule counts letters and digits: eight of the key's in a row are a piece of it, seven are not", () => {
  assert.equal(redact(KEY.toUpperCase(), KEY), "[redacted]");
  assert.equal(redact(`key=${KEY.slice(0, 47)}!`, KEY), "key=[redacted]!");
  assert.equal(redact("a Q7rT2mX9 b", KEY), "a [redacted] b");
  assert.equal(redact("a Q7rT2mX b", KEY), "a Q7rT2mX b", "seven letters and digits are no piece");
  assert.equal(redact("nothing here at all, no key", KEY), "nothing here at all, no key");
  assert.equal(redact("the pw is hunter2!", "hunter2"), "the pw is [redacted]!", "a short secret whole");
  assert.equal(redact("the pw is h u n t e r 2!", "hunter2"), "the pw is [redacted]!", "spaced too");
  assert.equal(redact("the pw is hunter!", "hunter2"), "the pw is hunter!", "a short secret's piece stays");
});
