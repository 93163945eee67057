/**
 * A room said alone, then a ban whose negation comes after the verb ("you walk in never") or
 * whose place is fronted ("there you never go"): the room said alone is the ban's room. With no
 * room said alone before it, or one a sentence says something of, nothing is kept. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "pantry", "study"], sceneId: "s1" };
const kept = (rules: { requirement: { kind: string } }[]) =>
  rules.map((r) => `${r.requirement.kind}:${"room" in r.requirement ? r.requirement.room : ""}`).sort();

describe("a ban with its negation or its place out of the usual order", () => {
  it("closed by its negation is a ban on the room said alone before it", async () => {
    for (const m of ["Workshop. You walk in never.", "THE WORKSHOP. YOU ENTER NEVER. NEVER EVER."]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(kept(rules), ["avoid_room:workshop"], `${m} ${reply}`);
    }
  });

  it("with its place fronted is a ban on the room said alone before it", async () => {
    for (const m of ["The pantry. There you never go.", "pantry. there you do not go, the floor is rotten."]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(kept(rules), ["avoid_room:pantry"], `${m} ${reply}`);
    }
  });

  it("keeps nothing when no room was said alone before it", async () => {
    for (const m of ["The study is tidy. You walk in never.", "There you never go."]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(kept(rules), [], `${m} ${reply}`);
    }
  });
});
