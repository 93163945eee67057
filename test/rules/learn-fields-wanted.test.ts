/**
 * After a JSON reply asked for, the speaker wanting keys or fields by name ("…, we need the
 * fields room and object") names the reply's fields; wanting anything else names none, and
 * wanting keys with no JSON asked for is no reply format. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-fields", rooms: ["den", "garage"] };
const fields = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : r.requirement.kind));

describe("fields the speaker wants", () => {
  it("are the JSON reply's fields", async () => {
    for (const [said, want] of [
      ["reply in json, we need the fields room and object", ["room", "object"]],
      ["json answers from now on, i would like the keys found and room", ["found", "room"]],
    ] as const) {
      const { rules } = await taught(house, said);
      assert.deepEqual(fields(rules), [want], said);
    }
  });

  it("are none when what is wanted is no field, or no JSON was asked for", async () => {
    assert.deepEqual(fields((await taught(house, "answer in json, i need the den tidied")).rules), [[]]);
    assert.deepEqual((await taught(house, "i need the keys to the garage")).rules, []);
  });
});
