/**
 * Hours said with a stress before their join ("right up to", "all the way to", "right through
 * to") are one window; a clause of when handed by a word of approximation to the clock hours after
 * it ("while she naps like 1 to 3") is those hours, while a part of the day so handed stays a
 * condition beside them. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boathouse", "darkroom", "sunroom", "workshop"], sceneId: "s1" };
type Rules = Awaited<ReturnType<typeof taught>>["rules"];
const read = (rules: Rules) =>
  rules.map(
    (r) =>
      `${(r.requirement as { room?: string }).room} ${r.conditions
        .map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind))
        .join(",")}`,
  );

describe("hours that restate what is said beside them", () => {
  it("reads a join stressed by 'right', 'straight' or 'all the way' as the window's join", async () => {
    for (const [m, want] of [
      ["Keep out of the darkroom from 6pm right up to 11pm.", "darkroom 18-23"],
      ["stay out of the sunroom from 1pm all the way to 4pm", "sunroom 13-16"],
      ["Never go in the workshop from 9pm straight through to 6am.", "workshop 21-6"],
    ])
      assert.deepEqual(read((await taught(house, m)).rules), [want], m);
  });

  it("reads a clause of when handed to clock hours by 'like' or 'roughly' as those hours", async () => {
    for (const [m, want] of [
      ["dont go in the boathouse when im rowing like 6 to 8 in the morning", "boathouse 6-8"],
      ["keep out of the sunroom while gran reads roughly 2pm to 4pm", "sunroom 14-16"],
    ])
      assert.deepEqual(read((await taught(house, m)).rules), [want], m);
  });

  it("keeps the clause of when beside a part of the day it is handed to", async () => {
    const { rules } = await taught(house, "dont go in the boathouse when im rowing like in the morning");
    assert.ok(
      rules.every((r) => r.conditions.some((c) => c.kind === "text")),
      JSON.stringify(read(rules)),
    );
  });
});
