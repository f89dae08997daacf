"""Load on ``roads serve``: viewers on event streams, a coup a second per table, every update seen in order.

    python benchmarks/bench_serve.py                      # 200 viewers, 10 tables, 300 s (item 6 of issue 22)
    python benchmarks/bench_serve.py --seconds 90         # the same, shorter
    python benchmarks/bench_serve.py --viewers 20 --tables 2 --coups 10 --interval 0.05
    python benchmarks/bench_serve.py --lobby                      # issue 29's load: 100 tables, 2,000 viewers, 10 min
    python benchmarks/bench_serve.py --lobby --viewers 200 --minutes 2
    python benchmarks/bench_serve.py --lobby --workers 2 --redis  # two workers on one Redis (issue 31, item 6)

``--lobby`` is the load of a casino floor (issue 29, item 6): 100 tables each
getting a coup every 5 s (their writers spread over the 5 s), ``--viewers``
viewers on the event stream, and one table page a table that fetches its
board (``board.svg``, gzipped as a browser takes it) after each coup it is
told of. The viewers read
``--route``: by default the lobby's one stream of every table,
``/api/events``, so each viewer gets every table's every change (100 tables,
a coup each every 5 s: 20 events a second a viewer, 40,000 for 2,000 viewers);
a route with ``{table}`` is one stream a table.

A real server is started (``python -m roads serve --port 0``, loopback only)
on a fresh data folder. Each table gets a writer posting one result every
``--interval`` seconds (with ``expect``; the writers spread over the interval),
and the viewers are spread over the tables, each on ``GET /api/events?table={t}``. For every coup the time from
the start of its POST to each viewer's receipt of its event is kept; the
server's resident memory is read from /proc about 120 times a run (every 2 s
of a 5-minute one). It prints the figures (p50/p99/max latency, events
missing or out of order, memory over time) and three verdicts: every viewer
saw every update, p99 at most 250 ms, memory flat (the median of the first
minute against the last, and the least-squares trend after the first minute,
flat when it grows less than 2 MB; a fifth of the run instead of a minute in
a shorter one). It exits 1 if any viewer missed an update or saw one out of
order, or the memory grew.
``--redis`` starts Debian's ``redis-server`` (appendonly, appendfsync always)
on a free loopback port in the scratch folder and ``--workers`` workers on
it (``roads serve --store redis://...``): the viewers and pages are split
between the workers (viewer i on worker i mod N), each table's writer posts
to one of them (table i to worker i mod N), so most events cross from one
worker to the other through Redis; the CPU is every worker's, and each
worker's memory is sampled and judged on its own.
The HTTP client is plain asyncio (HTTP/1.1 over a socket each; on uvloop's
event loop if it is installed, as uvicorn then runs the server), so the
numbers are the server's, not a client library's. ``--clients`` (2 with ``--lobby``)
spreads it over processes: one posts the coups and runs the table pages, the
others share the viewers and learn each POST's start through a pipe. In one
process, a POST waited for the event loop that reads 40,000 events a second
(p50 20-40 ms from its start to its event leaving the server, against 3 ms),
a queue of the client's that the latencies measured instead of the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"

ROUTE = "/api/events?table={table}"
"""The event stream the viewers read: ``{table}`` is the table's name (a route without it carries every table)."""

LOBBY_ROUTE = "/api/events"
"""The lobby's stream: one connection carrying every table's changes (issue 29, item 5)."""

BIN_MS = 0.1
"""Width of one bin of the latency histogram: 2,000 viewers of 100 tables receive 40,000 events a second, too
many to keep one by one for ten minutes."""


PARTS = 4
"""The latencies are also kept by quarter of each table's coups: a board's drawing grows with its shoe, and a
tail that grows with it is the cores' queue of drawings, not the fan-out's."""


class Latencies:
    """Seconds from a POST's start to a viewer's receipt of its event, kept as a histogram of BIN_MS bins."""

    def __init__(self) -> None:
        self.bins: dict[int, int] = {}
        self.count = 0
        self.max = 0.0

    def add(self, seconds: float) -> None:
        """Count one latency."""
        key = int(seconds * 1000 / BIN_MS)
        self.bins[key] = self.bins.get(key, 0) + 1
        self.count += 1
        self.max = max(self.max, seconds)

    def to_dict(self) -> dict[str, Any]:
        """Return the histogram as plain data, to send from a viewers' process (:meth:`merge` takes it)."""
        return {"bins": self.bins, "count": self.count, "max": self.max}

    def merge(self, other: dict[str, Any]) -> None:
        """Add a histogram sent by a viewers' process (:meth:`to_dict`) to this one."""
        for key, count in other["bins"].items():
            self.bins[key] = self.bins.get(key, 0) + count
        self.count += other["count"]
        self.max = max(self.max, other["max"])

    def __len__(self) -> int:
        return self.count

    def percentile_ms(self, p: float) -> float:
        """Return the ``p``-th percentile (0-100) in ms, nearest rank, to BIN_MS (the upper edge of its bin)."""
        if not self.count:
            return float("nan")
        rank = min(self.count, max(1, round(p / 100 * self.count)))
        seen = 0
        for key in sorted(self.bins):
            seen += self.bins[key]
            if seen >= rank:
                return (key + 1) * BIN_MS
        return self.max * 1000


@dataclass
class Result:
    """What one run measured."""

    coups: int = 0
    """Coups a table: what :attr:`parts` divides."""
    latencies: Latencies = field(default_factory=Latencies)
    """Seconds from a POST's start to a viewer's receipt of its event, every (viewer, coup)."""
    parts: list[Latencies] = field(default_factory=lambda: [Latencies() for _ in range(PARTS)])
    """The same by quarter of each table's coups (coups 1-30, 31-60, ... of 120)."""
    answered: Latencies = field(default_factory=Latencies)
    """Seconds from a POST's start to its answer (the write synced): the part of each latency before any fan-out."""
    left: Latencies = field(default_factory=Latencies)
    """Seconds from a POST's start to its event leaving the server (the event's ``sent``), read by every
    PROBE_EVERY-th viewer: the server's share of a latency; the rest is the kernel's and this client's."""
    problems: list[str] = field(default_factory=list)
    memory: list[tuple[float, float]] = field(default_factory=list)
    """(seconds since start, server resident MB): the first worker's."""
    others: list[list[tuple[float, float]]] = field(default_factory=list)
    """The same of each other worker (``--workers``)."""
    starts: dict[tuple[str, int], float] = field(default_factory=dict)
    """The ``perf_counter`` time each POST started, by (table, coup): what a latency is counted from."""
    walls: dict[tuple[str, int], float] = field(default_factory=dict)
    """The wall-clock time (``time.time()``, the server's clock for ``sent``) each POST started, by (table, coup)."""
    late: list[tuple[tuple[str, int], float, bool]] = field(default_factory=list)
    """Receipts read before this process learnt their POST's start (a viewers' process, :func:`viewers_process`):
    (table, coup), the time, and whether it is a ``sent`` (True) or a receipt; counted by :meth:`settle`."""
    posted: int = 0
    boards: int = 0
    """Boards the table pages fetched after a coup."""
    opened: int = 0
    client_cpu: float = 0.0
    """Seconds of CPU this client (viewers, pages, writers) used over the same time: when it nears a core, the
    latencies are the client's queue, not the server's."""
    cpu: float = 0.0
    """Seconds of CPU the server used from the first coup to the last event (user and system): on a shared
    machine a steadier measure of the fan-out's cost than the latencies, which wait for the cores."""
    """Streams (viewers' and pages') whose first event, the state, has come: they are registered."""

    def settle(self) -> None:
        """Count the receipts read before their POST's start was known (every start told is known by now; one
        never told is left out, and the count of events received says so)."""
        for key, when, is_left in self.late:
            start = (self.walls if is_left else self.starts).get(key)
            if start is None:
                continue
            if is_left:
                self.left.add(max(0.0, when - start))
            else:
                self.receipt(key[1], max(0.0, when - start))
        self.late.clear()

    def receipt(self, coup: int, seconds: float) -> None:
        """Count one event's latency: ``coup`` of its table came ``seconds`` after its POST started."""
        self.latencies.add(seconds)
        if self.coups:
            self.parts[min(PARTS - 1, (coup - 1) * PARTS // self.coups)].add(seconds)

    def absorb(self, other: dict[str, Any]) -> None:
        """Add what a viewers' process measured (:meth:`summary`) to this run's figures."""
        self.latencies.merge(other["latencies"])
        for part, sent in zip(self.parts, other["parts"], strict=True):
            part.merge(sent)
        self.left.merge(other["left"])
        self.problems += other["problems"]
        self.client_cpu += other["cpu"]

    def summary(self) -> dict[str, Any]:
        """Return what a viewers' process measured, for :meth:`absorb` in the writers' process."""
        return {
            "latencies": self.latencies.to_dict(),
            "parts": [part.to_dict() for part in self.parts],
            "left": self.left.to_dict(),
            "problems": self.problems,
            "cpu": self.client_cpu,
        }


def start_server(data: Path, store: str | None = None) -> tuple[subprocess.Popen[str], int]:
    """Start ``roads serve`` on a free loopback port (on ``store``, a Redis, when given); return the process
    and its port."""
    kept = ["--store", store] if store is not None else ["--data", str(data)]
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", *kept, "--host", HOST, "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    found = re.search(r":(\d+)/", line)
    if found is None:
        process.kill()
        raise RuntimeError(f"the server did not start: {line}{process.stderr.read()}")
    return process, int(found.group(1))


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
"""Debian's redis-server (.ci/run installs it)."""


def start_redis(folder: Path, port: int = 0, fsync: str = "always") -> tuple[subprocess.Popen[bytes], int]:
    """Start redis-server on loopback (``port`` 0: a free one), its data in ``folder`` (appendonly yes,
    appendfsync ``fsync``, no snapshots); return the process once it answers PING, and its port."""
    import socket

    if not port:
        with socket.socket() as sock:
            sock.bind((HOST, 0))
            port = sock.getsockname()[1]
    folder.mkdir(parents=True, exist_ok=True)
    args = [REDIS_SERVER, "--port", str(port), "--bind", HOST, "--dir", str(folder), "--appendonly", "yes"]
    args += ["--appendfsync", fsync, "--save", "", "--daemonize", "no", "--logfile", str(folder / "redis.log")]
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            if sock.recv(16).startswith(b"+PONG"):
                return process, port
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log = folder / "redis.log"
            raise RuntimeError(f"redis-server did not answer: {log.read_text() if log.exists() else ''}")
        time.sleep(0.05)


async def request(
    port: int, method: str, path: str, body: dict[str, object] | None = None, headers: str = ""
) -> tuple[int, bytes]:
    """Send one HTTP/1.1 request (connection closed after; ``headers``: more header lines, each ending in CRLF);
    return its status and body."""
    reader, writer = await asyncio.open_connection(HOST, port)
    write = method != "GET"
    payload = json.dumps(body if body is not None else {}).encode() if write else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n"
    head += headers
    # A write is JSON, as the server requires of every write (415 otherwise).
    writer.write(head.encode() + (b"Content-Type: application/json\r\n" if write else b"") + b"\r\n" + payload)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


OPENING = 64
"""Streams being opened at once: 2,100 connections asked for in the same instant overflow the server's listen
queue (ACCEPT_BURST), and the kernel resets some; a browser page opens one."""


async def _open_stream(
    port: int, path: str, gate: asyncio.Semaphore | None = None
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Open an event stream (at most OPENING at once, with ``gate``); return its reader (past the answer's head)
    and writer."""
    async with gate or contextlib.nullcontext():
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
    return reader, writer


async def _next_event(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """Return the next event of a stream (its ``data:`` JSON), None when the stream ends."""
    while line := await reader.readline():
        if line.startswith(b"data: "):
            event: dict[str, Any] = json.loads(line[6:])
            return event
    return None


_EVENT = re.compile(rb'data: \{"table": "([^"]*)", "(?:change": "(\w+)", "shoe": \d+, "coups": (\d+)|coups": (\d+))')
"""What a viewer reads of an event: its table, change and coups (a change's keys, or a state's), without
decoding its JSON: 2,000 viewers of every table read 40,000 events a second, and the client must not be what
is measured. No ``^`` in multi-line mode: a pattern that opens with plain text is found by a fast search for
that text, not tried at every byte (a third of this client's time, when it was)."""

_SENT = re.compile(rb'data: \{"table": "([^"]*)", "change": "\w+", "shoe": \d+, "coups": (\d+)[^\n]*?"sent": ([0-9.]+)')
"""What a probe viewer also reads of a change's event: its table, coups and ``sent``, the time it left the server."""

PROBE_EVERY = 50
"""Every this many viewers, one also reads when each event left the server (``Result.left``)."""


class _ViewerStream(asyncio.Protocol):
    """One viewer's connection, read as its bytes arrive: a protocol's callback, not a StreamReader's
    ``await`` a chunk, since 2,000 viewers of every table take 40,000 events a second on the same two cores as
    the server, and the client's cost must not be what is measured."""

    def __init__(self, on_events: Any, on_sent: Any = None) -> None:
        self.on_events = on_events
        self.on_sent = on_sent
        """Called with (table, coups, sent) of each change, for a probe viewer; None for the others."""
        self.rest = b""
        self.head = True
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        """Hand every whole event that came to ``on_events`` (the answer's head skipped), keeping a partial one."""
        data = self.rest + data if self.rest else data
        if self.head:
            start = data.find(b"\r\n\r\n")
            if start < 0:
                self.rest = data
                return
            self.head = False
            data = data[start + 4 :]
        end = data.rfind(b"\n\n") + 2
        if end > 1:
            self.rest = data[end:]
            self.on_events(
                [(m[1].decode(), (m[2] or b"state").decode(), int(m[3] or m[4])) for m in _EVENT.finditer(data, 0, end)]
            )
            if self.on_sent is not None:
                self.on_sent([(m[1].decode(), int(m[2]), float(m[3])) for m in _SENT.finditer(data, 0, end)])
        else:
            self.rest = data

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ended.done():
            self.ended.set_result(None)


async def viewer(
    port: int,
    table: str | list[str],
    coups: int,
    result: Result,
    route: str = ROUTE,
    gate: asyncio.Semaphore | None = None,
    probe: bool = False,
) -> None:
    """Read an event stream until the last coup of every table it carries; check every update comes once, in order.

    ``table``: the table of a per-table ``route``, or every table a multiplexed route carries; ``probe``: also
    keep when each event left the server (``Result.left``).
    """
    tables = [table] if isinstance(table, str) else table
    path = route.format(table=tables[0]) if "{table}" in route else route
    expected: dict[str, int] = {}
    through: set[str] = set()
    """Tables whose last coup has come."""
    receipt, starts = result.receipt, result.starts
    finished = asyncio.get_running_loop().create_future()

    def take(batch: list[tuple[str, str, int]]) -> None:
        now = time.perf_counter()
        for name, change, count in batch:
            if count >= coups:
                through.add(name)
            if change == "state":
                expected[name] = count + 1
                result.opened += len(expected) == 1
                continue
            due = expected.get(name)
            if count != due:
                result.problems.append(f"{name}: event of coup {count} where {due} was due")
            start = starts.get((name, count))
            if start is not None:
                receipt(count, now - start)
            else:  # a viewers' process: the start is on its way from the writers' process
                result.late.append(((name, count), now, False))
            expected[name] = count + 1
        if len(through) == len(tables) and not finished.done():
            finished.set_result(None)

    def left(batch: list[tuple[str, int, float]]) -> None:
        for name, count, gone in batch:
            start = result.walls.get((name, count))
            if start is not None:
                result.left.add(max(0.0, gone - start))
            else:
                result.late.append(((name, count), gone, True))

    async with gate or contextlib.nullcontext():
        transport, stream = await asyncio.get_running_loop().create_connection(
            lambda: _ViewerStream(take, left if probe else None), HOST, port
        )
        transport.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    try:
        await asyncio.wait([finished, stream.ended], return_when=asyncio.FIRST_COMPLETED)
        if not finished.done():
            result.problems.append(f"{path}: the stream ended before every coup came")
    finally:
        transport.close()


async def page(
    port: int, table: str, coups: int, result: Result, route: str = ROUTE, gate: asyncio.Semaphore | None = None
) -> None:
    """Be a table page: on each coup of ``table`` its stream tells of, fetch the table's board, as the page does."""
    path = route.format(table=table) if "{table}" in route else f"{route}?table={table}"
    reader, writer = await _open_stream(port, path, gate)
    try:
        while True:
            event = await _next_event(reader)
            if event is None:
                result.problems.append(f"{table}: the page's stream ended")
                return
            if event["change"] == "state":
                result.opened += 1
                continue
            if event.get("table") != table:
                continue
            path = f"/api/tables/{table}/board.svg?v={event['coups']}"
            status, body = await request(port, "GET", path, headers="Accept-Encoding: gzip, deflate, br\r\n")
            if status != 200:
                result.problems.append(f"{table}: its board answered {status}")
            elif not body.startswith(b"\x1f\x8b"):  # a browser takes the SVG gzipped, as the server keeps it
                result.problems.append(f"{table}: its board came unpacked")
            result.boards += 1
            if event["coups"] >= coups:
                return
    finally:
        writer.close()


async def writer_task(
    port: int,
    table: str,
    coups: int,
    interval: float,
    result: Result,
    seed: int,
    offset: float = 0.0,
    tell: Sequence[Connection] = (),
) -> None:
    """Post ``coups`` results to ``table``, one every ``interval`` seconds, the first ``offset`` seconds late;
    tell each viewers' process (``tell``) when each POST starts."""
    rng = random.Random(seed)
    start = time.perf_counter() + offset
    for n in range(1, coups + 1):
        await asyncio.sleep(max(0.0, start + n * interval - time.perf_counter()))
        result.walls[(table, n)] = wall = time.time()
        result.starts[(table, n)] = start_post = time.perf_counter()
        for conn in tell:
            with contextlib.suppress(OSError):  # a viewers' process that ended is reported when it is asked
                conn.send((table, n, start_post, wall))
        status, body = await request(
            port, "POST", f"/api/tables/{table}/coups", {"result": rng.choice("BBPPT"), "expect": n}
        )
        result.answered.add(time.perf_counter() - start_post)
        if status != 201:
            result.problems.append(f"{table}: coup {n} answered {status}: {body[:120]!r}")
        result.posted += 1


def family(pid: int) -> list[int]:
    """Return ``pid`` and its children: a server and its drawing process (``roads.serve.drawer``), which count as
    one server here, its CPU and its memory."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in task.read_text().split()]
    return found


def _stat(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # the process ended between the listing and the reading
        return []


def cpu_seconds(pid: int) -> float:
    """Return the CPU seconds (user and system) process ``pid`` and its children have used."""
    ticks = sum(int(fields[11]) + int(fields[12]) for fields in map(_stat, family(pid)) if fields)
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Return the resident memory of process ``pid`` and its children in MB."""
    pages = sum(int(fields[21]) for fields in map(_stat, family(pid)) if fields)
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


async def sample_memory(pids: list[int], result: Result, every: float, stop: asyncio.Event) -> None:
    """Record each worker's resident memory every ``every`` seconds until ``stop``."""
    start = time.perf_counter()
    result.others = [[] for _ in pids[1:]]
    while not stop.is_set():
        now = time.perf_counter() - start
        result.memory.append((now, rss_mb(pids[0])))
        for kept, pid in zip(result.others, pids[1:], strict=True):
            kept.append((now, rss_mb(pid)))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def load(  # noqa: PLR0913  # the load's every size, as the command line gives them
    ports: list[int],
    pids: list[int],
    viewers: int,
    tables: int,
    coups: int,
    interval: float,
    *,
    pages: int = 0,
    route: str = ROUTE,
    helpers: Sequence[Connection] = (),
) -> Result:
    """Run the load on started workers (one, or several on one store); return what it measured.

    ``pages``: table pages fetching their board after each coup (one a table, the first ``pages`` tables);
    ``route``: the viewers' event stream. The tables' writers are spread over one ``interval``. Viewer i (and
    page i) is on worker i mod N, table i's writer posts to worker i mod N. ``helpers``: the pipes of the
    viewers' processes (:func:`viewers_process`), which then read every viewer's stream; else this process does.
    """
    result = Result(coups=coups)
    names = [f"t{i}" for i in range(tables)]
    for name in names:
        await request(ports[0], "PUT", f"/api/tables/{name}")
    for port in ports[1:]:  # every worker has every table (its feed read the store) before the streams open
        for name in names:
            while (await request(port, "GET", f"/api/tables/{name}"))[0] != 200:
                await asyncio.sleep(0.05)
    gate = asyncio.Semaphore(OPENING)
    n = len(ports)
    watching = [] if helpers else viewing(ports, range(viewers), names, coups, result, route, gate)
    watching += [
        asyncio.create_task(page(ports[i % n], name, coups, result, route, gate))
        for i, name in enumerate(names[:pages])
    ]
    for conn in helpers:
        conn.send(names)  # the tables exist: open the streams
    opening = time.perf_counter()
    while result.opened < len(watching) and time.perf_counter() - opening < 120:  # every stream open first
        await asyncio.sleep(0.1)
    for conn in helpers:
        opened = await asyncio.to_thread(_answer, conn)
        if opened is None:
            result.problems.append("a viewers' process ended before its streams opened")
        else:
            result.opened += opened
    expected = len(watching) + (viewers if helpers else 0)
    if result.opened < expected:
        result.problems.append(f"{expected - result.opened} streams not open 120 s after they were asked for")
    stop = asyncio.Event()
    cpu = sum(cpu_seconds(pid) for pid in pids)
    client_cpu = sum(os.times()[:2])
    memory = asyncio.create_task(sample_memory(pids, result, sample_every(coups * interval), stop))
    writing = [
        asyncio.create_task(
            writer_task(ports[seed % n], name, coups, interval, result, seed, interval * seed / tables, helpers)
        )
        for seed, name in enumerate(names)
    ]
    await asyncio.gather(*writing)
    for conn in helpers:
        with contextlib.suppress(OSError):
            conn.send(None)  # every coup is posted
    try:
        await asyncio.wait_for(asyncio.gather(*watching), 30)
    except TimeoutError:
        result.problems.append("viewers still waiting 30 s after the last coup")
    for conn in helpers:
        figures = await asyncio.to_thread(_answer, conn)
        if figures is None:
            result.problems.append("a viewers' process ended before it sent its figures")
        else:
            result.absorb(figures)
    stop.set()
    result.cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
    result.client_cpu += sum(os.times()[:2]) - client_cpu
    await memory
    return result


def _answer(conn: Connection) -> Any:
    """Return a viewers' process's next answer, None when it ended without one (its end of the pipe closed)."""
    try:
        return conn.recv()
    except EOFError:
        return None


def viewing(
    ports: list[int],
    indices: Iterable[int],
    names: list[str],
    coups: int,
    result: Result,
    route: str,
    gate: asyncio.Semaphore,
) -> list[asyncio.Task[None]]:
    """Start viewers ``indices`` (viewer i on worker i mod N; a one-table route's viewer i on table i mod T)."""
    n, tables = len(ports), len(names)
    return [
        asyncio.create_task(
            viewer(
                ports[i % n],
                names[i % tables] if "{table}" in route else names,
                coups,
                result,
                route,
                gate,
                i % PROBE_EVERY == 0,
            )
        )
        for i in indices
    ]


def viewers_process(ports: list[int], indices: range, coups: int, route: str, conn: Connection) -> None:
    """Be a viewers' process: read the streams of viewers ``indices`` and send back what they measured.

    Told through ``conn``: the tables' names once they exist (it then opens the streams and answers how many
    opened), each POST's start as it starts (table, coup, ``perf_counter``, ``time.time``: the clocks are the
    machine's, the same in every process), and None after the last coup; it answers its figures
    (:meth:`Result.summary`) once its viewers have every coup, or 30 s after the last.
    """
    with asyncio.Runner(loop_factory=client_loop()) as runner:
        runner.run(_viewers(ports, indices, coups, route, conn))


async def _viewers(ports: list[int], indices: range, coups: int, route: str, conn: Connection) -> None:
    result = Result(coups=coups)
    names: list[str] = await asyncio.to_thread(conn.recv)
    posted = asyncio.Event()

    def told() -> None:
        while conn.poll():
            message = conn.recv()
            if message is None:
                posted.set()
                return
            table, n, start, wall = message
            result.starts[(table, n)] = start
            result.walls[(table, n)] = wall

    loop = asyncio.get_running_loop()
    watching = viewing(ports, indices, names, coups, result, route, asyncio.Semaphore(OPENING))
    opening = time.perf_counter()
    while result.opened < len(watching) and time.perf_counter() - opening < 120:
        await asyncio.sleep(0.1)
    loop.add_reader(conn.fileno(), told)
    conn.send(result.opened)
    cpu = sum(os.times()[:2])
    every = asyncio.gather(*watching)
    either: list[asyncio.Future[Any]] = [every, asyncio.ensure_future(posted.wait())]
    await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
    try:
        await asyncio.wait_for(every, 30)
    except TimeoutError:
        result.problems.append("viewers still waiting 30 s after the last coup")
    loop.remove_reader(conn.fileno())
    told()
    result.settle()
    result.client_cpu = sum(os.times()[:2]) - cpu
    conn.send(result.summary())


def run(  # noqa: PLR0913  # the load's every size, as the command line gives them
    viewers: int,
    tables: int,
    coups: int,
    interval: float,
    *,
    pages: int = 0,
    route: str = ROUTE,
    workers: int = 1,
    redis: bool = False,
    clients: int = 1,
) -> Result:
    """Start a server (or ``workers`` workers on a Redis of their own), load it, stop it all; return the figures.

    ``clients``: the client's processes: one, or one for the writers and pages and ``clients - 1`` that share
    the viewers (:func:`viewers_process`), so no one event loop of the client reads 40,000 events a second."""
    with tempfile.TemporaryDirectory(prefix="roads-serve-bench-") as scratch:
        started: list[subprocess.Popen[Any]] = []
        try:
            store = None
            if redis:
                server, port = start_redis(Path(scratch) / "redis")
                started.append(server)
                store = f"redis://{HOST}:{port}/0"
            found = [start_server(Path(scratch) / "data", store) for _ in range(workers)]
            started += [process for process, _ in found]
            ports, pids = [port for _, port in found], [process.pid for process, _ in found]
            helpers, pipes = [], []
            for part in range(clients - 1 if clients > 1 else 0):
                mine, theirs = multiprocessing.Pipe()
                share = range(part, viewers, clients - 1)
                process = multiprocessing.get_context("fork").Process(
                    target=viewers_process, args=(ports, share, coups, route, theirs), daemon=True
                )
                process.start()
                theirs.close()  # the process's end is its own: when it ends, this end reads the end of the pipe
                helpers.append(process)
                pipes.append(mine)
            try:
                with asyncio.Runner(loop_factory=client_loop()) as runner:
                    return runner.run(
                        load(ports, pids, viewers, tables, coups, interval, pages=pages, route=route, helpers=pipes)
                    )
            finally:
                for process in helpers:
                    process.join(10)
                    if process.is_alive():
                        process.kill()
        finally:
            for process in reversed(started):  # the workers first, then their Redis
                process.terminate()
                process.wait(10)


def client_loop() -> Any:
    """Return the event loop factory of this client: uvloop's if it is installed (uvicorn then runs the server on it
    too: roads does not ask for it), asyncio's otherwise."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def sample_every(seconds: float) -> float:
    """Return the seconds between memory samples of a run of ``seconds``: about 120 samples, 0.25 to 2 s apart."""
    return min(2.0, max(0.25, seconds / 120))


FLAT_MB = 2.0
"""Growth of the server's memory, fitted over the run after its first minute, that still counts as flat."""

LOBBY_FLAT_MB = 5.0
"""The growth after the first minute that issue 29 allows under the lobby's load."""

P99_MS = 250.0
"""The p99 from a POST to its event that issue 22 allows."""

LOBBY_P99_MS = 100.0
"""The p99 from a POST to its event that issue 29 aims at under the lobby's load."""


def slope(points: list[tuple[float, float]]) -> float:
    """Return the least-squares slope of ``points`` (seconds, MB) in MB a second; 0 with fewer than 2 points."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    mean_t = sum(t for t, _ in points) / n
    mean_m = sum(m for _, m in points) / n
    spread = sum((t - mean_t) ** 2 for t, _ in points)
    return 0.0 if spread == 0 else sum((t - mean_t) * (m - mean_m) for t, m in points) / spread


@dataclass
class Flatness:
    """Whether the server's memory stayed flat: its first and last window, and its trend after the first."""

    window: float
    """Seconds of the first and the last window: a minute, or a fifth of a shorter run."""
    first: float
    """Median resident MB over the first window (start-up and warm-up)."""
    last: float
    """Median resident MB over the last window."""
    growth: float
    """MB the fitted trend after the first window grows across that span (slope times span)."""
    per_minute: float
    """The trend's slope, in MB a minute."""
    limit: float = FLAT_MB
    """The growth that still counts as flat."""

    @property
    def flat(self) -> bool:
        """Return whether the trend after the first window grows less than ``limit``."""
        return self.growth < self.limit


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def flatness(memory: list[tuple[float, float]], limit: float = FLAT_MB) -> Flatness | None:
    """Return the verdict on ``memory`` (seconds, MB) samples; None with too few samples to say."""
    if len(memory) < 5:
        return None
    end = memory[-1][0]
    window = min(60.0, end / 5)
    after = [(t, m) for t, m in memory if t >= window]
    rate = slope(after)
    span = after[-1][0] - after[0][0] if after else 0.0
    return Flatness(
        window=window,
        first=_median([m for t, m in memory if t <= window]),
        last=_median([m for t, m in memory if t >= end - window]),
        growth=rate * span,
        per_minute=rate * 60,
        limit=limit,
    )


def report(
    result: Result,
    viewers: int,
    tables: int,
    coups: int,
    carried: int = 1,
    p99_ms: float = P99_MS,
    flat_mb: float = FLAT_MB,
) -> str:
    """Return the figures as lines of text (``carried``: tables each viewer's stream carries)."""
    latencies = result.latencies
    due = viewers * coups * carried
    mem = result.memory
    seen_all = not result.problems and len(latencies) == due
    p99 = latencies.percentile_ms(99)
    lines = [
        f"{viewers} viewers on {tables} tables, {coups} coups a table ({result.posted} posted), "
        f"load {os.getloadavg()[0]:.1f}",
        f"events received {len(latencies)} of {due}; problems {len(result.problems)}",
        f"every viewer saw every update, in order: {'yes' if seen_all else 'NO'}",
        f"server CPU from the first coup to the last event: {result.cpu:.1f} s "
        f"({1e6 * result.cpu / max(1, len(latencies)):.1f} µs an event delivered); "
        f"this client's CPU over the same time: {result.client_cpu:.1f} s",
        f"POST to its answer (the write synced): p50 {result.answered.percentile_ms(50):.1f} ms, "
        f"p99 {result.answered.percentile_ms(99):.1f} ms, max {result.answered.max * 1000:.1f} ms",
        f"POST to event: p50 {latencies.percentile_ms(50):.1f} ms, p99 {p99:.1f} ms, max {latencies.max * 1000:.1f} ms "
        f"(p99 at most {p99_ms:.0f} ms: {'yes' if p99 <= p99_ms else 'NO'})",
    ]
    if len(result.left):
        lines.append(
            f"  of which POST to the event leaving the server (every {PROBE_EVERY}th viewer's): "
            f"p50 {result.left.percentile_ms(50):.1f} ms, p99 {result.left.percentile_ms(99):.1f} ms; "
            "the rest is the kernel's and this client's"
        )
    if result.coups and len(result.parts[0]):
        quarters = [
            (1 + i * result.coups // PARTS, (i + 1) * result.coups // PARTS, part)
            for i, part in enumerate(result.parts)
        ]
        lines.append(
            "  p99 by quarter of each table's coups: "
            + ", ".join(f"coups {a}-{b} {part.percentile_ms(99):.1f} ms" for a, b, part in quarters)
        )
    if mem:
        lines.append(
            f"server memory: start {mem[0][1]:.1f} MB, end {mem[-1][1]:.1f} MB, max {max(m for _, m in mem):.1f} MB "
            f"({len(mem)} samples)"
        )
        lines.append("memory over time: " + ", ".join(f"{t:.0f}s {m:.0f}MB" for t, m in mem[:: max(1, len(mem) // 10)]))
    verdict = flatness(mem, flat_mb)
    if verdict is None:
        lines.append("memory flat: too few samples to say")
    else:
        w = f"{verdict.window:.0f} s"
        lines.append(
            f"memory flat: {'yes' if verdict.flat else 'NO'} (first {w} {verdict.first:.1f} MB, last {w} "
            f"{verdict.last:.1f} MB; after the first {w} the trend is {verdict.per_minute:+.2f} MB/min, "
            f"{verdict.growth:+.2f} MB over the run, flat below {flat_mb:.0f} MB)"
        )
    for n, other in enumerate(result.others, 2):
        found = flatness(other, flat_mb)
        if other and found is not None:
            lines.append(
                f"worker {n} memory: start {other[0][1]:.1f} MB, end {other[-1][1]:.1f} MB; flat: "
                f"{'yes' if found.flat else 'NO'} ({found.per_minute:+.2f} MB/min after the first {found.window:.0f} s)"
            )
    lines += result.problems[:10]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark with the command line's sizes; print the figures; 1 if any update was missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lobby", action="store_true", help="issue 29's load: 100 tables, a coup each every 5 s, pages"
    )
    parser.add_argument("--viewers", type=int, default=None, help="viewers on the event stream (200; --lobby: 2000)")
    parser.add_argument("--tables", type=int, default=None, help="tables (10; --lobby: 100)")
    parser.add_argument(
        "--pages", type=int, default=None, help="table pages fetching their board (0; --lobby: one a table)"
    )
    parser.add_argument("--seconds", type=float, default=None, help="how long the coups come (300; --lobby: 600)")
    parser.add_argument("--minutes", type=float, default=None, help="the same in minutes")
    parser.add_argument(
        "--interval", type=float, default=None, help="seconds between coups of one table (1; --lobby: 5)"
    )
    parser.add_argument("--coups", type=int, default=None, help="coups a table (default: seconds / interval)")
    parser.add_argument(
        "--route", default=None, help=f"the viewers' event stream (default {ROUTE}; --lobby: {LOBBY_ROUTE})"
    )
    parser.add_argument(
        "--redis", action="store_true", help="the workers on a Redis of their own (redis-server; --store redis://...)"
    )
    parser.add_argument("--workers", type=int, default=None, help="workers (1; with --redis: 2)")
    parser.add_argument(
        "--clients",
        type=int,
        default=None,
        help="the client's processes (1; --lobby: 2, the writers and pages in one, the viewers in the other)",
    )
    args = parser.parse_args(argv)
    workers = args.workers if args.workers is not None else 2 if args.redis else 1
    if workers > 1 and not args.redis:
        parser.error("several workers share tables only through a store: give --redis")
    lobby = args.lobby
    viewers = args.viewers if args.viewers is not None else 2000 if lobby else 200
    tables = args.tables if args.tables is not None else 100 if lobby else 10
    pages = args.pages if args.pages is not None else tables if lobby else 0
    interval = args.interval if args.interval is not None else 5.0 if lobby else 1.0
    seconds = args.minutes * 60 if args.minutes is not None else args.seconds
    seconds = seconds if seconds is not None else 600.0 if lobby else 300.0
    coups = args.coups if args.coups is not None else max(1, round(seconds / interval))
    route = args.route or (LOBBY_ROUTE if lobby else ROUTE)
    clients = args.clients if args.clients is not None else 2 if lobby else 1
    if clients < 1:
        parser.error("--clients is at least 1")
    result = run(
        viewers, tables, coups, interval, pages=pages, route=route, workers=workers, redis=args.redis, clients=clients
    )
    if workers > 1:
        print(f"{workers} workers on one Redis (redis-server, appendfsync always)")
    carried = 1 if "{table}" in route else tables
    flat_mb = LOBBY_FLAT_MB if lobby else FLAT_MB
    print(report(result, viewers, tables, coups, carried, LOBBY_P99_MS if lobby else P99_MS, flat_mb))
    if pages:
        print(f"boards fetched by {pages} table pages: {result.boards} of {pages * coups}")
    complete = not result.problems and len(result.latencies) == viewers * coups * carried
    verdicts = [flatness(memory, flat_mb) for memory in (result.memory, *result.others)]
    return 0 if complete and all(verdict is None or verdict.flat for verdict in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
