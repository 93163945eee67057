/**
 * A possessive pronoun before a room's word ("his room", "her study") is the room of the one
 * person named before it, when the house labels that person's room so; with two people named,
 * or none, whose room it is is not guessed. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pronounOwnersRoom } from "../../src/language/index.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "Mia's room", "Sam's room", "Grandad's study", "hall"], sceneId: "s1" };
const words = (s: string) => s.split(" ");

describe("a possessive pronoun before a room's word", () => {
  it("names the room of the one person named before it", () => {
    const w = words("grandad is napping so keep out of his study");
    assert.deepEqual(pronounOwnersRoom(w, w.indexOf("his"), house.rooms), {
      room: "grandads study",
      words: 2,
      owner: 0,
    });
  });

  it("names none with two people named, none named, or a label the words do not say", () => {
    for (const [said, at] of [
      ["mia and sam are out so her room is free", "her"],
      ["keep out of her room", "her"],
      ["mia left her bag in the kitchen", "her"],
    ] as const) {
      const w = words(said);
      assert.equal(pronounOwnersRoom(w, w.indexOf(at), house.rooms), undefined, said);
    }
  });

  it("lifts that person's ban, or bans that room, as said", async () => {
    const lifted = await taught(
      house,
      "please stay out of Sam's room",
      "Sam tidied up his room, you can go in there again",
    );
    assert.deepEqual(lifted.rules, [], lifted.reply);
    const banned = await taught(house, "Mia has exams, so keep out of her room from now on");
    assert.deepEqual(
      banned.rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "mias room" }],
      banned.reply,
    );
  });

  it("is asked when two people are named before it", async () => {
    const { rules, reply } = await taught(house, "Mia and Sam are at school, keep out of her room");
    assert.ok(!rules.some((r) => "room" in r.requirement && r.requirement.room === "mias room"), reply);
  });
});
