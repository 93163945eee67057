/**
 * Bans written as a sign's lines, with no verb: a room alone, its hours alone, then a refusal
 * alone ("loft. 9pm-6am. no.") keep the room out for those hours, never all day and never the
 * hours as a request of their own; a part of the day said in the plural ("EVENINGS. DEN NO.")
 * comes round each day, so the ban lasts, where a part said once ("this morning") keeps no lasting rule.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["loft", "den", "pantry"], sceneId: "s1" };
const kept = async (m: string) => {
  const { rules, reply } = await taught(house, m);
  return {
    reply,
    rules: roomsAndHours(rules),
  };
};

describe("a sign's lines with hours between the room and the refusal", () => {
  it("keeps the room out for the hours said", async () => {
    for (const [m, room, hours] of [
      ["loft. 9pm-6am. no.", "loft", "21-6"],
      ["Pantry. 2300-0600. Never.", "pantry", "23-6"],
      ["den. after 10 pm. no entry.", "den", "22-6"],
    ] as const)
      assert.deepEqual((await kept(m)).rules, [{ room, when: [hours] }], m);
  });

  it("a room fine at hours is no refusal: nothing is banned", async () => {
    assert.deepEqual((await kept("loft. 9 to 5. fine now.")).rules, []);
  });
});

describe("a part of the day said as a habit beside a verbless ban", () => {
  it("lasts when the part is plural", async () => {
    for (const [m, room, hours] of [
      ["EVENINGS. DEN NO.", "den", "17-21"],
      ["afternoons. pantry no.", "pantry", "12-17"],
    ] as const)
      assert.deepEqual((await kept(m)).rules, [{ room, when: [hours] }], m);
  });

  it("is kept no lasting rule when the part is said once", async () => {
    for (const m of ["this morning. den no.", "MORNING. DEN NO."]) {
      const { rules } = await kept(m);
      assert.deepEqual(rules, [], m);
    }
  });
});
