"""The wire protocol, read from sim-bridge/protocol/protocol.json (generated from
src/sim/protocol.ts): request framing, per-verb params and results, error bodies.

Every request is checked here before a verb runs, and every result before it is sent, so
the bridge answers bad input with the same error codes as the embedded simulator and a
bridge bug shows up as an `internal` error instead of a malformed reply."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "protocol" / "protocol.json"
MAX_MESSAGE_BYTES = 1 << 20
ACTIONS = ["MOVE_FORWARD", "TURN_LEFT", "TURN_RIGHT", "STOP"]
VIEWS = ["front", "left", "right"]


class SimError(Exception):
    """An error reply: `code` is one of the protocol's ERROR_CODES, `path` the bad field."""

    def __init__(self, code: str, message: str, path: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.path:
            out["path"] = self.path
        return out


def _refuse_constant(name: str):
    # Python's json reads NaN, Infinity and -Infinity, which JSON does not have; JSON.parse (the
    # embedded simulator) refuses them as bad_json, and so does this bridge
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str) -> Any:
    """json.loads without NaN / Infinity literals (1e400 still reads as inf; the schema's
    coordinate bounds refuse it as invalid_params, as zod does)."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _dotted(prefix: str, parts) -> str:
    return ".".join([prefix, *[str(p) for p in parts]]) if prefix else ".".join(str(p) for p in parts)


def _describe(err: jsonschema.ValidationError, prefix: str) -> tuple[str, str]:
    parts = list(err.absolute_path)
    if err.validator == "required" and isinstance(err.instance, dict):
        # name the missing field itself, as the zod schemas do ("params.start", not "params")
        parts += [k for k in err.validator_value if k not in err.instance][:1]
    path = _dotted(prefix, parts)
    return path, f"{path or 'message'}: {err.message}"


class Protocol:
    def __init__(self, path: str | os.PathLike | None = None):
        path = Path(path or os.environ.get("POLAR_PROTOCOL") or DEFAULT_PATH)
        doc = json.loads(path.read_text())
        self.version: str = doc["protocol"]
        cls = jsonschema.Draft202012Validator
        self.request = cls(doc["request"])
        self.error = cls(doc["error"])
        self.params = {v: cls(s["params"]) for v, s in doc["verbs"].items()}
        self.results = {v: cls(s["result"]) for v, s in doc["verbs"].items()}
        self.verbs: list[str] = list(doc["verbs"].keys())

    def parse_request(self, text: str) -> tuple[Any, str, dict]:
        """(id, verb, params) of a request frame; SimError(bad_json | bad_request) otherwise."""
        try:
            doc = loads(text)
        except ValueError as e:
            raise SimError("bad_json", f"message is not valid JSON: {e}") from None
        if not isinstance(doc, dict):
            raise SimError("bad_request", "a request must be a JSON object {id, verb, params}")
        err = best_match(self.request.iter_errors(doc))
        if err is not None:
            path, msg = _describe(err, "")
            raise SimError("bad_request", msg, path or None)
        return doc["id"], doc["verb"], doc.get("params") or {}

    @staticmethod
    def readable_id(text: str) -> Any:
        """The id to echo when the request as a whole is bad but its id can be read."""
        try:
            doc = loads(text)
        except ValueError:
            return None
        rid = doc.get("id") if isinstance(doc, dict) else None
        if isinstance(rid, str) or (isinstance(rid, int) and not isinstance(rid, bool)):
            return rid
        return None

    def check_params(self, verb: str, params: Any) -> dict:
        if verb not in self.params:
            raise SimError("unknown_verb", f'unknown verb "{verb}"; known: {", ".join(self.verbs)}', "verb")
        err = best_match(self.params[verb].iter_errors(params))
        if err is not None:
            path, msg = _describe(err, "params")
            raise SimError("invalid_params", f"{verb}: {msg}", path)
        if verb == "reset":
            # the zod schema's refine (position or receptacleId) is not expressible in the JSON file
            for i, o in enumerate(params.get("objects") or []):
                if "position" not in o and "receptacleId" not in o:
                    raise SimError("invalid_params", f"reset: params.objects.{i}: needs a position or a receptacleId",
                                   f"params.objects.{i}")
        return params

    def check_result(self, verb: str, result: Any) -> None:
        err = best_match(self.results[verb].iter_errors(result))
        if err is not None:
            _, msg = _describe(err, "result")
            raise SimError("internal", f"bridge produced an invalid {verb} result: {msg}")

    def error_reply(self, rid: Any, e: BaseException) -> str:
        body = e.body() if isinstance(e, SimError) else {"code": "internal", "message": f"{type(e).__name__}: {e}"}
        return json.dumps({"id": rid, "ok": False, "error": body})
