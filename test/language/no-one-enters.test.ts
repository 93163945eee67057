/**
 * A clause saying no one may enter a room bans it for the robot too, with its hours: the verb
 * left out, said with a permission or a modal, or as a wish of no one's. With an exception the
 * robot may be, or reported in passing, it bans nothing. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "../rules/taught.ts";

const house = { rooms: ["loft", "workshop", "nursery", "library"], sceneId: "s1" };
const rooms = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    (r.requirement as { room?: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("no one may enter a room", () => {
  it("bans the room for the robot, with the hours said", async () => {
    const cases: [string, unknown][] = [
      ["Nobody inside the workshop between 1 and 3 pm, the glue is drying.", [["workshop", ["13-15"]]]],
      ["no-one's permitted into the nursery from 7pm to 7am, and yes that means you", [["nursery", ["19-7"]]]],
      ["Honestly, no one may enter the loft.", [["loft", []]]],
      ["ok so nobody is allowed to go in the library after 11pm", [["library", ["23-6"]]]],
    ];
    for (const [m, want] of cases) assert.deepEqual(rooms((await taught(house, m)).rules), want, m);
  });

  it("keeps nothing when the robot may be the exception, or the words only report", async () => {
    for (const m of [
      "nobody is permitted in the loft apart from you",
      "I shouted up and nobody in the loft answered me",
    ])
      assert.deepEqual((await taught(house, m)).rules, [], m);
  });
});
