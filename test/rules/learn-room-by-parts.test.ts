/**
 * A room said in words none of the house's labels has is read by its parts (room-parts.ts): the
 * rule names the one label it can be, or, with two or none, nothing is kept and the room is
 * asked. Houses and sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = {
  sceneId: "s-parts",
  rooms: ["lounge", "chapel", "upstairs bathroom", "ground floor toilet", "back passage", "guest bedroom", "den"],
};

describe("a room said by its parts", () => {
  it("keeps the one label it can be", async () => {
    const cases: [string, string][] = [
      ["please keep away from the loo downstairs", "ground floor toilet"],
      ["never go in the prayer room while we pray", "chapel"],
      ["the corridor at the back, don't stop there ever", "back passage"],
      ["stay out of the guest bed from now on", "guest bedroom"],
    ];
    for (const [m, room] of cases) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => ("room" in r.requirement ? r.requirement.room : r.requirement.kind)),
        [room],
        m,
      );
    }
  });

  it("asks when two labels or none can be meant", async () => {
    for (const m of ["keep out of the washroom", "never go into the side lavatory", "stay out of the front bedroom"]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, m);
    }
  });

  it("offers the house's rooms of the kind said when it cannot tell which", async () => {
    const { reply } = await taught(house, "keep out of the washroom");
    assert.match(reply, /the upstairs bathroom, the ground floor toilet, or another one\?/);
  });
});
