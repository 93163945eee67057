/**
 * A behaviour in the user's own words beside another act of the same message is asked, never
 * kept: it may only restate, loosen or explain the other part ("lift the limit, talk as long as you
 * like"). Alone it is the request and is kept. And a speaker who says by name that they do not
 * know ("Nana don't know") hedges what they asked. Sentences written for this test.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["porch", "loft", "snug"], sceneId: "s1" };
const kinds = (rules: { requirement: { kind: string } }[]) => rules.map((r) => r.requirement.kind);

describe("a behaviour in the user's words", () => {
  it("beside a retraction is asked, not kept", async () => {
    const { rules, reply } = await taught(
      house,
      "Please keep your answers under 15 words.",
      "lift the word limit, talk as long as you need",
    );
    assert.deepEqual(kinds(rules), [], reply);
    assert.match(reply, /talk as long as you need/);
  });

  it("beside a ban is asked, not kept", async () => {
    const { rules, reply } = await taught(house, "Keep out of the loft. Ask Priya.");
    assert.ok(!kinds(rules).includes("behavior"), reply);
    assert.match(reply, /Ask Priya/);
  });

  it("alone is the request, and kept", async () => {
    const { rules } = await taught(house, "Always announce yourself before entering a room.");
    assert.deepEqual(kinds(rules), ["behavior"]);
  });
});

describe("doubt said by the speaker's own name", () => {
  it("makes a softened ban a question", async () => {
    const { rules, reply } = await taught(house, "Maybe you no go on the porch. Nana don't know.");
    assert.deepEqual(rules, [], reply);
    const firm = await taught(house, "Keep out of the snug. They don't know the way.");
    assert.deepEqual(kinds(firm.rules), ["avoid_room"], firm.reply);
  });
});
