/**
 * Whom a reply rule speaks to: the report the robot writes (an artifact) or what it says back
 * (a reply); the stage at which the rule is checked follows from it.
 */
import { ARTIFACT_NOUN } from "../../language/index.ts";
import type { OutputTarget, Stage } from "../types.ts";
import { withoutExplanation } from "./conditions.ts";
import { type ReadCtx, re, words } from "./reading.ts";
import type { Span } from "./segments.ts";

export function targetIn(ctx: ReadCtx, parts: Span[]): OutputTarget {
  return parts.some((p) => re(ARTIFACT_NOUN).test(words(ctx, withoutExplanation(ctx.tokens, p)).text))
    ? "artifact"
    : "reply";
}
export const stageOf = (t: OutputTarget): Stage => (t === "artifact" ? "artifact" : "delivery");
