/**
 * The transport retry policy for providers whose client we drive ourselves (Gemini). It is the
 * same policy the openai client applies: retry 408, 409, 429 and 5xx, connection failures and
 * timeouts; wait what retry-after-ms / retry-after say, else back off exponentially from 0.5 s
 * to 8 s with up to 25% jitter. A retry-after longer than the backbone's maxRetryAfterMs is not
 * waited out (a day's sleep is a hang): that response is the last one, and the request fails.
 */

export interface RetryPolicy {
  maxRetries: number;
  /** per attempt */
  timeoutMs: number;
  /** the longest retry-after that is waited out (default 60 s) */
  maxRetryAfterMs?: number;
  /** told the wait a response asked for when it was longer than maxRetryAfterMs */
  onWaitRefused?: (ms: number) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** How long to wait before retry number `retryIndex` (0 = the first retry). */
export function retryDelayMs(retryIndex: number, headers: Headers | undefined, random: () => number = Math.random) {
  const fromHeaders = retryAfterMs(headers);
  if (fromHeaders !== undefined && fromHeaders >= 0) return fromHeaders;
  const backoff = Math.min(BASE_DELAY_MS * 2 ** retryIndex, MAX_BACKOFF_MS);
  return backoff * (1 - random() * 0.25);
}

/** What retry-after-ms / retry-after (seconds or an HTTP date) ask for, in ms; undefined when neither says. */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms && !Number.isNaN(Number.parseFloat(ms))) return Number.parseFloat(ms);
  const after = headers?.get("retry-after");
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

/** A request that got no HTTP response, on its last allowed attempt: it names the URL. */
export class FetchFailure extends Error {
  constructor(
    readonly kind: "timeout" | "connection",
    readonly url: string,
    readonly timeoutMs: number,
    cause: unknown,
  ) {
    super(kind === "timeout" ? `no response from ${url} within ${timeoutMs} ms` : `cannot connect to ${url}`, {
      cause,
    });
    this.name = "FetchFailure";
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that applies the policy. A retryable response that is the last one allowed is handed
 * back as is, so the client raises its own typed error for it; a request that never got a
 * response throws FetchFailure. `onRequest` sees every request sent, with its URL; `onUnanswered`
 * each one that got no HTTP response (a reset connection, a timeout), which the server may never
 * have seen.
 */
export function retryingFetch(
  policy: RetryPolicy,
  onRequest: (url: string) => void,
  onUnanswered: () => void = () => {},
): typeof fetch {
  const sleep = policy.sleep ?? defaultSleep;
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= policy.maxRetries;
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const url = input instanceof Request ? input.url : String(input);
      onRequest(url);
      let response: Response;
      try {
        response = await fetch(input, { ...init, signal });
      } catch (e) {
        onUnanswered();
        if (init?.signal?.aborted) throw e;
        if (last) throw new FetchFailure(timeout.aborted ? "timeout" : "connection", url, policy.timeoutMs, e);
        await sleep(retryDelayMs(attempt, undefined, policy.random));
        continue;
      }
      if (response.ok || last || !isRetryableStatus(response.status)) return response;
      const asked = retryAfterMs(response.headers);
      if (asked !== undefined && asked > (policy.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS)) {
        policy.onWaitRefused?.(asked);
        return response;
      }
      await response.body?.cancel();
      await sleep(retryDelayMs(attempt, response.headers, policy.random));
    }
  };
}
