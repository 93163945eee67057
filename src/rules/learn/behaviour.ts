/**
 * What is left of a clause once no act is read: a behaviour in the user's words (guidance at
 * most), a question back when even that is unclear, or no correction at all (thanks, a request,
 * a question).
 */
import {
  ARTIFACT_NOUN,
  directs,
  ENTER,
  FREE_CHOICE,
  LASTING,
  mood,
  NEG,
  PRAISE,
  TASK_LOCAL,
  TASK_VERB,
  VAGUE_BEHAVIOR,
} from "../../language/index.ts";
import type { Stage } from "../types.ts";
import { type Common, LEAD, type ReadCtx, type RuleReading, re, type UnclearReading, words } from "./reading.ts";
import { roomsIn } from "./rooms-in.ts";

import type { Span } from "./segments.ts";

// ---- behaviour, and what is no correction -----------------------------------------------------

export const STOPWORDS = new Set(
  "a an the and or but to of in on at for with by from do does did done doing not no never always again ever please you your i me my it that this those these so like way be is are was were any more from now on future going forward every each whenever make sure just also can could would should will want need really".split(
    " ",
  ),
);

const DIRECTIVE = new RegExp(
  `(?:${LEAD}(?:keep|stay|avoid|skip|reply|answer|respond|tell|mention|say|use|give|include|make|be|limit|stop|start|wait|park|cap|send|write|put|let|leave|greet|speak|talk|try|remember|call|address|show|add|sound|shorten|explain|describe|list|report|ask|check|turn|close|open|knock|announce|warn|beep|slow|move|drive|come back|return|bring|go)\\b)|\\b(?:${NEG}|do not|never|please|make sure|be sure|remember to|i (?:want|need|would like|would prefer|would rather|prefer|like|do not want) (?:you|it)|(?:i|we) (?:would like|would prefer|prefer|want) (?!(?:my|the|some|a|an|our|his|her|their|to)\\b)\\w+|you (?:should|must|need to|have to|ought to|are to)|${LASTING})\\b`,
);
export const VAGUE_QUESTION = "What exactly should I do differently?";
export const REQUEST = new RegExp(
  `${LEAD}(?:(?:(?:can|could|would|will) you (?:please )?)?(?:${TASK_VERB})\\b|(?:can|could|would|will) you (?:please )?(?:check|look|search|go|see|tell me where)\\b|(?:i|we) (?:want|need|would like|am looking for|are looking for) (?:my|the|some|a|an|our|his|her|their)\\b)`,
);

export function behaviour(ctx: ReadCtx, common: Common, span: Span): RuleReading | UnclearReading | undefined {
  const w = words(ctx, span);
  // what is asked, without the words that only say for how long ("every time", "this time")
  const asked = w.text.replace(new RegExp(`\\b(?:${LASTING}|${TASK_LOCAL})\\b`, "g"), " ");
  // "for this one just give me the short version": the directive after a fronted "for this one"
  const directive = DIRECTIVE.test(w.text) || DIRECTIVE.test(asked.replace(/\s+/g, " ").trim());
  if (!directive || REQUEST.test(w.text)) return undefined;
  const text = ctx.message.slice(ctx.tokens[span.a].start, ctx.tokens[span.b - 1].end).replace(/[.!?,;:\s]+$/, "");
  // "it blocks the door", "the floor is covered in lego": a statement asks nothing of the robot
  // (beside a rule it is the rule's reason), so it is never a behaviour of its own
  if (!directs(mood(asked.replace(/\s+/g, " ").trim()))) return undefined;
  // "go wherever you like": free choice permits and asks nothing, so it is never a rule
  if (re(FREE_CHOICE).test(w.text)) return undefined;
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
  const all = asked.split(/\s+/).filter((x) => /^[a-z]/.test(x));
  const content = all.filter((x) => !STOPWORDS.has(x));
  // a degree with no measure ("be more respectful", "a bit quieter") counts wherever it stands,
  // stop word or not: what "more" is would be the robot's guess
  const degree = all.filter((x) => re(VAGUE_BEHAVIOR).test(x)).length;
  const vague = content.filter((x) => re(VAGUE_BEHAVIOR).test(x)).length;
  // a degree with no measure is asked back when it would be kept; for this task it is done as said
  if (content.length - vague < 2 || (degree > 0 && common.persistence !== "task_local"))
    return {
      type: "unclear",
      reason: `what to do differently is not said ("${text}")`,
      question: VAGUE_QUESTION,
      clause: span,
    };
  const stage: Stage = re(ARTIFACT_NOUN).test(w.text)
    ? "artifact"
    : /\b(?:say|tell|repl|answer|respond|talk|speak|messages?|words?|detail|detailed|short|brief|long|longer|shorter|mention|call|greet|polite|politely|formal|tone|explain|describe|voice|beep|announce|emoji|jargon|slang|exclamation|abbreviation|swear|curs|text|json|format)\w*/.test(
          w.text,
        )
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

/** Thanks, praise, a request for an object, a question: no correction at all. */
export function isNoCorrection(ctx: ReadCtx, s: Span): boolean {
  const w = words(ctx, s);
  if (re(`(?:${NEG}|do not|never|${LASTING}|json|words?|off limits|stay out|keep out)`).test(w.text)) return false;
  if (REQUEST.test(w.text)) return true;
  // "go to the kitchen and get my mug": where to go and what to fetch, nothing about how
  const movesOnly = w.text.replace(/\b(?:be|being|been)\b/g, " ");
  if (
    !/\b(?:not|never|no)\b/.test(w.text) &&
    !re(VAGUE_BEHAVIOR).test(w.text) &&
    re(`(?:${ENTER}|${TASK_VERB})`).test(movesOnly)
  )
    return true;
  if (/^(?:where|what|which|who|how|when)\b/.test(w.text)) return true;
  // thanks and praise with nothing asked ("Great, you found my keys")
  return re(PRAISE).test(w.text);
}
