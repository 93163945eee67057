/**
 * "Answer in JSON. Keys: item, place.": a list of fields said after a colon, in a sentence with no
 * verb of its own, is the JSON rule's, for as long as that rule is kept; so is a list after a
 * count of the fields ("exactly two keys: …"). Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["hall"], sceneId: "s1" };

describe("fields listed after a colon", () => {
  it("are the JSON rule's fields", async () => {
    const { rules } = await taught(house, "From now on answer in JSON. Keys: item, place.");
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "json_fields", target: "reply", fields: ["item", "place"] }],
    );
  });

  it("are the fields after a count of them, not the count's words", async () => {
    for (const m of [
      "Always answer in JSON with precisely three keys: item, place, sure.",
      "json from now on please, with only two fields - item and place",
    ]) {
      const { rules } = await taught(house, m);
      const fields = rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : []));
      assert.ok(
        fields.length === 1 && fields[0].includes("item") && fields[0].includes("place"),
        `${m}: ${JSON.stringify(fields)}`,
      );
      assert.ok(!fields[0].some((f) => ["precisely", "three", "only", "two"].includes(f)), JSON.stringify(fields));
    }
  });

  it("last only as long as the JSON rule does", async () => {
    const { rules } = await taught(house, "For this one only, answer in JSON. Fields: item, place.");
    assert.deepEqual(rules, []);
  });
});

describe("'when' closing a list of fields", () => {
  it("is a field's name, as 'where' is", async () => {
    for (const m of [
      "From now on reply in JSON: item, where, when.",
      "always answer me in json with item, place and when",
    ]) {
      const { rules } = await taught(house, m);
      const fields = rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : []));
      assert.equal(fields.length, 1, m);
      assert.ok(fields[0].includes("when") && fields[0].includes("item"), m);
    }
  });

  it("with words after it opens a condition, no field", async () => {
    const { rules } = await taught(house, "answer in JSON with item and place when I ask for it");
    const fields = rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : []));
    assert.ok(!fields.flat().includes("when"));
  });
});
