/**
 * The heuristic backbone's reply: the template for each outcome, and revisions checked with the
 * same functions the rule layer's programmatic checks use (src/rules/check.ts), so "honoured"
 * here means what the delivery check will see.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { BackboneError, type ReplyInput, type ReplyRequirement } from "../../src/mllm/policy.ts";
import { HeuristicPolicy } from "../../src/policies/heuristic/backbone.ts";
import { countWords, mentionsRoom, parseJsonObject } from "../../src/rules/check.ts";

const policy = new HeuristicPolicy();

type Outcome = ReplyInput["outcome"];
const found: Outcome = {
  stopped: true,
  description: "a blue mug",
  foundRoom: "kitchen",
  roomsSearched: ["hallway", "kitchen"],
  steps: 42,
  stepsLeft: 458,
};
const notFound: Outcome = {
  stopped: false,
  description: "the user's red backpack",
  foundRoom: null,
  roomsSearched: ["kitchen", "hallway", "living room"],
  steps: 500,
  stepsLeft: 0,
};

async function reply(outcome: Outcome, requirements: ReplyRequirement[] = [], previous?: string): Promise<string> {
  const input: ReplyInput = { instruction: "bring me my mug", outcome, guidance: [] };
  if (requirements.length || previous !== undefined) {
    const first = previous ?? (await policy.reply(input)).value.text;
    input.revision = {
      previous: first,
      violations: requirements.map((r) => ({ rule: `rule about ${r.kind}`, reason: "broken", requirement: r })),
    };
  }
  const d = await policy.reply(input);
  assert.equal(d.calls.length, 0, "the heuristic makes no model calls");
  return d.value.text;
}

test("a found object is named with the room the robot believes it is in", async () => {
  assert.equal(await reply(found), "I found the blue mug in the kitchen.");
});

test("not found: what, every room searched, and why it stopped", async () => {
  assert.equal(
    await reply(notFound),
    "I couldn't find your red backpack; I searched the kitchen, the hallway and the living room. I ran out of steps.",
  );
  const noted = await reply({ ...notFound, stepsLeft: 120, note: "the simulator stopped answering" });
  assert.match(noted, /searched the kitchen, the hallway and the living room\. The simulator stopped answering\.$/);
  assert.equal(
    await reply({ ...notFound, roomsSearched: [], stepsLeft: 3 }),
    "I couldn't find your red backpack; I didn't get to search any room.",
  );
});

test("a stop at the wrong object is reported as the robot believes it, hedged when it was not sure", async () => {
  // the robot stopped in the bedroom next to some other mug: it can only say what it believes
  const wrong: Outcome = { ...found, foundRoom: "bedroom", roomsSearched: ["hallway", "bedroom"] };
  assert.equal(await reply(wrong), "I found the blue mug in the bedroom.");
  assert.equal(
    await reply({ ...wrong, certain: false }),
    "I stopped next to what I believe is the blue mug in the bedroom.",
  );
  assert.equal(
    await reply({ ...wrong, foundRoom: null }),
    "I found the blue mug, but I don't know which room this is.",
  );
});

test("guidance text is not read: the same outcome gives the same reply with or without rules", async () => {
  const plain = await policy.reply({ instruction: "mug", outcome: found, guidance: [] });
  const ruled = await policy.reply({
    instruction: "mug",
    outcome: found,
    guidance: ["Keep your replies under 3 words (global)", "Answer in JSON with fields found and room (global)"],
  });
  assert.deepEqual(ruled.value, plain.value);
});

test("max_words: every outcome shortened to each limit, keeping what was found and where as long as it fits", async () => {
  for (const outcome of [found, notFound, { ...found, certain: false }, { ...found, foundRoom: null }]) {
    for (let max = 1; max <= 20; max++) {
      const text = await reply(outcome, [{ kind: "max_words", maxWords: max }]);
      assert.ok(countWords(text) <= max, `${max}: ${JSON.stringify(text)}`);
      assert.ok(text.trim().length > 0);
    }
  }
  assert.equal(await reply(found, [{ kind: "max_words", maxWords: 5 }]), "Found blue mug in kitchen.");
  assert.equal(await reply(found, [{ kind: "max_words", maxWords: 3 }]), "Mug in kitchen.");
  assert.equal(
    await reply(notFound, [{ kind: "max_words", maxWords: 12 }]),
    "Couldn't find red backpack; searched kitchen, hallway and living room.",
  );
  assert.equal(await reply(notFound, [{ kind: "max_words", maxWords: 6 }]), "I couldn't find your red backpack.");
});

test("mention: a missing room is added as where the robot searched or found, anything else verbatim", async () => {
  const hallway = await reply(found, [{ kind: "mention", text: "hallway" }]);
  assert.equal(hallway, "I found the blue mug in the kitchen. I searched the hallway.");
  const shortFirst = await reply(found, [{ kind: "mention", text: "kitchen" }], "Found mug.");
  assert.ok(mentionsRoom(shortFirst, "kitchen"), shortFirst);
  const signoff = await reply(notFound, [{ kind: "mention", text: "Over and out" }]);
  assert.ok(signoff.includes("Over and out"), signoff);
});

test("json: one object with the asked keys, filled from the outcome, what it does not know said so, never null", async () => {
  const text = await reply(found, [{ kind: "json", fields: ["found", "room", "object", "steps", "mood"] }]);
  assert.deepEqual(parseJsonObject(text), {
    found: true,
    room: "kitchen",
    object: "blue mug",
    steps: 42,
    mood: "unknown",
  });
  const lost = parseJsonObject(await reply(notFound, [{ kind: "json", fields: ["found", "room", "rooms_searched"] }]));
  assert.deepEqual(lost, { found: false, room: "not found", rooms_searched: ["kitchen", "hallway", "living room"] });
  // "answer in JSON" naming no keys: the essentials
  assert.deepEqual(parseJsonObject(await reply(found, [{ kind: "json", fields: [] }])), {
    found: true,
    object: "blue mug",
    room: "kitchen",
    steps: 42,
  });
});

test("avoid_text: the text is gone, preferring a wording that never had it", async () => {
  const text = await reply(found, [{ kind: "avoid_text", text: "I found" }]);
  assert.equal(text, "Found the blue mug in the kitchen.");
  // a target whose name holds the avoided text is called "it"
  assert.equal(await reply(found, [{ kind: "avoid_text", text: "mug" }]), "I found it in the kitchen.");
});

test("combined violations are honoured together in one revision", async () => {
  const a = await reply(notFound, [
    { kind: "max_words", maxWords: 6 },
    { kind: "mention", text: "sorry" },
    { kind: "avoid_text", text: "backpack" },
  ]);
  assert.ok(countWords(a) <= 6, a);
  assert.ok(a.toLowerCase().includes("sorry"), a);
  assert.ok(!/backpack/i.test(a), a);

  const b = await reply(found, [
    { kind: "json", fields: ["found", "room"] },
    { kind: "mention", text: "Have a nice day" },
    // a reader counts the keys of a JSON reply too: found, true, room, kitchen, message + the four
    { kind: "max_words", maxWords: 9 },
  ]);
  const obj = parseJsonObject(b);
  assert.ok(obj, b);
  assert.equal(obj.found, true);
  assert.equal(obj.room, "kitchen");
  assert.ok(b.includes("Have a nice day"), b);
  assert.ok(countWords(b) <= 9, b);
});

test("a later revision keeps what an earlier one fixed: its length, its JSON, its added mention", async () => {
  const short = await reply(found, [{ kind: "max_words", maxWords: 4 }]);
  const thenMention = await reply(found, [{ kind: "mention", text: "Sir" }], short);
  assert.ok(countWords(thenMention) <= countWords(short), thenMention);
  assert.ok(thenMention.includes("Sir"), thenMention);

  const json = await reply(found, [{ kind: "json", fields: ["found", "room"] }]);
  const thenShort = await reply(found, [{ kind: "mention", text: "blue" }], json);
  assert.deepEqual(Object.keys(parseJsonObject(thenShort) ?? {}).slice(0, 2), ["found", "room"]);
  assert.ok(thenShort.includes("blue"));

  const signed = await reply(found, [
    { kind: "json", fields: ["found", "room"] },
    { kind: "mention", text: "Over and out" },
  ]);
  const thenAvoid = await reply(found, [{ kind: "avoid_text", text: "blue" }], signed);
  const kept = parseJsonObject(thenAvoid);
  assert.equal(kept?.found, true);
  assert.equal(kept?.room, "kitchen");
  assert.ok(thenAvoid.includes("Over and out"), thenAvoid);
  assert.ok(!thenAvoid.includes("blue"), thenAvoid);

  const mentioned = await reply(found, [{ kind: "mention", text: "Over and out" }]);
  const thenCut = await reply(found, [{ kind: "max_words", maxWords: 7 }], mentioned);
  assert.ok(thenCut.includes("Over and out"), thenCut);
  assert.ok(countWords(thenCut) <= 7, thenCut);
});

test("a revision keeps every requirement whatever order the violations come in, and a rerun says the same", async () => {
  const reqs: ReplyRequirement[] = [
    { kind: "max_words", maxWords: 7 },
    { kind: "mention", text: "hallway" },
  ];
  const text = await reply(notFound, reqs);
  assert.ok(countWords(text) <= 7, text);
  assert.match(text, /hallway/i);
  // the rule layer lists violations in no fixed order; the reply must not depend on it
  assert.equal(await reply(notFound, [...reqs].reverse()), text);
  // a fresh policy (another episode, another thread) gives the user the same words
  const again = await new HeuristicPolicy().reply({
    instruction: "bring me my mug",
    outcome: notFound,
    guidance: [],
    revision: {
      previous: (await policy.reply({ instruction: "bring me my mug", outcome: notFound, guidance: [] })).value.text,
      violations: reqs.map((r) => ({ rule: `rule about ${r.kind}`, reason: "broken", requirement: r })),
    },
  });
  assert.equal(again.value.text, text);
});

test("bad input is an error that says what and where, not an odd reply", async () => {
  const bad = {
    instruction: "mug",
    outcome: found,
    guidance: [],
    revision: {
      previous: "I found the blue mug in the kitchen.",
      violations: [{ rule: "short", reason: "long", requirement: { kind: "max_words", maxWords: 0 } }],
    },
  } as ReplyInput;
  await assert.rejects(policy.reply(bad), (e: unknown) => {
    assert.ok(e instanceof BackboneError);
    assert.match(e.message, /revision\.violations\.0\.requirement\.maxWords: /);
    assert.equal(e.infrastructure, false);
    return true;
  });
  await assert.rejects(
    policy.reply({ instruction: "mug", outcome: { ...found, steps: -1 }, guidance: [] }),
    /outcome\.steps: /,
  );
});

test("a description that quotes the user's words is named by what it describes, never by a fragment of the quote", async () => {
  for (const description of [
    'the object meant by: "where did I leave the thing I read with, have you seen it?"',
    'a book (from: "the one with the torn cover, you know it?")',
  ]) {
    const outcome: Outcome = { ...notFound, description, roomsSearched: [] };
    for (const text of [await reply(outcome), await reply(outcome, [{ kind: "max_words", maxWords: 5 }])]) {
      assert.doesNotMatch(text, /["\u201c\u201d?]/, text);
      assert.doesNotMatch(text, /\b(?:seen|it|cover)\b[.]?$/i, `no fragment of the quote: ${text}`);
    }
  }
  assert.equal(
    await reply({ ...notFound, description: 'a book (from: "the one with the torn cover")', roomsSearched: [] }),
    "I couldn't find the book; I didn't get to search any room. I ran out of steps.",
  );
});

test("the reply says what the user's rules changed: rooms kept out of, rooms not stopped in", async () => {
  const text = await reply({
    ...notFound,
    byRules: { keptOut: ["bedroom", "the garage"], notStoppedIn: ["kitchen"] },
  });
  assert.match(
    text,
    /As you asked, I kept out of the bedroom and the garage\. As you asked, I didn't stop in the kitchen\.$/,
  );
  // under a word limit the rule sentence goes before the outcome does
  const short = await reply({ ...notFound, byRules: { keptOut: ["bedroom"], notStoppedIn: [] } }, [
    { kind: "max_words", maxWords: 8 },
  ]);
  assert.ok(countWords(short) <= 8, short);
  assert.match(short, /backpack/);
});
