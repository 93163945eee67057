import assert from "node:assert/strict";
import { test } from "node:test";
import { dithering } from "../../src/agent/nav-decisions.ts";
import type { Pose, Vec3 } from "../../src/sim/index.ts";

const DEG = Math.PI / 180;
const at = (x: number, z: number, headingDeg: number): Pose => ({
  position: [x, 0, z] as Vec3,
  heading: headingDeg * DEG,
});

test("a walk that decides three times at one pose is going round in a circle", () => {
  assert.equal(dithering([at(1, 2, 30), at(1, 2, 30), at(1.01, 2, 31)], 30), true);
  // only the last three count: it walked before it began to circle
  assert.equal(dithering([at(0, 0, 0), at(1, 2, 30), at(1, 2, 30), at(1, 2, 30)], 30), true);
});

test("fewer decisions, decisions while turning in place past new things, or while walking on, are not", () => {
  assert.equal(dithering([at(1, 2, 30), at(1, 2, 30)], 30), false);
  assert.equal(dithering([at(1, 2, 0), at(1, 2, 30), at(1, 2, 60)], 30), false, "turning in place");
  assert.equal(dithering([at(1, 2, 30), at(1, 2, -30), at(1, 2, 30)], 30), false, "one heading in between");
  assert.equal(dithering([at(1, 2, 30), at(2, 2, 30), at(3, 2, 30)], 30), false, "walking on");
  // headings either side of ±180° are one heading
  assert.equal(dithering([at(0, 0, 179), at(0, 0, -179), at(0, 0, 180)], 30), true);
});
