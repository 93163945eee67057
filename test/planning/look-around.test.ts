import assert from "node:assert/strict";
import { test } from "node:test";
import { blindSectorTurn, headingToward, lookAroundTurn } from "../../src/planning/look-around.ts";
import type { Vec3 } from "../../src/sim/index.ts";

/** Whether every bearing (1° apart) falls in some view: front and ±90° views, each hfov wide, before and after the turn. */
function coversAllAround(hfov: number, turnDeg: number): boolean {
  const centres = [0, 90, -90].flatMap((c) => [c, c + turnDeg]);
  for (let b = 0; b < 360; b++) {
    const seen = centres.some((c) => {
      const d = Math.abs(((((b - c) % 360) + 540) % 360) - 180);
      return d <= hfov / 2 + 1e-9;
    });
    if (!seen) return false;
  }
  return true;
}

test("the look-around turns only as far as the views' blind sector, in whole turn steps", () => {
  assert.equal(blindSectorTurn(90, 30), 90);
  assert.equal(blindSectorTurn(120, 30), 60);
  assert.equal(blindSectorTurn(100, 15), 90);
  // views that do not meet keep the half turn
  assert.equal(blindSectorTurn(60, 30), 180);
  assert.equal(blindSectorTurn(180, 30), 0);
  assert.equal(blindSectorTurn(200, 30), 0);
});

test("after that turn the views have covered every bearing, and a turn step less would not", () => {
  for (const [hfov, step] of [
    [90, 30],
    [120, 30],
    [105, 15],
    [100, 10],
  ]) {
    const turn = blindSectorTurn(hfov, step);
    assert.ok(coversAllAround(hfov, turn), `hfov ${hfov}, turn ${turn}`);
    assert.ok(!coversAllAround(hfov, turn - step), `hfov ${hfov}: ${turn - step} is not enough`);
  }
});

test("headings follow the simulator's convention: 0 faces -z, a quarter turn left faces -x", () => {
  const o: Vec3 = [1, 0, 1];
  assert.ok(Math.abs(headingToward(o, [1, 0, -3])) < 1e-9);
  assert.ok(Math.abs(headingToward(o, [-2, 0, 1]) - Math.PI / 2) < 1e-9);
  assert.ok(Math.abs(Math.abs(headingToward(o, [1, 0, 4])) - Math.PI) < 1e-9);
});

test("the turn goes to the side that ends facing where the robot goes next", () => {
  const pose = { position: [0, 0, 0] as Vec3, heading: 0 };
  const cam = { hfovDeg: 90 };
  // facing -z: a room off to +x is to the right, one off to -x to the left
  assert.equal(lookAroundTurn(cam, 30, pose, [4, 0, -1]), -90);
  assert.equal(lookAroundTurn(cam, 30, pose, [-4, 0, 0.5]), 90);
  // behind and a little right: the right turn ends nearer facing it
  assert.equal(lookAroundTurn(cam, 30, pose, [1, 0, 5]), -90);
  // nowhere to go next: left, as before
  assert.equal(lookAroundTurn(cam, 30, pose), 90);
  assert.equal(lookAroundTurn(cam, 30, { position: [2, 0, 2], heading: 0 }, [2, 0, 2]), 90);
  // a camera that sees all around does not turn
  assert.equal(lookAroundTurn({ hfovDeg: 180 }, 30, pose, [4, 0, 0]), 0);
});
