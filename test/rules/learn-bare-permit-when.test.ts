/**
 * A permission to go with no place said, followed by a clause of when ("you may go in if I ask
 * you"), is one for the room the message spoke of before it, limited by that clause: the ban stays
 * but for then. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "nursery", "hall"], sceneId: "s1" };

describe("a bare permission to go, limited by a clause of when", () => {
  it("keeps the ban on the room spoken of, with the clause as its exception", async () => {
    const { rules } = await taught(
      house,
      "keep out of the workshop",
      "Regarding the workshop: you can go in when I tell you to.",
    );
    assert.equal(rules.length, 1);
    assert.equal((rules[0].requirement as { room: string }).room, "workshop");
    assert.equal(rules[0].exceptions.length, 1);
  });

  it("with two rooms spoken of, lifts nothing", async () => {
    const { rules } = await taught(
      house,
      "keep out of the workshop",
      "keep out of the nursery",
      "The workshop and the nursery. You can go in when I tell you to.",
    );
    assert.deepEqual(
      rules.map((r) => r.exceptions.length),
      [0, 0],
    );
  });
});
