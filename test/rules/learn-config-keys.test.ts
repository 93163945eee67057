/**
 * Rules written the way a programmer writes config: a snake_case key is its words ("no_entry" is a
 * sign's "no entry", never a room called the entry), a sign said before its room bans that room as
 * it does after it, and a reply's field keeps its name as written ("found_room"), quoted or not.
 * Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["workshop", "boot room", "Priya's room", "entrance hall", "attic"], sceneId: "s7" };
const rooms = (rules: { requirement: { kind: string; room?: string } }[]) =>
  rules.flatMap((r) => (r.requirement.kind === "avoid_room" ? [r.requirement.room] : []));
const fields = (rules: { requirement: { kind: string; fields?: string[] } }[]) =>
  rules.flatMap((r) => (r.requirement.kind === "json_fields" ? (r.requirement.fields ?? []) : []));

describe("a snake_case key and a sign before its room", () => {
  it("bans the room the sign is put on, never an entrance", async () => {
    for (const m of [
      "attic: no_entry, always",
      "no_entry: Priya's room, permanently",
      "no entry - the workshop, from now on",
    ]) {
      const { rules } = await taught(house, m);
      assert.equal(rules.length, 1, m);
      assert.notDeepEqual(rooms(rules), ["entrance hall"], m);
      assert.ok(["attic", "priyas room", "workshop"].includes(rooms(rules)[0] ?? ""), `${m}: ${rooms(rules)}`);
    }
  });

  it("a sign after a comma is still a reason's neighbour, not a room list", async () => {
    const { rules } = await taught(house, "boot room: no entry, paint drying");
    assert.deepEqual(rooms(rules), ["boot room"]);
  });
});

describe("a field named in snake_case", () => {
  it("keeps its name as written", async () => {
    for (const [m, want] of [
      ["always answer in json with fields seen_in and item_name", ["seen_in", "item_name"]],
      ["from now on reply as json with the keys 'where_seen' and 'what'", ["where_seen", "what"]],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(fields(rules), want, m);
    }
  });
});
