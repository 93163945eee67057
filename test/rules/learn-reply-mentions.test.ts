/**
 * What every reply must mention: the room said tersely after a verb of telling ("tell room"), a
 * thing named in a clause said of the replies ("mention the weather in your answers"); and a
 * field added to the JSON rule beside "leave the rest as it is", which is no rule of its own.
 * Sentences written for this test, not taken from a set.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FOUND_ROOM } from "../../src/rules/types.ts";
import { taught } from "./taught.ts";

const house = { rooms: ["hall", "den"], sceneId: "s1" };

describe("the room said with no article after a verb of telling", () => {
  it("is the room the thing was found in", async () => {
    for (const m of ["Object found: say room too. Always.", "mention room always please"]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "mention", target: "reply", what: FOUND_ROOM }],
        m,
      );
    }
  });

  it("is read with its wh-word typed as it sounds, beside a ban said first", async () => {
    const m = "pls keep out the den, also tell me wut room u found it in";
    const { rules } = await taught(house, m);
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [
        { kind: "avoid_room", room: "den" },
        { kind: "mention", target: "reply", what: FOUND_ROOM },
      ],
    );
  });

  it("is no mention when a room is where something goes", async () => {
    const { rules } = await taught(house, "put the box in my room please");
    assert.ok(!rules.some((r) => r.requirement.kind === "mention"), JSON.stringify(rules));
  });
});

describe("a thing to mention in every reply", () => {
  it("is kept in the user's words", async () => {
    for (const [m, what] of [
      ["From now on mention the weather outside in all your answers.", "weather outside"],
      ["whenever you reply to me, say the time of arrival", "time of arrival"],
    ] as const) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "mention", target: "reply", what }],
        m,
      );
    }
  });

  it("is no reply rule when the replies are not named", async () => {
    const { rules } = await taught(house, "tell me the weather outside");
    assert.ok(!rules.some((r) => r.requirement.kind === "mention"), JSON.stringify(rules));
  });
});

describe("a field added, the rest left as it is", () => {
  it("adds the field and keeps no rule for the rest", async () => {
    const { rules } = await taught(
      house,
      "reply in json with the fields item and place",
      "On the json rule: add one extra key, seen_at, and leave item and place as they are.",
    );
    assert.deepEqual(
      rules.map((r) => r.requirement),
      [{ kind: "json_fields", target: "reply", fields: ["item", "place", "seen_at"] }],
    );
  });
});

describe("a question asking to be told the room, beside a when-clause of the search", () => {
  it("lasts when the thing found is any thing", async () => {
    for (const m of [
      "When you track down my things, could you say which room they were in?",
      "if u fetch stuff for me can u tell me what room it was in?",
    ]) {
      const { rules } = await taught(house, m);
      assert.deepEqual(
        rules.map((r) => r.requirement),
        [{ kind: "mention", target: "reply", what: FOUND_ROOM }],
        m,
      );
    }
  });

  it("is this result only when the thing found is the one in hand", async () => {
    const m = "When you find it, could you say which room it was in?";
    const { rules } = await taught(house, m);
    assert.deepEqual(rules, [], m);
  });
});
