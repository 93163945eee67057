/**
 * A scripted local HTTP server that speaks the OpenAI chat-completions and Gemini
 * generateContent wire formats, so tests (and benchmarks) run the real `openai` and
 * `@google/genai` clients end to end without a network. Replies come from a queue, then from
 * an optional responder function; every request is recorded with its parsed body.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** parsed JSON when the body is JSON, else the raw text */
  body: unknown;
  /** milliseconds since the server started */
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** close the connection without answering (what a keep-alive socket the server just dropped gives) */
  reset?: boolean;
}

/** Wire JSON as tests read it: arbitrary nesting, checked by the assertions themselves. */
// biome-ignore lint/suspicious/noExplicitAny: tests dig into arbitrary wire JSON
export type WireJson = any;

export type Responder = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Reply[] = [];
  private readonly started = performance.now();

  private constructor(
    private readonly server: Server,
    private responder?: Responder,
  ) {}

  static async start(options: { script?: Reply[]; responder?: Responder } = {}): Promise<ScriptedServer> {
    let self: ScriptedServer | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {}
        const s = self as ScriptedServer;
        const recorded: RecordedRequest = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body,
          at: performance.now() - s.started,
        };
        s.requests.push(recorded);
        const reply = s.queue.shift() ??
          (await s.responder?.(recorded, s.requests.length - 1)) ?? {
            status: 500,
            headers: { "x-should-retry": "false" },
            body: { error: { message: "scripted server: script exhausted", code: 500 } },
          };
        if (reply.reset) {
          req.socket.destroy();
          return;
        }
        const payload =
          reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(payload);
      });
    });
    // An idle keep-alive socket closed by the server after its default 5 s, just as the client
    // reuses it, is a connection reset the tests' clients (no retries) report as a failure: on a
    // busy machine a test that spends seconds between two requests met it. Real servers close
    // idle sockets too; the product's clients retry that, the tests' do not, so here they stay open
    // (close() still ends them).
    server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    self = new ScriptedServer(server, options.responder);
    self.queue.push(...(options.script ?? []));
    return self;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  push(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  /** Forgets recorded requests and queued replies (between tests). */
  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
  }

  setResponder(responder: Responder | undefined): void {
    this.responder = responder;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }
}

// ---- OpenAI chat completions ------------------------------------------------------------------

export function openaiCompletion(
  content: string,
  usage: { prompt_tokens: number; completion_tokens: number } | null = { prompt_tokens: 100, completion_tokens: 20 },
): Reply {
  const body: Record<string, unknown> = {
    id: "chatcmpl-scripted",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "scripted",
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null },
    ],
  };
  if (usage) body.usage = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  return { body };
}

export function openaiError(status: number, message: string, headers?: Record<string, string>): Reply {
  return { status, headers, body: { error: { message, type: "scripted_error", code: null, param: null } } };
}

interface OpenAIBody {
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
}

/** The image bytes a chat-completions request carried as data-URL image_url parts, in order. */
export function openaiImages(body: unknown): Buffer[] {
  const out: Buffer[] = [];
  for (const m of (body as OpenAIBody).messages) {
    if (typeof m.content === "string") continue;
    for (const p of m.content) {
      const url = p.type === "image_url" ? p.image_url?.url : undefined;
      const match = url && /^data:[^;]+;base64,(.*)$/.exec(url);
      if (match) out.push(Buffer.from(match[1], "base64"));
    }
  }
  return out;
}

export function openaiText(body: unknown): string {
  return (body as OpenAIBody).messages
    .map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join("\n")))
    .join("\n");
}

export function openaiSchemaName(body: unknown): string | undefined {
  return (body as OpenAIBody).response_format?.json_schema?.name;
}

// ---- Gemini generateContent ---------------------------------------------------------------------

export function geminiResponse(
  text: string,
  usage: { promptTokenCount: number; candidatesTokenCount: number; thoughtsTokenCount?: number } | null = {
    promptTokenCount: 100,
    candidatesTokenCount: 20,
  },
): Reply {
  const body: Record<string, unknown> = {
    candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
    modelVersion: "scripted",
  };
  if (usage) {
    body.usageMetadata = {
      ...usage,
      totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount + (usage.thoughtsTokenCount ?? 0),
    };
  }
  return { body };
}

export function geminiError(status: number, message: string, headers?: Record<string, string>): Reply {
  const names: Record<number, string> = {
    400: "INVALID_ARGUMENT",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
  };
  return { status, headers, body: { error: { code: status, message, status: names[status] ?? "UNKNOWN" } } };
}

interface GeminiBody {
  contents: { role: string; parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
  systemInstruction?: { parts: { text?: string }[] } | string;
  generationConfig?: { responseMimeType?: string; responseJsonSchema?: unknown; responseSchema?: unknown };
}

export function geminiImages(body: unknown): Buffer[] {
  return (body as GeminiBody).contents.flatMap((c) =>
    c.parts.flatMap((p) => (p.inlineData ? [Buffer.from(p.inlineData.data, "base64")] : [])),
  );
}

export function geminiText(body: unknown): string {
  const b = body as GeminiBody;
  const system =
    typeof b.systemInstruction === "string"
      ? b.systemInstruction
      : (b.systemInstruction?.parts ?? []).map((p) => p.text ?? "").join("\n");
  return [system, ...b.contents.flatMap((c) => c.parts.map((p) => p.text ?? ""))].join("\n");
}

// ---- schema-driven responders (benchmarks: hierarchical vs per-step model calls) ----------------

/** Rough token count of a request body: ~4 characters a token, the way benchmarks estimate usage. */
export function estimateTokens(body: unknown): number {
  return Math.ceil(JSON.stringify(body ?? "").length / 4);
}

/**
 * An OpenAI responder that answers by the schema a request names (response_format
 * json_schema name: ground_target, choose_room, next_action, memories), with usage estimated
 * from the request size. Answers for unknown schemas get a 400.
 */
export function openaiBySchema(answers: Record<string, (request: RecordedRequest) => unknown>): Responder {
  return (request) => {
    const name = openaiSchemaName(request.body);
    const answer = name ? answers[name] : undefined;
    if (!answer)
      return openaiError(400, `scripted server: no answer for schema ${name ?? "(none)"}`, {
        "x-should-retry": "false",
      });
    const content = JSON.stringify(answer(request));
    return openaiCompletion(content, {
      prompt_tokens: estimateTokens(request.body),
      completion_tokens: Math.ceil(content.length / 4),
    });
  };
}
