/**
 * "No one but you" lets the robot in: a ban read from the words "nobody goes in" would forbid the
 * robot the room it was just allowed, so it is asked back and nothing is kept. Sentences written
 * for this test.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { SqliteRuleLibrary, teach } from "../../src/rules/index.ts";

const ROOMS = ["pantry", "workshop", "nursery", "cellar"];

async function taught(message: string) {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    const t = await teach(lib, "u", message, { sceneId: "s", rooms: ROOMS, at: 1 }, {});
    return { reply: t.reply, rules: (await lib.snapshot("u")).rules };
  } finally {
    await lib.close();
  }
}

for (const message of [
  "Nobody sets foot in the workshop except you, little robot.",
  "no one but u goes into the cellar",
  "Apart from you, nobody is allowed in the nursery",
  "nobody in the pantry other than the robot please",
]) {
  test(`"${message}" keeps no ban and asks`, async () => {
    const { reply, rules } = await taught(message);
    assert.deepEqual(rules, [], `no rule kept: ${JSON.stringify(rules.map((r) => r.rule.statement))}`);
    assert.match(reply, /\?/, reply);
  });
}

test("an exception for someone else still bans the robot the room", async () => {
  const { rules } = await taught("Nobody goes into the workshop except my brother.");
  assert.ok(
    rules.some((r) => r.rule.requirement.kind === "avoid_room"),
    JSON.stringify(rules.map((r) => r.rule.requirement)),
  );
});
