/**
 * Hours said with the hours they replace ("from 4, not 3"; "3 till 5, not 2 till 4") revise the rule
 * in force whose hours those were, with no verb of change: the replaced hours name the rule and
 * what changes; what is not named (the other end, the room) stays. Said with no rule in force
 * holding the replaced hours, nothing is kept. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["music room", "den", "pantry"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const hours = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("hours said with the hours they replace", () => {
  it("moves the one end named", async () => {
    const { rules } = await taught(house, "never go into the den from 9pm to 6am", "from 10pm, not 9pm please");
    assert.equal(rules.length, 1);
    assert.deepEqual(hours(rules[0]), ["22-6"]);
    assert.equal((rules[0].requirement as { room: string }).room, "den");
  });

  it("replaces a window named as the one replaced", async () => {
    const { rules } = await taught(
      house,
      "stay out of the music room between 2 and 4 in the afternoon",
      "oops, the music room ought to be 3 till 5 not 2 till 4",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(hours(rules[0]), ["15-17"]);
  });

  it("keeps nothing when no rule in force has the replaced hours", async () => {
    const { rules } = await taught(house, "from 10pm, not 9pm please");
    assert.equal(rules.length, 0);
  });
});
