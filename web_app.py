"""The web app: the page, the JSON/SSE API, and `python web_app.py`, which also starts the clinics.

Production: `gunicorn -c gunicorn_web.conf.py` (gevent workers: an open SSE stream or a slow client
costs a greenlet, not a thread).
"""
from __future__ import annotations

import logging
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Mapping

import re
import unicodedata
from pathlib import Path

from flask import Flask, Response, current_app, jsonify, render_template, request, stream_with_context
from flask_cors import CORS
from werkzeug.exceptions import HTTPException

from agent_system.assembly import build_pipeline
from agent_system.dispatch.health import ClinicHealth
from agent_system.events import SessionEvent, to_record
from agent_system.sessions.audit import AuditLog
from agent_system.sessions.conversation import Patient
from agent_system.sessions.store import IDLE_TTL_S, MAX_SESSIONS, SessionsFull, open_session_store
from agent_system.settings import AgentSettings
from agent_system.sse import frame_events
from agent_system.web.clinics_api import clinics_blueprint
from clinic_servers.cpf import normalize_cpf
from clinic_servers.registry import ClinicRegistry
from clinic_servers.request_body import buffer_unsized_body
from clinic_servers.settings import PROJECT_ROOT, read_environment
from client_limits import ClientLimits, TooManyRequests, current_client, install_limits, wait_sentence

log = logging.getLogger("web_app")
TURN_WORKERS = 64  # turns running at once per process; more wait (with keep-alives) for a free worker
_NAME = re.compile(r"^[^\W\d_]+(?:[ '.-][^\W\d_]+)*\.?$")
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")  # secrets.token_urlsafe's alphabet (fullmatch)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


@dataclass(frozen=True)
class WebSettings:
    port: int = 5000
    max_body_bytes: int = 16 * 1024
    max_message_chars: int = 2000
    messages_per_minute: int = 30
    cors_origins: tuple[str, ...] = ()
    redis_url: str | None = None
    session_ttl_s: int = IDLE_TTL_S
    max_sessions: int = MAX_SESSIONS
    turn_workers: int = TURN_WORKERS
    limits: ClientLimits = ClientLimits()
    agent: AgentSettings | None = field(default=None, repr=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str], registry: ClinicRegistry) -> "WebSettings":
        """Settings from environment variables; every one has a default."""
        origins = tuple(o.strip() for o in env.get("CORS_ORIGINS", "").split(",") if o.strip())
        return cls(port=int(env.get("PORT") or 5000), cors_origins=origins, redis_url=env.get("REDIS_URL") or None,
                   messages_per_minute=int(env.get("MESSAGES_PER_MINUTE") or 30),
                   max_sessions=int(env.get("MAX_SESSIONS") or MAX_SESSIONS), limits=ClientLimits.from_env(env),
                   turn_workers=int(env.get("TURN_WORKERS") or TURN_WORKERS),
                   agent=AgentSettings.from_env(env, registry))


class ApiError(Exception):
    """An API failure answered as `{"error": {"code", "message"}}` with an HTTP status."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the web app; `config` may hold a WebSettings under "SETTINGS" and a ClinicRegistry under "REGISTRY"
    (tests, the entry point), else each comes from the environment and `.env`."""
    registry = (config or {}).get("REGISTRY") or ClinicRegistry.from_env(read_environment())
    settings: WebSettings = (config or {}).get("SETTINGS") or WebSettings.from_env(read_environment(), registry)
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=settings.max_body_bytes, **(config or {}))
    app.extensions["pipeline"] = build_pipeline(settings.agent, registry)
    app.extensions["sessions"] = open_session_store(settings.agent.var_dir, settings.redis_url,
                                                    settings.session_ttl_s, settings.max_sessions)
    app.extensions["web_settings"] = settings
    app.extensions["health"] = ClinicHealth(settings.agent.clinic_urls, settings.agent.clinic_token,
                                            settings.agent.clinic_tls_verify)
    app.extensions["audit"] = AuditLog(settings.agent.var_dir / "audit.jsonl")
    # Reused threads for the turns behind SSE streams: starting a thread per turn cost ~0.5 ms of CPU
    # under load (the starter waits for the new thread to run), and each new thread opened its own
    # session-store connection. Threads start lazily, so a pre-forking server may build the app first.
    app.extensions["turn_workers"] = ThreadPoolExecutor(settings.turn_workers, thread_name_prefix="turn")
    if settings.cors_origins:
        CORS(app, resources={r"/api/*": {"origins": list(settings.cors_origins)}}, expose_headers=[],
             allow_headers=["Content-Type", "X-Session-Id", "Accept"])
    _register_routes(app)
    app.register_blueprint(clinics_blueprint(registry))
    install_limits(app, settings.limits)
    _register_errors(app)
    app.before_request(lambda: buffer_unsized_body(request, settings.max_body_bytes))
    app.after_request(_security_headers)
    return app


def _register_routes(app: Flask) -> None:
    @app.get("/")
    def index() -> str:
        return render_template("index.html")

    @app.post("/api/session")
    def open_session() -> tuple[Response, int]:
        body = _json_body()
        name, cpf = _patient_name(body.get("name")), normalize_cpf(body.get("cpf"))
        if cpf is None:
            raise ApiError(400, "invalid_cpf", "CPF inválido. Confira os 11 dígitos.")
        patient = Patient(name=name, cpf=cpf)
        try:
            session_id = _sessions().create(patient)
        except SessionsFull as full:
            raise TooManyRequests(wait_sentence("O serviço está com conversas demais abertas agora.", 60), 60) from full
        return jsonify(session_id=session_id, patient=patient.public()), 201

    @app.get("/api/session")
    def show_session() -> Response:
        session_id, conversation = _conversation(request.headers.get("X-Session-Id"))
        return jsonify(patient=conversation.patient.public(),
                       history=[turn.model_dump() for turn in _sessions().history(session_id)])

    @app.delete("/api/session")
    def close_session() -> tuple[str, int]:
        session_id = request.headers.get("X-Session-Id")
        if session_id:
            _sessions().delete(session_id)
        return "", 204

    @app.post("/api/chat")
    def chat() -> Response:
        body = _json_body()
        session_id, conversation = _conversation(body.get("session_id"))
        message = _message(body.get("message"))
        if _sessions().hit(session_id) > _web_settings().messages_per_minute:
            wait = 60 - int(time.time()) % 60  # the per-session count is kept per clock minute
            raise TooManyRequests(wait_sentence("Muitas mensagens nesta conversa em pouco tempo.", wait), wait)
        turn = _Turn(app.extensions["pipeline"], _sessions(), app.extensions["audit"], session_id, conversation,
                     message)
        release = app.extensions["stream_gate"].enter(current_client())
        if request.accept_mimetypes.best == "application/json":
            try:
                events = list(turn.events(None))
            finally:
                release()
            answer = next((e.text for e in events if e.type == "answer"), "")
            return jsonify(answer=answer, events=[to_record(e) for e in events])
        stream = frame_events(turn.events, start=app.extensions["turn_workers"].submit)
        response = Response(stream_with_context(stream), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"})
        response.call_on_close(release)  # the server closes the response when the stream ends or the client leaves
        return response

    @app.get("/api/health")
    def health() -> Response:
        clinics = app.extensions["health"].status()
        status = "ok" if all(v == "up" for v in clinics.values()) else "degraded"
        return jsonify(status=status, clinics=clinics, llm=_web_settings().agent.llm.label)


class _Turn:
    """One chat turn, holding everything it needs so the stream never reads the request."""

    def __init__(self, pipeline, sessions, audit, session_id: str, conversation, message: str):
        self.pipeline, self.sessions, self.audit = pipeline, sessions, audit
        self.session_id, self.conversation, self.message = session_id, conversation, message

    def events(self, stop):
        """The session event, then the pipeline's; the session is saved and audited when the turn completed.

        A Stop (or a client that went away) before dispatch ends the turn with nothing written. Once
        dispatch has started a write may be under way: the turn then runs to its end for nobody, so
        that its outcome is saved to the history and the audit and shown on the next visit.
        """
        yield SessionEvent(session_id=self.session_id)
        seen, dispatched = [], False
        for event in self.pipeline.run(self.conversation, self.message):
            if stop is not None and stop.is_set() and not dispatched:
                return
            dispatched = dispatched or (event.type == "stage" and event.stage == "dispatch")
            seen.append(event)
            if event.type == "done":
                self.sessions.save(self.session_id, self.conversation)
                self.audit.write(self.session_id, seen)
            yield event


def _sessions():
    return current_app.extensions["sessions"]


def _web_settings() -> WebSettings:
    return current_app.extensions["web_settings"]


def _json_body() -> dict:
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser follows: as malformed as broken JSON
        body = None
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_body", "O corpo da requisição deve ser um objeto JSON.")
    return body


def _patient_name(value: object) -> str:
    # NFC first: some phone keyboards send "José" as "Jose" plus a combining accent.
    name = " ".join(unicodedata.normalize("NFC", value).split()) if isinstance(value, str) else ""
    if not (3 <= len(name) <= 120) or len(name.split()) < 2 or not _NAME.match(name):
        raise ApiError(400, "invalid_name", "Informe seu nome completo (nome e sobrenome).")
    return name


def _message(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ApiError(400, "invalid_message", "Escreva uma mensagem.")
    if _LONE_SURROGATE.search(value):  # a "\ud800" escape: no text, and it could never be stored or sent
        raise ApiError(400, "invalid_message", "A mensagem tem caracteres inválidos.")
    if len(value) > _web_settings().max_message_chars:
        raise ApiError(400, "message_too_long",
                       f"A mensagem passa de {_web_settings().max_message_chars} caracteres.")
    return value.strip()


def _conversation(session_id: object):
    # Only ids shaped like ours reach the store: anything else (a lone surrogate, a NUL) is simply unknown.
    ours = isinstance(session_id, str) and _SESSION_ID.fullmatch(session_id)
    conversation = _sessions().load(session_id) if ours else None
    if conversation is None:
        raise ApiError(401, "session_expired", "Sessão expirada ou inexistente. Identifique-se novamente.")
    return session_id, conversation


def _register_errors(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> tuple[Response, int]:
        return jsonify(error={"code": error.code, "message": error.message}), error.status

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[Response, int]:
        codes = {413: ("too_large", "A mensagem é grande demais."), 404: ("not_found", "Não encontrado."),
                 405: ("method_not_allowed", "Método não permitido.")}
        code, message = codes.get(error.code, ("http_error", error.name))
        return jsonify(error={"code": code, "message": message}), error.code

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[Response, int]:
        log.exception("unhandled error")
        return jsonify(error={"code": "internal_error", "message": "Erro interno. Tente novamente."}), 500


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", _CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


def main() -> int:
    """Start the clinics (unless remote) and serve the web app on PORT (default 5000)."""
    from werkzeug.serving import run_simple

    from agent_system.settings import remote_clinics
    from clinic_servers.launcher import start_fleet

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    env = read_environment()
    registry = ClinicRegistry.from_env(env)
    fleet = None
    if not remote_clinics(registry, env):
        fleet = start_fleet(registry, env, Path(env.get("VAR_DIR") or PROJECT_ROOT / "var"))
        env |= {k: fleet.env[k] for k in ("CLINIC_TOKEN", "CLINIC_STAFF_TOKEN")}
    # SIGTERM (a service manager, `timeout`) must stop the clinics too, not orphan them.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        settings = WebSettings.from_env(env, registry)
        print(f"Clinic assistant: http://127.0.0.1:{settings.port}", flush=True)
        run_simple("127.0.0.1", settings.port, create_app({"SETTINGS": settings, "REGISTRY": registry}), threaded=True)
    except KeyboardInterrupt:
        pass
    finally:
        if fleet:
            fleet.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
