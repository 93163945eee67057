/**
 * A request softened, not doubted: "could you perhaps …" asks politely, and "I guess" said after
 * what is asked concedes it. Both are kept. Said first ("I suppose you could …"), or with doubt
 * said outright, the request is still asked back. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["sunroom", "cellar", "hall"], sceneId: "s1" };

describe("a softened request", () => {
  it("'could you perhaps' before the request keeps it", async () => {
    const { rules } = await taught(house, "Would you perhaps keep out of the sunroom from now on?");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "avoid_room", room: "sunroom" }],
    );
  });

  it("'I guess' after the request concedes it", async () => {
    const { rules } = await taught(
      house,
      "Keep out of the sunroom.",
      "ok you can go into the sunroom in the daytime, I guess, just never at night.",
    );
    assert.equal(rules.length, 1);
    assert.deepEqual(
      rules[0].conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
      [[21, 6]],
    );
  });

  it("'I suppose' said first, or doubt outright, is still asked", async () => {
    for (const m of ["I suppose you could keep out of the sunroom", "could you perhaps avoid the hall? not sure"]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules, [], m);
      assert.match(reply, /\?/, m);
    }
  });
});
