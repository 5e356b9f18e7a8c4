"""Server-Sent Events both ways: framing a turn for the browser, and parsing a stream per the SSE spec."""
from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from agent_system.domain.events import to_sse

KEEPALIVE_S = 10.0
_END = object()


def frame_events(events: Callable[[threading.Event], Iterable], keepalive_s: float = KEEPALIVE_S,
                 start: Callable[[Callable[[], None]], object] | None = None) -> Iterator[str]:
    """Run `events(stop)` in a worker thread, started now, and frame what it yields, with keep-alive comments
    while it works.

    `start` runs the worker (a thread pool's `submit`); by default each turn gets a new thread. The worker
    starts before the frames are read, so it runs (and ends what the turn holds) even when the server never
    reads them. When the client goes away the server closes the frames and `stop` is set: `events` ends the
    turn there, or finishes it when stopping could lose a write.
    """
    outbox: queue.SimpleQueue = queue.SimpleQueue()  # C-level: a put and its wake-up cost less than Queue's
    stop = threading.Event()

    def work() -> None:
        # `events` decides what a stop means (a turn past dispatch runs to its end); the events it
        # still yields after the client left go to a queue nobody reads, and are dropped with it.
        try:
            for event in events(stop):
                outbox.put(event)
        finally:
            outbox.put(_END)

    if start is None:
        threading.Thread(target=work, name="turn", daemon=True).start()
    else:
        start(work)
    return _framed(outbox, stop, keepalive_s)


def _framed(outbox: queue.SimpleQueue, stop: threading.Event, keepalive_s: float) -> Iterator[str]:
    try:
        yield from _drain(outbox, keepalive_s)
    finally:
        stop.set()


def _drain(outbox: queue.SimpleQueue, keepalive_s: float) -> Iterator[str]:
    event_id = 0
    while True:
        try:
            ready = [outbox.get(timeout=keepalive_s)]
        except queue.Empty:
            yield ": keep-alive\n\n"
            continue
        # Events that are already waiting leave in the same write: one socket send and one wake-up
        # for a burst (a turn's last stages arrive together) instead of one per event.
        while ready[-1] is not _END and not outbox.empty():
            ready.append(outbox.get_nowait())
        frames = [e for e in ready if e is not _END]
        if frames:
            yield "".join(to_sse(e, event_id + n) for n, e in enumerate(frames, 1))
            event_id += len(frames)
        if ready[-1] is _END:
            return


@dataclass
class ServerSentEvent:
    event: str
    data: str
    id: str | None = None


class SSEParser:
    """Incremental parser following the WHATWG event-stream rules (CR, LF or CRLF line ends; comments)."""

    def __init__(self) -> None:
        self._buffer = ""
        self._data: list[str] = []
        self._event = ""
        self._last_id: str | None = None

    def feed(self, chunk: str) -> list[ServerSentEvent]:
        """Add received text; return the events it completed."""
        raw = self._buffer + chunk
        # A trailing CR may be half of a CRLF still in flight: keep it with the unfinished line.
        held = "\r" if raw.endswith("\r") else ""
        lines = raw[:len(raw) - len(held)].replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self._buffer = lines.pop() + held
        return [e for e in (self._line(line) for line in lines) if e is not None]

    def _line(self, line: str) -> ServerSentEvent | None:
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id" and "\0" not in value:
            self._last_id = value
        return None

    def _dispatch(self) -> ServerSentEvent | None:
        data, event = self._data, self._event or "message"
        self._data, self._event = [], ""
        if not data:
            return None
        return ServerSentEvent(event=event, data="\n".join(data), id=self._last_id)
