"""What the API accepts: a JSON object body, a patient's full name, a chat message, a known session."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from typing import TypeGuard

from flask import Request

from clinic_servers.contract.booking_codes import CODE_PATTERN, canonical

from agent_system.errors import ApiError
from agent_system.sessions.conversation import Conversation
from agent_system.sessions.store import SessionStore

_NAME = re.compile(r"^[^\W\d_]+(?:[ '.-][^\W\d_]+)*\.?$")
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")  # secrets.token_urlsafe's alphabet (fullmatch)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_HELD_CODES = 50  # the clinics take at most 50 codes in one listing


def json_body(request: Request) -> dict:
    """The request's JSON object; ApiError 400 for anything else."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the parser follows: as malformed as broken JSON
        body = None
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_body", "O corpo da requisição deve ser um objeto JSON.")
    return body


def patient_name(value: object) -> str:
    """A full name (two words at least, letters only), NFC with single spaces; ApiError 400 otherwise."""
    # NFC first: some phone keyboards send "José" as "Jose" plus a combining accent.
    name = " ".join(unicodedata.normalize("NFC", value).split()) if isinstance(value, str) else ""
    if not (3 <= len(name) <= 120) or len(name.split()) < 2 or not _NAME.match(name):
        raise ApiError(400, "invalid_name", "Informe seu nome completo (nome e sobrenome).")
    return name


def held_codes(value: object, clinics: Collection[str]) -> dict[str, list[str]]:
    """The booking codes the page holds for the patient, by clinic; ApiError 400 when not a short list of them.

    A code of a clinic this registry no longer has is dropped, not refused: the page's memory may be older.
    """
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) > MAX_HELD_CODES or not all(isinstance(i, dict) for i in value):
        raise ApiError(400, "invalid_booking_codes",
                       f"booking_codes deve ser uma lista de até {MAX_HELD_CODES} objetos {{clinic, code}}.")
    held: dict[str, list[str]] = {}
    for item in value:
        clinic, code = item.get("clinic"), item.get("code")
        if clinic in clinics and isinstance(code, str) and CODE_PATTERN.match(canonical(code)):
            held.setdefault(clinic, []).append(canonical(code))
    return held


def chat_message(value: object, max_chars: int) -> str:
    """The message, stripped; ApiError 400 when empty, too long or not encodable text."""
    if not isinstance(value, str) or not value.strip():
        raise ApiError(400, "invalid_message", "Escreva uma mensagem.")
    if _LONE_SURROGATE.search(value):  # a "\ud800" escape: no text, and it could never be stored or sent
        raise ApiError(400, "invalid_message", "A mensagem tem caracteres inválidos.")
    if len(value) > max_chars:
        raise ApiError(400, "message_too_long", f"A mensagem passa de {max_chars} caracteres.")
    return value.strip()


def conversation_of(sessions: SessionStore, session_id: object) -> tuple[str, Conversation]:
    """The session id and its conversation; ApiError 401 when the session is unknown or expired."""
    if not _ours(session_id):
        raise _expired()
    conversation = sessions.load(session_id)
    if conversation is None:
        raise _expired()
    return session_id, conversation


def known_session(sessions: SessionStore, session_id: object) -> str:
    """The session id when the session is live (its state is not read); ApiError 401 otherwise."""
    if not (_ours(session_id) and sessions.known(session_id)):
        raise _expired()
    return session_id


def _ours(session_id: object) -> TypeGuard[str]:
    # Only ids shaped like ours reach the store: anything else (a lone surrogate, a NUL) is simply unknown.
    return isinstance(session_id, str) and _SESSION_ID.fullmatch(session_id) is not None


def _expired() -> ApiError:
    return ApiError(401, "session_expired", "Sessão expirada ou inexistente. Identifique-se novamente.")
