"""The bridge's WebSocket server: `python -m polar_habitat.server --host 0.0.0.0 --port 8765`.

Each connection gets its own Session (own simulator, scene and episode); its requests run one
at a time, off the event loop, so replies and their binary frames leave in request order.
Bad input never ends the process: malformed JSON, a non-object, a binary frame from the
client, a message over the protocol's limit, an unknown verb, bad params, a missing scene or
asset, an unplaceable object: each gets an error reply and the connection stays open."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve

from .backend import Backend
from .protocol import MAX_MESSAGE_BYTES, Protocol, SimError
from .session import Session

log = logging.getLogger("polar_habitat")
HARD_LIMIT_BYTES = 16 * MAX_MESSAGE_BYTES


async def serve_connection(ws: ServerConnection, factory: Callable[[], Backend], protocol: Protocol,
                           defaults: dict[str, Any] | None) -> None:
    session = Session(factory, protocol, defaults)
    try:
        async for raw in ws:
            if isinstance(raw, bytes):
                await ws.send(protocol.error_reply(None, SimError(
                    "bad_request", "binary frames are only sent by the simulator; send JSON text")))
                continue
            if len(raw.encode("utf8")) > MAX_MESSAGE_BYTES:
                await ws.send(protocol.error_reply(None, SimError(
                    "too_large", f"message of {len(raw)} characters is over the limit of {MAX_MESSAGE_BYTES} bytes")))
                continue
            try:
                rid, verb, params = protocol.parse_request(raw)
            except SimError as e:
                await ws.send(protocol.error_reply(protocol.readable_id(raw), e))
                continue
            try:
                result, images = await asyncio.to_thread(session.handle, verb, params)
            except SimError as e:
                await ws.send(protocol.error_reply(rid, e))
                continue
            except Exception as e:  # a bridge or engine bug: report it, keep serving
                log.exception("verb %s failed", verb)
                await ws.send(protocol.error_reply(rid, e))
                continue
            await ws.send(json.dumps({"id": rid, "ok": True, "result": result}))
            for data in images:
                await ws.send(data)
    finally:
        try:
            await asyncio.to_thread(session.close)
        except RuntimeError:  # the loop's executor is gone (server shutting down): close here
            session.close()


async def run_server(host: str, port: int, factory: Callable[[], Backend], protocol: Protocol,
                     defaults: dict[str, Any] | None = None, ready: Callable[[str], None] | None = None,
                     stop: asyncio.Event | None = None) -> None:
    stop = stop or asyncio.Event()
    async with serve(lambda ws: serve_connection(ws, factory, protocol, defaults), host, port,
                     max_size=HARD_LIMIT_BYTES, compression=None) as server:
        sock = next(iter(server.sockets))
        addr = sock.getsockname()
        url = f"ws://{addr[0]}:{addr[1]}"
        if ready:
            ready(url)
        await stop.wait()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m polar_habitat.server", description=__doc__.split("\n\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8765, help="0 picks a free port (printed)")
    ap.add_argument("--data-dir", default=None,
                    help="root of the data: scene_datasets/hm3d/…, datasets/PIN/… (default: $POLAR_HABITAT_DATA or ./data)")
    ap.add_argument("--scene-dir", action="append", default=[],
                    help="another folder load_scene may read scene files (.glb) from; repeatable. Scene paths "
                         "outside the data dir and these folders are refused as not_found")
    ap.add_argument("--scene-dataset-config", default=None,
                    help="HM3D scene dataset config (default: found under the data dir)")
    ap.add_argument("--assets", default=None, help="PInNED object assets dir (default: found under the data dir)")
    ap.add_argument("--no-render", action="store_true",
                    help="create_renderer=False: navigation, geodesics and actions only; views come back empty")
    ap.add_argument("--gpu", type=int, default=0, help="GPU device id for the renderer")
    ap.add_argument("--defaults", default=None,
                    help='JSON settings used when load_scene sends none, e.g. \'{"stepLength":0.25}\'')
    ap.add_argument("--protocol", default=None, help="protocol.json (default: sim-bridge/protocol/protocol.json)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    from .habitat_backend import HabitatBackend, HabitatOptions, habitat_version

    opts = HabitatOptions.from_args(args)
    protocol = Protocol(args.protocol)
    defaults = json.loads(args.defaults) if args.defaults else None

    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await run_server(args.host, args.port, lambda: HabitatBackend(opts), protocol, defaults,
                         ready=lambda url: print(f"polar-habitat {habitat_version()} listening on {url}", flush=True),
                         stop=stop)

    asyncio.run(go())


if __name__ == "__main__":
    main()
