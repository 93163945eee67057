/**
 * What a failed provider request means, in one line that names what failed (the URL, how long
 * it waited, the HTTP status and the provider's own words) and whether it is an infrastructure
 * failure (src/util/failure.ts) or a failure of what the agent asked for. Every provider
 * describes its failures through these functions, so OpenAI and Gemini read the same.
 */
import type { FailureInfo } from "../util/index.ts";

/** A described failure: the message to show and its classification. */
export interface RequestFailure extends FailureInfo {
  message: string;
}

/**
 * Whether an HTTP error status, as the final answer after the transport retries, is an
 * infrastructure failure.
 * - 408, 409, 429, 5xx: the service was overloaded, rate-limited or broken. Retries were spent
 *   on them already; the request itself was fine, and it will go through once the service is
 *   back, so the episode says nothing about the agent.
 * - 401, 403: the key is missing, wrong, expired or out of quota. An operator fixes that; no
 *   answer of the agent's could cause or avoid it.
 * - 404: no such endpoint or model at that URL (a server that is not up yet, a model not
 *   pulled); a deployment problem, not something the agent asked.
 * - any other 4xx (400, 413, 422): the provider read the request and refused its content (too
 *   long a prompt, an image it cannot take, a schema it rejects). That is what the agent or
 *   the backbone sent, it fails the same way every time, so it is the agent's outcome (or a
 *   bug to fix), not something to rerun.
 */
export function isInfrastructureStatus(status: number): boolean {
  return (
    status === 401 ||
    status === 403 ||
    status === 404 ||
    status === 408 ||
    status === 409 ||
    status === 429 ||
    status >= 500
  );
}

/** The URL without credentials or query (a key can ride in `?key=`); "" stays "". */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    u.search = "";
    u.hash = "";
    return u.toString();
  } catch {
    return url.split("?")[0];
  }
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection broken",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connect timed out",
  UND_ERR_CONNECT_TIMEOUT: "connect timed out",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
  UND_ERR_BODY_TIMEOUT: "response body stalled",
  CERT_HAS_EXPIRED: "TLS certificate expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "self-signed TLS certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS certificate not trusted",
};

/** Generic wrapper messages that say nothing about the cause. */
const VAGUE = new Set(["fetch failed", "Connection error.", "terminated", "other side closed"]);

/**
 * The network cause of a failed fetch in words ("connection refused"), found by following
 * `cause` (fetch wraps the socket error, and the clients wrap fetch's).
 */
export function networkCause(e: unknown): string {
  let current: unknown = e;
  let specific: string | undefined;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES[code]) return NETWORK_CODES[code];
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && message && !VAGUE.has(message)) specific = message;
    current = (current as { cause?: unknown }).cause;
  }
  return specific ?? "no connection";
}

const attempts = (requests: number) => (requests === 1 ? "1 request" : `${requests} requests`);

/** No response within the per-request timeout: the service is there but did not answer in time. */
export function timedOut(url: string | undefined, timeoutMs: number, requests: number): RequestFailure {
  const where = safeUrl(url) ?? "the provider";
  return {
    message: `request to ${where} timed out: no response within ${timeoutMs} ms (${attempts(requests)})`,
    // a slow or stuck service; the same request goes through when it recovers
    infrastructure: true,
    url: safeUrl(url),
  };
}

/** No HTTP response at all: refused, reset, unknown host. */
export function connectionFailed(url: string | undefined, cause: unknown, requests: number): RequestFailure {
  const where = safeUrl(url) ?? "the provider";
  return {
    message: `cannot connect to ${where} (${networkCause(cause)}; ${attempts(requests)})`,
    // nothing answered; no request content can cause that
    infrastructure: true,
    url: safeUrl(url),
  };
}

/** An HTTP error response that was the last one: the status, the provider's code and words. */
export function httpFailed(
  status: number,
  url: string | undefined,
  detail: { code?: string; message?: string },
  requests: number,
): RequestFailure {
  const where = safeUrl(url) ?? "the provider";
  const code = detail.code ? ` ${detail.code}` : "";
  const words = detail.message?.trim() ? `: ${detail.message.trim()}` : "";
  return {
    message: `HTTP ${status}${code} from ${where} (${attempts(requests)})${words}`,
    infrastructure: isInfrastructureStatus(status),
    status,
    url: safeUrl(url),
  };
}

/**
 * A response that is not what the API answers: a 200 with an HTML page (a proxy, a captive
 * portal, a server that is not the model's), a body cut short, JSON of another shape. The
 * service answered wrongly; nothing the agent asked makes a chat endpoint do that, and the
 * same request goes through once the service is fixed, so it is an infrastructure failure.
 */
export function malformedResponse(url: string | undefined, what: string, requests: number): RequestFailure {
  const where = safeUrl(url) ?? "the provider";
  return {
    message: `${where} answered with ${what}, not a model response (${attempts(requests)})`,
    infrastructure: true,
    url: safeUrl(url),
  };
}

/** What was wrong with a response body the client could not read, or undefined when `e` is something else. */
export function unreadableBody(e: unknown): string | undefined {
  if (e instanceof SyntaxError) return `a body that is not valid JSON (${e.message})`;
  // undici's "terminated": the connection closed before the body was complete
  if (e instanceof TypeError && e.message === "terminated") return "a body cut short (the connection closed)";
  return undefined;
}

/** A short, single-line description of a body that was not the JSON expected. */
export function describeBody(body: unknown): string {
  if (typeof body === "string") {
    const text = body.replace(/\s+/g, " ").trim();
    return `a ${/^<(!doctype|html|\?xml)/i.test(text) ? "HTML" : "text"} body ("${text.slice(0, 60)}${text.length > 60 ? "…" : ""}")`;
  }
  if (body === null || body === undefined) return "an empty body";
  if (Array.isArray(body)) return "a JSON array";
  if (typeof body === "object") {
    const keys = Object.keys(body).slice(0, 5);
    return keys.length
      ? `a JSON object without the expected fields (keys: ${keys.join(", ")})`
      : "an empty JSON object";
  }
  return `a JSON ${typeof body}`;
}

/** A final HTTP error whose retry-after was too long to wait out: it says so, and stays infrastructure. */
export function waitRefused(failure: RequestFailure, askedMs: number, maxMs: number): RequestFailure {
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  return {
    ...failure,
    message: `${failure.message} (it asked to retry after ${s(askedMs)}, longer than maxRetryAfterMs ${s(maxMs)}: not waited for)`,
    infrastructure: true,
  };
}
