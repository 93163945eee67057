/**
 * A new value said to be enough ("so 9 to 11 would suffice", "twelve words will do", "8 till 10
 * is plenty") revises the one rule in force it fits, as "make that …" does; with no rule in
 * force, or several it could fit, it is asked. "that will do" with no value changes nothing.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { taught } from "./taught.ts";

const house = { rooms: ["snug", "boot room", "workshop"], sceneId: "s1" };
const hours = (r: { conditions: { kind: string; fromHour?: number; toHour?: number }[] }) =>
  r.conditions.map((c) => (c.kind === "time" ? `${c.fromHour}-${c.toHour}` : c.kind));

describe("a new value said to be enough", () => {
  it("revises the hours of the one ban in force", async () => {
    const t = await taught(
      house,
      "please keep out of the workshop from 8 to 12",
      "Having thought again, the glue dries faster than I feared, so 8 till 10 would suffice.",
    );
    assert.deepEqual(
      t.rules.map((r) => [r.requirement, hours(r)]),
      [[{ kind: "avoid_room", room: "workshop" }, ["8-10"]]],
      t.reply,
    );
  });

  it("revises the one word limit in force", async () => {
    const t = await taught(house, "keep your answers under 40 words", "honestly twelve words will do");
    assert.deepEqual(
      t.rules.map((r) => r.requirement),
      [{ kind: "word_limit", target: "reply", maxWords: 12 }],
      t.reply,
    );
  });

  it("with no rule, or with no value, keeps nothing new", async () => {
    const none = await taught(house, "9 to 11 is plenty");
    assert.deepEqual(none.rules, [], none.reply);
    const done = await taught(house, "stay out of the snug after 9pm", "that will do, thank you");
    assert.deepEqual(
      done.rules.map((r) => [r.requirement, hours(r)]),
      [[{ kind: "avoid_room", room: "snug" }, ["21-6"]]],
      done.reply,
    );
  });
});
