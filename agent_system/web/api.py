"""The JSON API blueprint (`/api/*`): sessions, the chat turn (SSE or JSON), the clinic registry, health."""
from __future__ import annotations

import time
from functools import partial
from typing import Iterator

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context

from clinic_servers.contract.cpf import normalize_cpf

from agent_system.errors import ApiError, SessionsFull, TooManyRequests
from agent_system.domain.events import to_record
from agent_system.dialogue.reading.write_intent import booking_code_in
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.sessions.store import SessionStore
from agent_system.sse import frame_events
from agent_system.web.directory import registry_for_page
from agent_system.web.health import health_report
from agent_system.web.hold import Hold, release_all
from agent_system.web.limits import current_client, wait_sentence
from agent_system.web.settings import WebSettings
from agent_system.web.validation import (chat_message, conversation_of, held_codes, json_body, known_session,
                                           patient_name)

api = Blueprint("api", __name__, url_prefix="/api")
_STREAM_HEADERS = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}
# A conversation is sequential: a second message while the first is answered would race it for the session.
TURN_IN_PROGRESS = ("Ainda estou respondendo à sua mensagem anterior. Espere a resposta terminar (ou toque em "
                    "Parar) e envie de novo.")


@api.post("/session")
def open_session() -> tuple[Response, int]:
    """Identify the patient by full name and CPF, with the booking codes the page holds; 201 with the session id."""
    body = json_body(request)
    name, cpf = patient_name(body.get("name")), normalize_cpf(body.get("cpf"))
    codes = held_codes(body.get("booking_codes"), current_app.extensions["registry"].ids())
    if cpf is None:
        raise ApiError(400, "invalid_cpf", "CPF inválido: são 11 algarismos de 0 a 9 (pontos, traço e espaços "
                                          "são opcionais). Confira os números digitados.")
    patient = Patient(name=name, cpf=cpf, codes=codes)
    try:
        session_id = _sessions().create(patient)
    except SessionsFull as full:
        raise TooManyRequests(wait_sentence("O serviço está com conversas demais abertas agora.", 60), 60) from full
    return jsonify(session_id=session_id, patient=patient.public()), 201


@api.get("/session")
def show_session() -> Response:
    """The session's patient and the history the page shows again after a reload."""
    session_id, conversation = conversation_of(_sessions(), request.headers.get("X-Session-Id"))
    return jsonify(patient=conversation.patient.public(),
                   history=[turn.model_dump() for turn in _sessions().history(session_id)])


@api.delete("/session")
def close_session() -> tuple[str, int]:
    """Forget the session (New chat)."""
    session_id = request.headers.get("X-Session-Id")
    if session_id:
        _sessions().delete(session_id)
    return "", 204


@api.post("/chat")
def chat() -> Response:
    """One turn: streamed as SSE, or one JSON answer when the client accepts only JSON."""
    body = json_body(request)
    # Its state is read once, after the turn holds the session (`_held_conversation`).
    session_id = known_session(_sessions(), body.get("session_id"))
    message = chat_message(body.get("message"), _settings().max_message_chars)
    if _sessions().hit(session_id) > _settings().messages_per_minute:
        wait = 60 - int(time.time()) % 60  # the per-session count is kept per clock minute
        raise TooManyRequests(wait_sentence("Muitas mensagens nesta conversa em pouco tempo.", wait), wait)
    client, failures = current_client(), current_app.extensions["identity_failures"]
    failures.check(session_id, client)
    place = current_app.extensions["stream_gate"].enter(client)
    session, conversation = _held_conversation(session_id, place)
    # The stream never reads the request: the turn gets everything it needs here.
    run = partial(current_app.extensions["turns"].events, session_id, conversation, message)

    typed = booking_code_in(message) is not None

    def turn(stop=None) -> Iterator:
        return _held_turn(failures.counted(run(stop), session_id, client, typed), place, session)
    if request.accept_mimetypes.best == "application/json":
        events = list(turn())
        answer = next((e.text for e in events if e.type == "answer"), "")
        return jsonify(answer=answer, events=[to_record(e) for e in events])
    stream = frame_events(turn, start=current_app.extensions["turn_workers"].submit)
    response = Response(stream_with_context(_place_kept_while(stream, place)), mimetype="text/event-stream",
                        headers=_STREAM_HEADERS)
    response.call_on_close(place.release)  # a response closed before its stream started
    return response


@api.get("/clinics")
def clinics() -> Response:
    """The clinic registry as the page shows it: clinics and the specialties they offer."""
    return jsonify(registry_for_page(current_app.extensions["registry"]))


@api.get("/health")
def health() -> tuple[Response, int]:
    """Each clinic and Redis up or down, the clinics' restarts and the LLM; 503 when a clinic or Redis is down."""
    redis_probe = current_app.extensions["redis_probe"]
    agent = _settings().agent
    body, status = health_report(current_app.extensions["health"].status(),
                                 redis_probe.status() if redis_probe else "none", agent.var_dir, agent.llm.label)
    return jsonify(body), status


def _held_conversation(session_id: str, place: Hold) -> tuple[Hold, Conversation]:
    """Hold the session for this turn (409 while another is in progress), then read its state.

    Read after the hold, never before: a state read while an earlier turn runs would overwrite, when
    saved, what that turn saved (a booking's code among it).
    """
    sessions = _sessions()
    if not sessions.begin_turn(session_id):
        place.release()
        raise ApiError(409, "turn_in_progress", TURN_IN_PROGRESS)
    session = Hold(partial(sessions.end_turn, session_id))
    try:
        return session, conversation_of(sessions, session_id)[1]
    except ApiError:  # expired meanwhile
        release_all(session, place)
        raise


def _held_turn(events: Iterator, place: Hold, session: Hold) -> Iterator:
    """The turn's events, run by its worker; the turn gives back its place and its session as its `done` leaves
    (so a client that saw `done` may send its next message at once), or when its events end otherwise
    (stopped, failed). The session waits for this end even when the client left: a turn past dispatch
    runs on, and its save must come before the next turn's read."""
    try:
        for event in events:
            if event.type == "done":
                release_all(place, session)
            yield event
    finally:
        release_all(place, session)


def _place_kept_while(frames: Iterator[str], place: Hold) -> Iterator[str]:
    """The stream; its end, whatever ends it (the last frame, the client gone, an error), gives back the
    client's place, even while a turn past dispatch runs on for nobody."""
    try:
        yield from frames
    finally:
        place.release()


def _sessions() -> SessionStore:
    return current_app.extensions["sessions"]


def _settings() -> WebSettings:
    return current_app.extensions["web_settings"]
