/** Wraps the reusable conformance checks (src/sim/conformance.ts) as node:test cases. */
import { describe, test } from "node:test";
import { type ConformanceOptions, conformanceChecks } from "../../src/sim/conformance.ts";
import type { Simulator } from "../../src/sim/simulator.ts";

export function defineConformanceSuite(
  name: string,
  makeSim: () => Promise<Simulator>,
  opts: ConformanceOptions = {},
): void {
  describe(name, () => {
    for (const check of conformanceChecks(makeSim, opts)) test(check.name, () => check.run());
  });
}
