/**
 * The offline learner on the later authors' development corrections (test/rules/corrections-dev-8.json
 * to -15), each asserted at the floor the learner has reached on it, with no unsafe reading; 16 onward
 * are in corrections-dev-latest.test.ts. Split from corrections-dev.test.ts so that each file's
 * scoring has its own time limit on a busy machine.
 */
import { describe } from "node:test";
import { floorTest } from "./dev-floors.ts";

describe("the learner on the later authors' development corrections", () => {
  // Later authors' development halves, each asserted at the floor the learner has reached on it,
  // with no unsafe reading (their fields are lower than the older sets', hence a field floor each):
  // - 8: a multi-generational family home, rooms in the family's own words, seven household voices;
  //   scored once before the learner was changed for it: 27 of 42 right, 4 unsafe.
  // - 9: a family compound in Lagos, Nigerian English, a child, a houseguest, voice transcription;
  //   scored once before the learner was changed for it: 29 of 42 right, 1 unsafe.
  // - 10: an Indian family home, rooms in the family's own words: 24 of 36 right with 1 unsafe
  //   reading before the read-back verifier (learn/verify.ts), 24 with none after, 25 once four-digit
  //   24-hour times framed by a preposition were read (learner14), 26 once the reviewer found a
  //   house's hyphenated room in the user's words, 27 once a room described as "the narrow one next to …" was
  //   no correction (learner15), 28 once a time word in the reason of a request said to last was the
  //   reason's (learner16); 34 once a clause saying no one may enter a room banned it for the robot
  //   too (learner37).
  // - 11: a small Welsh care home, a blind measure when written and a development set since
  //   learner14: 20 of 30 right with 1 unsafe reading (a 24-hour window "22:00-06:00" dropped), 21
  //   with none once the 24-hour clock was read; its check field is the lowest of any set (13 of 20);
  //   22 once hours said with the hours they replace revised the rule in force (learner15), 23 once a
  //   greeting opening the message was no time of a rule (learner16).
  // - 12: a converted Yorkshire chapel, blind when written: 18 of 30 right with 3 unsafe readings on
  //   the code it was written against, 20 with 1 after learner14 (which never read it), then a
  //   development set: 22 with none; 23 once the asked exception held for a house's own room, 24 once a
  //   value set tersely ("make 25") revised the limit in force (learner15).
  // - 13: a Singapore household (Singlish, Filipino English, a rambling voice), blind when written,
  //   development since learner16: 17 of 30 right with 1 unsafe reading (a closing discourse particle
  //   kept in an avoided word), 20 once a room said topic first before a negated verb was the ban's
  //   object, 21 with none once such a particle was no part of the word, 22 once a speaker's clause
  //   joined to a reason went on giving it and a when-word with a preposition after it was no
  //   condition, 23 once a greeting opening the message was no time of a rule (learner16).
  // - 10 to 13 then rose to 30, 25, 25 and 26 with learner18's general readings (room words that
  //   tell a house label apart, revised hours in the rule's half of the day, and others); 11 to 26
  //   once a room said before a verb of going limited by "only" was that verb's room (learner23).
  // - 14: a Texas ranch house (a terse rancher dictating, a night nurse's four-digit clock, a
  //   dyslexic teenager, a Korean student, an over-precise lawyer), blind when written: 21 of 30
  //   right with 1 unsafe reading (a go-ahead kept as a lasting rule: an apostrophe cut into a word
  //   opened a quotation); a development set since: 23 with none once clipped words were read, then
  //   24, 25, 26 (a part of the day straight after an hour, a retraction said in the first person,
  //   the user asking said as a noun), then 28 with learner19's readings (a take-back leading into a
  //   change, a change of hours said with the room alone), 29 once a refusal said word by word
  //   after a complaint that it was said before was a lasting ban checked on its room (learner23).
  // - 15: a Nairobi maisonette (a sarcastic father on a smartwatch, a mother hedging every sentence,
  //   a student's Sheng, the house help's Swahili clock time, a grandfather's formal letters),
  //   blind when written: 21 of 30 right with 1 unsafe reading (a one-off in eye dialect kept as a
  //   lasting rule); a development set since: 22 with none once those words were spelt out.
  for (const floor of [
    { n: 8, cases: 40, ok: 42, field: 0.75 },
    { n: 9, cases: 40, ok: 40, field: 0.75 },
    { n: 10, cases: 36, ok: 35, field: 0.7 },
    { n: 11, cases: 30, ok: 29, field: 0.6 },
    { n: 12, cases: 30, ok: 29, field: 0.6 },
    { n: 13, cases: 30, ok: 30, field: 0.6 },
    { n: 14, cases: 30, ok: 29, field: 0.75 },
    { n: 15, cases: 30, ok: 29, field: 0.7 },
  ])
    floorTest(floor);
});
