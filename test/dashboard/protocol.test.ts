/** Messages from the page: a good one parses with its defaults; a bad one says what and where. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseClientMessage } from "../../src/dashboard/page-messages.ts";

test("a start message parses, with the pace, views and say defaults (rules: the config's unless given)", () => {
  const r = parseClientMessage(
    JSON.stringify({
      type: "start",
      dataset: "datasets/polar-mini",
      episode: { id: "eval-u1-0005" },
      backbone: "heuristic",
      memory: "none",
    }),
  );
  assert.ok(r.ok);
  assert.equal(r.message.type, "start");
  if (r.message.type === "start") {
    assert.equal(r.message.paceMs, 0);
    assert.equal(r.message.rules, undefined);
    assert.equal(r.message.views, "every_step");
    assert.deepEqual(r.message.say, []);
  }
});

test("bad messages are answered with what and where, never thrown", () => {
  const cases: [string, RegExp][] = [
    ["not json", /^not JSON/],
    ["[1,2]", /bad message: message: /],
    [JSON.stringify({ type: "launch" }), /bad "launch" message: type: /],
    [
      JSON.stringify({ type: "start", dataset: "d", episode: { id: "e" }, backbone: "b", memory: "all" }),
      /bad "start" message: memory: /,
    ],
    [
      JSON.stringify({ type: "start", dataset: "d", episode: { id: "e" }, backbone: "b", memory: "none", paceMs: -1 }),
      /bad "start" message: paceMs: /,
    ],
    [
      JSON.stringify({ type: "say", session: "s1", kind: "correction", text: "   " }),
      /bad "say" message: text: is empty/,
    ],
    [JSON.stringify({ type: "images", stream: "s1", step: -1 }), /bad "images" message: step: /],
    [JSON.stringify({ type: "stop", session: "s1", extra: 1 }), /bad "stop" message: /],
    // a sent image is named by its hash only: no path, no other file of the run folder
    [
      JSON.stringify({ type: "sent-image", stream: "s1", ref: "../../../etc/passwd" }),
      /bad "sent-image" message: ref: is not a sent image's name/,
    ],
    [JSON.stringify({ type: "sent-image", stream: "s1", ref: "s0001-front.jpeg" }), /bad "sent-image" message: ref: /],
  ];
  for (const [text, want] of cases) {
    const r = parseClientMessage(text);
    assert.equal(r.ok, false, text);
    if (!r.ok) assert.match(r.error, want, text);
  }
});
