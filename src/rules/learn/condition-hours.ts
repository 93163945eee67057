/** The clock hours among a rule's conditions or exceptions, as windows or as the hours they hold. */
import { type HourWindow, hoursOf } from "../../language/index.ts";
import type { Condition } from "../types.ts";

export const timeWindows = (cs: readonly Condition[]): HourWindow[] =>
  cs.flatMap((c) => (c.kind === "time" ? [{ fromHour: c.fromHour, toHour: c.toHour }] : []));

export const timeHours = (cs: readonly Condition[]): number[] =>
  timeWindows(cs).flatMap((w) => hoursOf(w.fromHour, w.toHour));
