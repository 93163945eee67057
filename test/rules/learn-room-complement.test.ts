/**
 * "the loft is my painting studio", "the den is the children's playroom": a room's word after a
 * copula whose subject is a room of the house says what that room is used as or called; it names
 * no room of its own, so a ban beside it is about the subject. A complement the house has a label
 * for stays a room, and a room the house does not have, said alone, is still asked.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { roomsIn } from "../../src/rules/learn/rooms-in.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "loft", "kitchen", "cellar"], sceneId: "s1" };
const named = (m: string) => {
  const t = tokenize(m);
  return roomsIn(t, 0, t.length, house.rooms).map((r) => r.room);
};

describe("a room's word as the complement of a room", () => {
  it("names no other room", () => {
    assert.deepEqual(named("the loft is my painting studio"), ["loft"]);
    assert.deepEqual(named("the den is the children's playroom"), ["den"]);
    assert.deepEqual(named("the cellar was my uncle's workshop"), ["cellar"]);
    // a label of the house stays a room
    assert.deepEqual(named("the den is the kitchen now"), ["den", "kitchen"]);
  });

  it("leaves the ban beside it to the subject", async () => {
    const cases: [string, string][] = [
      ["The loft is my painting studio, keep out.", "loft"],
      ["The den is the children's playroom. Please do not go in.", "den"],
      ["the cellar is my wine room, you stay out of it", "cellar"],
    ];
    for (const [m, room] of cases) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room }],
        m,
      );
    }
  });

  it("a room the house does not have, said alone, is still asked", async () => {
    const { rules, reply } = await taught(house, "Keep out of the sewing room.");
    assert.deepEqual(rules, []);
    assert.match(reply, /\?/);
  });
});
