/**
 * Hours put right as they are said: the last value said wins, whether the speaker takes back one
 * hour ("until 5 no wait 6 am") or says the time again from its preposition ("after nine pm,
 * sorry, after ten pm"); a reason after the hour put right is no more said of it. A word
 * taken back that is no hour is left to the other readers. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["loft", "den", "nursery"], sceneId: "s1" };
const kept = async (m: string) => roomsAndHours((await taught(house, m)).rules);

describe("hours put right inside the message", () => {
  it("keeps the hour said last, a reason after it or not", async () => {
    for (const [m, room, hours] of [
      ["stay out of the den from 9 pm until 5 no wait 6 am since I start early", "den", "21-6"],
      ["stay out of the nursery from 1 pm until uh 3 no sorry 4 pm", "nursery", "13-16"],
    ] as const)
      assert.deepEqual(await kept(m), [{ room, when: [hours] }], m);
  });

  it("keeps the time said again from its preposition, never the one taken back", async () => {
    for (const [m, room, hours] of [
      ["please avoid the loft from half past six, no wait, from seven until ten pm", "loft", "19-22"],
      ["never enter the den after nine pm, sorry, after ten pm", "den", "22-6"],
    ] as const)
      assert.deepEqual(await kept(m), [{ room, when: [hours] }], m);
  });
});
