/**
 * A room said as the topic of a permission with its subject left out ("study can go, but not
 * after 9pm"), as speakers of topic-first languages say it, is read as the fronted room with "you":
 * the hours left out of the permission are the ban's. A room not of the house, or words before the
 * modal that are more than a room, are left as typed. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { withTopicSubject } from "../../src/language/index.ts";
import { tokenize } from "../../src/language/tokens.ts";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["study", "balcony", "music room"], sceneId: "s1" };
const words = (m: string) => withTopicSubject(tokenize(m), house.rooms).map((t) => t.w);

describe("a room's permission with its subject left out", () => {
  for (const [m, when] of [
    ["study can go, but not after 9pm", ["21-6"]],
    ["music room can go any time except 2 to 4 in the afternoon. baby naps", ["14-16"]],
  ] as const) {
    it(`bans the hours left out: ${m}`, async () => {
      const { rules, reply } = await taught(house, m);
      const room = m.startsWith("study") ? "study" : "music room";
      assert.deepEqual(roomsAndHours(rules), [{ room, when: [...when] }], reply);
    });
  }

  it("puts the listener in only after a whole room of the house", () => {
    assert.deepEqual(words("balcony can go"), ["balcony", "you", "can", "go"]);
    assert.deepEqual(words("the kids can go outside"), ["the", "kids", "can", "go", "outside"]);
    assert.deepEqual(words("my balcony door can go"), ["my", "balcony", "door", "can", "go"]);
  });
});
