/**
 * A manner left to the robot ("talk however you like") asks for nothing it could keep to: it is
 * never stored as a lasting rule in the user's words, alone or beside a rule it may be about.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";

const ctx = { rooms: ["den", "attic"] };

async function stored(before: string[], message: string) {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    for (const b of before) await teach(lib, "u", b, { ...ctx, at: 1 });
    const t = await teach(lib, "u", message, { ...ctx, at: 2 });
    const rules = (await lib.snapshot("u")).rules.filter((v) => v.status === "active").map((v) => v.rule);
    return { t, rules };
  } finally {
    await lib.close();
  }
}

describe("a manner left to the robot", () => {
  for (const message of [
    "Answer me any way you like.",
    "honestly just phrase things however u want",
    "Word your replies as you see fit.",
  ])
    it(`is no rule: ${message}`, async () => {
      const { rules } = await stored([], message);
      assert.deepEqual(rules, []);
    });

  it("beside a reply rule in force, it stores no rule of its own and leaves the rule as it was", async () => {
    const { rules } = await stored(["Keep your answers below 20 words."], "Talk the way you prefer from now on.");
    assert.equal(rules.length, 1);
    assert.equal(rules[0].requirement.kind, "word_limit");
  });

  it("leaves a ban said beside it to be read", async () => {
    const { rules } = await stored([], "Reply however you like, but stay out of the attic.");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "attic" }],
    );
  });
});
