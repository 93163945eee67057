/**
 * Lookalikes told apart by the size the user gave ("the big grey bag"): among instances that look
 * as much like the photo, the one the size rules out is never taken for it; instances that look
 * different are judged by their looks alone. And instances given up on before they could be
 * judged are offered for a second look, nearest first.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { apparentSize } from "../../src/perception/geometry.ts";
import { CandidateLedger } from "../../src/perception/ledger.ts";
import { MAX_APPROACHES, VERDICT } from "../../src/policies/heuristic/thresholds.ts";
import { verdictOf } from "../../src/policies/heuristic/view-judgment.ts";

/** An instance judged in three clear views at `score`, `extent` m across. */
function judged(ledger: CandidateLedger, id: string, score: number, extent: number): void {
  for (const v of ["a", "b", "c"]) ledger.judged(id, `${id}:${v}`, score, 1);
  ledger.measured(id, extent);
}

test("told it is the big one, the smaller of two lookalikes is not taken for it, the bigger is", () => {
  const ledger = new CandidateLedger();
  ledger.sizeCue = { is: "large", contrasted: true };
  judged(ledger, "small-one", VERDICT.match + 0.1, 0.3);
  judged(ledger, "big-one", VERDICT.match + 0.05, 0.41);
  assert.notEqual(verdictOf(ledger.get("small-one")!, ledger), "match");
  assert.equal(ledger.best()?.id, "big-one");
  assert.equal(verdictOf(ledger.get("big-one")!, ledger), "match");
});

test("told it is the small one, the bigger lookalike is ruled out by size", () => {
  const ledger = new CandidateLedger();
  ledger.sizeCue = { is: "small", contrasted: true };
  judged(ledger, "big-one", VERDICT.match + 0.1, 0.5);
  judged(ledger, "small-one", VERDICT.match, 0.36);
  assert.equal(ledger.best()?.id, "small-one");
  assert.notEqual(verdictOf(ledger.get("big-one")!, ledger), "match");
});

test("a size said only in passing asks for no comparison, but still rules out a lookalike seen that fits it better", () => {
  const ledger = new CandidateLedger();
  ledger.sizeCue = { is: "small", contrasted: false };
  judged(ledger, "alone", VERDICT.match + 0.1, 0.3);
  assert.equal(verdictOf(ledger.get("alone")!, ledger), "match", "nothing like it seen: taken at once");
  judged(ledger, "smaller-lookalike", VERDICT.match + 0.05, 0.22);
  assert.notEqual(verdictOf(ledger.get("alone")!, ledger), "match");
  assert.equal(ledger.best()?.id, "smaller-lookalike");
});

test("without a size said, looks alone decide at once", () => {
  const ledger = new CandidateLedger();
  judged(ledger, "a", VERDICT.match + 0.1, 0.3);
  judged(ledger, "b", VERDICT.match, 0.45);
  assert.equal(ledger.best()?.id, "a");
  assert.equal(verdictOf(ledger.get("a")!, ledger), "match");
});

test("a size said is relative: the one that looks right is not taken before it was compared, but is once the search is over", () => {
  for (const others of [
    [], // no lookalike seen yet: the bigger one may be in the next room
    [["too-close-to-tell", VERDICT.match + 0.02, 0.33]],
    [["other-colour", VERDICT.match + 0.1 - 0.5, 0.6]], // bigger, but looks clearly different
  ] as [string, number, number][][]) {
    const ledger = new CandidateLedger();
    ledger.sizeCue = { is: "large", contrasted: true };
    judged(ledger, "right-looks", VERDICT.match + 0.1, 0.3);
    for (const [id, score, extent] of others) judged(ledger, id, score, extent);
    const what = `beside ${others.map((o) => o[0]).join() || "nothing"}`;
    assert.equal(verdictOf(ledger.get("right-looks")!, ledger), "plausible", what);
    ledger.settling = true;
    assert.equal(ledger.best()?.id, "right-looks", what);
    assert.equal(verdictOf(ledger.get("right-looks")!, ledger), "match", what);
  }
});

test("once the search is over, a lookalike the size rules out is no rival: the one that fits, faint but clearly ahead of the rest, is taken", () => {
  const ledger = new CandidateLedger();
  ledger.sizeCue = { is: "small", contrasted: true };
  // the right one seen only from afar scores low; the bigger lookalike beside it scores higher
  judged(ledger, "small-faint", VERDICT.settleClear + 0.05, 0.3);
  judged(ledger, "big-lookalike", VERDICT.settle + 0.05, 0.45);
  judged(ledger, "unlike", 0.01, 0.28);
  ledger.settling = true;
  assert.equal(ledger.best()?.id, "small-faint");
  assert.equal(verdictOf(ledger.get("small-faint")!, ledger), "match");
  // without a size said, the better-looking one is a rival, and neither is taken on a hair
  ledger.sizeCue = null;
  assert.equal(ledger.best()?.id, "big-lookalike");
  assert.notEqual(verdictOf(ledger.get("small-faint")!, ledger), "match");
});

test("instances given up on unjudged are offered for a second look, nearest first, and a retry reopens them", () => {
  const ledger = new CandidateLedger();
  ledger.saw("far", { position: [10, 0, 0], floor: 9 });
  ledger.saw("near", { position: [3, 0, 4], floor: 5 });
  ledger.saw("never-approached", { position: [1, 0, 0], floor: 1 });
  judged(ledger, "judged", 0.5, 0.3);
  for (let i = 0; i < MAX_APPROACHES; i++) {
    ledger.approached("far");
    ledger.approached("near");
  }
  assert.equal(verdictOf(ledger.get("near")!, ledger), "rejected", "given up after its approaches");
  assert.deepEqual(
    ledger.unjudged([0, 0, 0]).map((c) => c.id),
    ["near", "far"],
  );
  ledger.retry("near");
  assert.equal(verdictOf(ledger.get("near")!, ledger), "unjudged");
});

test("an object's size reads the same at the middle and the edge of a wide view", () => {
  // the embedded camera: 320×240, 90° across, focal 160 px; an object 0.5 m wide, 0.3 m high, 2.5 m away
  const camera = { width: 320, height: 240, hfovDeg: 90 };
  const f = 160;
  const [w, h, d] = [0.5, 0.3, 2.5];
  for (const deg of [0, 20, 35, 40]) {
    const t = (deg * Math.PI) / 180;
    const half = Math.atan(w / 2 / d);
    const x0 = 160 + f * Math.tan(t - half);
    const x1 = 160 + f * Math.tan(t + half);
    const dy = (f * h) / 2 / (d * Math.cos(t));
    const size = apparentSize({ bbox: [x0, 120 - dy, x1, 120 + dy], distance: d }, camera);
    assert.ok(Math.abs(size - w) / w < 0.05, `${deg}° off the axis: ${size.toFixed(3)} m for ${w} m`);
  }
});

test("an ordinary-sized object the user set against a smaller twin when it was asked for is the bigger lookalike", async () => {
  const { groundPolar } = await import("../../src/policies/heuristic/ground.ts");
  const g = groundPolar("where's the teapot my aunt left me?", [
    {
      userId: "u1",
      objectId: "pot-1",
      category: "mug",
      score: 0.6,
      statements: [{ id: "s1", text: "the user's aunt left them this mug", timestamp: 1 }],
      instructions: [
        { episodeId: "a1", text: "Grab the speckled mug, the everyday size one, never the teeny mug.", timestamp: 1 },
      ],
      episodic: [],
    },
  ]);
  assert.deepEqual(g.size, { is: "large", contrasted: true });
  const ledger = new CandidateLedger();
  ledger.sizeCue = g.size?.is === "medium" || !g.size ? null : { is: g.size.is, contrasted: g.size.contrasted };
  judged(ledger, "teeny-twin", VERDICT.match + 0.08, 0.22);
  judged(ledger, "everyday-one", VERDICT.match + 0.02, 0.31);
  assert.notEqual(verdictOf(ledger.get("teeny-twin")!, ledger), "match");
  assert.equal(verdictOf(ledger.get("everyday-one")!, ledger), "match");
});

test("told it is the big one, a lookalike seen but not yet measured holds the take back until it is measured or given up on", () => {
  const setup = () => {
    const ledger = new CandidateLedger();
    ledger.sizeCue = { is: "large", contrasted: true };
    ledger.giveUpAfter = { approaches: MAX_APPROACHES, stalls: 4 };
    judged(ledger, "smaller-twin", VERDICT.match + 0.05, 0.3);
    judged(ledger, "bigger-twin", VERDICT.match + 0.1, 0.4);
    // a third one, only glimpsed across the room: too few pixels to judge or measure
    ledger.saw("far-one", { position: [6, 0, 0], floor: 6 });
    return ledger;
  };
  const ledger = setup();
  assert.notEqual(verdictOf(ledger.get("bigger-twin")!, ledger), "match", "the far one may be the biggest");
  assert.equal(ledger.singledOutBySize(ledger.get("bigger-twin")!), false);
  // measured smaller once nearer: the bigger twin is the one
  judged(ledger, "far-one", VERDICT.match, 0.31);
  assert.equal(verdictOf(ledger.get("bigger-twin")!, ledger), "match");
  // measured bigger still: it is the one instead
  const other = setup();
  judged(other, "far-one", VERDICT.match, 0.52);
  assert.notEqual(verdictOf(other.get("bigger-twin")!, other), "match");
  // given up on unmeasured (the way to it blocked): it holds nothing back
  const blocked = setup();
  for (let i = 0; i < MAX_APPROACHES; i++) blocked.approached("far-one");
  assert.equal(verdictOf(blocked.get("bigger-twin")!, blocked), "match");
  // one that looks clearly different, seen unmeasured, is no lookalike to compare with
  const unlike = setup();
  unlike.judged("far-one", "far-one:clipped", 0.1, 0.4);
  assert.equal(verdictOf(unlike.get("bigger-twin")!, unlike), "match");
});
