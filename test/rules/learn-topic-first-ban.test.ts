/**
 * A ban said topic first: the room, then the negated verb with no separator ("the pantry don't go
 * in"), as Singlish, Chinese-influenced and colloquial English put it. The room is the verb's
 * object only when the verb has none of its own and the clause names one room of the house. The
 * room may be said to be a place first, the ban a relative clause on it ("the study is a place you
 * never go"); with the speaker as subject, or a permission, it is no ban.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["pantry", "guest room", "laundry", "study"], sceneId: "s1" };
type Rule = Awaited<ReturnType<typeof taught>>["rules"][number];
const what = (r: Rule) =>
  "room" in r.requirement ? `${r.requirement.kind}:${r.requirement.room}` : r.requirement.kind;

describe("a ban with its room said first as the topic", () => {
  it("reads the room as what is not to be entered", async () => {
    const { rules } = await taught(house, "Pantry don't go in, hor.");
    assert.deepEqual(rules.map(what), ["avoid_room:pantry"]);
  });

  it("reads a negated stop the same way, and two such bans joined by 'and'", async () => {
    const { rules } = await taught(house, "The laundry never stop inside, and guest room don't enter also.");
    assert.deepEqual(rules.map(what).sort(), ["avoid_room:guest room", "no_stop_in_room:laundry"]);
  });

  it("keeps a when-clause before the topic as the ban's condition", async () => {
    const { rules } = await taught(house, "When the baby napping, study don't come in.");
    assert.deepEqual(rules.map(what), ["avoid_room:study"]);
    assert.deepEqual(
      rules[0].conditions.map((c) => c.kind),
      ["text"],
    );
  });

  it("reads a room said to be a place the robot's negated verb is of", async () => {
    for (const [m, want] of [
      ["The study is a place you must never enter.", "avoid_room:study"],
      ["the pantry is somewhere that u dont go into", "avoid_room:pantry"],
      ["The laundry is a spot where you never stop in, ok?", "no_stop_in_room:laundry"],
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules.map(what), [want], m);
    }
  });

  it("keeps nothing when the place is the speaker's or the robot's to choose", async () => {
    for (const m of ["The study is a place I never go.", "The study is a room you can go into."]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules.map(what), [], m);
    }
  });

  it("keeps nothing when the clause names two rooms before the verb", async () => {
    const { rules } = await taught(house, "Pantry laundry don't go in.");
    assert.equal(rules.filter((r) => "room" in r.requirement && r.requirement.room === "laundry").length, 0);
  });
});

describe("how long, said inside a topic-first ban", () => {
  it("after the verb: a one-off there is this task only, a lasting word kept", async () => {
    const once = await taught(house, "The study you do not go in this time, we varnished it.");
    assert.deepEqual(once.rules.map(what), [], once.reply);
    const ever = await taught(house, "the laundry u dont enter ever");
    assert.deepEqual(ever.rules.map(what), ["avoid_room:laundry"], ever.reply);
  });

  it("between the room and the verb: a one-off there is this task only", async () => {
    const { rules, reply } = await taught(house, "and the pantry only today do not go in, I am sorting it");
    assert.deepEqual(rules.map(what), [], reply);
    assert.match(reply, /pantry/);
  });

  it("two such bans with their own how long: each keeps its own", async () => {
    const { rules, reply } = await taught(
      house,
      "The guest room you do not go in this time, my aunt sleeps, and the laundry is for you forbidden forever.",
    );
    assert.deepEqual(rules.map(what), ["avoid_room:laundry"], reply);
    assert.match(reply, /guest room/);
  });
});
