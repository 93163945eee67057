/**
 * Whether a WebSocket handshake may come from where its Origin header says. Browsers send
 * Origin, so a page on another site (or a sandboxed one, whose Origin is "null") could otherwise
 * drive a local server through the user's browser; programs (the agent's own clients) send
 * none. Allowed: no Origin, or one naming the very host the request was sent to. "null" and
 * anything that does not parse are another origin.
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
