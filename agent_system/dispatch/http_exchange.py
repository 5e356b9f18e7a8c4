"""One HTTP/1.1 connection to a clinic: a POST written in one send, its response read by its framing.

The router's calls need little of HTTP: a POST with a JSON body, and a response framed by
Content-Length, chunked, or the connection's end. `http.client` spent most of a call's client CPU
beyond the system calls themselves (building the request header by header with its checks, parsing
the response's header through the e-mail package, a file object per response): 176-182 us a call
against 43-48 us here, on the same clinic listing (bench/router_http.py measures whole turns).
Errors are `http.client`'s: a malformed response raises its HTTPException subclasses, a connection
closed early RemoteDisconnected or IncompleteRead, a timeout TimeoutError.
"""
from __future__ import annotations

import http.client
import re
import socket

MAX_LINE = 65536  # as http.client: longer status or header lines are refused
MAX_HEADERS = 100
_NO_BODY = frozenset({204, 304})
_UNSAFE_VALUE = re.compile(r"[\r\n\x00]")  # a field value that would end its line, or the header
_UNSAFE_TOKEN = re.compile(r"[\x00-\x20\x7f]")  # a path or a field name that would split the line


class Exchange:
    """A connection's socket and the bytes received past the last response read from it."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self._buffer = bytearray()

    @property
    def clean(self) -> bool:
        """Whether nothing was received beyond the responses read (stray bytes make a connection unusable)."""
        return not self._buffer

    def close(self) -> None:
        """Close the socket."""
        self.sock.close()

    def post(self, host: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes, bool]:
        """(status, body, whether the connection may carry another request) of one POST."""
        self.sock.sendall(request_bytes(host, path, body, headers))
        while True:
            version, status, fields = self._head()
            if not 100 <= status < 200:
                break  # an interim response (100 Continue, 103 Early Hints) precedes the real one
        content, at_end = self._body(status, fields)
        connection = {token.strip() for token in fields.get("connection", "").lower().split(",")}
        keep = "close" not in connection and (version == "HTTP/1.1" or "keep-alive" in connection)
        return status, content, keep and not at_end

    def _head(self) -> tuple[str, int, dict[str, str]]:
        line = self._line(first=True)
        version, _, rest = line.partition(" ")
        code = rest[:3]
        if not version.startswith("HTTP/1.") or len(code) != 3 or not code.isdigit() or rest[3:4] not in ("", " "):
            raise http.client.BadStatusLine(line)
        fields: dict[str, str] = {}
        for _ in range(MAX_HEADERS + 1):
            field = self._line()
            if not field:
                return version, int(code), fields
            name, colon, value = field.partition(":")
            if colon:  # a repeated field keeps its values, comma-joined, as HTTP allows
                key = name.strip().lower()
                fields[key] = f"{fields[key]}, {value.strip()}" if key in fields else value.strip()
        raise http.client.HTTPException(f"got more than {MAX_HEADERS} headers")

    def _body(self, status: int, fields: dict[str, str]) -> tuple[bytes, bool]:
        """The body, and whether it ran to the connection's end (which then carries nothing more)."""
        if status in _NO_BODY:
            return b"", False
        if "chunked" in fields.get("transfer-encoding", "").lower():
            return self._chunked(), False
        length = fields.get("content-length", "")
        if length.isdigit():
            return self._exactly(int(length)), False
        return self._until_closed(), True

    def _chunked(self) -> bytes:
        parts: list[bytes] = []
        while True:
            size_line = self._line().partition(";")[0].strip()
            try:
                size = int(size_line, 16)
            except ValueError as e:
                raise http.client.IncompleteRead(b"".join(parts)) from e
            if size == 0:
                while self._line():  # trailer fields, up to the blank line
                    pass
                return b"".join(parts)
            parts.append(self._exactly(size))
            if self._exactly(2) != b"\r\n":
                raise http.client.IncompleteRead(b"".join(parts))

    def _line(self, first: bool = False) -> str:
        """The next line without its line end (CRLF or LF)."""
        while (end := self._buffer.find(b"\n")) < 0:
            if len(self._buffer) > MAX_LINE:
                raise http.client.LineTooLong("header line")
            if not self._receive():
                if first and not self._buffer:
                    raise http.client.RemoteDisconnected("Remote end closed connection without response")
                raise http.client.IncompleteRead(bytes(self._buffer))
        if end > MAX_LINE:
            raise http.client.LineTooLong("header line")
        line = bytes(self._buffer[:end]).rstrip(b"\r")
        del self._buffer[:end + 1]
        return line.decode("iso-8859-1")

    def _exactly(self, size: int) -> bytes:
        while len(self._buffer) < size:
            if not self._receive():
                raise http.client.IncompleteRead(bytes(self._buffer), size - len(self._buffer))
        data = bytes(self._buffer[:size])
        del self._buffer[:size]
        return data

    def _until_closed(self) -> bytes:
        while self._receive():
            pass
        data = bytes(self._buffer)
        self._buffer.clear()
        return data

    def _receive(self) -> bool:
        """Append what the socket has next; False at the connection's end."""
        chunk = self.sock.recv(65536)
        self._buffer += chunk
        return bool(chunk)


def request_bytes(host: str, path: str, body: bytes, headers: dict[str, str]) -> bytes:
    """The request line, the fields and the body, as sent: one send, so no delayed ACK waits on the body."""
    fields = {"Host": host, "Content-Length": str(len(body)), **headers}
    if _UNSAFE_TOKEN.search("".join((path, *fields))) or ":" in "".join(fields) or \
            _UNSAFE_VALUE.search("".join(fields.values())):
        raise ValueError("a clinic request's path or header holds a control character, a space or a line end")
    text = f"POST {path} HTTP/1.1\r\n" + "".join(f"{name}: {value}\r\n" for name, value in fields.items()) + "\r\n"
    return text.encode("iso-8859-1") + body
