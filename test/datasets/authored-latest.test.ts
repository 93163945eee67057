/**
 * The newest committed hand-written files (continued from authored-later.test.ts); a new file's
 * path goes at the end of this list.
 */
import { committedFileBuilds } from "./committed-authored.ts";

for (const file of [
  "datasets/voices-23/authored.json",
  "datasets/voices-24/authored.json",
  "datasets/voices-25/authored.json",
  "datasets/voices-26/authored.json",
  "datasets/voices-27/authored.json",
  "datasets/voices-28/authored.json",
  "datasets/voices-29/authored.json",
  "datasets/voices-30/authored.json",
  "datasets/voices-31/authored.json",
  "datasets/voices-32/authored.json",
  "datasets/voices-33/authored.json",
])
  committedFileBuilds(file);
