/**
 * A rule written as config fields: keys that only label their value are left out, a verdict key
 * or value ("block:", "action=deny") is a sign's refusal, a key of why opens the rule's reason
 * (never a rule of its own), and bars between fields go on with the same request. A message with
 * one key, or keys in prose with no config mark, is read as before: a heading stays a heading.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["loft", "den", "pantry"], sceneId: "s1" };
const kept = async (m: string) => roomsAndHours((await taught(house, m)).rules);

describe("a ban written as config fields", () => {
  it("keeps the room out for the window the fields give", async () => {
    for (const [m, room, hours] of [
      ["block: loft | when: 21:00-06:00 | why: paint drying", "loft", "21-6"],
      ["room=den action=deny hours=23:00-07:00", "den", "23-7"],
      ["target=pantry effect=no_entry window=13:00-15:00 rationale=bread proving", "pantry", "13-15"],
    ] as const)
      assert.deepEqual(await kept(m), [{ room, when: [hours] }], m);
  });

  it("keeps no rule when no field says a verdict", async () => {
    assert.deepEqual(await kept("room=den hours=23:00-07:00"), []);
    assert.deepEqual(await kept("where: loft | note: paint drying"), []);
  });

  it("leaves a heading in prose as it is", () => {
    const words = (m: string) => tokenize(m).map((t) => t.w);
    assert.deepEqual(words("Note: stay out of the den"), ["note", ":", "stay", "out", "of", "the", "den"]);
    assert.deepEqual(words("room=den action=deny"), ["den", "no", "entry"]);
    assert.deepEqual(words("rule: loft | why: damp"), ["loft", ".", "because", "damp"]);
  });
});
