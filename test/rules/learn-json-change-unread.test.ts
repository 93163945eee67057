/**
 * A message about the fields of the JSON rule in force that is not read as a change to them ("add
 * a key telling me whether you found it") is asked back, the JSON rule kept as it was, never kept
 * as a new free-text rule beside it. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "porch"], sceneId: "s1" };

describe("an unread change to the JSON rule's fields", () => {
  it("is asked, the JSON rule kept as it was", async () => {
    for (const m of [
      "kindly add one more field saying if you saw it",
      "pls add a key for whether the thing turned up",
    ]) {
      const { rules, reply } = await taught(house, "answer in json with the room and the object", m);
      assert.deepEqual(
        rules.map((r) => r.requirement.kind),
        ["json_fields"],
        m,
      );
      assert.match(reply, /\?/, m);
    }
  });
});
