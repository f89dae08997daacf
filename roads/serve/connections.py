"""The server's connections, bounded: headers in time, idle connections closed, never more than the files allow.

uvicorn waits for a request's headers for ever and accepts connections until
the process runs out of files: 1,100 clients that send half a request under a
1,024 open-file limit left every other client unanswered ("Too many open
files" from every accept). Here each connection has :data:`HEADER_TIMEOUT`
seconds to send a request's headers (closed otherwise), an idle kept-alive
connection is closed after :data:`KEEP_ALIVE` seconds, and past
:func:`connection_limit` open connections (the open-file limit less those the
server keeps for its logs and itself) a new one is answered ``503`` and closed
at once, so the server always has a file for the next one.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from ..pages.csp import SERVED as CSP

HEADER_TIMEOUT = 5.0
"""Seconds a connection has to send a request's headers (from its opening, or from the end of the last answer)."""

KEEP_ALIVE = 5.0
"""Seconds an idle kept-alive connection stays open (uvicorn's ``timeout_keep_alive``)."""

RESERVED_FILES = 256
"""Open files kept from the connections: a burst of accepts (ACCEPT_BURST), connections being answered 503,
logs being appended, the listening socket, the interpreter's own."""

ACCEPT_BURST = 32
"""Connections accepted in one go before any is looked at (asyncio's ``backlog``, also the listen queue)."""

LINGER = 1.0
"""Seconds a connection answered 503 stays open, reading and dropping what its client still sends."""

MOST_FILES = 1 << 16
"""The open-file limit the server raises its own to, when the hard limit allows (a stream per viewer)."""


def open_file_limit() -> int:
    """Return the process's open-file limit, raised first to the hard limit (at most MOST_FILES)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return MOST_FILES if soft == resource.RLIM_INFINITY else soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):
        return soft
    return wanted


def connection_limit(files: int) -> int:
    """Return the open connections served at once under an open-file limit of ``files`` (the rest get 503)."""
    return max(16, files - RESERVED_FILES)


def refusal(status: int, message: str) -> bytes:
    """Return a whole HTTP/1.1 answer with the JSON error and the safety headers, that closes the connection."""
    body = (json.dumps({"error": message, "status": status}) + "\n").encode()
    reason = {408: "Request Timeout", 503: "Service Unavailable"}[status]
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
        f"content-security-policy: {CSP}\r\nx-content-type-options: nosniff\r\nreferrer-policy: no-referrer\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


BUSY = refusal(503, "the server has as many connections as it can hold: try again in a moment")
LATE = refusal(408, f"the request's headers did not come within {HEADER_TIMEOUT:g} s")


class Bounded(H11Protocol):
    """uvicorn's HTTP/1.1 connection with a header time-out and a ceiling on open connections."""

    limit = 1024
    """Open connections served at once (set by :func:`bounded`)."""

    lingering = 0
    """Connections answered 503 and not yet closed, of every server in the process."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_timer: asyncio.TimerHandle | None = None
        self.refused = False
        """Whether the connection came past the limit (answered 503, closed a moment later)."""
        self.waiting_after: object = None
        """The request whose answer was last sent when the header timer was armed (None: none yet)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the connection: answer 503 and close it past the limit, else start its header timer."""
        super().connection_made(transport)
        if len(self.connections) <= self.limit:
            self._arm()
            return
        self.connections.discard(self)  # not served: it does not count against the limit
        if Bounded.lingering >= RESERVED_FILES // 2:
            transport.abort()  # a flood: no file to spare for even a short answer
            return
        # Answered, then closed a moment later: closed at once, the request's unread bytes would make the
        # kernel reset the connection, and the client lose the answer.
        self.refused = True
        Bounded.lingering += 1
        transport.write(BUSY)
        transport.write_eof()
        self.loop.call_later(LINGER, transport.close)

    def data_received(self, data: bytes) -> None:
        """Read ``data``; the first bytes of a new request start its header timer, its headers stop it."""
        if self.refused:
            return  # answered 503 already: what the client still sends is read and dropped
        if self.header_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()
        super().data_received(data)

    def handle_events(self) -> None:
        """Handle what was read; once a new request's headers are in, its header timer stops.

        A request's scope names the connection's transport (``roads.transport``): an event stream writes its
        changes to it directly (:meth:`roads.serve.hub.Hub.serve`); its app has not run yet when this returns.
        """
        super().handle_events()
        if self.cycle is not None and "roads.transport" not in self.cycle.scope:
            self.cycle.scope["roads.transport"] = self.transport  # type: ignore[typeddict-unknown-key]
        if self.header_timer is not None and self.cycle is not None and self.cycle is not self.waiting_after:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection and its timer."""
        if self.refused:
            self.refused = False
            Bounded.lingering -= 1
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self.waiting_after = self.cycle
        self.header_timer = self.loop.call_later(HEADER_TIMEOUT, self._late)

    def _disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _late(self) -> None:
        """The headers did not come in time: answer 408 and close the connection."""
        self.header_timer = None
        if not self.transport.is_closing():
            self.transport.write(LATE)
            self.transport.close()


def bounded(limit: int) -> type[Bounded]:
    """Return the connection class that serves at most ``limit`` open connections at once."""
    return type("BoundedConnection", (Bounded,), {"limit": limit})
