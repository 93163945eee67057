/**
 * Parts of a message that ask nothing of the robot beside a rule are never rules of their own: a
 * wish said of the message itself ("I hope that's ok"), and leave to pass through a room the
 * same sentence bans stopping in; an excuse for the asking ("sorry if it's an odd thing to ask")
 * is no condition. "in the night" is a part of the day as "at night" is, so a
 * clock range said with it is one window. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const rooms = ["guest room", "prayer room", "balcony", "study", "den"];
const house = { rooms, sceneId: "s1" };
const hours = (cs: { kind: string; fromHour?: number; toHour?: number }[]) =>
  cs.map((c) => (c.kind === "time" ? [c.fromHour, (c.toHour ?? 0) % 24] : c.kind));

describe("a part beside the rule that asks nothing", () => {
  it("a hope about the message itself is no behaviour", async () => {
    for (const [m, room] of [
      ["I hope that's not too much to ask, but please keep out of the study", "study"],
      ["I hope this is ok, I'd prefer you stayed out of the den", "den"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "avoid_room", room }],
        m,
      );
    }
  });

  it("leave to pass through, beside a ban on stopping, is no rule", async () => {
    for (const [m, room] of [
      ["don't hang around in the prayer room, just walk through if you need to", "prayer room"],
      ["no lingering on the balcony. cross it if you have to", "balcony"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "no_stop_in_room", room }],
        m,
      );
    }
  });
});

describe("an excuse for the asking itself", () => {
  it("is no condition of the rule asked", async () => {
    for (const [m, room, h] of [
      ["sorry if it's an odd thing to ask, but stay out of the den from 1 to 3 in the afternoon", "den", [13, 15]],
      ["can you not go in the study after 9 pm, sorry if that's a stupid question", "study", [21, 6]],
      [
        "I hope it isn't rude, and tell me if it's too much to ask: no balcony between 8 and 10 at night",
        "balcony",
        [20, 22],
      ],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => [r.requirement, hours(r.conditions)]),
        [[{ kind: "avoid_room", room }, [h]]],
        m,
      );
    }
  });

  it("a question's own kind said with 'if' stays a condition", async () => {
    const { rules } = await taught(house, "if it's a simple question keep your answer under ten words");
    assert.deepEqual(
      rules.map((r) => r.conditions.map((c) => c.kind)),
      [["text"]],
    );
  });
});

describe("'in the night'", () => {
  it("gives a clock range its half of the day: one window", async () => {
    for (const [m, h] of [
      ["from ten in the night to five in the morning keep out of the den", [22, 5]],
      ["stay off the balcony in the night", [21, 6]],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => hours(r.conditions)),
        [[h]],
        m,
      );
    }
  });
});
