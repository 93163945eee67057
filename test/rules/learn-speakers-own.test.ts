/**
 * A negation whose subject is the speaker ("I never look in the shed", "we don't use the attic")
 * tells what the speaker does; it asks nothing of the robot and bans no room. A wish about the
 * robot said by the speaker ("I don't want you in …", "I'd like you to stay out of …") still asks,
 * and so does a ban said in another clause of the same message. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { negatedBySpeaker, withoutSpeakersNegation } from "../../src/language/index.ts";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["kitchen", "shed", "study", "attic", "sunroom"] };
const bans = (said: string) =>
  learn(said, [], ctx).items.flatMap((i) =>
    i.decision === "add" && i.draft && "room" in i.draft.requirement
      ? [`${i.draft.requirement.kind}:${i.draft.requirement.room}`]
      : [],
  );

describe("the speaker's own habit, negated", () => {
  it("bans no room", () => {
    for (const said of [
      "Cheers! The torch was in the shed? I never think to search there.",
      "Oh brilliant, the shed. We never really go out there.",
      "thanks robot, i dont usually look in the attic",
      "I'd never have gone into the study for that, well done.",
    ]) {
      const out = learn(said, [], ctx);
      assert.deepEqual(bans(said), [], said);
      assert.equal(out.signal, false, `${said}: ${JSON.stringify(out.items)}`);
    }
  });

  it("a wish about the robot still bans", () => {
    for (const [said, room] of [
      ["I don't want you in the study.", "study"],
      ["I'd like you to stay out of the attic.", "attic"],
      ["I want you to never go in the shed.", "shed"],
      ["We don't go in the sunroom, and neither should you.", "sunroom"],
      ["we never go into the kitchen at night and you shouldn't either", "kitchen"],
    ]) {
      assert.ok(bans(said).includes(`avoid_room:${room}`), `${said}: ${bans(said)}`);
    }
  });

  it("a ban in another clause is kept beside the habit", () => {
    for (const [said, room] of [
      ["Thanks, found it. I never look in the shed, but please never go in the study.", "study"],
      ["Stay out of the attic. I never go up there either.", "attic"],
    ]) {
      assert.ok(bans(said).includes(`avoid_room:${room}`), `${said}: ${bans(said)}`);
    }
  });

  it("reads whose negation it is", () => {
    const ws = (s: string) => s.split(" ");
    assert.equal(negatedBySpeaker(ws("i never go in the shed"), 1), true);
    assert.equal(negatedBySpeaker(ws("we would not usually look there"), 2), true);
    assert.equal(negatedBySpeaker(ws("i do not want you in the shed"), 2), false);
    assert.equal(negatedBySpeaker(ws("i did not like it"), 2), false);
    assert.equal(negatedBySpeaker(ws("i would rather we did not go in"), 6), false);
    assert.equal(negatedBySpeaker(ws("you never go in the shed"), 1), false);
    assert.equal(withoutSpeakersNegation("i never look there"), "i look there");
  });
});
