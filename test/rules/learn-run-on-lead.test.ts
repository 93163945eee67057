/**
 * A lead that says when or why, run into its request without a comma, as a voice message types it
 * ("unless the vet is here do not go in the barn"): the request starts at its "do not" / "never",
 * and the lead stays what it was, a condition or a reason, never a rule of its own. A "do not"
 * that is the lead's own verb ("if you do not mind …") cuts nothing. Sentences written for this
 * test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["barn", "pantry", "sewing room", "loft"], sceneId: "s1" };

describe("a lead run into its request without a comma", () => {
  it("reads the ban after a reason said first, with no condition", async () => {
    for (const [m, room] of [
      ["ever since the roof leaked dont go up into the loft", "loft"],
      ["since the floor got waxed never go in the pantry ok", "pantry"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      const [r] = rules;
      assert.equal(r.requirement.kind === "avoid_room" && r.requirement.room, room, m);
      assert.equal(r.conditions.length, 0, m);
    }
  });

  it("keeps a condition or exception said first on the ban", async () => {
    for (const m of [
      "unless the vet is here dont go in the barn",
      "when grandma is sewing do not go in the sewing room",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      const [r] = rules;
      assert.equal(r.requirement.kind, "avoid_room", m);
      assert.equal(r.conditions.length + r.exceptions.length, 1, m);
    }
  });

  it("cuts nothing where the lead's own verb is negated", async () => {
    const { rules } = await taught(house, "if the dogs do not settle do not go in the barn");
    assert.equal(rules.length, 1);
    const [r] = rules;
    assert.equal(r.requirement.kind === "avoid_room" && r.requirement.room, "barn");
    assert.equal(r.conditions.length, 1);
    assert.match(r.conditions[0].quote ?? "", /settle/);
  });
});

describe("a when-lead after 'and', run into the directive it belongs to", () => {
  it("opens a request of its own: a ban, then a reply rule, each kept", async () => {
    for (const m of [
      "never go up in the loft and when you find my glasses tell me which room they were in",
      "dont go in the barn ever and then when u find my things say which room ok",
    ]) {
      const { rules, reply } = await taught(house, m);
      assert.deepEqual(rules.map((r) => r.requirement.kind).sort(), ["avoid_room", "mention"], `${m}: ${reply}`);
      assert.ok(
        rules.every((r) => r.conditions.length === 0),
        m,
      );
    }
  });

  it("cuts nothing where the lead goes on to a consequence with 'so'", async () => {
    const m =
      "this time only because the quilts are drying in the sewing room and if you brush them they fall so dont go in there";
    const { rules, reply } = await taught(house, m);
    assert.equal(rules.length, 0, reply);
    assert.match(reply, /sewing room/);
    assert.doesNotMatch(reply, /brush/);
  });

  it("keeps a real condition on the directive after it", async () => {
    const { rules } = await taught(
      house,
      "never go in the barn and when the baby is sleeping keep out of the sewing room",
    );
    const sewing = rules.find((r) => r.requirement.kind === "avoid_room" && r.requirement.room === "sewing room");
    assert.ok(sewing && sewing.conditions.length === 1);
    assert.ok(rules.some((r) => r.requirement.kind === "avoid_room" && r.requirement.room === "barn"));
  });
});
