/**
 * A permission for a banned room "whenever" the robot wishes, in any of the ways a wish is said,
 * lifts the ban; said with words for when that are not read, it is asked back and the ban stays,
 * never kept as a ban with a free-text exception. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["study", "cellar", "den"], sceneId: "s1" };
const rooms = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [(r.requirement as { room?: string }).room, r.exceptions.length, r.conditions.length]);

describe("a permission at the robot's wish", () => {
  it("said with a wish lifts the ban", async () => {
    for (const m of [
      "the cellar is safe now, pop in whenever you fancy",
      "you may use the den any time you see fit from now on",
      "you can go back into the study whenever you have a mind to",
      "feel free to enter the cellar whenever you feel like it",
    ]) {
      const room = m.includes("cellar") ? "cellar" : m.includes("den") ? "den" : "study";
      const { rules } = await taught(house, `Stay out of the ${room}.`, m);
      assert.deepEqual(rules, [], m);
    }
  });

  it("said with unread words about the robot is asked, and the ban stays as it was", async () => {
    for (const m of [
      "you can go in the study whenever you are in the right frame for it",
      "the den is fine any time you reckon it suits",
    ]) {
      const room = m.includes("den") ? "den" : "study";
      const { rules, reply } = await taught(house, `Stay out of the ${room}.`, m);
      assert.deepEqual(rooms(rules), [[room, 0, 0]], m);
      assert.match(reply, /\?/, m);
    }
  });
});
