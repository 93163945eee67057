/**
 * Thanks said in another language or as "cheers" / "much appreciated", with a remark on how it
 * went ("merci, that was fast!"): praise, no correction, nothing asked back. Sentences written for
 * this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { learn } from "../../src/rules/learn/offline-learner.ts";

const ctx = { rooms: ["den"], sceneId: "s1" };

describe("thanks in other words", () => {
  it("is no correction", () => {
    for (const m of [
      "Merci, that was fast!",
      "cheers, that was quick",
      "Asante, that was quick!",
      "gracias, that was speedy",
    ]) {
      const out = learn(m, [], ctx);
      assert.equal(out.signal, false, m);
      assert.deepEqual(out.items, [], m);
    }
  });
});

describe("thanks in other words closing a ban and its reason", () => {
  it("closes the message: the reason between them stays the reason, never a condition", () => {
    const rooms = ["den", "studio", "pantry", "loft"];
    for (const [m, room, from, to] of [
      ["in the mornings keep out of the studio, i am paint after the late shift, gracias", "studio", 6, 12],
      ["dont go in the loft after 9pm, my son he sleep there since the night bus, danke", "loft", 21, 6],
      ["never enter the pantry in the evenings, the dough is rising, asante", "pantry", 17, 21],
    ] as const) {
      const out = learn(m, [], { rooms, sceneId: "s1" });
      assert.equal(out.items.length, 1, m);
      const d = out.items[0].draft;
      assert.equal(out.items[0].decision, "add", m);
      assert.deepEqual(d?.requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(
        d?.conditions.map((c) => (c.kind === "time" ? [c.fromHour, c.toHour] : c.kind)),
        [[from, to]],
        m,
      );
    }
  });
});
