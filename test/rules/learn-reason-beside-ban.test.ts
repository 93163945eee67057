/**
 * A reason beside a ban is the ban's rationale, never a rule of its own nor a reason to ask: a
 * clause joined to the reason with the speaker as its subject ("and I need …", "and we don't want
 * …") goes on saying why, unless it is about the robot; and a preface that says the user has asked
 * this before ("I've said this before to …") names no time. Sentences written for this test, not
 * taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["den", "nursery", "workshop"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const what = (r: Rule) =>
  "room" in r.requirement ? `${r.requirement.kind}:${r.requirement.room}` : r.requirement.kind;
const hours = (r: Rule) => r.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind));

describe("a reason joined to another by 'and'", () => {
  it("keeps only the ban, with its hours", async () => {
    const { rules } = await taught(
      house,
      "Stay away from the nursery after 8 at night, the twins go down early and I don't want anything rattling about.",
    );
    assert.deepEqual(rules.map(what), ["avoid_room:nursery"]);
    assert.deepEqual(hours(rules[0]), [[20, 6]]);
  });

  it("still reads a clause about the robot as asking", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the workshop, the saws are sharp and I don't want you near them.",
    );
    assert.ok(rules.some((r) => what(r) === "avoid_room:workshop"));
  });
});

describe("a preface saying this was asked before", () => {
  it("is no condition of the ban that follows", async () => {
    const { rules, reply } = await taught(
      house,
      "Right, I've told this before to the cleaner and now to you: from 9 at night to 7 in the morning the den is off limits.",
    );
    assert.deepEqual(rules.map(what), ["avoid_room:den"], reply);
    assert.deepEqual(hours(rules[0]), [[21, 7]]);
  });
});

describe("hours said inside the reason", () => {
  it("are asked, never kept as the ban's own", async () => {
    const { rules, reply } = await taught(house, "Stay out of the workshop, my brother welds in there till 4.");
    assert.deepEqual(rules, []);
    assert.match(reply, /till 4/);
  });

  it("are the ban's when the ban says them and the reason only refers back", async () => {
    const { rules } = await taught(house, "Keep out of the den between 8 and 10 at night, we watch films then.");
    assert.deepEqual(rules.map(hours), [[[20, 22]]]);
  });
});

describe("a time word inside the reason of a request said to last", () => {
  const persistence = (rules: Awaited<ReturnType<typeof taught>>["rules"]) => rules.map((r) => r.persistence);

  it("is the reason's: the request lasts as said", async () => {
    const { rules } = await taught(
      house,
      "Going forward please keep away from the den, my aunt arrives tomorrow and the sofa bed is out for her.",
    );
    assert.deepEqual(persistence(rules), ["persistent"]);
  });

  it("without a word of lasting may bound the request, and is asked", async () => {
    const { rules } = await taught(house, "Please keep away from the den, my aunt arrives tomorrow.");
    assert.ok(!persistence(rules).includes("persistent"));
  });
});
