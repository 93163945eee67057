/**
 * The deterministic learner on general English phrasings: times of day said many ways (clock
 * ranges, am/pm given once, noon and midnight, "once it gets dark", "late in the evening"), a
 * permission to pass through a room that comes with a rule about stopping ("... but don't
 * stop there"), word limits with number words, asking for the room something was found in,
 * and JSON fields listed without quotes. Every sentence here is written for this file; each
 * quote the learner keeps must be verbatim from the message.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileRule } from "../../src/rules/compile.ts";
import { type LearnItem, type LearnOutcome, learn } from "../../src/rules/learn/offline-learner.ts";
import { FOUND_ROOM, type RuleDraft, type RuleVersion } from "../../src/rules/types.ts";

const ctx = { sceneId: "house_3", at: 2_000 };
const STORED = new Set(["add", "reuse", "revise", "replace"]);

function verbatim(message: string, o: LearnOutcome): void {
  for (const item of o.items) {
    const d = item.draft;
    if (!d) continue;
    assert.ok(message.includes(d.statement), `statement verbatim: ${d.statement}`);
    for (const q of d.quotes) assert.ok(message.includes(q), `quote verbatim: ${q}`);
    for (const c of [...d.conditions, ...d.exceptions])
      assert.ok(message.includes(c.quote), `condition quote verbatim: ${c.quote}`);
  }
}

/** the one rule the message stores; nothing else but nothing_to_retract-free, unclear-free items */
function stored(message: string, rules: RuleVersion[] = []): LearnItem {
  const o = learn(message, rules, ctx);
  verbatim(message, o);
  const items = o.items.filter((i) => STORED.has(i.decision));
  assert.equal(items.length, 1, `${message}: ${JSON.stringify(o.items.map((i) => [i.decision, i.reason]))}`);
  assert.deepEqual(
    o.items.filter((i) => i.decision === "unclear" || i.decision === "nothing_to_retract"),
    [],
    `${message}: nothing unclear`,
  );
  assert.equal(items[0].persistence, "persistent", message);
  return items[0];
}

const hours = (d: RuleDraft | undefined, which: "conditions" | "exceptions" = "conditions") =>
  (d?.[which] ?? []).flatMap((c) => (c.kind === "time" ? [[c.fromHour, c.toHour % 24]] : []));

async function version(draft: RuleDraft, ruleId = "R1"): Promise<RuleVersion> {
  return {
    userId: "u1",
    ruleId,
    version: 1,
    versionId: `${ruleId}@1`,
    libraryVersion: 1,
    change: "add",
    status: "active",
    createdAt: 1,
    rule: draft,
    check: await compileRule(draft),
  };
}

describe("learner phrasings: times of day", () => {
  const cases: [string, string, [number, number]][] = [
    // the dark, the late evening
    ["Keep out of the garage when it gets dark.", "garage", [21, 6]],
    ["After sunset, don't go into the laundry room.", "laundry room", [21, 6]],
    ["Stay out of the kitchen late in the evenings.", "kitchen", [21, 6]],
    // a part of the day named after the hour: one window, not two
    ["Don't go in the kitchen after 10 at night.", "kitchen", [22, 6]],
    ["Please avoid the garage after eight in the evening.", "garage", [20, 6]],
    ["Don't go into the office after 9", "office", [21, 6]],
    // ranges, am/pm said once
    ["Avoid the living room between 7 and 10 pm.", "living room", [19, 22]],
    ["The office is off limits from 8 pm to 7 am.", "office", [20, 7]],
    ["Stay out of the garage from 11 at night till 6.", "garage", [23, 6]],
    ["Between noon and 5, keep away from the study.", "study", [12, 17]],
    ["Stay away from the den between 10 pm and midnight.", "family room", [22, 0]],
    ["Stay out of the basement between 9 and 5.", "basement", [9, 17]],
    // before / until
    ["Don't go into the bedroom until noon.", "bedroom", [6, 12]],
    ["Never enter the bathroom until 8 am.", "bathroom", [0, 8]],
    // fronted, with the rest of the sentence after a comma
    ["In the early evening, keep away from the basement.", "basement", [17, 21]],
    ["Once the sun goes down, never set foot in the garage.", "garage", [21, 6]],
    ["Keep away from the garage after dusk.", "garage", [21, 6]],
    ["From now on, the basement is off limits once the sun's down.", "basement", [21, 6]],
    ["Stay out of the den in the small hours.", "family room", [0, 6]],
    ["Don't go into the garage at 9 pm or later.", "garage", [21, 6]],
    ["From 10 pm onwards, stay out of the office.", "office", [22, 6]],
  ];
  for (const [message, room, window] of cases) {
    it(message, () => {
      const i = stored(message);
      assert.deepEqual(i.draft?.requirement, { kind: "avoid_room", room });
      assert.deepEqual(hours(i.draft), [window]);
      assert.deepEqual(i.draft?.exceptions, []);
    });
  }

  it("what only people know is kept as a condition, never guessed into hours", () => {
    for (const [m, room] of [
      ["Keep out of the bedroom while I'm asleep.", "bedroom"],
      ["Stay out of the nursery before lunchtime.", "nursery"],
      ["At bedtime, stay out of the bedroom.", "bedroom"],
    ]) {
      const i = stored(m);
      assert.deepEqual(i.draft?.requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual(hours(i.draft), [], m);
      assert.deepEqual(
        i.draft?.conditions.map((c) => c.kind),
        ["text"],
        m,
      );
    }
  });

  it("a fronted window keeps the house and the 'unless I send you' exception of the rest", () => {
    const i = stored("After 10 pm, steer clear of the office in this house, unless I send you there.");
    assert.deepEqual(i.draft?.requirement, { kind: "avoid_room", room: "office" });
    assert.deepEqual(hours(i.draft), [[22, 6]]);
    assert.equal(i.draft?.scope, "scene:house_3");
    assert.deepEqual(
      i.draft?.exceptions.map((c) => c.kind),
      ["instruction_mentions"],
    );
  });

  it("a part of the day narrows a clock time, and the clock time the part of the day", () => {
    const cases: [string, [number, number]][] = [
      ["Don't go in the garage at night after 10.", [22, 6]],
      ["In the evening, between 6 and 8, stay out of the kitchen.", [18, 20]],
      ["At night, between 10 and 6, stay out of the kitchen.", [22, 6]],
      ["Stay out of the garage in the afternoon after 3.", [15, 17]],
      ["Keep away from the office in the mornings before 10.", [6, 10]],
    ];
    for (const [m, window] of cases) assert.deepEqual(hours(stored(m).draft), [window], m);
  });

  it("a window after 'except' is an exception", () => {
    const i = stored("Stay out of the garage, except between 6 am and noon.");
    assert.deepEqual(hours(i.draft), []);
    assert.deepEqual(hours(i.draft, "exceptions"), [[6, 12]]);
  });

  it("two parts of the day are two windows: either holds, so each is a rule", () => {
    const m = "From now on, don't go into the kitchen late at night or early in the morning.";
    const o = learn(m, [], ctx);
    verbatim(m, o);
    assert.deepEqual(
      o.items.map((i) => [i.decision, i.draft?.requirement, hours(i.draft)]),
      [
        ["add", { kind: "avoid_room", room: "kitchen" }, [[21, 6]]],
        ["add", { kind: "avoid_room", room: "kitchen" }, [[6, 12]]],
      ],
    );
  });

  it("numbers that are no hours are no windows", () => {
    const i = stored("Keep replies up to 20 words.");
    assert.deepEqual(i.draft?.requirement, { kind: "word_limit", target: "reply", maxWords: 20 });
    assert.deepEqual(i.draft?.conditions, []);
  });
});

describe("learner phrasings: pass through, but don't stop there", () => {
  const cases: [string, string, [number, number][]][] = [
    ["Feel free to pass through the kitchen, just don't park there.", "kitchen", []],
    ["You may cross the living room, but never stop there after 9 pm.", "living room", [[21, 6]]],
    ["It's fine to walk through the hallway, but don't wait in there in the mornings.", "hallway", [[6, 12]]],
    ["You can drive through the garage; just don't stop in it.", "garage", []],
    ["Go through the office if you must, but don't end up there in the evening.", "office", [[17, 21]]],
    ["You can pass through the den as long as you don't linger there.", "family room", []],
    ["You can go through the bedroom, just not stop there.", "bedroom", []],
    ["Walk through the bedroom if needed, but no stopping there.", "bedroom", []],
    // the hours said before the permission are the hours of the rule
    ["In the small hours, you may cross the hallway, but don't wait there.", "hallway", [[0, 6]]],
    ["After 10 pm you're free to go through the den, just don't stop in it.", "family room", [[22, 6]]],
  ];
  for (const [message, room, windows] of cases) {
    it(message, () => {
      const o = learn(message, [], ctx);
      assert.deepEqual(
        o.items.map((i) => i.decision),
        ["add"],
        `${message}: ${JSON.stringify(o.items.map((i) => [i.decision, i.reason]))}`,
      );
      const i = stored(message);
      assert.deepEqual(i.draft?.requirement, { kind: "no_stop_in_room", room });
      assert.equal(i.draft?.stage, "pre_action");
      assert.deepEqual(hours(i.draft), windows);
      assert.deepEqual(i.draft?.exceptions, []);
    });
  }

  it("'there' / 'it' is the room named in the sentence before", () => {
    const i = stored("Why were you in the garage? Stay out of there at night.");
    assert.deepEqual(i.draft?.requirement, { kind: "avoid_room", room: "garage" });
    assert.deepEqual(hours(i.draft), [[21, 6]]);
    const j = stored("Hey, I noticed you went into the laundry room. Please keep out of it after 10 pm.");
    assert.deepEqual(j.draft?.requirement, { kind: "avoid_room", room: "laundry room" });
    assert.deepEqual(hours(j.draft), [[22, 6]]);
  });

  it("the permission to pass may come after the rule, with no room of its own", () => {
    for (const m of [
      "Don't stop in the bedroom; passing through is fine.",
      "Don't linger in the office. Passing through it is okay.",
    ]) {
      const o = learn(m, [], ctx);
      assert.deepEqual(
        o.items.map((i) => [i.decision, i.draft?.requirement.kind]),
        [["add", "no_stop_in_room"]],
        m,
      );
    }
  });

  it("with a rule to stay out of the room, the permission lifts it; a rule not to stop is kept", async () => {
    const message = "You're allowed to go through the bedroom, but don't stop there.";
    const avoid = await version(learn("Stay out of the bedroom.", [], ctx).items[0].draft!);
    const o = learn(message, [avoid], ctx);
    assert.deepEqual(
      o.items.map((i) => [i.decision, i.ruleId, i.draft?.requirement.kind]),
      [
        ["retract", "R1", undefined],
        ["add", undefined, "no_stop_in_room"],
      ],
    );
    const noStop = await version(learn("Don't stop in the bedroom.", [], ctx).items[0].draft!, "R2");
    const again = learn(message, [noStop], ctx);
    assert.deepEqual(
      again.items.map((i) => [i.decision, i.ruleId]),
      [["reuse", "R2"]],
    );
  });
});

describe("learner phrasings: word limits with number words", () => {
  const cases: [string, number][] = [
    ["Keep your answers to a dozen words at the most.", 12],
    ["Fifteen words, tops.", 15],
    ["Don't use more than a dozen words.", 12],
    ["No reply longer than twelve words.", 12],
    ["I want a 12-word limit on replies.", 12],
    ["Your replies should be twenty-five words or fewer.", 25],
    ["Thirty one words at most, please.", 31],
    ["Answers of at the most ten words from now on.", 10],
    ["Keep it under half a dozen words.", 5],
    ["Cut your replies down to twelve words.", 12],
    ["Twelve words is plenty.", 12],
    ["I only want a few words, say ten at most.", 10],
    ["Reply in a dozen or fewer words.", 12],
    ["Fifteen words, no more.", 15],
  ];
  for (const [message, max] of cases) {
    it(message, () => {
      const i = stored(message);
      assert.deepEqual(i.draft?.requirement, { kind: "word_limit", target: "reply", maxWords: max });
      assert.equal(i.draft?.stage, "delivery");
    });
  }
});

describe("learner phrasings: the room something was found in", () => {
  const cases = [
    "Whenever you bring something back, say which room you got it from.",
    "In future, include the room the thing was in.",
    "Once you locate an item, let me know what room it was in.",
    "I'd like to be told which room you found it in.",
    "When you report back, mention which room it was in.",
    "I need to know which room things were in, so tell me.",
    "Add the room name to your answer.",
    "Where was it? You need to tell me the room.",
  ];
  for (const message of cases) {
    it(message, () => {
      const i = stored(message);
      assert.deepEqual(i.draft?.requirement, { kind: "mention", target: "reply", what: FOUND_ROOM });
      assert.equal(i.draft?.stage, "delivery");
      assert.deepEqual(i.draft?.conditions, []);
    });
  }

  it("a question about this task stores nothing", () => {
    for (const m of ["Can you tell me which room it was in?", "Tell me which room you're going to search first."]) {
      const o = learn(m, [], ctx);
      assert.deepEqual(
        o.items.filter((i) => STORED.has(i.decision)),
        [],
        m,
      );
    }
  });
});

describe("learner phrasings: JSON fields without quotes", () => {
  const cases: [string, string[]][] = [
    ["Send your reply as JSON with found, room, and object.", ["found", "room", "object"]],
    ["From now on, reply in JSON containing found and room.", ["found", "room"]],
    ["JSON please, with found and room.", ["found", "room"]],
    ["I want a JSON object that has found, room and object in it.", ["found", "room", "object"]],
    ["Reply in JSON with found and room and nothing else.", ["found", "room"]],
    ["Format your answer as JSON including found & room.", ["found", "room"]],
    ["Put found and room in a JSON object.", ["found", "room"]],
    ["Reply with a JSON object with two fields, found and room.", ["found", "room"]],
    ["Use JSON like {found, room, object} from now on.", ["found", "room", "object"]],
    ["JSON format with found, room and object as keys.", ["found", "room", "object"]],
    // the fields in the next sentence
    ["Use JSON. Include found and room.", ["found", "room"]],
    ["Answer in JSON from now on. The keys should be found, room and object.", ["found", "room", "object"]],
  ];
  for (const [message, fields] of cases) {
    it(message, () => {
      const i = stored(message);
      assert.deepEqual(i.draft?.requirement, { kind: "json_fields", target: "reply", fields });
    });
  }

  it("words after 'with' that are no list of names are no fields", () => {
    for (const m of ["Answer in JSON with no extra text.", "Reply with JSON."]) {
      const i = stored(m);
      assert.deepEqual(i.draft?.requirement, { kind: "json_fields", target: "reply", fields: [] }, m);
    }
  });
});

describe("learner phrasings: not lasting corrections", () => {
  it("a task request that names a time is no correction", () => {
    for (const m of [
      "bring me the mug from the kitchen after 9",
      "Fetch my glasses from the bedroom before noon.",
      "Can you check the garage after 9 pm?",
    ]) {
      const o = learn(m, [], ctx);
      assert.equal(o.signal, false, m);
      assert.deepEqual(o.items, [], m);
    }
  });

  it("this time / for now / tonight stay with the task", () => {
    const cases: [string, string, [number, number][]][] = [
      ["not the bathroom this time", "avoid_room", []],
      ["Just for now, don't stop in the kitchen.", "no_stop_in_room", []],
      ["Tonight, stay out of the garage after 10 pm.", "avoid_room", [[22, 6]]],
      ["This evening, keep away from the office.", "avoid_room", []],
    ];
    for (const [m, kind, windows] of cases) {
      const o = learn(m, [], ctx);
      verbatim(m, o);
      assert.deepEqual(
        o.items.map((i) => i.decision),
        ["task_local"],
        m,
      );
      assert.equal(o.items[0].draft?.requirement.kind, kind, m);
      assert.equal(o.items[0].draft?.scope, "task", m);
      assert.deepEqual(hours(o.items[0].draft), windows, m);
    }
  });
});

describe("learner phrasings: what the robot did, told back", () => {
  it("a sentence about what happened is not read as a marker or left unclear", () => {
    const i = stored("You went into the garage this morning. Don't go in there at night.");
    assert.deepEqual(i.draft?.requirement, { kind: "avoid_room", room: "garage" });
    assert.deepEqual(hours(i.draft), [[21, 6]]);
  });

  it("'don't do that' negates what the sentence before says the robot did", () => {
    const cases: [string, string, string, [number, number][]][] = [
      ["You parked in the hallway. Please don't do that.", "no_stop_in_room", "hallway", []],
      [
        "I saw you wander into the laundry room. Never do that again after dark.",
        "avoid_room",
        "laundry room",
        [[21, 6]],
      ],
    ];
    for (const [m, kind, room, windows] of cases) {
      const i = stored(m);
      assert.deepEqual(i.draft?.requirement, { kind, room }, m);
      assert.deepEqual(hours(i.draft), windows, m);
    }
    const alone = learn("Don't do that again.", [], ctx);
    assert.deepEqual(
      alone.items.map((i) => i.decision),
      ["unclear"],
    );
  });

  it("politeness, a discourse 'so', the robot's own errand and a house word inside a room's name are no condition or scope", () => {
    const house = { ...ctx, rooms: ["kitchen", "home office", "attic", "garage"] };
    for (const [m, room] of [
      ["stay out of the garage please, if it's no trouble", "garage"],
      ["keep away from the attic if you don't mind", "attic"],
      ["ok so my tools are all over the garage and i worry so please dont go in there", "garage"],
      ["when you go searching for stuff keep out of the kitchen", "kitchen"],
      ["I want you to stay away from the home office", "home office"],
    ] as const) {
      const o = learn(m, [], house);
      verbatim(m, o);
      const rules = o.items.filter((i) => STORED.has(i.decision));
      assert.equal(rules.length, 1, m);
      const d = rules[0].draft!;
      assert.deepEqual(d.requirement, { kind: "avoid_room", room }, m);
      assert.deepEqual([d.conditions, d.exceptions, d.scope], [[], [], "global"], m);
    }
  });
});
