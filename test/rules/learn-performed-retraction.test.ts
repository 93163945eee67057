/**
 * A speaker taking back their own instruction in the first person ("I withdraw …", "we hereby
 * revoke …") drops the rule it names, as the imperative does; an everyday verb in the first person
 * ("I drop the kids off …") retracts nothing. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";

const ctx = { rooms: ["den", "pantry", "studio"], sceneId: "s1", at: 1 };

async function rulesAfter(before: string[], message: string): Promise<string[]> {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    for (const b of before) await teach(lib, "u", b, ctx, {});
    await teach(lib, "u", message, { ...ctx, at: 2 }, {});
    return (await lib.snapshot("u")).rules.map((r) => JSON.stringify(r.rule.requirement));
  } finally {
    await lib.close();
  }
}

describe("a retraction said in the first person", () => {
  it("drops the rule it names and keeps the others", async () => {
    const left = await rulesAfter(
      ["stay out of the den", "never go in the pantry"],
      "I rescind what I said about the den.",
    );
    assert.equal(left.length, 1, left.join(" | "));
    assert.match(left[0], /pantry/);
  });

  it("drops a reply rule named by its format", async () => {
    const left = await rulesAfter(
      ["answer in JSON with the keys item and place"],
      "We hereby revoke the JSON request; ordinary prose is fine.",
    );
    assert.deepEqual(left, []);
  });

  it("a first-person everyday verb drops nothing", async () => {
    const left = await rulesAfter(["stay out of the studio"], "I drop the kids off at eight, so mornings are busy.");
    assert.equal(left.length, 1, left.join(" | "));
  });
});
