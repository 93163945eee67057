/**
 * The history rows of a write, built once for every store: a store says what it found (a user
 * it created, the text a linked or superseded statement holds) and stores the rows in the order
 * they were added. The wording of a row's detail lives here, so both stores say the same.
 */
import { type MemoryEvent, type MemoryEventKind, MemoryStoreError, type ParsedEpisodeWrite } from "./store.ts";

type Statement = ParsedEpisodeWrite["statements"][number];
type Invalidation = ParsedEpisodeWrite["invalidate"][number];

/** The events of one episode write, in the order the store adds them. */
export class WriteEvents {
  readonly list: MemoryEvent[] = [];
  private readonly recordedAt = Date.now();

  constructor(private readonly w: ParsedEpisodeWrite) {}

  private add(kind: MemoryEventKind, nodeId: string, detail: string, objectId: string | null = this.w.object.id) {
    const at = this.w.episode.at;
    this.list.push({ kind, nodeId, objectId, episodeId: this.w.episode.id, at, recordedAt: this.recordedAt, detail });
  }

  /** The user had no node before this write. */
  userCreated(user: string): void {
    this.add("user_created", user, "", null);
  }

  /** The object was created or linked, as the write's `matchedBy` says. */
  object(): void {
    const o = this.w.object;
    if (o.matchedBy === "new") {
      this.add("object_created", o.id, [o.category ?? "unknown category", o.detail].filter(Boolean).join("; "));
    } else this.add("object_linked", o.id, [`matched by ${o.matchedBy}`, o.detail].filter(Boolean).join("; "));
  }

  /** The episode, its instruction and its reference image, when it has one. */
  episode(): void {
    const { episode, instructionId, referenceImage: img } = this.w;
    this.add("episode_created", episode.id, episode.success ? "succeeded" : "failed");
    this.add("instruction_created", instructionId, episode.instruction);
    if (img) this.add("image_created", img.id, `hash ${img.hash}${img.path ? ` at ${img.path}` : ""}`);
  }

  /** A statement created, or linked to the stored one whose text is `storedText`. */
  statement(s: Statement, storedText?: string): void {
    const on = s.about === "user" ? null : this.w.object.id;
    const prefix = s.about === "user" ? "about the user: " : "";
    if (s.kind === "new") this.add("statement_created", s.id, `${prefix}${s.text}`, on);
    else {
      const detail = `${prefix}"${s.mergedText}" → "${storedText}" (similarity ${s.similarity.toFixed(3)})`;
      this.add("statement_linked", s.id, detail, on);
    }
  }

  /** An edge superseded; `text` is the statement's stored text. */
  superseded(inv: Invalidation, text: string): void {
    this.add("statement_superseded", inv.id, `"${text}" superseded ${inv.reason}`, inv.objectId);
  }

  episodic(): void {
    this.add("episodic_created", this.w.episodic.id, this.w.episodic.text);
  }
}

/** The history row of forgetting a user; `removed` says what went, e.g. "3 statements". */
export function userClearedEvent(user: string, removed: readonly string[]): MemoryEvent {
  const now = Date.now();
  const detail = `removed ${removed.join(", ")}`;
  return { kind: "user_cleared", nodeId: user, objectId: null, episodeId: null, at: now, recordedAt: now, detail };
}

/** Fails a write whose object plan does not fit what the store holds: `exists` is whether it has the object. */
export function checkObject(w: ParsedEpisodeWrite, exists: boolean): void {
  const obj = w.object.id;
  if (w.object.matchedBy === "new" && exists) {
    throw new MemoryStoreError(`object ${obj} already exists for this user; link it instead`);
  }
  if (w.object.matchedBy !== "new" && !exists) {
    throw new MemoryStoreError(`object ${obj} does not exist for this user; cannot link to it`);
  }
}

/** The error of linking a statement the user does not have. */
export function missingStatement(id: string): MemoryStoreError {
  return new MemoryStoreError(`statement ${id} does not exist for this user; cannot link to it`);
}

/** The error of superseding an edge that is not valid before this episode. */
export function noValidEdge(inv: Invalidation): MemoryStoreError {
  return new MemoryStoreError(
    `statement ${inv.id} has no valid edge from ${inv.objectId ?? "the user"} before this episode; cannot supersede it`,
  );
}
