/**
 * "id" typed for "I'd" before a verb of wishing ("id rather u …", "id prefer …") is "I would": the
 * wish is then read as a request, not as a change to a rule the learner cannot place. Anywhere
 * else "id" stays the word it is ("my id card"). Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const text = (s: string) =>
  tokenize(s)
    .map((t) => t.w)
    .join(" ");
const house = { rooms: ["pantry", "attic", "porch"], sceneId: "id-wish" };

describe("'id' before a verb of wishing", () => {
  it("is 'i would' there and stays 'id' elsewhere", () => {
    assert.equal(text("id rather u skipped the attic"), "i would rather you skipped the attic");
    assert.equal(text("id prefer it quiet"), "i would prefer it quiet");
    assert.equal(text("my id badge fell in the attic"), "my id badge fell in the attic");
    assert.equal(text("the id is on the porch"), "the id is on the porch");
  });

  it("keeps the wish as a lasting rule with its hours", async () => {
    const { rules } = await taught(house, "id rather u stayed off the porch from 10pm till 7 cheers");
    assert.equal(rules.length, 1);
    assert.deepEqual(rules[0].requirement, { kind: "avoid_room", room: "porch" });
    assert.deepEqual(
      rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[22, 7]],
    );
  });
});
