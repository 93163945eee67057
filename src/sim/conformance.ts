/**
 * The simulator conformance suite: what any Simulator (in-process, the embedded server, the
 * Habitat bridge) must do to be driven by Polar. Plain async checks that throw on failure, so
 * the test runner (test/sim) and `polar sim conformance --url` share them. Checks that speak
 * raw WebSocket frames (malformed JSON, binary frames, over-large messages) run only when a URL
 * is given.
 */
import assert from "node:assert/strict";
import { avoidRegionChecks } from "./conformance-avoid.ts";
import { groundTruthChecks } from "./conformance-ground-truth.ts";
import { motionChecks } from "./conformance-motion.ts";
import { type Check, rawFrameChecks } from "./conformance-raw.ts";
import { refusalChecks } from "./conformance-refusals.ts";
import { sessionChecks } from "./conformance-session.ts";
import { expectSimError, SUITE_SETTINGS, type SuiteContext } from "./conformance-suite.ts";
import type { Simulator } from "./simulator.ts";

export interface ConformanceOptions {
  /** scene to load; the embedded simulator's procedural houses by default */
  scene?: string;
  /** bridge URL: enables the raw-frame checks */
  url?: string;
  /** per raw-frame reply */
  timeoutMs?: number;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

export function conformanceChecks(makeSim: () => Promise<Simulator>, opts: ConformanceOptions = {}): Check[] {
  const scene = opts.scene ?? "seed:7";
  const withScene: SuiteContext["withScene"] = (settings, fn) => async () => {
    const sim = await makeSim();
    try {
      const loaded = await sim.loadScene({ scene, settings });
      const info = await sim.sceneInfo();
      assert.ok(info.regions.length > 0, "the scene has regions");
      await fn({ sim, scene: loaded, info });
    } finally {
      await sim.close();
    }
  };
  const suite: SuiteContext["suite"] = (fn) => withScene(SUITE_SETTINGS, fn);
  const startAt: SuiteContext["startAt"] = (s, i = 0, heading = 0) => ({
    position: s.info.regions[i % s.info.regions.length].waypoint,
    heading,
  });
  const ctx: SuiteContext = { makeSim, scene, withScene, suite, startAt };
  const checks: Check[] = [
    ...sessionChecks(ctx),
    ...motionChecks(ctx),
    ...groundTruthChecks(ctx),
    ...refusalChecks(ctx),
  ];
  checks.push(...avoidRegionChecks({ suite, startAt, expectSimError, stepLength: SUITE_SETTINGS.stepLength }));
  if (opts.url) checks.push(...rawFrameChecks(opts.url, scene, SUITE_SETTINGS, opts.timeoutMs ?? 10_000));
  return checks;
}

/** Runs every check in turn; `onResult` sees each as it finishes. */
export async function runConformance(
  makeSim: () => Promise<Simulator>,
  opts: ConformanceOptions = {},
  onResult?: (r: CheckResult) => void,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of conformanceChecks(makeSim, opts)) {
    const t0 = performance.now();
    let r: CheckResult;
    try {
      await check.run();
      r = { name: check.name, ok: true, ms: performance.now() - t0 };
    } catch (e) {
      r = {
        name: check.name,
        ok: false,
        ms: performance.now() - t0,
        error: e instanceof Error ? e.message : String(e),
      };
    }
    results.push(r);
    onResult?.(r);
  }
  return results;
}
