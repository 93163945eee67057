/**
 * A permission that gives a room back ("you're allowed back in", "welcome back on the porch")
 * lifts the ban in force from now on, as "again" does; "back on it" after a room said before
 * is that room. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["porch", "study", "cellar"], sceneId: "s1" };
const rooms = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement as { room?: string }).room);

describe("a room given back", () => {
  it("lifts that room's ban alone", async () => {
    for (const m of [
      "you're allowed back in the cellar",
      "ok u are welcome back into the cellar now",
      "the cellar has dried out. ur allowed back in it",
    ]) {
      const { rules } = await taught(house, "never go into the cellar", "keep out of the study", m);
      assert.deepEqual(rooms(rules), ["study"], m);
    }
  });

  it("back on a porch said before", async () => {
    const { rules } = await taught(
      house,
      "stay off the porch",
      "keep out of the study",
      "the porch railing got mended, you are allowed back on it",
    );
    assert.deepEqual(rooms(rules), ["study"]);
  });

  it("once, with a marker of this time, keeps the ban", async () => {
    const { rules } = await taught(house, "never go into the cellar", "you can go back in the cellar just this once");
    assert.deepEqual(rooms(rules), ["cellar"]);
  });
});
