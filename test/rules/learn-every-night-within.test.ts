/**
 * "every night", "each morning" beside clock hours within that part of the day adds nothing to the
 * hours: the ban is kept with them; beside hours outside it, it is asked. Hours said in the
 * 24-hour clock aloud are the ban's hours. Sentences written for this test.
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

describe("a part of the day come round each day, beside hours", () => {
  it("keeps the ban with the hours when they lie within it", async () => {
    for (const [m, want] of [
      ["Keep out of the darkroom from 11pm to 4am, every night.", "darkroom 23-4"],
      ["each morning of the week, 7 to 9, the sunroom is off limits", "sunroom 7-9"],
      ["The boathouse is closed to you from twenty-two hundred to oh six hundred nightly.", "boathouse 22-6"],
    ])
      assert.deepEqual(read((await taught(house, m)).rules), [want], m);
  });

  it("keeps nothing when the hours lie outside it", async () => {
    assert.deepEqual((await taught(house, "stay out of the workshop from 2pm to 4pm every night")).rules, []);
  });
});
