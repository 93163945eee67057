/**
 * A house label with a name's accents ("Zoë's room", "Ngozi's room", "Ông's room") is the room
 * whether the user types the accents or leaves them out, and the rule keeps the house's spelling.
 * Names written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { matchRoom } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const labels = ["Zoë's room", "Ông's room", "José's office", "kitchen"];

describe("a room named after someone whose name has accents", () => {
  it("matches the house label with or without the accents", () => {
    assert.deepEqual(matchRoom(["zoë", "'s", "room"], labels), { room: "zoës room", words: 3 });
    assert.deepEqual(matchRoom(["zoe", "'s", "room"], labels), { room: "zoës room", words: 3 });
    assert.deepEqual(matchRoom(["jose", "'s", "office"], labels), { room: "josés office", words: 3 });
    assert.deepEqual(matchRoom(["ông", "'s", "room"], labels), { room: "ôngs room", words: 3 });
  });

  it("is the room a ban keeps", async () => {
    const { rules } = await taught({ rooms: labels, sceneId: "s1" }, "Please stay out of Ong's room when he naps.");
    assert.deepEqual(
      rules.map((r) => ("room" in r.requirement ? r.requirement.room : "")),
      ["ôngs room"],
    );
  });
});
