/**
 * How long a request lasts when its marker of the moment is not alone: "the present search", "the
 * current errand" are this task as "this search" is; a moment said beside every other ("not
 * today, not ever", "today or any day") is no one-off, even in parts of its own.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { teach } from "../../src/rules/index.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "loft", "cellar", "kitchen"], sceneId: "s1" };

async function reply(m: string): Promise<string> {
  const lib = new SqliteRuleLibrary(":memory:");
  try {
    return (await teach(lib, "u", m, { ...house, at: 1 })).reply;
  } finally {
    await lib.close();
  }
}

describe("the moment beside a request", () => {
  it("'the present' or 'the current' task is this task only", async () => {
    for (const m of [
      "for the present search, skip the cellar",
      "during the current errand keep out of the den",
      "Stay out of the loft for the current task only.",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(await reply(m), /for this task/i, m);
    }
  });

  it("a moment said beside every other lasts", async () => {
    for (const [m, room] of [
      ["You are not to go in the cellar, not today, not ever.", "cellar"],
      ["Keep out of the den, today or any other day.", "den"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence]),
        [[{ kind: "avoid_room", room }, "persistent"]],
        m,
      );
    }
  });

  it("a moment alone is still a one-off", async () => {
    for (const m of ["Keep out of the den today.", "not today, please skip the loft"]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });
});
