/**
 * What is left of a clause once no act is read: a behaviour in the user's words (guidance at
 * most), a question back when even that is unclear, or no correction at all (thanks, a request,
 * a question).
 */
import {
  ARTIFACT_NOUN,
  ASKS_FOR_OBJECT,
  asksForTrait,
  CONTRAST,
  COPULA_ALL,
  DELIVERY_WORD,
  DIRECTIVE,
  directs,
  END_PUNCTUATION,
  ENTER,
  endsPointingBack,
  FREE_CHOICE,
  HOW_LONG_WORDS,
  judgesConduct,
  LASTING,
  MANNER_ADVERB,
  MANNER_CHOICE,
  mood,
  NEG,
  NEG_GERUND,
  NEGATION_WORD,
  nearestRoom,
  oneSpaced,
  PRAISE,
  placeAfterMotion,
  REPLY_LENGTH,
  REVISING,
  STAND_IN_WORDS,
  STARTS_WITH_LETTER,
  spaced,
  TAKE_IN,
  TASK_VERB,
  unmeasuredDegree,
  VAGUE_BEHAVIOR,
  WH_QUESTION,
  wishesToTakeIn,
  withoutConditionalPraise,
  withoutCounterfactual,
  withoutToldAsides,
} from "../../language/index.ts";
import type { Stage } from "../types.ts";
import { type Common, type ReadCtx, type RuleReading, re, type UnclearReading, words } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";

import type { Span } from "./segments.ts";

// ---- behaviour, and what is no correction -----------------------------------------------------

export const STOPWORDS = new Set(
  "a an the and or but to of in on at for with by from do does did done doing not no never always again ever please you your i me my it that this those these so like way be is are was were any more from now on future going forward every each whenever make sure just also can could would should will want need really".split(
    " ",
  ),
);

export const VAGUE_QUESTION = "What exactly should I do differently?";
/** The reason of a request that only points back: after a clause that says what is meant, it says that again. */
export const POINTS_BACK = "what it points back to is not said";

export function behaviour(ctx: ReadCtx, common: Common, span: Span): RuleReading | UnclearReading | undefined {
  const w = words(ctx, span);
  // what is asked, without the words that only say for how long ("every time", "this time")
  const asked = w.text.replace(HOW_LONG_WORDS, " ");
  // "for this one keep it brief": the directive after a fronted "for this one"
  const directive = DIRECTIVE.test(w.text) || DIRECTIVE.test(oneSpaced(asked).trim());
  if (!directive || ASKS_FOR_OBJECT.test(w.text)) return undefined;
  const text = ctx.message.slice(ctx.tokens[span.a].start, ctx.tokens[span.b - 1].end).replace(END_PUNCTUATION, "");
  // "it blocks the door", "the floor is covered in lego": a statement asks nothing of the robot
  // (beside a rule it is the rule's reason), so it is never a behaviour of its own
  if (!directs(mood(oneSpaced(asked).trim()))) return undefined;
  // "so tiresome, forever trailing after me": beside fault found with the robot's conduct, a clause
  // with no word of refusal may be the conduct complained of (its subject dropped) as well as a
  // wish; kept, it could store the very behaviour the user objects to, so what to do is asked
  if (judgesConduct(words(ctx, { a: 0, b: ctx.tokens.length }).text) && !re(`(?:${NEG}|${NEG_GERUND})`).test(w.text))
    return {
      type: "unclear",
      reason: `fault found with my conduct ("${text}")`,
      question: VAGUE_QUESTION,
      clause: span,
    };
  // "go wherever you like": free choice permits and asks nothing, so it is never a rule
  if (re(FREE_CHOICE).test(w.text) || re(MANNER_CHOICE).test(w.text)) return undefined;
  if (stressesWhatIsSaid(asked) || hopesOfTheMessage(asked)) return undefined;
  // "keep ur wheels out of the boot room": a room named, but what to do there was not read; a
  // rule in the user's words would be unchecked and could say more than they meant, so it is asked
  const room = roomsIn(ctx.tokens, span.a, span.b, ctx.house).at(0);
  if (room)
    return {
      type: "unclear",
      reason: `something about the ${room.room} ("${text}"), but not what`,
      question: `You said "${text}": should I stay out of the ${room.room} from now on, or not stop there, or something else?`,
      clause: span,
    };
  // "never go in the lofft": a movement into a place that is no room of the house; kept in the
  // user's words it would go unchecked (or name a room that is not there), so which room is asked
  const place = placeAfterMotion(w.text);
  if (place) {
    const near = nearestRoom(place, ctx.house);
    return {
      type: "unclear",
      reason: `a place ("${place}") that is not a room of this house`,
      question: near
        ? `You said "${text}": do you mean the ${near}?`
        : `You said "${text}": which room of the house is "${place}"?`,
      clause: span,
    };
  }
  // "actually go up to 40": a revision whose value was not read; kept in the user's words it would
  // stand beside the rule it meant to change, so what to change is asked
  if (re(REVISING).test(w.text) && mood(oneSpaced(asked).trim()) !== "wish")
    return {
      type: "unclear",
      reason: `a change to a rule, but what it changes is not read ("${text}")`,
      question: "Which rule should I change, and to what?",
      clause: span,
    };
  // "let's change that", "knock it off": what it asks is only pointed back at, never said in its words;
  // beside a clause that says it, that clause is the request (learn() drops this question then)
  if (endsPointingBack(w.text.split(" ")))
    return {
      type: "unclear",
      reason: `${POINTS_BACK}: "${text}"`,
      question: VAGUE_QUESTION,
      clause: span,
    };
  const all = spaced(asked).filter((x) => STARTS_WITH_LETTER.test(x));
  // "not the other one": words that only stand in for a thing said elsewhere say nothing to do
  const content = all.filter((x) => !STOPWORDS.has(x) && !STAND_IN_WORDS.has(x));
  // a degree with no measure ("be more respectful", "a bit quieter") counts wherever it stands,
  // stop word or not: what "more" is would be the robot's guess
  // a trait ("be gentler", "be mindful of …") is a degree too, unless it is a reply's length ("be brief")
  const trait = asksForTrait(asked) && !re(REPLY_LENGTH).test(asked);
  const degree = all.filter((x) => re(VAGUE_BEHAVIOR).test(x)).length + (unmeasuredDegree(asked) || trait ? 1 : 0);
  const vague = content.filter((x) => re(VAGUE_BEHAVIOR).test(x)).length;
  // a degree with no measure is asked back when it would be kept; for this task it is done as said
  // for this task a length is measure enough: "make this answer short" is done as said
  const measured = common.persistence === "task_local" && all.some((x) => re(REPLY_LENGTH).test(x));
  if (!measured && (content.length - vague < 2 || (degree > 0 && common.persistence !== "task_local")))
    return {
      type: "unclear",
      reason: `what to do differently is not said ("${text}")`,
      question: VAGUE_QUESTION,
      clause: span,
    };
  const stage: Stage = re(ARTIFACT_NOUN).test(w.text)
    ? "artifact"
    : DELIVERY_WORD.test(w.text)
      ? "delivery"
      : "pre_action";
  return {
    type: "rule",
    ...common,
    requirement: { kind: "behavior", text },
    stage,
    quotes: [span],
    clear: true,
  };
}

/**
 * "I want this noted precisely", "understand that clearly": a verb of taking in what is said,
 * with the message itself ("this", "that", "it") as its object and nothing else but how well:
 * it stresses what is said around it and asks nothing of its own.
 */
function stressesWhatIsSaid(asked: string): boolean {
  const ws = spaced(asked).filter((x) => STARTS_WITH_LETTER.test(x));
  if (!ws.some((x) => POINTS_AT_MESSAGE.has(x))) return false;
  const content = ws.filter((x) => !STOPWORDS.has(x));
  return content.some((x) => re(TAKE_IN).test(x)) && content.every((x) => re(TAKE_IN).test(x) || MANNER_ADVERB.test(x));
}
const POINTS_AT_MESSAGE = new Set(["this", "that", "it"]);

/**
 * "I hope this isn't rude", "I hope that's ok": a wish said of the message itself (its subject
 * "this", "that" or "it", no "you" in it) asks nothing of the robot.
 */
function hopesOfTheMessage(asked: string): boolean {
  const ws = spaced(asked).filter((x) => STARTS_WITH_LETTER.test(x));
  if (ws.some((x) => x === "you" || x === "u" || x === "your")) return false;
  const k = ws.findIndex((x) => x === "hope" || x === "trust" || x === "wish");
  return k >= 0 && POINTS_AT_MESSAGE.has(ws[k + 1] ?? "");
}

/** Thanks, praise, a request for an object, a question: no correction at all. */
export function isNoCorrection(ctx: ReadCtx, s: Span): boolean {
  const w = words(ctx, s);
  // "thank you, I'd have looked forever": what would have happened lasts and forbids nothing
  // "isn't that clever?": an exclamation asked; "thanks, it sat on the shelf like always": a habit
  // compared, beside thanks with no contrast only ("you went in the den like always", "thanks, but
  // like always you …" still complain)
  if (!withoutToldAsides(w.text)) return true;
  const plain = withoutCounterfactual(w.text);
  const thanks = re(PRAISE).test(withoutConditionalPraise(w.text)) && !re(CONTRAST).test(w.text);
  const said = thanks ? withoutToldAsides(plain) : plain;
  if (re(`(?:${NEG}|do not|never|${LASTING}|json|words?|off limits|stay out|keep out)`).test(said)) return false;
  if (ASKS_FOR_OBJECT.test(w.text)) return true;
  // "I'd like to see the river from up there": the speaker's own wish to see or learn asks nothing
  if (wishesToTakeIn(w.text)) return true;
  // "go to the kitchen and get my mug": where to go and what to fetch, nothing about how
  const movesOnly = w.text.replace(COPULA_ALL, " ");
  if (
    !NEGATION_WORD.test(w.text) &&
    !re(VAGUE_BEHAVIOR).test(w.text) &&
    re(`(?:${ENTER}|${TASK_VERB})`).test(movesOnly)
  )
    return true;
  if (WH_QUESTION.test(w.text)) return true;
  // thanks and praise with nothing asked ("Great, you found my keys")
  // "if you could …, that would be lovely": praise in the conditional asks, it thanks for nothing
  return re(PRAISE).test(withoutConditionalPraise(w.text));
}
