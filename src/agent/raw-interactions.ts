/**
 * The raw-interaction baseline's memory: prior interactions as they happened, one JSON line
 * each, scoped by user: the instruction, the trajectory as text, and where the photo the user
 * showed is kept (the paper's raw interaction includes it; without it this baseline could not
 * tell one same-category instance from another). Which of them an episode is shown is the harness's draw (src/eval/raw-sample.ts):
 * the paper's sample always includes the gold ones, which only the harness knows.
 */
import { appendFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import type { RawInteraction } from "../mllm/index.ts";
import { keptValue, readDataFile } from "../util/index.ts";

const Line = z.strictObject({
  userId: z.string().min(1),
  episodeId: z.string().min(1),
  timestamp: z.number(),
  instruction: z.string(),
  objectId: z.string().optional(),
  category: z.string().optional(),
  trajectory: z.string(),
  imagePath: z.string().min(1).optional(),
});

// A user's memory started over (a retried acquisition): the log is append-only and shared by
// the workers of a queued run, so forgetting is a line too. Rewriting the file instead would
// lose the lines another process appends meanwhile, and show readers an empty log for a moment.
const Forget = z.strictObject({ userId: z.string().min(1), forget: z.literal(true) });

function requireUser(userId: string, op: string): void {
  if (typeof userId !== "string" || userId.length === 0) throw new Error(`InteractionLog.${op}: a user id is required`);
}

/** In memory, or backed by a JSONL file when given a path (appended line by line). */
export class InteractionLog {
  private readonly byUser = new Map<string, RawInteraction[]>();
  /** bytes of the file this holds, through its last whole line (own appends not counted) */
  private loadedBytes = 0;

  constructor(readonly path?: string) {
    if (path && existsSync(path)) this.load(path);
  }

  /**
   * Reads the file again if it is not the size this loaded: another process (a queue worker)
   * may have appended to it. Own appends count as a change too, which costs a re-read, never a
   * missed line.
   */
  refresh(): void {
    if (!this.path || !existsSync(this.path) || statSync(this.path).size === this.loadedBytes) return;
    this.byUser.clear();
    this.load(this.path);
  }

  private load(path: string): void {
    const bytes = readDataFile(path);
    const whole = bytes.lastIndexOf(0x0a) + 1;
    // a size that matches says nothing changed, so a torn last line is counted as unread
    this.loadedBytes = whole === bytes.length ? whole : -1;
    const rows = bytes.toString("utf8").split("\n");
    rows.forEach((row, i) => {
      if (!row.trim()) return;
      let json: unknown;
      try {
        json = JSON.parse(row);
      } catch (e) {
        // a last row without its newline is one another process is still writing: not yet a line
        if (i === rows.length - 1) return;
        throw new Error(`${path}:${i + 1}: not JSON (${(e as Error).message})`);
      }
      const forget = Forget.safeParse(json);
      if (forget.success) {
        this.byUser.delete(forget.data.userId);
        return;
      }
      const parsed = Line.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`${path}:${i + 1}: ${issue.path.join(".") || "(line)"}: ${issue.message}`);
      }
      const { userId, ...interaction } = parsed.data;
      this.remember(userId, interaction);
    });
  }

  private remember(userId: string, interaction: RawInteraction): void {
    const list = this.byUser.get(userId) ?? [];
    // Re-running an acquisition episode replaces its earlier record rather than doubling it.
    const at = list.findIndex((x) => x.episodeId === interaction.episodeId);
    if (at >= 0) list[at] = interaction;
    else list.push(interaction);
    list.sort((a, b) => a.timestamp - b.timestamp || a.episodeId.localeCompare(b.episodeId));
    this.byUser.set(userId, list);
  }

  append(userId: string, interaction: RawInteraction): void {
    requireUser(userId, "append");
    // free text (the walk's summary may quote a model) is cut and cleared of secrets before it is kept
    const line = keptValue(Line.parse({ userId, ...interaction }), Number.POSITIVE_INFINITY);
    this.remember(userId, keptValue(interaction, Number.POSITIVE_INFINITY));
    if (this.path) {
      mkdirSync(dirname(this.path), { recursive: true });
      appendFileSync(this.path, `${JSON.stringify(line)}\n`);
    }
  }

  /** Drops this user's interactions, here and (by a line saying so) for every later reader. */
  forget(userId: string): void {
    requireUser(userId, "forget");
    this.byUser.delete(userId);
    if (this.path) {
      mkdirSync(dirname(this.path), { recursive: true });
      appendFileSync(this.path, `${JSON.stringify(Forget.parse({ userId, forget: true }))}\n`);
    }
  }

  /** This user's interactions in time order; `before` keeps only strictly earlier ones. */
  list(userId: string, opts: { before?: number } = {}): RawInteraction[] {
    requireUser(userId, "list");
    const all = this.byUser.get(userId) ?? [];
    return opts.before === undefined ? [...all] : all.filter((x) => x.timestamp < opts.before!);
  }

  has(userId: string, episodeId: string): boolean {
    requireUser(userId, "has");
    return (this.byUser.get(userId) ?? []).some((x) => x.episodeId === episodeId);
  }
}
