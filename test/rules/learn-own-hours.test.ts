/**
 * Two rooms banned in one message, each with hours or a condition of its own ("the shed after
 * dark and the loft after 11"): each room keeps only what was said with it, never every window
 * for every room; when some rooms have their own and others none, which goes with which is asked.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["shed", "loft", "porch", "pantry", "nursery", "workshop"], sceneId: "s1" };

type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const byRoom = (rules: Rule[]) =>
  Object.fromEntries(
    rules.map((r) => [
      (r.requirement as { room: string }).room,
      r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
    ]),
  );

describe("two rooms, each with its own hours", () => {
  it("gives each room only the window said after it", async () => {
    for (const [m, want] of [
      [
        "From now on please keep out of the shed after dark and the loft after 11 pm.",
        { shed: ["21-6"], loft: ["23-6"] },
      ],
      ["never go in the porch on sundays or the pantry after 10pm", { porch: ["text"], pantry: ["22-6"] }],
      ["Always stay out of the workshop after 8pm, the shed after 10pm.", { workshop: ["20-6"], shed: ["22-6"] }],
      ["from now on no nursery before 9 and no loft after ten pm", { nursery: ["0-9"], loft: ["22-6"] }],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(byRoom(rules), want, m);
    }
  });

  it("keeps a condition only people can tell on its own room", async () => {
    const { rules } = await taught(house, "Avoid the nursery while the twins nap and the workshop after 7pm, always.");
    assert.deepEqual(byRoom(rules), { nursery: ["text"], workshop: ["19-6"] });
  });

  it("gives a window said after the whole list to every room of it", async () => {
    const { rules } = await taught(house, "From now on stay out of the shed and the loft after 9pm.");
    assert.deepEqual(byRoom(rules), { shed: ["21-6"], loft: ["21-6"] });
  });

  it("asks when some rooms have hours of their own and others none", async () => {
    const { rules, reply } = await taught(
      house,
      "Always keep out of the porch at night, the shed and the loft after 9pm.",
    );
    assert.deepEqual(rules, []);
    assert.match(reply, /which room/i);
  });
});
