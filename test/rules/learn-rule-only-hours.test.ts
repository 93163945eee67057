/**
 * A stored ban narrowed to hours, named by its room and a word for a rule, however the verb of its
 * being in force is said: "the shed restriction applies 1800 to 2100 only", "the shed rule should
 * only hold after 6 pm". The ban in force takes the hours; nothing else changes. Sentences
 * written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["kitchen", "shed", "study"], sceneId: "s1" };
const hours = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    r.requirement,
    r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("a stored ban narrowed to hours", () => {
  it("takes the hours, with the verb after the hours or with a modal before it", async () => {
    for (const [said, window] of [
      ["Shed restriction applies 1800 to 2100 only. Over.", "18-21"],
      ["the shed rule should only hold after 6 pm", "18-6"],
      ["that shed ban must only apply between 9 and 11 pm", "21-23"],
    ]) {
      const { rules, reply } = await taught(house, "keep out of the shed", "never go in the study", said);
      assert.deepEqual(
        hours(rules),
        [
          [{ kind: "avoid_room", room: "shed" }, [window]],
          [{ kind: "avoid_room", room: "study" }, []],
        ],
        `${said}: ${reply}`,
      );
    }
  });
});
