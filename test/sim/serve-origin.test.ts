/**
 * `polar sim serve` refuses a WebSocket from another origin, "null" or an unparsable one as the
 * dashboard does, against the real server on a loopback port.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import WebSocket from "ws";
import { startPolar } from "../cli/polar-process.ts";

/** The handshake's answer: "open", or the HTTP status it was refused with. */
function handshake(url: string, origin?: string): Promise<string> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, origin === undefined ? {} : { headers: { origin } });
    const t = setTimeout(() => {
      ws.terminate();
      fail(new Error(`no answer from ${url} in 10 s`));
    }, 10_000);
    ws.once("open", () => {
      clearTimeout(t);
      ws.close();
      ok("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      clearTimeout(t);
      ws.terminate();
      ok(String(res.statusCode));
    });
    ws.once("error", (e) => {
      clearTimeout(t);
      if (!/Unexpected server response/.test(e.message)) fail(e);
    });
  });
}

test("polar sim serve: a WebSocket from another origin is refused (403); programs and its own origin connect", {
  timeout: 60_000,
}, async () => {
  const sim = startPolar(["sim", "serve", "--port", "0"]);
  const url = (await sim.waitFor(/listening on (ws:\/\/\S+)/, 45_000))[1];
  const host = new URL(url).host;
  for (const origin of ["http://evil.example", "null", "http://[", `https://other.example:${new URL(url).port}`])
    assert.equal(await handshake(url, origin), "403", `Origin ${origin}`);
  assert.equal(await handshake(url), "open", "no Origin: a program, not a page");
  assert.equal(await handshake(url, `http://${host}`), "open", "its own origin");
  assert.equal(sim.child.exitCode, null, sim.err());
  await sim.stop();
});
