/**
 * Who may open a local server's WebSocket (and, for the dashboard, its pages). Two checks, both
 * against a browser being used as a proxy:
 * - Origin: browsers send it, so a page on another site (or a sandboxed one, whose Origin is
 *   "null") could otherwise drive a local server through the user's browser; programs (the
 *   agent's own clients) send none.
 * - Host: DNS rebinding maps a site's own name to 127.0.0.1, so its Origin matches its Host and
 *   the first check passes; a server bound to loopback therefore answers loopback names only.
 */

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** Whether `host` (an address or name a server binds to) is this machine's loopback. */
export const isLoopback = (host: string): boolean => LOOPBACK.has(host);

/**
 * Allowed: no Origin, or one naming the very host the request was sent to. "null" and anything
 * that does not parse are another origin.
 */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.host !== "" && parsed.host === host;
}

/** On a server bound to loopback, only a loopback name in the Host header may reach it. */
export function hostAllowed(hostHeader: string | undefined, bound: string): boolean {
  if (!isLoopback(bound)) return true;
  const h = (hostHeader ?? "").replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  return isLoopback(h);
}

/** Both checks, as a local server's WebSocket handshake makes them. */
export const handshakeAllowed = (headers: { origin?: string; host?: string }, bound: string): boolean =>
  hostAllowed(headers.host, bound) && originAllowed(headers.origin, headers.host);
