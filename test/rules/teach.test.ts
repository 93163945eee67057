import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checked, presented } from "../../src/rules/library.ts";
import { SqliteRuleLibrary } from "../../src/rules/sqlite-library.ts";
import { teach } from "../../src/rules/teach.ts";

describe("teach: learn, compile, store", () => {
  it("a conversation of corrections over sessions", async () => {
    const lib = new SqliteRuleLibrary(":memory:");
    const ctx = { sceneId: "house_1", at: 1 };
    const a = await teach(lib, "u1", "In this house, stay out of the garage.", ctx);
    assert.equal(a.items[0].decision, "add");
    assert.equal(a.items[0].ruleId, "R1");
    assert.equal(a.write?.libraryVersion, 1);

    const again = await teach(lib, "u1", "I told you: in this house, keep out of the garage!", ctx);
    assert.equal(again.items[0].decision, "reuse");
    assert.equal(again.write, undefined, "reuse writes nothing");

    const local = await teach(lib, "u1", "Skip the kitchen just for now", ctx);
    assert.equal(local.items[0].decision, "task_local");
    assert.equal(local.taskLocal[0].requirement.kind, "avoid_room");
    assert.equal(local.write, undefined);

    await teach(lib, "u1", "always be careful", ctx);
    await teach(lib, "u1", "Don't go in the office when I have guests", ctx);
    const s = await lib.snapshot("u1");
    assert.deepEqual(
      s.rules.map((r) => [r.ruleId, r.check.kind]),
      [
        ["R1", "programmatic"],
        ["R2", "inactive"],
        ["R3", "guidance"],
      ],
    );
    assert.deepEqual(
      presented(s).map((r) => r.ruleId),
      ["R1", "R3"],
      "inactive rules are not presented",
    );
    assert.deepEqual(
      checked(s).map((r) => r.ruleId),
      ["R1"],
    );

    // another house: the same words make a second rule for that house
    const b = await teach(lib, "u1", "In this house, stay out of the garage.", { sceneId: "house_2", at: 2 });
    assert.equal(b.items[0].decision, "add");
    const gone = await teach(lib, "u1", "You can go into the garage again.", { sceneId: "house_2", at: 3 });
    assert.deepEqual(
      gone.items.map((i) => i.decision),
      ["retract", "retract"],
    );
    await lib.close();
  });
});
