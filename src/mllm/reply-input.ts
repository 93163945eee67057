/**
 * The reply's input checked at the backbone boundary: it comes from the rule layer, and a word
 * limit of 0 or a requirement of an unknown kind would otherwise turn into an odd reply, or a
 * paid model call, instead of an error that says what is wrong and where.
 */
import { z } from "zod";
import { BackboneError, type ReplyInput } from "./policy.ts";

const text = z.string().refine((s) => s.trim() !== "", "must not be empty");

export const ReplyRequirementSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("max_words"), maxWords: z.number().int().positive() }),
  z.object({ kind: z.literal("mention"), text }),
  z.object({ kind: z.literal("json"), fields: z.array(text) }),
  z.object({ kind: z.literal("avoid_text"), text }),
]);

const count = z.number().int().nonnegative();

export const ReplyInputSchema = z.object({
  instruction: z.string(),
  outcome: z.object({
    stopped: z.boolean(),
    description: z.string(),
    foundRoom: z.string().nullable(),
    roomsSearched: z.array(z.string()),
    steps: count,
    stepsLeft: count,
    note: z.string().optional(),
    certain: z.boolean().optional(),
  }),
  guidance: z.array(z.string()),
  revision: z
    .object({
      previous: z.string(),
      violations: z.array(
        z.object({ rule: z.string(), reason: z.string(), requirement: ReplyRequirementSchema.optional() }),
      ),
    })
    .optional(),
}) satisfies z.ZodType<ReplyInput>;

/** The input as given, or a BackboneError naming the first problems by path (never an infrastructure failure). */
export function checkReplyInput(backbone: string, input: ReplyInput): ReplyInput {
  const parsed = ReplyInputSchema.safeParse(input);
  if (parsed.success) return input;
  const issues = parsed.error.issues.slice(0, 4).map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`);
  throw new BackboneError(`${backbone} reply: bad input: ${issues.join("; ")}`, []);
}
