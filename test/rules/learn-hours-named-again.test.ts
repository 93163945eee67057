/**
 * People's times said right after clock hours, with no word that adds them ("and", "or", "too",
 * "also") and no negation, name those hours again ("from 1 to 3, nap time after lunch"): the rule
 * keeps the hours and is not asked. Said with such a word they may be more hours, and are never
 * taken as the same ones. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["nursery", "workshop", "conservatory"], sceneId: "s1" };
const windows = (r: Awaited<ReturnType<typeof taught>>["rules"][number]) =>
  [...r.conditions, ...(r.exceptions ?? [])].map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("people's times said again beside clock hours", () => {
  it("are those hours: the rule is kept with them alone", async () => {
    for (const [m, w] of [
      ["Please stay out of the nursery from 1 to 3 in the afternoon, the baby's nap time.", "13-15"],
      ["workshop is off limits 6 to 8 pm, the hour or two after supper", "18-20"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(windows(rules[0]), [w], m);
    }
  });

  it("a permission's hours said again keep the ban in force outside them", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the conservatory.",
      "You can use the conservatory from 10 to 12 in the morning, the quiet stretch before lunch. Otherwise still no.",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(
      rules[0].exceptions?.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
      ["10-12"],
    );
  });

  it("with a word that adds them, they are not taken for the same hours", async () => {
    const { rules } = await taught(house, "keep out of the workshop from 6 to 8 pm, and after breakfast");
    assert.ok(
      rules.every((r) => windows(r).join() !== "18-20"),
      JSON.stringify(rules.map(windows)),
    );
  });
});
