/**
 * A rule named by what it says, negation and all ("the ban on never parking in the den", "what I
 * told you about not stopping in the hall"), is taken back when the user says to forget it: the
 * negation inside the name is the rule's own, quoted, not the ban said again. A topic opened by
 * "about" / "regarding" names its act ("regarding stopping in the hall, …") and a pronoun after it
 * points there. What is said to still hold keeps the rule. Phrasings written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall", "den", "pantry"], sceneId: "s1" };
const rooms = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => ("room" in r.requirement ? r.requirement.room : r.requirement.kind));

describe("a rule named by a negative description", () => {
  it("is taken back when the user says to forget it", async () => {
    for (const m of [
      "Please forget the rule about not stopping in the hall.",
      "You can drop what I told you about never stopping in the hall.",
    ]) {
      const { rules } = await taught(house, "Never stop in the hall.", "Stay out of the pantry.", m);
      assert.deepEqual(rooms(rules), ["pantry"], m);
    }
  });

  it("is taken back when a topic opened by 'regarding' names it and a pronoun points there", async () => {
    const { rules } = await taught(
      house,
      "Never stop in the hall.",
      "Regarding the instruction about not stopping in the hall: just disregard that.",
    );
    assert.deepEqual(rooms(rules), []);
  });

  it("stays when the user says it still holds", async () => {
    const { rules } = await taught(
      house,
      "Never stop in the hall.",
      "The rule about not stopping in the hall still holds.",
    );
    assert.deepEqual(rooms(rules), ["hall"]);
  });
});
