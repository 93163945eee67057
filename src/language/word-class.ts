/**
 * How a word class is written: a regex fragment over normalised words (tokens.ts: lower case, "don't"
 * is "do not", "outta" is "out of"), so a new way of saying something is one more word in its class,
 * never one more sentence pattern. The classes live beside this file by job (act-words.ts,
 * time-words.ts, reply-words.ts, clause-words.ts, message-words.ts); a newcomer extends a class
 * there, and the rule learner (src/rules/learn/clause.ts) combines them.
 */

import { memoByKey } from "./memo.ts";

/**
 * A word class as a pattern of whole words: "in" matches "in", never "inside". Remembered by its
 * source: readers build these inside the functions the learner calls at every clause it tries.
 */
export const bounded: (src: string) => RegExp = memoByKey(
  (src: string) => src,
  (src: string) => new RegExp(`\\b${src}\\b`),
);

export const alt = (xs: readonly string[]) => `(?:${[...xs].sort((a, b) => b.length - a.length).join("|")})`;
