"""The wire side of LLM calls: the JSON mode asked for, and the streamed reply read up to its end or a deadline."""
from __future__ import annotations

import time
from typing import Any, Iterable, Iterator

import openai

from agent_system.errors import Deadline, StreamCut

# Strongest first: a server that rejects a mode gets the next one.
JSON_MODES: tuple[str, ...] = ("json_schema", "json_object", "plain")
# How servers say "I do not support this response_format" (llama.cpp answers 500).
_FORMAT_REJECTION_STATUSES = frozenset({400, 422, 500})


class JsonObjectScanner:
    """Follows streamed text and says when the first top-level JSON object is complete."""

    def __init__(self) -> None:
        self._pieces: list[str] = []
        self._depth = 0
        self._in_string = self._escaped = False
        self.complete = False

    def feed(self, piece: str) -> bool:
        """Take more text; True once the first object has closed (later text is ignored)."""
        for index, char in enumerate(piece):
            if self._step(char):
                self._pieces.append(piece[: index + 1])
                self.complete = True
                return True
        self._pieces.append(piece)
        return False

    @property
    def text(self) -> str:
        """Everything kept so far: up to the end of the first object once it is complete."""
        return "".join(self._pieces)

    def _step(self, char: str) -> bool:
        if self._in_string:
            if self._escaped:
                self._escaped = False
            elif char == "\\":
                self._escaped = True
            elif char == '"':
                self._in_string = False
            return False
        if char == '"' and self._depth:
            self._in_string, self._escaped = True, False
        elif char == "{":
            self._depth += 1
        elif char == "}" and self._depth:
            self._depth -= 1
            return self._depth == 0
        return False


def first_json_object(pieces: Iterable[str]) -> str:
    """The text of the stream up to its first complete JSON object (all of it if none closes)."""
    scanner = JsonObjectScanner()
    for piece in pieces:
        if scanner.feed(piece):
            break
    return scanner.text


def until(deadline: float, pieces: Iterable[str]) -> Iterator[str]:
    """The pieces that arrive before `deadline` (time.monotonic); Deadline when it passes first."""
    for piece in pieces:
        if time.monotonic() > deadline:
            raise Deadline
        yield piece


def text_deltas(stream: Any) -> Iterator[str]:
    """Text pieces from chat.completion.chunk events (Azure sends some with no choices).

    A stream cut mid-answer ends like a finished one at the HTTP level; only the missing
    finish_reason tells, and a truncated answer must not pass for a whole one.
    """
    finished = False
    for chunk in stream:
        delta = chunk.choices[0].delta if chunk.choices else None
        finished = finished or any(getattr(choice, "finish_reason", None) for choice in chunk.choices or ())
        text = getattr(delta, "content", None)
        if text:
            yield text
    if not finished:
        raise StreamCut


def format_options(mode: str, schema: dict, name: str) -> dict[str, Any]:
    """The create() keyword arguments that ask for JSON in `mode`."""
    if mode == "json_schema":
        spec = {"name": name, "schema": schema, "strict": False}
        return {"response_format": {"type": "json_schema", "json_schema": spec}}
    if mode == "json_object":
        # llama.cpp's server constrains output with `schema` here; the SDK's typed
        # parameter has no such key, so the raw body is set through extra_body.
        return {"extra_body": {"response_format": {"type": "json_object", "schema": schema}}}
    return {}  # plain: the prompt itself asks for JSON


def rejects_format(error: openai.APIStatusError) -> bool:
    """Whether the error is a server refusing the request's response_format."""
    return isinstance(error, openai.BadRequestError) or error.status_code in _FORMAT_REJECTION_STATUSES
