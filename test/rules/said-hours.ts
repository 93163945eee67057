/** Hour windows as fast-check draws them and as a person says them, for the rule layer's property tests. */
import fc from "fast-check";
import type { HourWindow } from "../../src/language/index.ts";
import type { Condition } from "../../src/rules/types.ts";
import { said } from "../language/windows.ts";

/** Hours a person says as "between X and Y": ends differ, `to` 1–24 (midnight said as 24). */
export const saidWindow: fc.Arbitrary<HourWindow> = fc
  .record({ fromHour: fc.integer({ min: 0, max: 23 }), toHour: fc.integer({ min: 1, max: 24 }) })
  .filter((w) => w.fromHour !== w.toHour % 24);
export const between = (w: HourWindow) => `between ${said(w.fromHour)} and ${said(w.toHour)}`;

/** The hour windows among a rule's conditions or exceptions. */
export const windows = (cs: readonly Condition[]) =>
  cs.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.fromHour, toHour: c.toHour }] : []));
