/**
 * Hours read as permitted that together cover every hour a ban holds would lift it while the user
 * still bans some of them, and permitted hours that overlap were not said as one list: the rule
 * stays and which hours is asked. One window permitted, or two apart, keep the ban for the rest. Sentences written for this test, not taken
 * from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["gym", "loft", "larder"], sceneId: "s1" };

describe("permitted hours that would leave a ban no hour", () => {
  it("keep the ban and ask", async () => {
    for (const m of [
      "As for the gym, you may use it in the daytime now. At night only.",
      "Gym: during the day is okay from now on. Evenings only.",
    ]) {
      const { rules, reply } = await taught(house, "never go in the gym", m);
      assert.deepEqual(
        rules.map((r) => r.exceptions.length),
        [0],
        m,
      );
      assert.deepEqual(roomsAndHours(rules), [{ room: "gym", when: [] }], m);
      assert.match(reply, /\?/, m);
    }
  });

  it("two windows apart are both exceptions", async () => {
    const { rules } = await taught(
      house,
      "never go in the gym",
      "you may use the gym in the mornings and in the evenings now",
    );
    assert.equal(rules.length, 1);
    assert.equal(rules[0].exceptions.length, 2);
  });

  it("one window permitted is an exception, the ban kept for the rest", async () => {
    const { rules } = await taught(house, "never go in the gym", "the gym is fine by day now");
    assert.deepEqual(
      rules.map((r) => r.exceptions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind))),
      [["6-21"]],
    );
  });
});
