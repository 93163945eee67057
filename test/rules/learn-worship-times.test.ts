/**
 * A household's times of prayer ("during prayers", "at prayer time") are times of people's day
 * that no clock gives the robot: a ban said with one holds while it does, kept as said, never
 * dropped and never turned into hours. A room named for prayer is no such time. Sentences written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["chapel", "den", "sitting room", "study", "prayer room"], sceneId: "s1" };

describe("a time of worship beside a ban", () => {
  it("is the ban's condition, as said", async () => {
    for (const [m, room] of [
      ["Please don't go into the chapel during prayers.", "chapel"],
      ["sitting room: not at prayer time", "sitting room"],
      ["keep out of the den before prayers", "den"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, r.persistence, r.conditions.map((c) => c.kind)]),
        [[{ kind: "avoid_room", room }, "persistent", ["text"]]],
        m,
      );
    }
  });

  it("a room named for prayer is no time of prayer", async () => {
    const { rules } = await taught(house, "never stop at the prayer room");
    assert.deepEqual(
      rules.map((r) => [r.requirement, r.conditions]),
      [[{ kind: "no_stop_in_room", room: "prayer room" }, []]],
    );
  });
});
