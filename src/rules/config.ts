import { z } from "zod";

/** The correction-rule layer in episodes (TellOnce): which method, and how time conditions read the clock. */
export const RulesConfig = z.strictObject({
  store: z
    .string()
    .min(1)
    .default("sqlite")
    .describe(
      "a registered rule library: sqlite (rules.db next to memory.path, or --rules-db) or neo4j (memory.neo4j's server, namespace <memory.neo4j.namespace>.rules)",
    ),
  method: z
    .enum(["none", "text", "selected", "full"])
    .default("full")
    .describe("none: no rules; text: all rules as text; selected: selected rules as text; full: checked and enforced"),
  timeZone: z.string().default("UTC").describe("the time zone a request's hour is read in (rules such as 'at night')"),
  maxRevisions: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(3)
    .describe("revisions per user input, shared across rules and stages"),
});
export type RulesConfig = z.infer<typeof RulesConfig>;
