/**
 * A verbless clause that opens by asking for a different amount of something ("fewer stops",
 * "less chatter") asks for a change whose size is the robot's guess: it is asked back, never
 * read as a statement that corrects nothing. "more please" asks for no thing. Phrasings written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { asksForAmount } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

describe("a request for a different amount", () => {
  it("is read in a verbless clause that opens with fewer, less or more and a noun", () => {
    for (const s of ["Fewer pauses.", "less beeping", "More speed in the hallway."]) assert.ok(asksForAmount(s), s);
    for (const s of ["more please", "less is more", "fewer people come on weekends"]) assert.ok(!asksForAmount(s), s);
  });

  it("makes the learner ask, keeping nothing", () => {
    const out = learn("Fewer pauses.", [], { rooms: ["den"], sceneId: "s1" });
    assert.equal(out.signal, true);
    assert.ok(out.items.length > 0 && out.items.every((i) => i.decision === "unclear"));
  });
});
