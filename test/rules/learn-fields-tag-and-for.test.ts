/**
 * A JSON reply's fields named after "fields for" ("with fields for colour and room") are those
 * fields, and a tag asking for agreement after the list ("…, ok?") is no field. Sentences written
 * for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { sceneId: "s-fields-for", rooms: ["den", "garage"] };
const fields = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => (r.requirement.kind === "json_fields" ? r.requirement.fields : r.requirement.kind));

describe("fields after 'fields for'", () => {
  it("are the names listed", async () => {
    for (const [said, want] of [
      ["send your replies as json with fields for colour and room", ["colour", "room"]],
      ["answers in json please, with fields for the owner and the spot", ["owner", "spot"]],
    ] as const) {
      const { rules } = await taught(house, said);
      assert.deepEqual(fields(rules), [want], said);
    }
  });

  it("are none where a clause follows 'for'", async () => {
    const { rules } = await taught(house, "json replies with a field for whether you saw it");
    assert.ok(!fields(rules).flat().includes("whether"), JSON.stringify(rules));
  });
});

describe("a tag asking for agreement after the list", () => {
  it("is no field", async () => {
    for (const said of ["json answers with owner and room, yeah?", "answer me in json with thing and room, can?"]) {
      const { rules } = await taught(house, said);
      const got = fields(rules).flat();
      assert.ok(got.includes("room"), `${said}: ${JSON.stringify(got)}`);
      for (const tag of ["yeah", "can"]) assert.ok(!got.includes(tag), `${said}: ${JSON.stringify(got)}`);
    }
  });
});
