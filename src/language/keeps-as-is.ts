/**
 * "and leave the rest as it is", "keep item and place as they are", "all other rules remain
 * unchanged", "the end stays put", "same finish time", "end as before", "the start stays at 9", "the beginning
 * it stays the same" (of hours whose other end moves; the end said again with its hour, or before a
 * pronoun that takes it up): said beside a change, what is not to change. It asks nothing new of the robot, so
 * it is no rule of its own (the change beside it is read; nothing is kept for this clause).
 */
const KEEPS_AS_IS =
  /^(?:(?:and|but|so|please|kindly|just|also) )*(?:(?:keep|leave|let)(?: [a-z_]+){1,5} (?:as (?:it is|they are|it was|they were|before)|unchanged|the same)|(?:all |the )?(?:other|rest)(?: [a-z]+){0,3} (?:remain|remains|stay|stays|are|is) (?:unchanged|the same|as (?:it is|they are|before))|(?:the )?(?:end|finish|start|beginning|ending)(?: time| hour)?(?: it)? (?:(?:remains|stays|is) )?(?:unchanged|the same|as (?:it is|it was|before))|(?:the )?(?:end|finish|start|beginning|ending)(?: time| hour)?(?: it)? (?:remains|stays|is still|stays put) (?:at )?(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)(?: ?[ap]m| oclock)?|(?:the )?same (?:end|finish|start|beginning|ending)(?: time| hour)?)(?: only)?$/;

/** Whether a clause's words (lower case, spaced) only say that what else there is stays as it is. */
export const keepsAsIs = (text: string): boolean => KEEPS_AS_IS.test(text.replace(/ [.,!;]+$/, "").trim());
