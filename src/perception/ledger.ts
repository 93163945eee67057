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
/**
 * Sizes this far apart tell two instances apart: small, medium and large versions of one object
 * differ by about a third, and one clear view of the same object reads within about a tenth of
 * another once the camera's stretch off its axis is taken out (geometry.ts apparentSize).
 */
const CLEARLY_BIGGER = 1.2;
/** How many apparent sizes of an instance its size is the median of. */
const MAX_SIZES = 15;
/**
 * Instances whose similarities to the photo are this close may look alike, and then only their
 * size tells them apart: two views of identical objects in different light and from different
 * sides score up to about a quarter apart, an object of another colour far lower.
 */
const LOOKALIKE = 0.3;
/**
 * Seen this much farther (m, floor) than the nearest of the current approach, the robot has
 * walked away from it (to search elsewhere, or on a room plan): a sighting from there begins a
 * new approach, from another side or along another route, and the stalls of the last one no
 * longer count. Steps toward it and the sensor's wobble stay well within this.
 */
const WALKED_AWAY = 1.5;
/**
 * Approaches per instance that forgive the last one's stalls, the first included: a way that stays
 * blocked from every side is given up.
 */
const MAX_APPROACH_ROUNDS = 4;

export interface Candidate {
  id: string;
  /** reliability-weighted mean similarity over its most reliable views; null before any was judged */
  score: number | null;
  /** the judged views' reliabilities summed (1 ≈ one clear view of a few hundred pixels) */
  evidence: number;
  /**
   * over the same views as `score`, how much it looks like each photo of another object of the
   * user's that shares the category (in the order the photos were given); empty without them
   */
  others: number[];
  /** the best of `others`; null without such photos */
  other: number | null;
  /** judged views */
  views: number;
  /** its size (m), the median of its clear views' apparent sizes; null before one */
  extent: number | null;
  /** where it was last estimated to stand, on the floor plane */
  position: Vec3 | null;
  /** its floor distance when last seen (m) */
  floor: number;
  /** decisions spent going closer to it */
  approaches: number;
  /** collisions while heading for it */
  collisions: number;
  /**
   * collisions since it was last seen nearer than ever before on this approach: how stuck the way
   * to it is now
   */
  stalled: number;
  /** approaches that forgave the stalls of the one before, plus the first (see WALKED_AWAY) */
  rounds: number;
  /**
   * A last step toward it was taken knowing the step would carry it out of view (a low object
   * close by): where it was then, and the collisions so far, to tell afterwards whether the step
   * went through.
   */
  closing: { floor: number; collisions: number } | null;
  /** walks routed back to it on the floor plan after it was taken for the one and lost from view */
  pursuits: number;
}

interface Entry extends Candidate {
  /** apparent sizes of its clear views, the latest MAX_SIZES */
  sizes: number[];
  /** the nearest it was seen on the current approach (m, floor) */
  nearest: number;
  kept: { score: number; reliability: number; others: readonly number[] }[];
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
  /** every room of the house has been searched at least once: the instances seen are the house's whole pool */
  searchedAll = false;
  /**
   * The size the user gave the object: among its lookalikes, the biggest or the smallest;
   * `contrasted` when the words set it apart from others ("the big one"), so that it is only
   * known once compared. ("medium" singles out none by itself; nothing said leaves size out.)
   */
  sizeCue: { is: "small" | "large"; contrasted: boolean } | null = null;
  /**
   * The instance the planner took for the one it is after (it headed for it or stopped at it as
   * the match), until it judges otherwise: when a step toward it is blocked or turns it out of
   * view, the robot routes back to it on the floor plan instead of carrying on with its search.
   */
  chosen: string | null = null;
  /**
   * How much more an instance must look like the photo of another of the user's objects of the
   * category than like the photo of the one sought to be taken for that other object; null
   * while there are no such photos.
   */
  otherMargin: number | null = null;
  /**
   * The least similarity to the photo sought of an instance that `likeAnother` compares others
   * with; none is until the policy sets it.
   */
  poolFloor = Number.POSITIVE_INFINITY;
  /**
   * Per photo of another object (in the order of `others`): whether it looks like the photo
   * sought. One instance's lean toward such a photo is noise; two instances' leans read against
   * each other still tell a plain twin from a patterned one.
   */
  alikeOthers: readonly boolean[] = [];
  /**
   * Effort after which an instance is given up on (decisions spent going closer, collisions
   * without getting nearer): one given up on unmeasured holds no size comparison back. Never,
   * until the policy sets it.
   */
  giveUpAfter = { approaches: Number.POSITIVE_INFINITY, stalls: Number.POSITIVE_INFINITY };
  /**
   * How far the best must lead another judged instance for the two to be told apart rather than
   * a coin toss; null (none is) until the policy sets it.
   */
  tieMargin: number | null = null;
  /**
   * Once the search is over, the instances tied with the best have had their closer look
   * (navigate.ts compareTied): a tie that stays between instances made out is the best guess left.
   */
  tiesLooked = false;
  /**
   * The steps left only cover the walk back to the best seen (navigate.ts lastCall): no look is
   * set out on any more, and the best seen, if it could be the one at all, is the guess taken.
   */
  lastCall = false;
  /**
   * What a walk elsewhere must leave for the walk back to the best seen (navigate.ts affords): a
   * walk costs its floor distance times `detour`, in steps, and `reserve` steps approach and stop;
   * only a best scoring `floor` or more is worth going back to. None (no budget kept) until the
   * policy sets it.
   */
  budget: { detour: number; reserve: number; floor: number } | null = null;
  /**
   * The last decision turned toward an instance seen in a side view: which way, and how many turns
   * so far. Close by, a low object drops below the picture at the edge of the front view while
   * the turn is only partway round; the turn goes on until it faces it (the policy bounds it).
   * `why`: the reason the turn began with (going closer to judge it, or heading for it as the one).
   */
  turning: { id: string; dir: "left" | "right"; turns: number; why: string } | null = null;
  /** the instances of the category in view at the latest look (lookAtCandidates), judged or not */
  private readonly inView = new Set<string>();

  private entry(id: string): Entry {
    let e = this.byId.get(id);
    if (!e) {
      e = {
        id,
        score: null,
        evidence: 0,
        others: [],
        other: null,
        views: 0,
        extent: null,
        position: null,
        floor: Number.POSITIVE_INFINITY,
        approaches: 0,
        collisions: 0,
        stalled: 0,
        rounds: 1,
        nearest: Number.POSITIVE_INFINITY,
        closing: null,
        pursuits: 0,
        kept: [],
        sizes: [],
        judged: new Set(),
      };
      this.byId.set(id, e);
    }
    return e;
  }

  /** A new look begins: what was in view at the last one is not known to be in view now. */
  look(): void {
    this.inView.clear();
  }

  /** Whether it was in view at the latest look. */
  inViewNow(id: string): boolean {
    return this.inView.has(id);
  }

  /** It was in view here. */
  saw(id: string, at: { position: Vec3 | null; floor: number }): void {
    this.inView.add(id);
    const e = this.entry(id);
    if (at.position) e.position = at.position;
    e.floor = at.floor;
    // nearer than ever on this approach (by more than the sensor's wobble): the way to it is open again
    if (at.floor < e.nearest - 0.3) {
      e.nearest = at.floor;
      e.stalled = 0;
    } else if (at.floor > e.nearest + WALKED_AWAY) {
      // walked away from it and seen again: a new approach, measured from here; one that
      // forgives the last one's stalls is bounded in all
      if (e.stalled === 0) e.nearest = at.floor;
      else if (e.rounds < MAX_APPROACH_ROUNDS) {
        e.rounds++;
        e.nearest = at.floor;
        e.stalled = 0;
      }
    }
  }

  /**
   * A judgment of one view. `view` identifies the picture (the same view judged twice, at two
   * decisions made without moving, counts once). `others`: the same view against the photos of
   * the user's other objects of the category, one similarity per photo, always in the same order.
   */
  judged(id: string, view: string, score: number, reliability: number, others: readonly number[] = []): void {
    const e = this.entry(id);
    if (e.judged.has(view) || reliability <= 0) return;
    e.judged.add(view);
    e.views++;
    e.evidence += reliability;
    e.kept.push({ score, reliability, others });
    e.kept.sort((a, b) => b.reliability - a.reliability);
    if (e.kept.length > KEPT_VIEWS) e.kept.length = KEPT_VIEWS;
    const w = e.kept.reduce((s, k) => s + k.reliability, 0);
    e.score = e.kept.reduce((s, k) => s + k.score * k.reliability, 0) / w;
    // each other photo over the same views as the score, so a far or blurred view, which lowers
    // every photo's similarity alike, does not favour one photo over another
    const photos = Math.min(...e.kept.map((k) => k.others.length));
    e.others = Array.from(
      { length: photos },
      (_, i) => e.kept.reduce((sum, k) => sum + k.others[i] * k.reliability, 0) / w,
    );
    e.other = photos ? Math.max(...e.others) : null;
  }

  /** Its apparent size in one clear view: the median of those seen stands, so one odd view does not decide. */
  measured(id: string, extent: number): void {
    const e = this.entry(id);
    e.sizes.push(extent);
    if (e.sizes.length > MAX_SIZES) e.sizes.shift();
    const sorted = [...e.sizes].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    e.extent = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  /** The other instances measured that look as much like the photo as `c` (or have not been judged yet). */
  private measuredLookalikes(c: Candidate): Candidate[] {
    if (c.extent === null) return [];
    return [...this.byId.values()].filter(
      (o) =>
        o.id !== c.id &&
        o.extent !== null &&
        (o.score === null || c.score === null || Math.abs(o.score - c.score) < LOOKALIKE),
    );
  }

  /** Whether `a` is clearly bigger than `b` (by apparent size), when the cue is "large"; clearly smaller for "small". */
  private fitsBetter(a: Candidate, b: Candidate): boolean {
    if (a.extent === null || b.extent === null) return false;
    return this.sizeCue?.is === "large" ? a.extent > b.extent * CLEARLY_BIGGER : b.extent > a.extent * CLEARLY_BIGGER;
  }

  /**
   * Whether the size the user gave rules it out: another instance that looks as much like the
   * photo (or has not been judged yet) is clearly bigger when they said big, or clearly smaller
   * when they said small.
   */
  outsized(c: Candidate): boolean {
    if (this.sizeCue === null) return false;
    return this.measuredLookalikes(c).some((o) => this.fitsBetter(o, c));
  }

  /**
   * Whether the size the user gave has singled it out: it was seen beside a lookalike it
   * outsizes the way they said. A size said to set it apart ("the big one") is relative, so
   * until then looks alone cannot tell whether the one that fits is still to be found; a size
   * only said in passing ("the small pink bear") asks for no comparison.
   */
  singledOutBySize(c: Candidate): boolean {
    if (this.sizeCue === null || !this.sizeCue.contrasted) return true;
    if (this.unmeasuredLookalike(c)) return false;
    const others = this.measuredLookalikes(c);
    return others.length > 0 && others.every((o) => this.fitsBetter(c, o));
  }

  /**
   * Another instance of the category seen and never measured (only far, small or cut-off views
   * so far) that could still be a lookalike (not judged yet, or judged about as like the photo)
   * and has not been given up on: until it is measured, the size said cannot tell which of the
   * two it fits. Taking `c` first left the very lookalike it had to be compared with unmeasured
   * (a third hat seen at 16 pixels across the room, the medium one taken for the large).
   */
  private unmeasuredLookalike(c: Candidate): boolean {
    return [...this.byId.values()].some(
      (o) =>
        o.id !== c.id &&
        o.extent === null &&
        (o.score === null || c.score === null || Math.abs(o.score - c.score) < LOOKALIKE) &&
        o.approaches < this.giveUpAfter.approaches &&
        o.stalled < this.giveUpAfter.stalls,
    );
  }

  /**
   * Whether it looks more like one of the user's other objects of the category (by their photos,
   * over the same views) than like the one sought: the user's own lookalike, not theirs to fetch.
   * Each of those objects is one instance: a photo that another instance seen looks more like
   * is that instance's, and rules nothing else out (a white mug's view may lean toward the photo
   * of the cream one, but not when the cream one itself was seen).
   */
  likeAnother(c: Candidate): boolean {
    const margin = this.otherMargin;
    if (margin === null || c.score === null) return false;
    const score = c.score;
    const rest = [...this.byId.values()].filter((o) => o.id !== c.id);
    return c.others.some((s, i) => {
      if (rest.some((o) => (o.others[i] ?? 0) > s)) return false;
      if (!this.alikeOthers[i] && s - score >= margin) return true;
      return rest.some((o) => this.leansAwayBeside(c, o, i, margin));
    });
  }

  /**
   * Whether the user owns another object of the category whose photo looks like the one sought
   * (`alikeOthers`) and no other instance that could be either has been judged yet (none scoring
   * `poolFloor` or more on the photo sought, and about as much as `c`: within LOOKALIKE, as
   * views of one object do): one instance's lean toward alike photos is noise, so `c` alone
   * cannot say which of the two it is; only two instances read against each other tell them
   * apart (leansAwayBeside). Until then it is no take, and the search goes on: the user's
   * lookalike stands somewhere in the house.
   */
  twinUnseen(c: Candidate): boolean {
    if (!this.alikeOthers.some(Boolean) || c.score === null) return false;
    const floor = Math.max(this.poolFloor, c.score - LOOKALIKE);
    return ![...this.byId.values()].some((o) => o.id !== c.id && o.score !== null && o.score >= floor);
  }

  /**
   * Compared with `o`, another instance that could be the one sought: `c` leads it on the photo
   * sought, yet leans toward other photo `i` more than `o` does, by `margin`. Light, distance and
   * the angle lift or lower a view's similarity to every photo alike, so one instance's lean
   * toward a photo is read against another's in the same house: two of the user's objects seen
   * side by side are told apart where neither alone clears the margin (the old phone a routine
   * moved from looks a little more like its own photo than like the new one's; the new one, much
   * less), and so are twins whose photos look alike, where one instance's lean alone is noise
   * (a striped wallet and a checked one of one colour). An instance too unlike the photo sought
   * to be taken (below `poolFloor`) is no yardstick, nor one behind `c` on it.
   */
  private leansAwayBeside(c: Candidate, o: Candidate, i: number, margin: number): boolean {
    if (c.score === null || o.score === null || o.others[i] === undefined) return false;
    if (o.score < this.poolFloor || o.score > c.score) return false;
    return c.others[i] - c.score - (o.others[i] - o.score) >= margin;
  }

  /**
   * The other judged instances that `c` does not lead by `tieMargin` (it could still be the one
   * as much as `c`), not ruled out by size or as another of the user's objects, that it knows
   * where to find: nearest to `from` first. Empty while no margin is set.
   */
  tiedWith(c: Candidate, from: Vec3): Candidate[] {
    const margin = this.tieMargin;
    if (margin === null || c.score === null) return [];
    const score = c.score;
    const d = (p: Vec3) => Math.hypot(p[0] - from[0], p[2] - from[2]);
    return [...this.byId.values()]
      .filter(
        (o) =>
          o.id !== c.id &&
          o.score !== null &&
          o.position !== null &&
          score - o.score < margin &&
          !this.outsized(o) &&
          !this.likeAnother(o),
      )
      .sort((a, b) => d(a.position as Vec3) - d(b.position as Vec3));
  }

  /** The planner takes `id` for the one it is after; `null`: it no longer takes any. */
  choose(id: string | null): void {
    this.chosen = id;
  }

  /** A walk routed back to it was started. */
  pursued(id: string): void {
    this.entry(id).pursuits++;
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

  /**
   * Instances given up on before any view of them could be judged (too far or too small to make
   * out, the way to them blocked), that it knows where to find: nearest to `from` first.
   */
  unjudged(from: Vec3): Candidate[] {
    const d = (p: Vec3) => Math.hypot(p[0] - from[0], p[2] - from[2]);
    return [...this.byId.values()]
      .filter((c) => c.score === null && c.position !== null && (c.approaches > 0 || c.stalled > 0))
      .sort((a, b) => d(a.position as Vec3) - d(b.position as Vec3));
  }

  /** A fresh try at getting close to it (another route): its effort so far no longer counts against it. */
  retry(id: string): void {
    const e = this.entry(id);
    e.approaches = 0;
    e.stalled = 0;
    e.nearest = Number.POSITIVE_INFINITY;
  }

  get(id: string): Candidate | undefined {
    return this.byId.get(id);
  }

  all(): Candidate[] {
    return [...this.byId.values()];
  }

  /**
   * The judged instance that looks most like the photo, if any was judged; one the size the user
   * gave rules out only when every judged one is; never one that looks more like another of the
   * user's objects.
   */
  best(): Candidate | null {
    const judged = [...this.byId.values()].filter((c) => c.score !== null && !this.likeAnother(c));
    const fitting = judged.filter((c) => !this.outsized(c));
    let best: Candidate | null = null;
    for (const c of fitting.length ? fitting : judged) {
      const score = c.score ?? 0;
      if (!best || score > (best.score ?? 0) || (score === best.score && c.evidence > best.evidence)) best = c;
    }
    return best;
  }
}
