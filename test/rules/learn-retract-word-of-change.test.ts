/**
 * A room said to be fine again with a word of change ("now", "already", "again") takes back the
 * ban in force on it, however the fine is said: "sorted" after a copula or its "'s", a modal of
 * permission with its verb left out, or a pronoun taking up the one room the message spoke of.
 * Without the word of change, or with no ban in force, nothing is lifted. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "attic", "sunroom"], sceneId: "s1" };
const ban = "Please keep out of the workshop.";

describe("a retraction said with a word of change", () => {
  it("lifts the ban in force on the room", async () => {
    for (const m of [
      "The workshop's sorted now, you can go in whenever.",
      "workshop is all sorted now",
      "Workshop can already. The paint is dry.",
      "the workshop can now",
      "workshop ok already",
      "The builder repaired the workshop floor, that's fine now.",
      // "grand" is "fine" in Irish and northern English, said with the word of change
      "The workshop's grand again, the glue has set.",
      "workshop is now grand so go ahead",
      // the permission run on after the predicate with no comma is a clause of its own
      "the joiner mended the workshop bench, thats fine now so you may go back in there",
      "workshop is ok again u may go in",
    ]) {
      const { rules } = await taught(house, ban, "Never stop in the attic.", m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room: "attic" }],
        m,
      );
    }
  });

  it("without a word of change nothing is lifted", async () => {
    for (const m of [
      "the workshop can",
      "The builder repaired the workshop floor, that's fine.",
      "The workshop's grand.",
      "the workshop is grand",
    ]) {
      const { rules } = await taught(house, ban, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room: "workshop" }],
        m,
      );
    }
  });

  it("a pronoun never takes up a room the message bans before it", async () => {
    const { rules } = await taught(house, ban, "Stay out of the workshop. That's fine now.");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "workshop" }],
    );
  });

  it("with no ban in force, nothing is stored", async () => {
    const { rules } = await taught(house, "the sunroom can already");
    assert.deepEqual(rules, []);
  });
});
