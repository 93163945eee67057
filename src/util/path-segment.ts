/**
 * Ids and names that become one part of a path (an episode's folder, a backbone's memory folder,
 * an export's file name) are checked here, once, against one rule: a name that is `..` or holds a
 * separator would put what Polar writes somewhere else than the folder it means.
 */
import type { z } from "zod";

const MAX = 200;
// C0 controls, DEL and C1 controls: no file name needs them, and a terminal would act on them
const CONTROL = new RegExp(`[${"\\u0000"}-\\u001f\\u007f-\\u009f]`);

/** Why `s` cannot be one path segment, or null when it can. */
export function segmentProblem(s: string): string | null {
  if (s.length === 0) return "is empty";
  if (s.length > MAX) return `is longer than ${MAX} characters`;
  if (s === "." || s === "..") return `"${s}" would name a folder above or the folder itself, not its own`;
  if (/[/\\]/.test(s)) return "holds a / or \\ (it becomes one folder or file name)";
  if (CONTROL.test(s)) return "holds a control character";
  return null;
}

export class PathSegmentError extends Error {
  /** the CLI prints it as is, without a stack: exit 2 */
  readonly userFacing = true;
  constructor(
    readonly what: string,
    readonly value: string,
    problem: string,
  ) {
    super(`${what} ${JSON.stringify(value.slice(0, MAX))} ${problem}`);
    this.name = "PathSegmentError";
  }
}

/** `s`, when it can be one path segment; PathSegmentError naming `what` otherwise. */
export function asSegment(s: string, what: string): string {
  const problem = segmentProblem(s);
  if (problem) throw new PathSegmentError(what, s, problem);
  return s;
}

/** The same rule as a zod refinement (`z.string().superRefine(checkSegment)`), for schemas whose values become path segments. */
export function checkSegment(s: string, ctx: z.RefinementCtx): void {
  const problem = segmentProblem(s);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}
