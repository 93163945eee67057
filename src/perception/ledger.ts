/**
 * What the robot has made of each same-category instance it saw this episode: how much it looks
 * like the user's photo over the views it had, where it stands, and how much effort went into
 * getting a better look. Instance ids are the semantic sensor's, stable within an episode and
 * new in the next one, so a ledger lives for one episode.
 *
 * Evidence is accumulated, not replaced: one view can be poor (the object half out of the
 * picture, seen from behind, a few pixels far away), so an instance's score is the
 * reliability-weighted mean of its most reliable views, and `evidence` says how much was seen.
 */
import type { Vec3 } from "../sim/index.ts";

/** How many of an instance's most reliable views its score is taken over. */
const KEPT_VIEWS = 3;

export interface Candidate {
  id: string;
  /** reliability-weighted mean similarity over its most reliable views; null before any was judged */
  score: number | null;
  /** the judged views' reliabilities summed (1 ≈ one clear view of a few hundred pixels) */
  evidence: number;
  /** judged views */
  views: number;
  /** where it was last estimated to stand, on the floor plane */
  position: Vec3 | null;
  /** its floor distance when last seen (m) */
  floor: number;
  /** decisions spent going closer to it */
  approaches: number;
  /** collisions while heading for it */
  collisions: number;
  /** collisions since it was last seen nearer than ever before: how stuck the way to it is now */
  stalled: number;
  /**
   * A last step toward it was taken knowing the step would carry it out of view (a low object
   * close by): where it was then, and the collisions so far, to tell afterwards whether the step
   * went through.
   */
  closing: { floor: number; collisions: number } | null;
}

interface Entry extends Candidate {
  /** the nearest it was ever seen (m, floor) */
  nearest: number;
  kept: { score: number; reliability: number }[];
  judged: Set<string>;
}

/** Pure: how far one view can be trusted, from its size and whether it is cut off by the picture's edge. */
export function viewReliability(pixels: number, clipped: boolean): number {
  return Math.min(1, pixels / 400) * (clipped ? 0.4 : 1);
}

export class CandidateLedger {
  private readonly byId = new Map<string, Entry>();
  /** the search is over (every room searched, or the steps are running out): the best seen will do */
  settling = false;

  private entry(id: string): Entry {
    let e = this.byId.get(id);
    if (!e) {
      e = {
        id,
        score: null,
        evidence: 0,
        views: 0,
        position: null,
        floor: Number.POSITIVE_INFINITY,
        approaches: 0,
        collisions: 0,
        stalled: 0,
        nearest: Number.POSITIVE_INFINITY,
        closing: null,
        kept: [],
        judged: new Set(),
      };
      this.byId.set(id, e);
    }
    return e;
  }

  /** It was in view here. */
  saw(id: string, at: { position: Vec3 | null; floor: number }): void {
    const e = this.entry(id);
    if (at.position) e.position = at.position;
    e.floor = at.floor;
    // nearer than ever (by more than the sensor's wobble): the way to it is open again
    if (at.floor < e.nearest - 0.3) {
      e.nearest = at.floor;
      e.stalled = 0;
    }
  }

  /**
   * A judgment of one view. `view` identifies the picture (the same view judged twice, at two
   * decisions made without moving, counts once).
   */
  judged(id: string, view: string, score: number, reliability: number): void {
    const e = this.entry(id);
    if (e.judged.has(view) || reliability <= 0) return;
    e.judged.add(view);
    e.views++;
    e.evidence += reliability;
    e.kept.push({ score, reliability });
    e.kept.sort((a, b) => b.reliability - a.reliability);
    if (e.kept.length > KEPT_VIEWS) e.kept.length = KEPT_VIEWS;
    const w = e.kept.reduce((s, k) => s + k.reliability, 0);
    e.score = e.kept.reduce((s, k) => s + k.score * k.reliability, 0) / w;
  }

  approached(id: string): void {
    this.entry(id).approaches++;
  }

  collided(id: string): void {
    const e = this.entry(id);
    e.collisions++;
    e.stalled++;
  }

  /** A step toward it that will take it out of view is about to be taken. */
  closingIn(id: string): void {
    const e = this.entry(id);
    e.closing = { floor: e.floor, collisions: e.collisions };
  }

  get(id: string): Candidate | undefined {
    return this.byId.get(id);
  }

  all(): Candidate[] {
    return [...this.byId.values()];
  }

  /** The judged instance that looks most like the photo, if any was judged. */
  best(): Candidate | null {
    let best: Candidate | null = null;
    for (const c of this.byId.values()) {
      if (c.score === null) continue;
      if (!best || c.score > (best.score ?? 0) || (c.score === best.score && c.evidence > best.evidence)) best = c;
    }
    return best;
  }
}
