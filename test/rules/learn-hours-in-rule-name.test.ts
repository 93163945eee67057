/**
 * Hours said in the name of a rule ("the evening ban", "that night rule") point at the rule meant;
 * they are no new hours for it. A change of one end then replaces the rule's window, and the
 * rule never holds both its old hours and the new ones. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["attic", "laundry", "music room"], sceneId: "s1" };
const times = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => r.conditions.flatMap((c) => (c.kind === "time" ? [`${c.fromHour}-${c.toHour}`] : [])));

describe("hours that name the rule being changed", () => {
  it("replaces the window with the new one, never keeping both", async () => {
    for (const [first, m, want] of [
      ["Stay out of the attic from 9pm to 7am.", "the attic night rule: from ten instead, not from nine", "22-7"],
      ["Keep out of the music room between 8pm and 6am.", "that night ban on the music room, from 11 not 8", "23-6"],
    ] as const) {
      const { rules } = await taught(house, first, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(times(rules)[0], [want], `${m}: ${JSON.stringify(times(rules))}`);
    }
  });
});
