/**
 * One end of a rule's hours named as a noun ("the start", "the end of that window") and put at a
 * new hour moves that end and keeps the other; a rule's noun said with "now" and a verb of holding
 * ("the ban now runs …") before new hours gives the rule those hours. With no rule in force to
 * move, or two rules with hours and no word of which, nothing changes. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "garage", "study", "cellar"], sceneId: "s1" };
const hours = (rules: { conditions: { kind: string; fromHour?: number; toHour?: number }[] }[]) =>
  rules.map((r) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)).join());

describe("an end of the hours named as a noun", () => {
  it("moves that end and keeps the other", async () => {
    for (const [said, want] of [
      ["Could you shift the start to 8 pm?", "20-6"],
      ["The finish is now 8 am.", "22-8"],
      ["The end of that ban has moved to 7 am, please.", "22-7"],
    ]) {
      const { rules, reply } = await taught(house, "Keep out of the cellar from 10 pm to 6 am.", said);
      assert.deepEqual(hours(rules), [want], `${said}: ${reply}`);
    }
  });

  it("a rule that now runs at other hours takes them", async () => {
    for (const said of ["The study ban now runs from 7 pm to 11 pm.", "Study: the closure now holds 19:00 to 23:00."]) {
      const { rules, reply } = await taught(house, "Keep out of the study from 6 pm to 10 pm.", said);
      assert.deepEqual(hours(rules), ["19-23"], `${said}: ${reply}`);
    }
  });

  it("changes nothing with no rule in force, or with two rules with hours", async () => {
    const none = await taught(house, "The finish is now 8 am.");
    assert.deepEqual(none.rules, [], none.reply);
    const two = await taught(
      house,
      "Keep out of the cellar from 10 pm to 6 am.",
      "Keep out of the study from 1 pm to 3 pm.",
      "The start is now 9.",
    );
    assert.deepEqual(hours(two.rules).sort(), ["13-15", "22-6"], two.reply);
  });
});
