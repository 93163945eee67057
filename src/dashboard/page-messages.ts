/**
 * What the page may send the dashboard, described with zod: every message is parsed here before
 * anything acts on it, and a message that does not fit is answered with an error naming the
 * field (the page shows it), never a crash. Server-to-page messages are typed, not parsed: the
 * server writes them.
 */
import { z } from "zod";
import { SENT_IMAGE } from "../agent/index.ts";
import { RULE_METHODS } from "../rules/index.ts";

const Id = z.string().min(1).max(200);
const Text = z.string().trim().min(1, "is empty").max(2000);
/** a folder or file inside the dashboard's roots, as the page names it (relative to the project) */
const PathRef = z.string().min(1).max(1000);
const MemoryMode = z.enum(["none", "raw", "polar"]);

export const StartMessage = z.strictObject({
  type: z.literal("start"),
  /** echoed in the answer so the page can tell its own start apart */
  requestId: Id.optional(),
  dataset: PathRef,
  /** an episode of the set, or a free instruction in one of its houses */
  episode: z.union([z.strictObject({ id: Id }), z.strictObject({ sceneId: Id, userId: Id, instruction: Text })]),
  backbone: Id,
  memory: MemoryMode,
  /** the rule layer's method for this episode (default: rules.method from the config) */
  rules: z.enum(RULE_METHODS).optional(),
  /**
   * What the user says with the request, in order: a correction to keep, or an instruction for
   * this task only; the rule layer learns them before the episode starts (as `polar run --say`).
   */
  say: z.array(Text).max(10).default([]),
  /** wait this long after every simulator step so a person can follow (0: full speed) */
  paceMs: z.number().int().min(0).max(2000).default(0),
  /** every_step: render the three views at every step for the page; agent: only those the agent asked for */
  views: z.enum(["every_step", "agent"]).default("every_step"),
});

export const ClientMessage = z.discriminatedUnion("type", [
  StartMessage,
  z.strictObject({ type: z.literal("stop"), session: Id }),
  z.strictObject({ type: z.literal("subscribe"), stream: Id }),
  z.strictObject({ type: z.literal("unsubscribe"), stream: Id }),
  z.strictObject({
    type: z.literal("say"),
    session: Id,
    /** a correction goes to the user's rules; an instruction is for this episode only */
    kind: z.enum(["correction", "instruction"]),
    text: Text,
  }),
  z.strictObject({ type: z.literal("episodes"), dataset: PathRef }),
  z.strictObject({ type: z.literal("replay"), path: PathRef }),
  /** the views of one step (or the nearest earlier step that has any) */
  z.strictObject({ type: z.literal("images"), stream: Id, step: z.number().int().min(0).max(1_000_000) }),
  /** one image a model call was sent that is no view of the run, stored with it by its hash */
  z.strictObject({
    type: z.literal("sent-image"),
    stream: Id,
    ref: z.string().regex(SENT_IMAGE, "is not a sent image's name (sent-<16 hex digits>.jpeg or .png)"),
  }),
  /** the stream's metric map (the house drawn once, and the harness's analysis), when its run kept one */
  z.strictObject({ type: z.literal("map"), stream: Id }),
  z.strictObject({ type: z.literal("results"), path: PathRef }),
  /** the memory folder a stream's retrieval read, and its user (to open a retrieved statement's node) */
  z.strictObject({ type: z.literal("run-memory"), stream: Id }),
  z.strictObject({ type: z.literal("compare"), a: PathRef, b: PathRef }),
  z.strictObject({ type: z.literal("memory"), path: PathRef, user: Id }),
  z.strictObject({ type: z.literal("rules"), user: Id }),
  z.strictObject({ type: z.literal("catalogue") }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type StartMessage = z.infer<typeof StartMessage>;

/** Parses one text frame: JSON, then the schema; the error says what was wrong and where. */
export function parseClientMessage(
  text: string,
): { ok: true; message: ClientMessage } | { ok: false; error: string; requestType?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  const r = ClientMessage.safeParse(raw);
  if (r.success) return { ok: true, message: r.data };
  const type = typeof raw === "object" && raw !== null ? (raw as { type?: unknown }).type : undefined;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "message";
  return {
    ok: false,
    error: `bad ${typeof type === "string" ? `"${type}" ` : ""}message: ${where}: ${issue?.message ?? "invalid"}`,
    ...(typeof type === "string" ? { requestType: type } : {}),
  };
}
