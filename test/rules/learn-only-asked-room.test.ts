/**
 * A room said with "only" and the user asking, and no verb of going ("the loft is only for when I
 * call you"), read by the clause grammar: a ban with the asked exception beside whatever else the
 * message asks, and the exception added to a ban on the room in force. With a second room, or asked
 * as a question, nothing is kept. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["sunroom", "laundry", "loft"], sceneId: "s1" };
const read = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [r.requirement, r.persistence, r.exceptions.map((e) => e.kind), r.conditions]);

describe("a room only for when the user asks, said without a verb", () => {
  it("is a ban with the asked exception, beside another request in the message", async () => {
    const { rules } = await taught(
      house,
      "Never park in the laundry. And the sunroom is only for when I send for you.",
    );
    assert.deepEqual(read(rules), [
      [{ kind: "no_stop_in_room", room: "laundry" }, "persistent", [], []],
      [{ kind: "avoid_room", room: "sunroom" }, "persistent", ["instruction_mentions"], []],
    ]);
  });

  it("with a ban on the room in force, gives that ban the exception", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the loft.",
      "Thanks. The loft is only for when I call you, though.",
    );
    assert.deepEqual(read(rules), [[{ kind: "avoid_room", room: "loft" }, "persistent", ["instruction_mentions"], []]]);
  });

  it("with two rooms, or as a question, keeps nothing", async () => {
    for (const m of ["the loft is only for when I call you, and the sunroom too", "is the loft only for when I ask?"]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(rules, [], m);
    }
  });
});
