/**
 * The language part: every reading of English in one place (DESIGN.md, "language"). The rule
 * learner, the memory extractor, retrieval and grounding read through this entry file; it
 * imports only src/util and packages.
 *
 * What it stands on, and why. Three libraries were compared on development sentences written
 * for the purpose (terse, slang, typos, run-on voice transcription, hour windows, reply limits):
 * - wink-nlp + wink-eng-lite-web-model: sentences right on every one (it knows "Dr." and "a.m."
 *   end nothing), tokens with contractions spelt out ("dont" → "do not", "I'd" → "i would"),
 *   part-of-speech tags that held on slang ("pls" INTJ, "considerate" ADJ, "rather" ADV), and a
 *   negation scope per token ("never go in the basement at night": go … night). Loads in about
 *   0.2 s, offline, no native code. Chosen for sentences, part of speech and negation.
 * - compromise (+ compromise-dates, -numbers): splits clauses at commas and conjunctions, which
 *   is useful, but tagged "short", "considerate" and "ok" as verbs and "now" as a conjunction,
 *   and its date plugin reads "from now on" as a date; left out.
 * - chrono-node: reads clock points ("9pm", "noon") but no hour windows: "between 10 and 7" is
 *   nothing to it, and "at night" is a point (20:00) where a rule needs [21, 6); left out.
 * What none of them does is hand-written here: the time grammar (hour windows from parts of the
 * day and clock ranges), numbers as limits ("a dozen words"), the message tokenizer that keeps
 * each word's span in the user's text (quotes must be the user's own characters), requests and
 * everyday concepts. The library loads lazily (nlp.ts): `polar --help` never pays for it.
 */

export {
  AVOID,
  AVOID_IF_ROOM,
  ENTER,
  FINE,
  FORBIDDEN,
  FREE_CHOICE,
  GLOBAL,
  GOAL_PARTICLE,
  GOING_PARTICLE,
  MANNER_CHOICE,
  NEG,
  NEG_GERUND,
  PERMIT,
  PLACE,
  PRONOUN_FINE,
  permissionRunsOn,
  predicateAllows,
  RELEASE,
  RETRACT,
  SCENE,
  STOP,
  saysFineBare,
  withoutPresence,
} from "./act-words.ts";
export { namesActivitySpan } from "./activity-span.ts";
export type { Act, ClauseFacts } from "./acts.ts";
export { actOf, afterConcession, continuesReason, DESCRIBED_ONE, factsOf, SHAPES, saysDoubt } from "./acts.ts";
export {
  asksForAChange,
  closesClause,
  endsPointingBack,
  isRuleNoun,
  onlyChangesWhatItPointsAt,
  saysNoLonger,
  takesBackWhatItPointsAt,
  talksAboutARule,
} from "./anaphora.ts";
export { contentWords, coverage, wordSet } from "./bag-of-words.ts";
export { aside } from "./brackets.ts";
export {
  BARE_REACTION,
  BEING_OR_NOT,
  EXCEPTION_WORD,
  EXPLAIN,
  GOING_ON_THERE,
  HEDGE,
  INDEFINITE,
  JOINER,
  LIKE_EXPLAINS,
  MARKER_LEAD,
  OPENS_CLAUSE,
  OPENS_CONDITION,
  opensConsequence,
  opensNobodyGoing,
  PLACE_PREPOSITION,
  POLITE_FRAME,
  REASON_HEADING,
  RESTART_LEAD,
  STRETCH_OPENER,
  SUBJECT,
  SUBORDINATOR,
  WHEN_OPENER,
} from "./clause-words.ts";
export { descriptiveClauses } from "./clauses.ts";
export { isMinutesBeforeHour } from "./clock-forms.ts";
export { conceptCoverage, conceptsIn, glossed } from "./concepts.ts";
export * from "./condition-shapes.ts";
export { judgesConduct, reportsSuccess } from "./conduct.ts";
export { asksForAmount, asksForTrait, saysRobotOverdoes, unmeasuredDegree } from "./degree.ts";
export { ABOUT_TOPIC, withoutQuotedNegation } from "./described-rule.ts";
export { unbeaten, withoutBeats, withoutHesitations } from "./disfluency.ts";
export { saysEveryHour } from "./every-hour.ts";
export {
  BARE_PART_OF_DAY,
  EVERY_PART_OF_DAY,
  everyPartOfDay,
  namesHoursBeside,
  PART_HOURS,
  PART_OF_DAY_PLURAL,
  partHoldsWindows,
  partPlacesWindows,
} from "./every-part.ts";
export { eyeDialect, rDropped } from "./eye-dialect.ts";
export { goesOnWithFact, tellsNothing, withoutWordsToListener } from "./fragments.ts";
export { withGoingLeftOut } from "./going-left-out.ts";
export { greets, reassures, reassuresOrThanks, thanksOnly, withoutReassurance } from "./greeting.ts";
export { handsToHours, namesStretchAlone, stretchOpeningAt } from "./handed-hours.ts";
export { isHeading } from "./headings.ts";
export type { HourWindow } from "./hours.ts";
export {
  canonical,
  covers,
  hourInside,
  hourOutside,
  hourSet,
  hoursOf,
  inForce,
  inWindow,
  meetsAsRestOfDay,
  minus,
  overlap,
  sameHours,
  wholeDay,
  windowLength,
  windowsOf,
} from "./hours.ts";
export { soundKey } from "./house-words.ts";
export { respelled } from "./informal.ts";
export { withoutIntensifiers } from "./intensifiers.ts";
export { keepsAsIs } from "./keeps-as-is.ts";
export { lingeredFor } from "./lingered.ts";
export { looksNamed, looksOfInstance, namesLooks, onlyLooks, withoutLooks } from "./looks.ts";
export {
  ADDITIVE,
  CONTRAST,
  DISCOURSE_PARTICLE,
  FILLER,
  NOT_FOR_YOU,
  NUMBERED_HEADING,
  OBJECT_PRONOUN,
  PRAISE,
  REFERENCE,
  REVISING,
  STAND_IN_WORDS,
  TAKE_BACK,
  TAKE_BACK_UNCUT,
  TAKE_IN,
  TASK_VERB,
  TOLD_BEFORE,
  UNDOING,
  VAGUE_BEHAVIOR,
  withoutConditionalPraise,
} from "./message-words.ts";
export type { Mood } from "./mood.ts";
export { CONCESSIVE, directs, elliptical, FOR_THE_ROBOT, mood, opensWithSubject, personTells } from "./mood.ts";
export { namedAlike } from "./named-alike.ts";
export { capitalisedNamesIn, namesIn } from "./names.ts";
export type { NlpDoc, NlpToken } from "./nlp.ts";
export { knownWord, read } from "./nlp.ts";
export { robotExceptedFromNoOne, withNoOneEntering } from "./no-one-enters.ts";
export { numberAt, numbersIn, numberWord } from "./numbers.ts";
export {
  CATEGORY_NAMES,
  callsOneBy,
  categoriesAsked,
  categoryAsked,
  categoryNamed,
  compoundsJoined,
  namesApart,
  namesOf,
} from "./objects.ts";
export { afterFrontedOccasion, DEMONSTRATIVE, occasionIn, oneReplyIn } from "./occasion.ts";
export { pronounOwnersRoom } from "./owner-pronoun.ts";
export { type PartedWith, partedWith, saysParted } from "./parted.ts";
export {
  afterLeadingRest,
  type PermittedHours,
  permitsOnlyOutside,
  permittedHours,
  saysNotTheRest,
} from "./permitted-hours.ts";
export { nearestRoom, placeAfterMotion } from "./places.ts";
export type { ReferentReading } from "./referents.ts";
export { CHANGE_SAID, describedTarget, insteadOf, readReferents, saysEnded } from "./referents.ts";
export * from "./reply-shapes.ts";
export {
  ARTIFACT_NOUN,
  CALL,
  FOUND_ROOM_OBJECT,
  LEAVE_OUT_WORD,
  LITERAL_NOUN,
  PUT_FIRST_OR_LAST,
  REPLY_FIELD,
  REPLY_FORMAT,
  REPLY_LENGTH,
  REPLY_NOUN,
  TELL,
  USE_WORD,
  WORD_RULE_NOUN,
} from "./reply-words.ts";
export {
  askedParts,
  describedPart,
  INTERJECTION,
  REQUEST,
  REQUEST_ONLY,
  REQUEST_TAIL,
  TRAILING_ASK,
} from "./requests.ts";
export { normalizeLabel, roomsFoundIn, roomsMentioned, roomsRuledOut } from "./room-mentions.ts";
export {
  namesKeyByParts,
  ROOM_CONCEPTS,
  roomByParts,
  roomParts,
  roomsOfKind,
  shortenedLabel,
  spokenLetter,
} from "./room-parts.ts";
export * from "./room-shapes.ts";
export type { RoomMatch } from "./rooms.ts";
export {
  canonicalRoom,
  editDistance,
  matchRoom,
  namedIn,
  oneSlip,
  ROOM_PHRASES,
  roomKey,
  roomName,
  roomOfUse,
  sameRoom,
} from "./rooms.ts";
export * from "./segment-shapes.ts";
export { clockAbbreviationEnds, countWords, sentences, sentencesAtPeriods } from "./sentences.ts";
export type { SaidSize, SizeClass } from "./size-words.ts";
export { saidSize } from "./size-words.ts";
export { deniesSpeakersOwn, negatedBySpeaker, negationReports, withoutSpeakersNegation } from "./speakers-own.ts";
export { appositionLeadAt, closesPhrase, ownRoomAt, speakersRoomAt } from "./speakers-room.ts";
export { wishesToTakeIn } from "./speakers-wish.ts";
export { REPAIRED, repaired } from "./spelling.ts";
export { splitFacts } from "./split-facts.ts";
export type { StatementKind } from "./statement-cues.ts";
export {
  aboutAnotherEntity,
  kindOf,
  plainStatement,
  STATEMENT_KINDS,
  saysChange,
  saysSwitch,
  valueOverlap,
  valueTouches,
  valueWithin,
  valueWords,
} from "./statement-cues.ts";
export { statementsFromInstruction, toThirdPerson } from "./statements.ts";
export { hourAfterUnknownWord, type StrayTime, strayTimeWords, twoWindowsSaid } from "./stray-time.ts";
export {
  negatedInPast,
  tellsWhatGoesOn,
  tellsWhatGoesOnThen,
  tellsWhatHappened,
  toldInPast,
  withoutCounterfactual,
} from "./tense.ts";
export * from "./text-shapes.ts";
export {
  afterLeadingHowLong,
  BARE_HOUR_RANGE,
  CLOCK_NUMBER,
  CLOCK_SPAN_UNREAD,
  DAYS,
  DIGIT_HOUR,
  DURATION,
  daysNamed,
  EVERY_DAY,
  FOUR_DIGIT_CLOCK,
  FREQUENCY,
  HANDS_TO_HOURS,
  HOUR_PREPOSITION,
  HOURS_SAID,
  isPointedTime,
  LASTING,
  NOT_TASK_LOCAL,
  namesADay,
  PEOPLE_TIME,
  POINTED_TIME,
  RESTATES,
  SINCE_TIME,
  STRONG_LASTING,
  saysASpan,
  TASK_LOCAL,
  UNTIL_LIFTED,
  VAGUE,
  wordsBesideDays,
} from "./time-words.ts";
export type { Boundary, FoundTime, ReplacedTimes } from "./times.ts";
export {
  boundaryIn,
  findTimes,
  morningBefore,
  replacedTimes,
  replacesHours,
  timeCandidates,
} from "./times.ts";
export { withoutHabitualAllDay } from "./to-and-fro.ts";
export { wordTable } from "./token.ts";
export type { Token } from "./tokens.ts";
export { quoteOf, tokenize, Words } from "./tokens.ts";
export { withoutToldAsides } from "./told-asides.ts";
export { withTopicSubject } from "./topic-subject.ts";
export { bareNo, refusedByClosingNo } from "./trailing-no.ts";
export * from "./update-shapes.ts";
export { alt, bounded } from "./word-class.ts";
export { wornCategories } from "./worn.ts";
