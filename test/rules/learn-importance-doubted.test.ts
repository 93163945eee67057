/**
 * Asides around a plain ban that say nothing of when it holds: doubt of whether the matter is
 * worth the fuss said before a "but" ("no idea whether it matters, but …"), politeness about the
 * trouble of asking ("if it's not too much of a bother"), the robot named as the doer of a
 * passive ban ("… is not to be entered by you"), and a lasting state said in degree after "as"
 * ("as it's rather cramped and …"). The ban is kept, with no condition. Doubt of the request itself, and
 * a "while" that says when, still ask or stay. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "garage", "study", "cellar", "pantry"], sceneId: "s1" };
type Rule = {
  requirement: { kind: string; room?: string };
  conditions: { kind: string; fromHour?: number; toHour?: number }[];
};
const read = (rules: Rule[]) =>
  rules.map(
    (r) =>
      `${r.requirement.kind} ${r.requirement.room} ${r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)).join()}`,
  );

describe("asides around a plain ban", () => {
  it("doubt that the matter is worth the fuss concedes the asking, not the ban", async () => {
    for (const [said, want] of [
      ["No idea whether it matters, but keep out of the cellar.", "avoid_room cellar "],
      ["I dunno, maybe I'm being paranoid, but never go in the study after 10 pm", "avoid_room study 22-6"],
      ["Not certain it's that important, but please don't stop in the pantry.", "no_stop_in_room pantry "],
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(read(rules as Rule[]), [want], `${said}: ${reply}`);
    }
  });

  it("doubt of the request itself is still asked back", async () => {
    for (const said of ["Not sure, but keep out of the garage", "I don't know, but maybe avoid the cellar at night"]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(rules, [], `${said}: ${reply}`);
    }
  });

  it("politeness about the trouble and the robot as a passive's doer set no condition", async () => {
    for (const [said, want] of [
      [
        "If it's not too much of a bother, please keep out of the kitchen from 13:00 to 14:00.",
        "avoid_room kitchen 13-14",
      ],
      ["The cellar is not to be entered by you between 8 pm and 6 am.", "avoid_room cellar 20-6"],
    ]) {
      const { rules, reply } = await taught(house, said);
      assert.deepEqual(read(rules as Rule[]), [want], `${said}: ${reply}`);
    }
  });

  it("a lasting state said in degree after 'as' is the reason; 'while' still says when", async () => {
    const cramped = await taught(
      house,
      "Don't stop in the garage, as it's rather cramped and people bump into things.",
    );
    assert.deepEqual(read(cramped.rules as Rule[]), ["no_stop_in_room garage "], cramped.reply);
    const painted = await taught(house, "Don't stop in the pantry while it is being painted");
    assert.deepEqual(read(painted.rules as Rule[]), ["no_stop_in_room pantry text"], painted.reply);
  });
});
