/**
 * An obligation to tell lifted ("no need to tell me the room"): with its "to" left out, or with
 * the one who need not said before the verb ("no need tell me …", "no need you tell me …"), and
 * with the act's object set off before the clause as its topic ("the room it was in, you don't
 * have to tell me any more"), or said first in the message in a sentence of its own ("the room it was
 * in. you needn't tell me anymore"). Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["cellar", "study"], sceneId: "s1" };
const kinds = (rules: { requirement: { kind: string } }[]) => rules.map((r) => r.requirement.kind).sort();

describe("an obligation to tell lifted", () => {
  it("drops the mention with 'to' left out or the subject said", async () => {
    for (const m of [
      "no need tell me which room any more",
      "ok no need you tell me what room it was in",
      "No need for you to say the room anymore.",
    ]) {
      const { rules } = await taught(house, "Keep under 20 words.", "Tell me which room you found it in.", m);
      assert.deepEqual(kinds(rules), ["word_limit"], m);
    }
  });

  it("drops the mention named by a topic set off before the clause", async () => {
    for (const m of [
      "The room where it was, you don't have to tell me anymore.",
      "which room you find stuff in, no need you tell me now.",
      // the topic taken up by a pronoun as the act's object
      "The room it turned up in, you don't have to tell me that any more.",
      "what room my glasses were in, you do not have to tell me it anymore",
    ]) {
      const { rules } = await taught(house, "Keep under 20 words.", "Tell me which room you found it in.", m);
      assert.deepEqual(kinds(rules), ["word_limit"], m);
    }
  });

  it("drops the mention the message opened with, in a sentence or a part of its own", async () => {
    for (const m of [
      "Which room it turned up in. You needn't tell me anymore.",
      "The room you found them in, that's plenty. You don't have to tell me any more, just fetch them.",
    ]) {
      const { rules } = await taught(house, "Keep under 20 words.", "Tell me which room you found it in.", m);
      assert.deepEqual(kinds(rules), ["word_limit"], m);
    }
  });

  it("a room the message opened with is no mention to drop", async () => {
    const m = "The cellar. You don't need to tell me anymore.";
    const { rules } = await taught(house, "Never go in the cellar.", "Tell me which room you found it in.", m);
    assert.deepEqual(kinds(rules), ["avoid_room", "mention"], m);
  });

  it("a topic naming no rule drops nothing", async () => {
    for (const m of [
      "The weather, you don't have to tell me anymore.",
      "The weather, you don't have to tell me that.",
    ]) {
      const { rules } = await taught(house, "Tell me which room you found it in.", m);
      assert.deepEqual(kinds(rules), ["mention"], m);
    }
  });

  it("'no need' before anything but a verb of telling lifts nothing", async () => {
    const { rules } = await taught(house, "Tell me which room you found it in.", "no need to worry about it");
    assert.deepEqual(kinds(rules), ["mention"]);
  });
});
