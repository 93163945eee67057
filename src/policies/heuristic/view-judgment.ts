/**
 * Judging the instances in view against the user's photo: every same-category instance is placed
 * on the floor plan and, seen big enough, compared by its pixels (appearance.ts); the judgments
 * pile up in the episode's ledger (ledger.ts), and a verdict reads all the evidence it holds.
 */

import {
  type Appearance,
  apparentSize,
  appearanceIn,
  type Camera,
  type Candidate,
  type CandidateLedger,
  clippedByView,
  estimatePosition,
  floorGeometry,
  photoAppearance,
  pixelsOf,
  similarity,
  viewReliability,
} from "../../perception/index.ts";
import type { Image, Pose, VisibleInstance } from "../../sim/index.ts";
import {
  CLEAR_EVIDENCE,
  ENOUGH_EVIDENCE,
  FEW_VIEWS,
  LAST_CALL,
  LONE_POOL,
  MAX_APPROACHES,
  MAX_COLLISIONS,
  MIN_PIXELS_TO_JUDGE,
  TIE,
  VERDICT,
} from "./thresholds.ts";

/** What a look needs of a low-level decision's input (the policy's LowLevelInput is one). */
export interface LookInput {
  target: { category: string | null; size?: { is: "small" | "medium" | "large"; contrasted: boolean } };
  views: Record<"front" | "left" | "right", { image?: Image; visible: VisibleInstance[] }>;
  referenceImage?: Image;
  /** photos of the user's other remembered objects of the target's category */
  otherPhotos?: readonly Image[];
  pose?: Pose;
}

export type Verdict = "match" | "plausible" | "rejected" | "unjudged";

/**
 * Pure: what the ledger's evidence says of one instance, given all it holds. `pool`: whether a
 * lookalike in view still to be made out holds a match back (rivalInView); off when judging
 * whether that lookalike is one.
 */
export function verdictOf(c: Candidate, ledger: CandidateLedger, pool = true): Verdict {
  const gaveUp = c.approaches >= MAX_APPROACHES || c.stalled >= MAX_COLLISIONS;
  if (c.score === null) return loneUnjudged(ledger, c) ? "match" : gaveUp ? "rejected" : "unjudged";
  // another of the user's own objects of the category, seen well enough to tell
  if (c.evidence >= VERDICT.otherEvidence && ledger.likeAnother(c)) return "rejected";
  const isBest = ledger.best()?.id === c.id;
  // a near tie between two judged instances is no take until each was made out closer; a tie
  // that stays once the search is over and both had their closer look is the best guess left
  const madeOut = c.evidence >= ENOUGH_EVIDENCE || gaveUp;
  // (and with only the walk back to it left, no closer look is affordable: the tie is the guess)
  const tied =
    isBest && c.score - runnerUp(ledger, c) < TIE.margin && !(ledger.tiesLooked && madeOut) && !ledger.lastCall;
  // once the search is over, the best of all seen, compared with the others as well as the photo
  // the user said it is the big (or small) one, and one that looks as much like it is bigger (smaller)
  if (ledger.outsized(c)) return c.evidence >= CLEAR_EVIDENCE && c.score < VERDICT.reject ? "rejected" : "plausible";
  if (isBest && ledger.settling && c.score >= VERDICT.settle && !tied) return "match";
  if (isBest && ledger.settling && c.score >= VERDICT.settleClear && c.score - runnerUp(ledger, c) >= VERDICT.margin)
    return "match";
  if (isBest && lonePool(ledger, c)) return "match";
  // before the search is over, the size the user gave is only known to fit once compared with a lookalike
  if (!ledger.singledOutBySize(c))
    return c.evidence >= CLEAR_EVIDENCE && c.score < VERDICT.reject ? "rejected" : "plausible";
  if (c.evidence >= CLEAR_EVIDENCE && c.score < VERDICT.reject) return "rejected";
  // no colour in common at all: even a small view says so (the same instance scores this low in
  // none of the development split's views under 100 pixels; 34% of other instances' do)
  if (c.evidence >= CLEAR_EVIDENCE / 4 && c.score < VERDICT.unlike) return "rejected";
  // before the search is over, a lookalike in view beside it is made out before either is taken,
  // and the user's own lookalike (a photo alike the one sought) is seen before either is (thresholds.ts TWIN_UNSEEN)
  const pending = (pool && !ledger.settling && rivalInView(ledger, c)) || (!ledger.settling && ledger.twinUnseen(c));
  if (!pending && !tied && isBest && c.evidence >= ENOUGH_EVIDENCE * 0.75 && c.score >= VERDICT.match) return "match";
  if (
    !pending &&
    isBest &&
    c.evidence >= ENOUGH_EVIDENCE &&
    c.score >= VERDICT.early &&
    c.score - runnerUp(ledger, c) >= VERDICT.earlyMargin
  )
    return "match";
  if (!pending && isBest && fewClearViews(ledger, c)) return "match";
  if (c.evidence < ENOUGH_EVIDENCE && !gaveUp) return "unjudged";
  return "plausible";
}

/**
 * Every room searched and `c` the only instance of the category seen in the whole house, never
 * seen clearly enough to rule out (LONE_POOL): the pool is this one instance, and however low its
 * faint views score, walking the house again only finds it again.
 */
function lonePool(ledger: CandidateLedger, c: Candidate): boolean {
  if (!ledger.searchedAll || c.score === null) return false;
  if (c.score < LONE_POOL.score || c.evidence >= LONE_POOL.evidence) return false;
  return ledger.all().every((o) => o.id === c.id);
}

/**
 * Every room searched, the walk back to the best done (there was none: nothing judged), and `c`
 * the only instance of the category seen in the whole house, never judged: a small object low in
 * the picture shows big enough to judge only between decisions, and given up on, the house was
 * walked round and round until the steps ran out (LONE_POOL: the pool is this one instance).
 */
function loneUnjudged(ledger: CandidateLedger, c: Candidate): boolean {
  return ledger.searchedAll && ledger.tiesLooked && ledger.all().every((o) => o.id === c.id);
}

/**
 * Whether another instance of the category in view now could still be the one and has not been
 * made out yet (never judged, too small or far so far, or seen too little to tell) and, if judged,
 * scoring near `c` (within `margin`). Taking `c` first would leave a lookalike a few steps away
 * unseen: the pool the comparison needs is right there. One given up on is no rival.
 */
function rivalInView(ledger: CandidateLedger, c: Candidate): boolean {
  return ledger.all().some(
    (o) =>
      o.id !== c.id &&
      ledger.inViewNow(o.id) &&
      (o.score === null || o.score >= (c.score ?? 0) - VERDICT.margin) &&
      // what the robot goes closer to (steering.ts): not yet made out, and not given up on
      verdictOf(o, ledger, false) === "unjudged",
  );
}

/**
 * A small object never gathers ENOUGH_EVIDENCE (a view's reliability is its pixels, and a step
 * closer drops it below the picture), so the early take reads its views instead: several views
 * that agree as well as the early take asks, leading every other instance judged by as much, and
 * every other instance of the category seen so far made out (judged, or given up on). A lookalike
 * seen as clearly must still lose by the margin; one seen and not yet made out holds it back.
 */
function fewClearViews(ledger: CandidateLedger, c: Candidate): boolean {
  const score = c.score;
  if (score === null || score < VERDICT.early || c.views < FEW_VIEWS.views || c.evidence < FEW_VIEWS.evidence)
    return false;
  return ledger.all().every((o) => {
    if (o.id === c.id) return true;
    if (o.score === null) return verdictOf(o, ledger, false) === "rejected";
    // a lean toward another of the user's objects rules a rival out only once seen well enough to tell
    const another = o.evidence >= VERDICT.otherEvidence && ledger.likeAnother(o);
    return score - o.score >= VERDICT.earlyMargin || ledger.outsized(o) || another;
  });
}

/**
 * The best score of the judged instances other than `c` that could still be the one (0 when there
 * is none): a lookalike the size the user gave rules out is no rival, however like the photo.
 */
function runnerUp(ledger: CandidateLedger, c: Candidate): number {
  let best = 0;
  for (const o of ledger.all())
    if (o.id !== c.id && o.score !== null && o.score > best && !ledger.outsized(o) && !ledger.likeAnother(o))
      best = o.score;
  return best;
}

/**
 * Which photos of other objects look like the one sought: two photos alike in colour and pattern
 * (objects that differ only in size, material or a fine pattern) leave only noise between one
 * view's similarities to them, so only the pool compares with them (ledger.ts likeAnother).
 */
function alikeTo(photo: Appearance, others: Appearance[]): boolean[] {
  return others.map((o) => similarity(photo, o) >= VERDICT.photosAlike);
}

/**
 * Looks at every visible instance of the target's category: places it on the floor plan and,
 * where the view came with pixels and it is big enough, judges it against the photo. Records
 * all of it in the ledger.
 */
export async function lookAtCandidates(input: LookInput, ledger: CandidateLedger, camera: Camera): Promise<void> {
  const { target, referenceImage, pose } = input;
  if (target.category === null) return;
  const size = target.size;
  ledger.sizeCue = size && size.is !== "medium" ? { is: size.is, contrasted: size.contrasted } : null;
  ledger.otherMargin = input.otherPhotos?.length ? VERDICT.otherMargin : null;
  // an instance that could be taken at all, once the search is over, is a yardstick for the others
  ledger.poolFloor = VERDICT.settleClear;
  ledger.tieMargin = TIE.margin;
  ledger.budget = { ...LAST_CALL, floor: VERDICT.settleClear };
  ledger.giveUpAfter = { approaches: MAX_APPROACHES, stalls: MAX_COLLISIONS };
  ledger.look();
  let photo: Appearance | null = null;
  let others: Appearance[] | null = null;
  for (const view of ["front", "left", "right"] as const) {
    const v = input.views[view];
    const same = v.visible.filter((i) => i.category === target.category);
    for (const c of same) {
      const { floor } = floorGeometry(c, camera);
      ledger.saw(c.id, { position: pose ? estimatePosition(pose, view, c, camera) : null, floor });
    }
    const judgeable = same.filter((i) => i.pixels >= MIN_PIXELS_TO_JUDGE);
    for (const c of judgeable) if (!clippedByView(c.bbox, camera)) ledger.measured(c.id, apparentSize(c, camera));
    if (!referenceImage || !v.image || judgeable.length === 0) continue;
    photo ??= await photoAppearance(referenceImage);
    if (!others) {
      others = await Promise.all((input.otherPhotos ?? []).map(photoAppearance));
      ledger.alikeOthers = alikeTo(photo, others);
    }
    const px = await pixelsOf(v.image);
    for (const c of judgeable) {
      const seen = appearanceIn(px, c.bbox);
      ledger.judged(
        c.id,
        `${view}:${c.bbox.join(",")}:${c.pixels}`,
        similarity(photo, seen),
        viewReliability(c.pixels, clippedByView(c.bbox, camera)),
        others.map((o) => similarity(o, seen)),
      );
    }
  }
}
