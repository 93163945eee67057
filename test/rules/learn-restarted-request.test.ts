/**
 * A speaker who breaks off and starts the request over ("…, no wait, keep out of …") means the
 * request as said the second time: what the first try said beyond it (a condition, other hours)
 * is taken back with it, never kept beside it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";

const ctx = { rooms: ["workshop", "loft", "laundry"] };

async function rulesAfter(message: string) {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    await teach(lib, "u", message, { ...ctx, at: 1 });
    return (await lib.snapshot("u")).rules
      .filter((v) => v.status === "active")
      .map((v) => ({
        room: "room" in v.rule.requirement ? v.rule.requirement.room : "",
        when: v.rule.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
      }));
  } finally {
    await lib.close();
  }
}

describe("a request started over", () => {
  it("drops the condition the first try had", async () => {
    assert.deepEqual(
      await rulesAfter(
        "Stay away from the workshop when the kids are home, no wait, simply stay away from the workshop.",
      ),
      [{ room: "workshop", when: [] }],
    );
    assert.deepEqual(await rulesAfter("don't go in the loft during my calls, oh, hang on, just don't go in the loft"), [
      { room: "loft", when: [] },
    ]);
  });

  it("keeps the hours of the second try only", async () => {
    assert.deepEqual(await rulesAfter("keep out of the laundry after 8pm, sorry, keep out of the laundry after 11pm"), [
      { room: "laundry", when: ["23-6"] },
    ]);
  });

  it("leaves two different requests as two", async () => {
    const rules = await rulesAfter("stay out of the loft after 9pm, and stay out of the workshop too");
    assert.deepEqual(rules.map((r) => r.room).sort(), ["loft", "workshop"]);
  });
});
