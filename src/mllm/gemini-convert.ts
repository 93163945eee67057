/** Pure conversions between Polar's chat messages and the Gemini generateContent format. */
import type { Content, GenerateContentResponse, Part } from "@google/genai";
import type { ChatMessage, Usage } from "./chat-model.ts";

/** System messages become the systemInstruction; assistant turns are the "model" role. */
export function toGeminiContents(messages: ChatMessage[]): { systemInstruction?: string; contents: Content[] } {
  const system = messages.filter((m) => m.role === "system").map((m) => m.content as string);
  const contents: Content[] = [];
  for (const m of messages) {
    if (m.role === "system") continue;
    const parts: Part[] =
      typeof m.content === "string"
        ? [{ text: m.content }]
        : m.content.map((p) =>
            p.type === "text"
              ? { text: p.text }
              : { inlineData: { mimeType: p.mediaType, data: p.data.toString("base64") } },
          );
    contents.push({ role: m.role === "assistant" ? "model" : "user", parts });
  }
  return { systemInstruction: system.length ? system.join("\n\n") : undefined, contents };
}

/** Thinking tokens are billed as output, so they count as output here. */
export function usageFromGemini(response: GenerateContentResponse): Usage {
  const u = response.usageMetadata;
  if (!u) return {};
  const output =
    u.candidatesTokenCount === undefined && u.thoughtsTokenCount === undefined
      ? undefined
      : (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0);
  return { inputTokens: u.promptTokenCount, outputTokens: output };
}

export function textFromGemini(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((p) => typeof p.text === "string" && !p.thought)
    .map((p) => p.text)
    .join("");
}

/** reasoningEffort as a Gemini 2.5 thinking budget (tokens). */
export const THINKING_BUDGET = { minimal: 0, low: 1024, medium: 8192, high: 24576 } as const;
