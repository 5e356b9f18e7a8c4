"""Request bodies capped at a size however they are sent: with Content-Length, or chunked.

Werkzeug checks a declared Content-Length against the maximum, but a chunked body is only read up
to the maximum and silently cut there: the request then fails as malformed JSON (400) instead of
too large (413). Reading one byte past the maximum tells the two apart.
"""
from __future__ import annotations

import io
from typing import BinaryIO

from flask import Request
from werkzeug.exceptions import RequestEntityTooLarge

# Unread bytes at close make the kernel reset the connection, and the client loses the 413 already
# sent. So much of an oversized body is read and dropped first; past it, the reset is deserved.
DRAIN_BYTES = 1024 * 1024


def read_body(request: Request, max_bytes: int) -> bytes:
    """The whole body; RequestEntityTooLarge when it is longer than `max_bytes`."""
    if request.content_length is not None or not request.environ.get("wsgi.input_terminated"):
        return request.get_data(cache=False)  # a declared length is checked by werkzeug
    stream, parts, size = request.environ["wsgi.input"], [], 0
    while size <= max_bytes:
        part = stream.read(max_bytes + 1 - size)  # servers may return less than asked (one chunk)
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size > max_bytes:
        _drain(stream, DRAIN_BYTES)
        raise RequestEntityTooLarge()
    return b"".join(parts)


def _drain(stream: BinaryIO, limit: int) -> None:
    while limit > 0 and (part := stream.read(min(limit, 65536))):
        limit -= len(part)


def buffer_unsized_body(request: Request, max_bytes: int) -> None:
    """Read a chunked body now (413 when too large) and hand it on as a body of known length."""
    environ = request.environ
    if environ.get("CONTENT_LENGTH") or not environ.get("wsgi.input_terminated"):
        return
    data = read_body(request, max_bytes)
    environ["wsgi.input"], environ["CONTENT_LENGTH"] = io.BytesIO(data), str(len(data))
