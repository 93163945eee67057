/**
 * The offline learner on the newest authors' development corrections (test/rules/corrections-dev-28.json
 * onward), each asserted at the floor the learner has reached on it, with no unsafe reading. Split from
 * corrections-dev-latest.test.ts so that each file's scoring keeps within its time limit on a busy machine.
 */
import { describe } from "node:test";
import { floorTest } from "./dev-floors.ts";

describe("the learner on the newest authors' development corrections", () => {
  // - 28: a canal house in Amsterdam (a Dutch architect's word order, Nigerian Pidgin, a Jamaican
  //   grandmother, an unpunctuated voice transcript, a solicitor's drafting), blind when written: 11 of
  //   30 right, none unsafe; 19 at the end of the session that wrote it (conduct judged and asked back,
  //   Caribbean and Pidgin words, one-off asides), 20 once a room said only to give way when asked was
  //   a ban with the asked exception; 21 after the thirtieth author's session's learners (updates to the
  //   rule in force, bans in other word orders); 23 after the thirty-first author's session's, 24 after
  //   the thirty-second's, 26 after the thirty-third's.
  // - 29: a farmhouse in County Clare (Hiberno-English, Singlish, a teenager texting, Strine, a German
  //   engineer), blind when written: 20 of 30 right with 1 unsafe reading (a one-off said with "arvo",
  //   kept as a lasting ban), none once Australian words for parts of the day were read; 23 once
  //   Singapore English's particles, "anyhow" and a bare "cannot" were read, 24 once the Irish perfect
  //   ("I'm after …") was news and not a time (learner48), 26 once a room set off before a request that
  //   points back at it took that request's persistence, not the one-off before it (learner49); 28
  //   after the next session's learners, 30 after the one after.
  // - 30: a saltbox house in a Newfoundland outport (Newfoundland English, Hawaiian Pidgin, a Greek
  //   grandmother's English, Cockney, an Appalachian grandmother), blind when written: 19 of 30 right
  //   with 1 unsafe reading (a permission "whenever" the robot has a mind to, kept as a ban with a
  //   free-text exception), none and 20 once more ways of wishing lifted the ban and an unread free
  //   choice was asked back; 22 after the next session's learners (day parts placing clock hours,
  //   permissions with hours left out); 25 after the thirty-second author's session's, 27 after the
  //   thirty-third's.
  // - 31: a riad in Fes run as a guesthouse (Moroccan French/Darija-shaped English, Geordie, a Boston
  //   contractor, a New Zealand backpacker, a New York Jewish grandmother), blind when written: 17 of
  //   30 right, none unsafe; 25 once words spelt as a voice says them were read as the word they sound
  //   like and Northern negation and motion words were read (learner54); 26 after the thirty-third
  //   author's session's.
  // - 32: a tea-estate bungalow above Darjeeling run as a homestay (Nepali- and Hindi-shaped English,
  //   a Pittsburgh retiree, a Cornish walker, a Hong Kong student texting, a Maltese guest), blind when
  //   written: 21 of 30 right, none unsafe; 27 after the session's learners (a part of the day before
  //   a fronted room, a word limit said as a rate, hours in a rule's name, an imperative of going); 29
  //   after the next session's.
  // - 33: a Victorian station house on a closed Somerset branch line (a Bristolian owner, a Thai
  //   carer, an Israeli backpacker, a Philadelphia joiner's voice notes, a Croydon teenager texting),
  //   blind when written: 19 of 30 right with 1 unsafe reading (a permission after a repair, "any
  //   time, no problem", kept as a free-text exception on the ban), none and 21 after the session's
  //   learners (free choice closed by a word of no trouble, praise said as a debt, a when-lead run
  //   into its directive after "and"); 24 after the next session's (a room pointed back at with
  //   "that", a reason before the first request kept to it, a reply rule retracted by a pronoun).
  // - 34: a converted drainage mill on the Norfolk Broads (Norfolk, Doric on speech-to-text, Belfast,
  //   a Romanian boatbuilder's English, Bajan texting), blind when written: 15 of 30 right with 5
  //   unsafe readings (thanks for a find read as a ban, Doric "the day" missed as a one-off, "at
  //   nicht" dropped from hours, a permission after a repair kept as a text exception, a reason's
  //   hour made a window), none and 24 once the two speeches' words and a speaker's "would have"
  //   were read (learner67), 26 after the session's other learners; 29 after the next session's (an end
  //   of a rule's hours moved by a command, "only" of going with the room said before, "stop on it").
  // - 35: a crofthouse on Yell, Shetland (a Shetland crofter on speech-to-text, a Zimbabwean nurse, a
  //   Chicago contractor, a Ukrainian fish-farm worker, a Sri Lankan doctor texting), blind when written:
  //   20 of 30 right with 1 unsafe reading (a window said with texting's "btwn" dropped from a ban),
  //   none and 26 once texting's clipped words of when and Shetland function words were read and an
  //   unread range of two hours was asked (learner71), 27 after the session's other learners.
  // - 36: a Dalmatian stonemasons' house on Brač (a stonemason on speech-to-text, an Austrian
  //   schoolteacher, a Californian surfer's voice memos, and others), blind when written: 24 of 30
  //   right, none unsafe; 28 once "o clock" heard as two words, an adverb of emphasis in a
  //   permission, a spoken "like" opening a reason and "already" before a moved bound were read
  //   (learner78), 29 once a word limit run on after a reason was a part of its own; 30 after the
  //   next session's learners.
  // - 37: a luthier's house on a cerro above Valparaíso (a Chilean luthier on speech-to-text, a
  //   Liverpool texter, an Indonesian student, a Minnesotan retiree, a Trinidadian steelpan tuner's
  //   voice memos), blind when written: 21 of 30 right with 1 unsafe reading (a wish to behave
  //   when people are over kept as a lasting rule), none and 26 after the session's learners (a
  //   wish to behave asked back, thanks in other tongues closing a message, a person's own fact as
  //   a ban's reason, a check's other room never a word for the rule's own, Trinidadian "doh").
  for (const floor of [
    { n: 28, cases: 30, ok: 28, field: 0.55 },
    { n: 29, cases: 30, ok: 30, field: 0.8 },
    { n: 30, cases: 30, ok: 29, field: 0.6 },
    { n: 31, cases: 30, ok: 27, field: 0.8 },
    { n: 32, cases: 30, ok: 30, field: 0.8 },
    { n: 33, cases: 30, ok: 26, field: 0.6 },
    { n: 34, cases: 30, ok: 29, field: 0.6 },
    { n: 35, cases: 30, ok: 28, field: 0.6 },
    { n: 36, cases: 30, ok: 30, field: 0.6 },
    { n: 37, cases: 30, ok: 26, field: 0.6 },
  ])
    floorTest(floor);
});
