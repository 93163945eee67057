/**
 * Swahili words Kenyan households mix into English: "hapana" (no), "sawa" (fine), "iko" (is),
 * "usiku" (at night), "mchana" (in the day). A room said fine by day and refused at night keeps its
 * ban at night. Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { tokenize } from "../../src/language/index.ts";
import { taught } from "../rules/taught.ts";

const words = (m: string) =>
  tokenize(m)
    .map((t) => t.w)
    .join(" ");
const house = { rooms: ["study", "veranda"], sceneId: "s1" };
const kept = (rules: Awaited<ReturnType<typeof taught>>["rules"]) =>
  rules.map((r) => [
    (r.requirement as { room?: string }).room,
    r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
    r.exceptions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind)),
  ]);

describe("Swahili words inside English", () => {
  it("are read as the English words they stand for", () => {
    assert.equal(words("study iko sawa mchana"), "study is ok in the day");
    assert.equal(words("usiku hapana"), "at night no");
  });

  it("keep a room out at night when it is fine by day", async () => {
    const { rules } = await taught(house, "veranda sawa mchana, lakini usiku hapana");
    assert.deepEqual(kept(rules), [["veranda", ["21-6"], []]]);
  });

  it("give a standing ban way at the hours said fine", async () => {
    const { rules } = await taught(house, "Keep out of the study.", "study iko sawa 10am to 4pm, usiku hapana kabisa");
    assert.deepEqual(kept(rules), [["study", [], ["10-16"]]]);
  });
});
