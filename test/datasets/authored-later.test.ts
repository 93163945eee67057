/**
 * The middle third of the committed hand-written files (the first: authored.test.ts; the last:
 * authored-latest.test.ts), split so that each file's building and checking has its own time
 * limit on a busy machine: seventeen in one file took past the five-minute limit at load 10.
 */
import { committedFileBuilds } from "./committed-authored.ts";

for (const file of [
  "datasets/voices-15/authored.json",
  "datasets/voices-16/authored.json",
  "datasets/voices-17/authored.json",
  "datasets/voices-18/authored.json",
  "datasets/voices-19/authored.json",
  "datasets/voices-20/authored.json",
  "datasets/voices-21/authored.json",
  "datasets/voices-22/authored.json",
])
  committedFileBuilds(file);
