/**
 * A change asked with its purpose said after "so" ("change the attic rule so it starts at 8pm",
 * "alter the garage one so that it ends at 7"): when the purpose's subject is the rule and its verb
 * moves an end of the rule's hours, it is the change itself, never cut off as a reason. A "so"
 * whose subject is another ("… so the baby sleeps until 7") is still a reason, and lends no hours.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { roomsAndHours, taught } from "./taught.ts";

const house = { rooms: ["attic", "garage", "pantry"], sceneId: "s1" };

describe("a purpose that moves an end of a rule's hours", () => {
  it("moves that end, the other kept", async () => {
    for (const [m, when] of [
      ["change the attic rule so it starts at 8pm instead", "20-6"],
      ["Could you alter the attic one so that it ends at 7?", "22-7"],
      ["attic ban: change it so it begins at 11pm", "23-6"],
    ] as const) {
      const { rules } = await taught(house, "Keep out of the attic from 10pm to 6am.", m);
      assert.deepEqual(roomsAndHours(rules), [{ room: "attic", when: [when] }], m);
    }
  });

  it("a purpose with a subject of its own stays a reason", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the attic from 10pm to 6am.",
      "keep out of the garage after 9 so the dog sleeps until 7",
    );
    assert.ok(
      !roomsAndHours(rules).some((r) => r.room === "garage" && r.when.includes("21-7")),
      JSON.stringify(roomsAndHours(rules)),
    );
  });
});
