/**
 * A verb of change at what it points back to, opening a message before a colon ("please alter
 * that: …"), only leads into the change said after the colon: that part revises the rule as it
 * would said alone, and a part of it naming the replaced value is no clause of its own. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "porch", "laundry"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const hours = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("a change pointed at before a colon", () => {
  it("takes the hours after the colon, as they would be read alone", async () => {
    for (const [m, want] of [
      ["Please alter that: from 11pm, not 10pm.", "23-5"],
      ["kindly adjust it: till 4am, not 5am", "22-4"],
      ["Please tweak this: until 6am, not 5am", "22-6"],
      ["kindly modify that: from 11pm, not 10pm", "23-5"],
      ["please amend it: till 4am, not 5am", "22-4"],
      ["Correct that: until 6am, not 5am.", "22-6"],
    ] as const) {
      const { rules } = await taught(house, "keep out of the study from 10pm to 5am", m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(hours(rules[0]), [want], m);
      assert.equal((rules[0].requirement as { room: string }).room, "study", m);
    }
  });

  it("a take-back of what it points at, before a change said next, only leads into the change", async () => {
    for (const [m, want] of [
      ["strike that, make it 11pm to 4am on the study", "23-4"],
      ["Oh forget it - change the study to 9pm till 6am.", "21-6"],
    ] as const) {
      const { rules } = await taught(house, "keep out of the study from 10pm to 5am", m);
      assert.equal(rules.length, 1, m);
      assert.deepEqual(hours(rules[0]), [want], m);
    }
  });

  it("changes nothing when what follows the colon is not read", async () => {
    const { rules, reply } = await taught(
      house,
      "keep out of the study from 10pm to 5am",
      "please fix that: the porch thing",
    );
    assert.deepEqual(hours(rules[0]), ["22-5"]);
    assert.match(reply, /\?/);
  });
});
