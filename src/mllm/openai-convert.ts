/** Pure conversions between Polar's chat messages and OpenAI's chat-completions wire format. */
import type OpenAI from "openai";
import type { ChatMessage, Usage } from "./chat-model.ts";
import type { BackboneConfig } from "./config.ts";
import { isStrictCompatible, type JsonSchema, schemaInstruction } from "./structured.ts";

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.Completions.ChatCompletionContentPart;
type ResponseFormat = OpenAI.Chat.Completions.ChatCompletionCreateParams["response_format"];

export function dataUrl(data: Buffer, mediaType: string): string {
  return `data:${mediaType};base64,${data.toString("base64")}`;
}

export function toOpenAIMessages(messages: ChatMessage[], detail: "auto" | "low" | "high"): MessageParam[] {
  return messages.map((m): MessageParam => {
    if (m.role !== "user" || typeof m.content === "string") return { role: m.role, content: m.content } as MessageParam;
    const parts = m.content.map(
      (p): ContentPart =>
        p.type === "text"
          ? { type: "text", text: p.text }
          : { type: "image_url", image_url: { url: dataUrl(p.data, p.mediaType), detail } },
    );
    return { role: "user", content: parts };
  });
}

/**
 * json_schema mode sends the schema (strict when OpenAI's strict subset allows it);
 * json_object mode asks for JSON and puts the schema in the system prompt instead.
 */
export function responseFormat(
  mode: BackboneConfig["structuredOutput"],
  schemaName: string,
  json: JsonSchema,
): { format: ResponseFormat; systemAddendum?: string } {
  if (mode === "json_object") {
    return { format: { type: "json_object" }, systemAddendum: schemaInstruction(schemaName, json) };
  }
  return {
    format: { type: "json_schema", json_schema: { name: schemaName, schema: json, strict: isStrictCompatible(json) } },
  };
}

/** Appends text to the system message, or adds one when there is none. */
export function withSystemAddendum(messages: ChatMessage[], addendum: string | undefined): ChatMessage[] {
  if (!addendum) return messages;
  const i = messages.findIndex((m) => m.role === "system");
  if (i < 0) return [{ role: "system", content: addendum }, ...messages];
  const out = [...messages];
  out[i] = { role: "system", content: `${messages[i].content}\n\n${addendum}` };
  return out;
}

export function usageFromOpenAI(usage: OpenAI.CompletionUsage | undefined | null): Usage {
  return { inputTokens: usage?.prompt_tokens ?? undefined, outputTokens: usage?.completion_tokens ?? undefined };
}

export function textFromCompletion(completion: OpenAI.Chat.Completions.ChatCompletion): string {
  const message = completion.choices[0]?.message;
  return message?.content ?? message?.refusal ?? "";
}
