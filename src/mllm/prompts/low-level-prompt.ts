/** Low-level planning prompt (paper §3.3): three egocentric views → a direction, or STOP. */
import type { ChatMessage, ContentPart } from "../chat-model.ts";
import type { LowLevelInput, ViewInput } from "../policy.ts";
import { guidanceBlock, imagePart, quote } from "./format.ts";

const SYSTEM =
  "You steer a household robot one primitive action at a time. You see three views from where it stands: front, " +
  "left (turned 90 degrees left) and right (turned 90 degrees right). forward moves 1 m ahead; left and right turn " +
  "30 degrees. Answer stop when the target object is in view and close (within about 2 m). When it is in view but " +
  "farther, move or turn toward it. When it is not in view, answer continue_plan to keep following the room plan, " +
  "or pick a direction that looks more promising.";

function view(name: string, v: ViewInput): ContentPart[] {
  return v.image
    ? [{ type: "text", text: `${name} view:` }, imagePart(v.image)]
    : [{ type: "text", text: `${name} view: (no image)` }];
}

export function lowLevelMessages(input: LowLevelInput): ChatMessage[] {
  const t = input.target;
  const header = [
    `Instruction: ${quote(input.instruction)}`,
    `Target: ${t.description}${t.category ? ` (category ${t.category})` : ""}.`,
    `Current room: ${input.currentRoom ?? "unknown"}; planned room: ${input.goalRoom ?? "none"}; steps left: ${input.stepsLeft}.`,
    `Recent actions: ${input.recentActions.join(", ") || "none"}.`,
    guidanceBlock(input.guidance),
  ]
    .filter((line) => line !== undefined)
    .join("\n");
  const parts: ContentPart[] = [{ type: "text", text: header }];
  if (input.behind) {
    parts.push(
      { type: "text", text: "Before turning around where it stands, the robot saw (these are now behind it):" },
      ...view("Earlier front", input.behind.front),
      ...view("Earlier left", input.behind.left),
      ...view("Earlier right", input.behind.right),
      { type: "text", text: "Now, after turning around:" },
    );
  }
  parts.push(
    ...view("Front", input.views.front),
    ...view("Left", input.views.left),
    ...view("Right", input.views.right),
  );
  if (input.referenceImage)
    parts.push(
      {
        type: "text",
        text: "The user's photo of the target. Other objects of its category may be in the house: stop only at one that looks like this.",
      },
      imagePart(input.referenceImage),
    );
  if (input.plan) parts.push({ type: "text", text: planText(input.plan) });
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: parts },
  ];
}

/** The room plan asked in the same call as a room scan. */
function planText(plan: NonNullable<LowLevelInput["plan"]>): string {
  const visited = new Set(plan.visited);
  const rooms = plan.rooms.map((r) => {
    const marks = [r.id === plan.currentRoomId ? "you are here" : "", visited.has(r.id) ? "searched" : ""].filter(
      Boolean,
    );
    return `- ${r.id}: ${r.label}; adjacent: ${r.adjacent.join(", ") || "none"}${marks.length ? ` (${marks.join(", ")})` : ""}`;
  });
  return [
    "If the target is in none of these views, answer continue_plan and name in nextRoomId the room to search next",
    "(prefer rooms not searched yet; weigh distance against likelihood); otherwise nextRoomId is null.",
    `Rooms:\n${rooms.join("\n")}`,
  ].join("\n");
}
