/**
 * Two numbers of the clock joined by "to" beside a ban ("…, on sundays, 8 to 4") read by no
 * reader are asked about, never dropped: without them the ban would hold all day. Sentences
 * written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

describe("a bare range of the clock's numbers left unread", () => {
  it("makes the ban a question, not a ban all day", async () => {
    const { rules, reply } = await taught(
      { rooms: ["workshop", "hall"], sceneId: "s1" },
      "From now on keep out of the workshop on sundays, 8 to 4",
    );
    assert.deepEqual(rules, []);
    assert.match(reply, /8 to 4/);
  });
});
