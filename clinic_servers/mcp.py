"""MCP Streamable HTTP (revision 2025-11-25), stateless, answering with plain JSON on `POST /mcp`."""
from __future__ import annotations

import hmac
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from clinic_servers.catalog import Tool
from clinic_servers.contract.request_body import read_body
from clinic_servers.contract.tools import Role
from clinic_servers.errors import ToolError
from clinic_servers.tools import ClinicDesk, catalog

PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26")
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
_DEFAULT_PORTS = {"http": 80, "https": 443}

log = logging.getLogger("clinic_servers.mcp")


class RpcError(Exception):
    """A JSON-RPC protocol error, answered as an `error` object."""

    def __init__(self, code: int, message: str, http_status: int = 200):
        super().__init__(message)
        self.code, self.message, self.http_status = code, message, http_status


def mcp_blueprint(desk: ClinicDesk, settings) -> Blueprint:
    """The `/mcp` endpoint of one clinic."""
    bp = Blueprint("mcp", __name__)

    @bp.post("/mcp")
    def post_mcp() -> Response:
        try:
            role = _admit(settings)
            message = _parse(read_body(request, settings.max_body_bytes))
        except RpcError as e:
            return _error(None, e)
        except RequestEntityTooLarge:
            return _error(None, RpcError(INVALID_REQUEST, "Request body too large", 413))
        if "id" not in message:  # notifications and client responses need no answer
            return Response(status=202)
        return _answer(desk, role, message)

    @bp.route("/mcp", methods=["GET", "DELETE", "PUT", "PATCH"])
    def other_methods() -> Response:
        # Stateless server: no server-initiated stream and no session to delete.
        return Response(status=405, headers={"Allow": "POST"})

    return bp


def _admit(settings) -> Role:
    origin = request.headers.get("Origin")
    if origin and not _origin_allowed(origin, settings.allowed_origins):
        raise RpcError(INVALID_REQUEST, "Origin not allowed", 403)
    role = _role(request.headers.get("Authorization", ""), settings)
    if role is None:
        raise RpcError(INVALID_REQUEST, "Missing or invalid bearer token", 401)
    version = request.headers.get("MCP-Protocol-Version")
    if version is not None and version not in PROTOCOL_VERSIONS:
        raise RpcError(INVALID_REQUEST, f"Unsupported MCP-Protocol-Version: {version}", 400)
    return role


def _origin_allowed(origin: str, allowed: tuple[str, ...]) -> bool:
    """Whether the origin is one of those configured, scheme, host and port alike (a page on another port is not)."""
    return _origin_key(origin) in {_origin_key(a) for a in allowed}


def _origin_key(origin: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    return (parts.scheme, parts.hostname, port) if parts.scheme and parts.hostname and port else None


def _role(header: str, settings) -> Role | None:
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        return None
    presented = token.strip().encode()
    if _matches(presented, settings.staff_tokens()):
        return Role.STAFF
    if _matches(presented, settings.patient_tokens()):
        return Role.PATIENT
    return None


def _matches(token: bytes, accepted: tuple[str, ...]) -> bool:
    """Whether the token is one of those accepted, each compared in constant time (every one, always)."""
    return sum(hmac.compare_digest(token, a.encode()) for a in accepted) > 0


def _parse(body: bytes) -> dict[str, Any]:
    try:
        message = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:  # RecursionError: absurdly deep nesting
        raise RpcError(PARSE_ERROR, "Parse error: the body is not valid JSON", 400) from e
    if isinstance(message, list):
        raise RpcError(INVALID_REQUEST, "Batch requests are not supported", 400)
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        raise RpcError(INVALID_REQUEST, "Invalid request: expected a JSON-RPC 2.0 object", 400)
    if "method" not in message and ("result" in message or "error" in message):
        message.pop("id", None)  # a response from the client: accepted, nothing to answer
        return message
    if not isinstance(message.get("method"), str):
        raise RpcError(INVALID_REQUEST, "Invalid request: 'method' must be a string", 400)
    if "id" in message and (isinstance(message["id"], bool) or not isinstance(message["id"], (str, int))):
        raise RpcError(INVALID_REQUEST, "Invalid request: 'id' must be a string or an integer", 400)
    return message


def _answer(desk: ClinicDesk, role: Role, message: dict[str, Any]) -> Response:
    started = time.perf_counter()
    method, params = message["method"], message.get("params") or {}
    try:
        if not isinstance(params, dict):
            raise RpcError(INVALID_PARAMS, "'params' must be an object")
        result = _dispatch(desk, role, method, params)
    except RpcError as e:
        log.info("%s %s -> error %s", desk.clinic.id, method, e.code)
        return _error(message["id"], e)
    except Exception:
        log.exception("%s %s failed", desk.clinic.id, method)
        return _error(message["id"], RpcError(INTERNAL_ERROR, "Internal error"))
    if log.hasHandlers():  # launched as the fleet is, nothing prints it: spare every call building the record
        log.info("%s %s%s -> ok (%.1f ms)", desk.clinic.id, method, _tool_suffix(params),
                 (time.perf_counter() - started) * 1000)
    if isinstance(result, ToolAnswer):
        return result.response(message["id"])
    return _json({"jsonrpc": "2.0", "id": message["id"], "result": result})


def _dispatch(desk: ClinicDesk, role: Role, method: str, params: dict) -> "dict | ToolAnswer":
    if method == "initialize":
        return _initialize(desk, params)
    if method == "ping":
        return {}
    if method == "tools/list":
        return {"tools": [t.describe() for t in catalog.allowed(role)]}
    if method == "tools/call":
        return _call_tool(desk, role, params)
    raise RpcError(METHOD_NOT_FOUND, f"Method not found: {method}")


def _initialize(desk: ClinicDesk, params: dict) -> dict:
    asked = params.get("protocolVersion")
    version = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
    clinic = desk.clinic
    return {"protocolVersion": version,
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": clinic.id, "title": f"{clinic.name} · {clinic.specialty.name_pt}",
                           "version": current_app.config["VERSION"]},
            "instructions": clinic.specialty.description}


def _call_tool(desk: ClinicDesk, role: Role, params: dict) -> "dict | ToolAnswer":
    name = params.get("name")
    tool: Tool | None = catalog.get(name) if isinstance(name, str) else None
    if tool is None:
        raise RpcError(INVALID_PARAMS, f"Unknown tool: {params.get('name')}")
    try:
        if tool not in catalog.allowed(role):
            raise ToolError("forbidden", f"A ferramenta {tool.name} é restrita à equipe da clínica.")
        output = tool.call(desk, params.get("arguments"))
    except ToolError as e:
        data = {"error": {"code": e.code, "message": e.message}}
        return _tool_result(data, is_error=True)
    try:
        return ToolAnswer(output.model_dump_json())
    except ValueError:  # a lone surrogate stored from a caller's argument: the escaping path below
        return _tool_result(output.model_dump(), is_error=False)


class ToolAnswer:
    """A successful tool result serialised once: the same JSON text is the text content and the structured one.

    A listing is most of a clinic's answer; encoding it as a dict, then again inside the envelope,
    and escaping it a third time as the text content made JSON the largest part of a call's CPU.
    """

    def __init__(self, content_json: str):
        self.content_json = content_json

    def response(self, request_id: Any) -> Response:
        """The JSON-RPC answer, assembled around the one serialised content."""
        text = json.dumps(self.content_json, ensure_ascii=False)
        body = (f'{{"jsonrpc": "2.0", "id": {json.dumps(request_id, ensure_ascii=False)}, "result": '
                f'{{"content": [{{"type": "text", "text": {text}}}], "structuredContent": {self.content_json}, '
                f'"isError": false}}}}')
        try:
            data = body.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate in the request id: escaped, as `_json` does
            data = body.encode("utf-8", "backslashreplace")
        return Response(data, status=200, mimetype="application/json")


def _tool_result(data: dict, is_error: bool) -> dict:
    text = json.dumps(data, ensure_ascii=False)
    return {"content": [{"type": "text", "text": text}], "structuredContent": data, "isError": is_error}


def _tool_suffix(params: dict) -> str:
    name = params.get("name")
    return f" {name}" if isinstance(name, str) and len(name) <= 64 else ""


def _error(request_id: Any, error: RpcError) -> Response:
    body = {"jsonrpc": "2.0", "id": request_id, "error": {"code": error.code, "message": error.message}}
    response = _json(body, error.http_status)
    if error.http_status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="clinic"'
    return response


def _json(body: dict, status: int = 200) -> Response:
    text = json.dumps(body, ensure_ascii=False)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate echoed from the request (id, method, tool name)
        data = json.dumps(body).encode("ascii")  # escaped as \ud800: the caller gets its own id back
    return Response(data, status=status, mimetype="application/json")
