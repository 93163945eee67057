/**
 * Hours given to a ban in force without its verb or room said again: "it" as the subject of a
 * forbidding predicate is the room said before; a sentence naming a room's rule only leads into
 * a later sentence acting on that room; a part naming a rule, then "only" with hours, narrows that
 * rule and no other. And a one-off opened by "for today only" after "and" is that clause's alone.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["boathouse", "darkroom", "sunroom", "workshop"], sceneId: "s1" };
type Rules = Awaited<ReturnType<typeof taught>>["rules"];
const read = (rules: Rules) =>
  rules.map(
    (r) =>
      `${(r.requirement as { room?: string }).room} ${r.persistence} ${r.conditions
        .map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind))
        .join(",")}`,
  );

describe("hours for a ban in force, its room said before", () => {
  it("reads 'it' before a forbidding predicate as the room said before", async () => {
    for (const [m, want] of [
      [
        "About the sunroom: you may use it by day now. Only from 10 at night to 7 in the morning is it closed to you.",
        "sunroom persistent 22-7",
      ],
      ["The workshop, quick change. It's only off limits from 1 to 4 in the afternoon.", "workshop persistent 13-16"],
    ]) {
      const { rules } = await taught(house, `Never go into the ${want.split(" ")[0]}.`, m);
      assert.deepEqual(read(rules), [want], m);
    }
  });

  it("asks nothing of a sentence naming a rule that a later sentence changes", async () => {
    const { rules, reply } = await taught(
      house,
      "Keep out of the darkroom.",
      "I want to rework the darkroom rule. It's only closed to you from 8 to 11 in the evening.",
    );
    assert.deepEqual(read(rules), ["darkroom persistent 20-23"]);
    assert.ok(!reply.includes("?"), reply);
  });

  it("narrows the rule a part names, then 'only' with hours", async () => {
    for (const m of ["the boathouse rule, only after 9pm please", "that boathouse ban: just only from 8pm to 6am"]) {
      const { rules } = await taught(house, "stay out of the boathouse", m);
      assert.equal(rules.length, 1, m);
      assert.equal(rules[0].conditions[0]?.kind, "time", m);
    }
  });

  it("changes no other room's rule when the rule named is not in force", async () => {
    const { rules } = await taught(house, "stay out of the boathouse", "The workshop rule, only after 9pm please.");
    assert.deepEqual(read(rules), ["boathouse persistent "]);
  });
});

describe("a one-off said for one clause of a run-on", () => {
  it("keeps the lasting clause and does the other only this time", async () => {
    const { rules } = await taught(
      house,
      "stay out of the workshop from now on its full of tools and for tonight only dont go in the sunroom the floor is drying",
    );
    assert.deepEqual(read(rules), ["workshop persistent "]);
  });
});
