/**
 * A backbone made of a chat model: each decision is one prompt (prompts/) with a zod schema
 * (prompts/schemas.ts), accounted as a CallRecord. A call that fails for good becomes a
 * BackboneError carrying its records, so the agent can log the failure and go on or end.
 */

import type { z } from "zod";
import { encodedImage } from "../sim/index.ts";
import { callRecord } from "./accounting.ts";
import { type ChatMessage, type ChatModel, ChatModelError } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";
import { describeExchange } from "./exchange.ts";
import {
  BackboneError,
  type CallRecord,
  type Decision,
  type GroundInput,
  type GroundOutput,
  type HighLevelInput,
  type HighLevelOutput,
  type LowLevelInput,
  type LowLevelOutput,
  type MemorizeInput,
  type MemorizeOutput,
  type Policy,
  type ReplyInput,
  type ReplyOutput,
  type ViewInput,
} from "./policy.ts";
import { groundMessages } from "./prompts/ground-prompt.ts";
import { highLevelMessages } from "./prompts/high-level-prompt.ts";
import { lowLevelMessages } from "./prompts/low-level-prompt.ts";
import { memorizeMessages } from "./prompts/memorize-prompt.ts";
import { replyMessages } from "./prompts/reply-prompt.ts";
import {
  groundAnswer,
  highLevelAnswer,
  LowLevelAnswer,
  MemorizeAnswer,
  ReplyAnswer,
  roomScanAnswer,
} from "./prompts/schemas.ts";
import { checkReplyInput } from "./reply-input.ts";

export class LlmPolicy implements Policy {
  readonly name: string;
  readonly needsImages = true;
  readonly lowLevelTrigger = "schedule" as const;

  constructor(
    private readonly model: ChatModel,
    private readonly config: BackboneConfig,
  ) {
    this.name = config.name;
  }

  async ground(input: GroundInput): Promise<Decision<GroundOutput>> {
    const objects =
      input.mode === "polar"
        ? (input.candidates ?? []).map((c) => ({ id: c.objectId, category: c.category }))
        : input.mode === "raw"
          ? (input.rawInteractions ?? []).flatMap((r) => (r.objectId ? [{ id: r.objectId, category: r.category }] : []))
          : [];
    return this.decide("ground", groundMessages(input), groundAnswer(objects), "ground_target");
  }

  async planHighLevel(input: HighLevelInput): Promise<Decision<HighLevelOutput>> {
    if (input.rooms.length === 0) throw new BackboneError("high-level planning: the scene graph has no rooms", []);
    const schema = highLevelAnswer(input.rooms.map((r) => r.id));
    return this.decide("high_level", highLevelMessages(input), schema, "choose_room");
  }

  async planLowLevel(raw: LowLevelInput): Promise<Decision<LowLevelOutput>> {
    const input = await withEncodedViews(raw);
    if (!input.plan || input.plan.rooms.length === 0)
      return this.decide("low_level", lowLevelMessages(input), LowLevelAnswer, "next_action");
    // a room scan: the next room in the same answer, null unless the plan goes on
    const d = await this.decide(
      "low_level",
      lowLevelMessages(input),
      roomScanAnswer(input.plan.rooms.map((r) => r.id)),
      "scan_room",
    );
    const { nextRoomId, ...rest } = d.value;
    return { value: nextRoomId && rest.decision === "continue_plan" ? { ...rest, nextRoomId } : rest, calls: d.calls };
  }

  async memorize(input: MemorizeInput): Promise<Decision<MemorizeOutput>> {
    const d = await this.decide("memorize", memorizeMessages(input), MemorizeAnswer, "memories");
    return {
      value: { statements: d.value.statements.map((s) => s.trim()), episodic: d.value.episodic.trim() },
      calls: d.calls,
    };
  }

  async reply(input: ReplyInput): Promise<Decision<ReplyOutput>> {
    const checked = checkReplyInput(this.name, input);
    const d = await this.decide("reply", replyMessages(checked), ReplyAnswer, "reply");
    return { value: { text: d.value.text.trim() }, calls: d.calls };
  }

  private async decide<T>(
    task: CallRecord["task"],
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    schemaName: string,
  ): Promise<Decision<T>> {
    const base = { task, backbone: this.config.name, model: this.model.modelId };
    const images = imagesIn(messages);
    try {
      const r = await this.model.generate({ messages, schema, schemaName });
      const record = callRecord(
        {
          ...base,
          usage: r.usage,
          latencyMs: r.latencyMs,
          attempts: r.attempts,
          unanswered: r.unanswered,
          images: images * r.attempts,
          reasks: r.reasks ?? 0,
          exchange: describeExchange(schemaName, messages, r.answers ?? [], r.value),
        },
        this.config.prices,
      );
      return { value: r.value, calls: [record] };
    } catch (e) {
      const failed =
        e instanceof ChatModelError
          ? { usage: e.usage, latencyMs: e.latencyMs, attempts: e.attempts, reasks: e.reasks, unanswered: e.unanswered }
          : { usage: {}, latencyMs: 0, attempts: 1, reasks: 0 };
      const exchange = describeExchange(schemaName, messages, e instanceof ChatModelError ? e.answers : []);
      const message = (e as Error).message;
      const record = callRecord(
        { ...base, ...failed, images: images * failed.attempts, error: message, exchange },
        this.config.prices,
      );
      const failure =
        e instanceof ChatModelError ? { infrastructure: e.infrastructure, status: e.status, url: e.url } : {};
      throw new BackboneError(`${this.config.name} ${task}: ${message}`, [record], failure);
    }
  }
}

/** Image parts in a prompt: each HTTP request of the call sends all of them. */
function imagesIn(messages: readonly ChatMessage[]): number {
  let n = 0;
  for (const m of messages) if (typeof m.content !== "string") for (const p of m.content) if (p.type === "image") n++;
  return n;
}

/** The views as bytes the prompt can carry: in-process views come as raw pixels. */
async function withEncodedViews(input: LowLevelInput): Promise<LowLevelInput> {
  const view = async (v: ViewInput): Promise<ViewInput> => (v.image ? { ...v, image: await encodedImage(v.image) } : v);
  const three = async (t: LowLevelInput["views"]) => {
    const [front, left, right] = await Promise.all([view(t.front), view(t.left), view(t.right)]);
    return { front, left, right };
  };
  return {
    ...input,
    views: await three(input.views),
    ...(input.behind ? { behind: await three(input.behind) } : {}),
    ...(input.referenceImage ? { referenceImage: await encodedImage(input.referenceImage) } : {}),
  };
}
