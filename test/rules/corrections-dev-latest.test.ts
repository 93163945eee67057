/**
 * The offline learner on the latest authors' development corrections (test/rules/corrections-dev-16.json
 * onward), each asserted at the floor the learner has reached on it, with no unsafe reading. Split from
 * corrections-dev-later.test.ts: sixteen files in one took over the five-minute limit at load 10.
 */
import { describe } from "node:test";
import { floorTest } from "./dev-floors.ts";

describe("the learner on the latest authors' development corrections", () => {
  // Later authors' development halves (continued from corrections-dev-later.test.ts), each asserted
  // at the floor the learner has reached on it, with no unsafe reading:
  // - 16: a Johannesburg house (Afrikaans words, an over-apologiser, speech-to-text homophones, a
  //   Polish lodger, a shift worker's radio phrasing), blind when written: 21 of 30 right, none unsafe;
  //   22 once an excuse for the asking ("if it is an odd thing to ask") was no condition, 23 once
  //   a rule said to be now other hours, its verb left out, had them (learner21); 24 once a ban
  //   lifted as a headline, its verb left out, was taken back; 25 once "his/her room" was the room
  //   of the one person named before it, 26 once a report beside thanks said in another sentence was
  //   no complaint (learner22).
  // - 17: a Hanoi tube house (a one-handed father's autocorrect slips, a grandmother's
  //   Vietnamese-shaped English, a mother asking everything as a question, an uncle's voice-assistant
  //   transcripts, a literal teenager), blind when written: 19 of 30 right with 1 unsafe reading (a
  //   route's goal, "… to reach the X, but don't stop there", taken as what "there" points back at); 20 once
  //   a route's goal was neither banned nor pointed back at; 21 once "no" before a learner's verb
  //   ("you no go") negated it; 23 once a room named after someone matched with the name's accents;
  //   25 once a count before JSON fields was no field and "which is when …" a reason; 26 once "meant
  //   the X, not the Y" was read with its "I" left out.
  // - 18: a Marrakech riad (a Darija/French-shaped father, a grandmother typed by her grandson with
  //   his asides, a chef in brigade jargon, a retired schoolteacher, a night guard's voice notes),
  //   blind when written: 18 of 30 right with 1 unsafe reading (a count of words in brackets, said
  //   of a spelling, kept as a word limit); 19 once such a count was no limit; 20 once "addressing me
  //   as" was a verb of addressing; 21 once a room after "of" in a fronted condition was no
  //   permission for it; 22 once people's times said right after clock hours named them again.
  // - 10 to 32 and 11 to 27 once a room said in words no label has (another variety's word, its
  //   picking word after it) was read by its parts as the one label it can be (learner24); 11 to 28
  //   and 16 to 27 once hours written as they sound ("ate at night") were read where only an hour can stand;
  //   15 to 26 (its floor had stayed at 22) once "…, but not otherwise" after a permission said with
  //   when it holds restated the ban; 17 to 27 once a topic room before a bare permitting predicate
  //   ("the den, fine when …") was that predicate's subject; 18 to 23 once a topic set off before
  //   a clause whose subject is only a pronoun said ended ("the X, it's over") was what ended;
  //   16 to 28 and 18 to 24 once a stretch of time ("when I …", "while …") set off by a comma beside
  //   clock hours with both ends said was those hours, no second condition of a ban (learner26);
  //   17 to 28 once a message saying it was not said to the robot ("that wasn't for you", "just
  //   chatting") asked nothing; 13 to 28 once a stretch between two of people's times ("after X till
  //   Y") was one condition; 11 to 29 once the speaker telling where they found or caught the robot
  //   was a report, its time of today no one-off of the ban beside it (learner26); 17 to 29 once a
  //   rule said to hold no more ("… no longer applies", "the X rule is off now") was taken back (learner28).
  // - 19: a Finnish lakeside house (a father who says little, a mother writing rules as config, a
  //   grandmother telling time by chores, a lowercase teenager, a hedging lawyer aunt), blind when
  //   written: 13 of 30 right with 3 unsafe readings (a hedged proposal kept, a complaint kept, a
  //   snake_case "no_entry" read as the entrance hall); 16 once doubt with a word of degree or put
  //   off until someone is asked was a hedge, "you are always in the way" a complaint and a snake_case
  //   key its words; 17 once a permission to go with no place said lifted the room just spoken of;
  //   18 once a rule named by what it says ("the rule about not …") was taken back, its negation quoted (learner27);
  //   19 once a condition opened by a word of proviso ("provided …", "assuming …") was a condition;
  //   20 once a verbless "not for robots" in a sentence of its own only stressed the ban before it (learner28).
  // - 20: a Jodhpur haveli (a joint-family elder, a nanny who reports, a daughter-in-law in bullet
  //   lists, a son dictating while driving, a hedging niece), blind when written: 13 of 30 right
  //   with no unsafe reading; its check field the lowest of any set (8 of 19). 16 once a word left
  //   out of the replies ("drop the word …") was a word not to say, not a retraction (learner36).
  // - 21: a Jeonju hanok run as a guesthouse (a concierge-polite mother, a night-shift baker in
  //   lowercase fragments, a grandfather speaking in timetables, a gamer son, a guest typing
  //   through a translation app), blind when written: 20 of 30 right with no unsafe reading; 22 once
  //   "all days" beside hours said every day and "allowed back in" gave a room back (learner30).
  // - 22: a coral-stone house in Zanzibar's Stone Town (a radio football commentator, a grandmother in
  //   Swahili-shaped English, a pharmacist writing like a prescription, a dive instructor, a teenager
  //   filing bug tickets), blind when written: 18 of 30 right with 3 unsafe readings; 20 once a run-on's
  //   second request opened by an occasion was the one-off and a 'when' clause beside excepted hours
  //   said what they are for (learner31), none unsafe once a room after "enter" that the house lacks
  //   was asked and a window within the labelled one counted as narrower, not dropped; 21 once
  //   "until further notice" opened no clause of when (learner39); 22 once "the same … there" carried
  //   a rule beside a reason pointing back at its room (learner40).
  // - 23: a Douro wine quinta (a wine auctioneer who types fast, a crossword-setter, a chess coach, a
  //   yoga teacher in the caretaker's cottage, a retired air-traffic controller), blind when written:
  //   15 of 30 right with 1 unsafe reading (fields listed after a JSON rule kept as a second JSON rule
  //   for replies); 16, none unsafe, once those fields were that rule's (the lead); 17 once a pronoun
  //   after a verb of entering was the room said before it (learner34); 18 once a word left out of
  //   the replies was a word not to say (learner36); 20 once a room said to be restricted or off the
  //   block, or let rest, was banned, and a wheel set in it was going there; 21 once "it" before such a
  //   predicate was the room said before; 22 once the 24-hour clock said aloud was read
  //   and "every night" beside hours within the night narrowed nothing more (learner38). Floors for the other sets
  //   above rose with this session's learners (learner33-35).
  // - 24: a trullo house near Alberobello (a pizzaiolo in kitchen calls, a notary in deed language, a
  //   voice-typed DJ, an Italian-English grandmother, an Irish tour guide lodging in the lamia), blind
  //   when written: 20 of 30 right, none unsafe, on the code it was written against (91addea); 21
  //   once a room off the tour was banned (learner38); 22 once a numbered heading before a colon
  //   was no hour (learner39).
  // - 25: a lighthouse keeper's cottage in Brittany (a formal headmistress, a 14-year-old gamer, a
  //   shepherd dictating by phone, an exchange student in textbook English, a terse night nurse),
  //   blind when written: 19 of 30 right with 1 unsafe reading (a room said to place another, "at
  //   the top of the tower", banned as a room of its own); 20, none unsafe, once such a landmark was
  //   no room of the rule; 21 once Scots negatives in "-nae" ("dinnae", "cannae") were read; 22
  //   once an imperative of going left to the robot's when was a permission, 23 once a part of the
  //   day naming an occasion beside clock hours within it named those hours (learner39).
  // - 26: French-English, verbless gloss, phone-assistant mishearings, a tradie's clipped words:
  //   16 of 30 with 1 unsafe reading (a heading before a colon read as a rule took the ban's hours);
  //   17, none unsafe, once such a heading was no act and a part asked back holding hours left no
  //   ban beside it kept at every hour; 20 once French words inside English were read by word
  //   class and a part of the day said as a habit ("of an evening") was that part; 22 once a
  //   glossed act with its negation last ("… THERE NO.") refused it and a rule carried to another
  //   room kept beside a reason pointing back at it (learner40).
  // - 27: a converted Welsh chapel (a schoolmistress, Indian-English, a Glaswegian teen texting,
  //   Spanish-English, a carer's notes), blind when written: 18 of 30 right, none unsafe, on the
  //   code it was scored against first (learner40 at its second commit); 21 once French and
  //   Spanish words were read and "of an evening" was the evening; 22 once a rule carried to
  //   another room kept beside a reason pointing back at it; 24 once a part naming the hours said
  //   before it ("those are my … hours") was their reason and "late" after a possessive no time
  //   (learner40); 27 once an arrow in notes was read as a colon, a reply format said cancelled
  //   with its verb left out was taken back, a field written as an identifier was one field and
  //   texting's "ur" before a verb with its "g" dropped was "you are" (learner40).
  for (const floor of [
    { n: 16, cases: 30, ok: 30, field: 0.7 },
    { n: 17, cases: 30, ok: 30, field: 0.6 },
    { n: 18, cases: 30, ok: 26, field: 0.6 },
    { n: 19, cases: 30, ok: 24, field: 0.5 },
    { n: 20, cases: 30, ok: 27, field: 0.5 },
    { n: 21, cases: 30, ok: 28, field: 0.8 },
    { n: 22, cases: 30, ok: 27, field: 0.7 },
    { n: 23, cases: 30, ok: 27, field: 0.55 },
    { n: 24, cases: 30, ok: 28, field: 0.65 },
    { n: 25, cases: 30, ok: 30, field: 0.65 },
    { n: 26, cases: 30, ok: 29, field: 0.65 },
    { n: 27, cases: 30, ok: 30, field: 0.7 },
  ])
    floorTest(floor);
});
