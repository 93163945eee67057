/**
 * "any time now" after a permission is every hour from now on: the ban is lifted, never kept with
 * "any time now" as a clause of when it gives way. A clause of when after "any time" ("any time
 * you like", "any time the door is open") is still read as one. Sentences written for this test,
 * not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boot room", "larder", "loft"], sceneId: "s1" };
const roomsOf = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => (r.requirement as { room?: string }).room);

describe("a permission for any time now", () => {
  it("lifts the ban, with or without hours of its own", async () => {
    for (const [ban, m] of [
      ["Stay out of the larder after 9pm.", "you may go in the larder any time now, the mice are gone"],
      ["Never go into the larder.", "the larder you can use any time now"],
    ]) {
      const { rules } = await taught(house, "Keep out of the loft.", ban, m);
      assert.deepEqual(roomsOf(rules), ["loft"], m);
    }
  });

  it("a clause of when after 'any time' still limits the permission", async () => {
    const { rules } = await taught(
      house,
      "Never go into the larder.",
      "you can go in the larder any time the door is open",
    );
    assert.deepEqual(roomsOf(rules), ["larder"]);
  });
});
