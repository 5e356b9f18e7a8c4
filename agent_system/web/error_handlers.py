"""Every failure of the web API answered as `{"error": {"code", "message"}}`, never a stack trace."""
from __future__ import annotations

import logging

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from agent_system.errors import ApiError

log = logging.getLogger(__name__)
_HTTP_ERRORS = {413: ("too_large", "A mensagem é grande demais."), 404: ("not_found", "Não encontrado."),
                405: ("method_not_allowed", "Método não permitido.")}


def register_error_handlers(app: Flask) -> None:
    """Answer API errors, HTTP errors and anything unexpected as JSON."""
    app.register_error_handler(ApiError, api_error)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(Exception, unexpected)


def api_error(error: ApiError) -> tuple[Response, int]:
    """A refusal the API chose: its status, code and message."""
    return jsonify(error={"code": error.code, "message": error.message}), error.status


def http_error(error: HTTPException) -> tuple[Response, int]:
    """A refusal of the HTTP layer (unknown path, wrong method, body too large)."""
    status = error.code or 500  # an HTTPException raised bare has no status: a defect of ours
    code, message = _HTTP_ERRORS.get(status, ("http_error", error.name))
    return jsonify(error={"code": code, "message": message}), status


def unexpected(error: Exception) -> tuple[Response, int]:
    """A defect: logged with its trace, answered with a plain sentence."""
    log.exception("unhandled error")
    return jsonify(error={"code": "internal_error", "message": "Erro interno. Tente novamente."}), 500
