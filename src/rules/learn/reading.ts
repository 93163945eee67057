/** What a clause reading is: the shapes clause.ts and the act readers (room-acts, the reply-* readers, behaviour) share. */
import { bounded, LEAD, type Token, Words } from "../../language/index.ts";
import type { Requirement, Stage } from "../types.ts";
import type { Cond, Lasting } from "./conditions.ts";
import type { RoomRef } from "./rooms-in.ts";
import type { Span } from "./segments.ts";

export interface ReadCtx {
  message: string;
  tokens: readonly Token[];
  /** the house's region labels, when known */
  house: readonly string[];
}

/** One clause: its main part, and every part of it in order (fronted and trailing ones included). */
export interface ClauseIn {
  main: Span;
  parts: Span[];
  antecedent?: RoomRef;
  /** what the sentence before said the robot did ("You went into the garage."), for "don't do that again" */
  narrative?: { kind: "avoid_room" | "no_stop_in_room"; room: RoomRef };
  /** ends with a question mark */
  question: boolean;
  /** parts before the act that are neither markers nor acts ("When you're in this house"): read for scope and conditions, not for how long */
  weak?: Span[];
}

export interface Common {
  persistence: Lasting;
  /** lasting because the user said so ("from now on"), not by default */
  saidLasting: boolean;
  scope: "global" | "scene";
  scopeQuote?: Span;
  conditions: Cond[];
  exceptions: Cond[];
  /** the whole clause, for the statement */
  clause: Span;
}

export interface RuleReading extends Common {
  type: "rule";
  requirement: Requirement;
  stage: Stage;
  quotes: Span[];
  clear: boolean;
  /** "make that 20 words", "actually": a new value for a rule already stored */
  revising?: boolean;
  /** "20 words is fine": a value that only loosens a stored rule */
  permissive?: boolean;
  /** "also", "too": more of the same (JSON fields) */
  additive?: boolean;
  /** "add a field for whether it was found": fields added with no JSON said, so only to a JSON rule in force */
  addsField?: boolean;
  /** "not the bathroom": no verb, only an object */
  elliptical?: boolean;
  /** "stop mentioning which room": a mention the user no longer wants */
  unwanted?: boolean;
  /** rooms read through a misspelling or named as the house does not label them */
  rooms?: RoomRef[];
}

export type Target =
  /** `goal`: the end of a route ("cross the hall to reach the den"), where the passing leads */
  | { kind: "room"; room: string; act: "enter" | "stop" | "any"; goal?: true }
  | { kind: "word_limit" }
  | { kind: "json" }
  | { kind: "mention"; what?: string }
  | { kind: "avoid_text"; text?: string }
  | { kind: "unknown" };

export interface RetractReading extends Common {
  type: "retract";
  targets: Target[];
  quote: Span;
  /** a permission without a word of how long ("you can go in the garage"): asked, never guessed */
  bare: boolean;
}

/** "should start at 8 pm": one end of a rule's hours moved, with the readings of the hour said and its words. */
export interface MovedEnd {
  end: "from" | "to" | "either";
  hours: number[];
  quote: Span;
  /** the new value said as a number alone ("make it 15"): an hour, or a word limit's count */
  count?: number;
  /** "rather than eleven": the hour said to be replaced (0–11), which tells which end moves */
  replaced?: number;
}

export interface HoursReading extends Common {
  type: "hours";
  /** the words that say whose hours ("the baby sleeps …") */
  words: string[];
  /**
   * "make that the evening instead of the morning": new hours for a rule in force, replacing its
   * own; `before` are the hours the user names as the old ones, `targets` what the rule is about
   */
  retime?: { before: Cond[]; targets: Target[]; boundary?: MovedEnd };
}

/** "the study rule is only for weekends": when a stored rule applies, said after it was taught. */
export interface NarrowReading extends Common {
  type: "narrow";
  targets: Target[];
}

/** "I meant the pantry, not the kitchen": the room of a rule in force, put right; nothing else of it changes. */
export interface ReroomReading extends Common {
  type: "reroom";
  /** the room the rule names now, and the one said to be replaced */
  to: RoomRef;
  from: RoomRef;
}

export interface UnclearReading {
  type: "unclear";
  reason: string;
  question: string;
  clause: Span;
}

export type Reading = RuleReading | RetractReading | HoursReading | NarrowReading | ReroomReading | UnclearReading;

export const re = bounded;
export { LEAD };

export function words(ctx: ReadCtx, s: Span): Words {
  return new Words(ctx.tokens, s.a, s.b);
}

export function targetOf(q: Requirement): Target {
  switch (q.kind) {
    case "avoid_room":
      return { kind: "room", room: q.room, act: "enter" };
    case "no_stop_in_room":
      return { kind: "room", room: q.room, act: "stop" };
    case "word_limit":
      return { kind: "word_limit" };
    case "json_fields":
      return { kind: "json" };
    case "mention":
      return { kind: "mention", what: q.what };
    case "avoid_text":
      return { kind: "avoid_text", text: q.text };
    case "behavior":
      return { kind: "unknown" };
  }
}
