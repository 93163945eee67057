/**
 * A permission for a part of the day said in words, beside clock hours said no to, on a room
 * banned outright: the clock hours are the ban that stays, never the part of the day's loose
 * complement (which would keep the robot out of an hour the user allowed). Sentences written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { meetsAsRestOfDay } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["sunroom", "den", "hall"], sceneId: "s1" };
const windows = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => ({
    room: r.requirement.kind === "avoid_room" ? r.requirement.room : null,
    when: r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
    except: r.exceptions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  }));

describe("a part of the day allowed beside clock hours said no to", () => {
  it("keeps the ban for exactly the clock hours", async () => {
    for (const [m, hours] of [
      ["the sunroom is alright in the daytime now, only not from 11pm to 7am", "23-7"],
      ["you may use the sunroom during the day, but not between 9 pm and 5 am", "21-5"],
      ["sunroom's fine by day again, just not 10pm-6am", "22-6"],
    ] as const) {
      const { rules } = await taught(house, "never go into the sunroom", m);
      assert.deepEqual(windows(rules), [{ room: "sunroom", when: [hours], except: [] }], m);
    }
  });

  it("a part of the day far from the clock hours leaves the rest banned, as before", async () => {
    const { rules } = await taught(
      house,
      "never go into the sunroom",
      "the sunroom is ok in the mornings, but not from 10pm to 6am",
    );
    assert.deepEqual(windows(rules), [{ room: "sunroom", when: [], except: ["6-12"] }]);
  });

  it("meets only when both loose ends lie near the clock ends", () => {
    assert.ok(meetsAsRestOfDay({ fromHour: 6, toHour: 21 }, { fromHour: 22, toHour: 6 }));
    assert.ok(meetsAsRestOfDay({ fromHour: 6, toHour: 21 }, { fromHour: 23, toHour: 7 }));
    assert.ok(!meetsAsRestOfDay({ fromHour: 6, toHour: 12 }, { fromHour: 22, toHour: 6 }));
    assert.ok(!meetsAsRestOfDay({ fromHour: 6, toHour: 21 }, { fromHour: 0, toHour: 6 }));
    assert.ok(!meetsAsRestOfDay({ fromHour: 6, toHour: 21 }, { fromHour: 5, toHour: 5 }));
  });
});
