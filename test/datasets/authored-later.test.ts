/**
 * The later half of the committed hand-written files (the first half: authored.test.ts), split
 * so that each file's building and checking has its own time limit on a busy machine.
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
  "datasets/voices-23/authored.json",
  "datasets/voices-24/authored.json",
  "datasets/voices-25/authored.json",
  "datasets/voices-26/authored.json",
  "datasets/voices-27/authored.json",
  "datasets/voices-28/authored.json",
  "datasets/voices-29/authored.json",
  "datasets/voices-30/authored.json",
  "datasets/voices-31/authored.json",
])
  committedFileBuilds(file);
