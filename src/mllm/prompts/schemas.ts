/**
 * The zod schemas of the LLM backbone's answers. Ids the model may name (objects, rooms) are
 * enums built per call, so the schema itself rejects an id that does not exist and the re-ask
 * says which ids are allowed.
 */
import { z } from "zod";
import { Category } from "../../sim/index.ts";

/**
 * The grounding answer over the objects the model was shown. When it names one of them and a
 * category, the category must be that object's: an answer that picks a laptop and says "watch"
 * contradicts itself, and the search would look for the wrong thing, so it is re-asked.
 */
export function groundAnswer(objects: readonly { id: string; category?: string }[]) {
  const ids = [...new Set(objects.map((o) => o.id))];
  const categoryOf = new Map(objects.filter((o) => o.category).map((o) => [o.id, o.category]));
  const objectId = ids.length
    ? z
        .enum(ids as [string, ...string[]])
        .nullable()
        .describe("id of the remembered object meant, or null when none fits")
    : z.null().describe("always null: there are no remembered objects to choose from");
  return z
    .object({
      objectId,
      category: Category.nullable().describe("the object category to search for, or null if unknown"),
      description: z.string().describe("what to look for, in words: category and attributes"),
      reason: z.string().describe("why this object: cite the memory used"),
      hints: z.array(z.string()).max(6).describe("planning-relevant experience: rooms to try or skip"),
      likelyRooms: z.array(z.string()).max(6).describe("room labels the object was found in, most recent first"),
    })
    .superRefine((a, ctx) => {
      const known = a.objectId ? categoryOf.get(a.objectId) : undefined;
      if (known && a.category && a.category !== known)
        ctx.addIssue({
          code: "custom",
          path: ["category"],
          message: `object ${a.objectId} is a ${known}, not a ${a.category}: give the category of the object chosen, or choose another`,
        });
    });
}

export function highLevelAnswer(roomIds: readonly string[]) {
  return z.object({
    roomId: z.enum(roomIds as [string, ...string[]]).describe("id of the room to go to next"),
    reason: z.string(),
  });
}

export const LOW_LEVEL_DECISIONS = ["forward", "left", "right", "stop", "continue_plan"] as const;

export const LowLevelAnswer = z.object({
  decision: z
    .enum(LOW_LEVEL_DECISIONS)
    .describe(
      "forward, left or right to move; stop when the target is in view and close; continue_plan to keep following the room plan",
    ),
  reason: z.string(),
});

/** The low-level answer of a room scan, which may also name the room to search next. */
export function roomScanAnswer(roomIds: readonly string[]) {
  return LowLevelAnswer.extend({
    nextRoomId: z
      .enum(roomIds as [string, ...string[]])
      .nullable()
      .describe("with continue_plan: id of the room to search next; null otherwise"),
  });
}

export const MemorizeAnswer = z.object({
  statements: z
    .array(z.string().refine((s) => s.trim() !== "", "a statement is empty"))
    .max(12)
    .describe("each holds exactly one user-specific attribute or association of the object"),
  episodic: z
    .string()
    .refine((s) => s.trim() !== "", "the summary is empty")
    .describe("compact, planning-relevant summary of the trajectory"),
});

export const ReplyAnswer = z.object({
  text: z
    .string()
    .refine((s) => s.trim() !== "", "the reply is empty")
    .describe("what the robot tells the user, exactly as it should be shown (JSON too, when a rule asks for it)"),
});
