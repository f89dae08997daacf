"""Load on ``roads serve``: viewers on event streams, a coup a second per table, every update seen in order.

    python benchmarks/bench_serve.py                      # 200 viewers, 10 tables, 300 s (item 6 of issue 22)
    python benchmarks/bench_serve.py --seconds 90         # the same, shorter
    python benchmarks/bench_serve.py --viewers 20 --tables 2 --coups 10 --interval 0.05

A real server is started (``python -m roads serve --port 0``, loopback only)
on a fresh data folder. Each table gets a writer posting one result every
``--interval`` seconds (with ``expect``), and the viewers are spread over the
tables, each on ``GET /api/tables/{t}/events``. For every coup the time from
the start of its POST to each viewer's receipt of its event is kept; the
server's resident memory is read from /proc about 120 times a run (every 2 s
of a 5-minute one). It prints the figures (p50/p99/max latency, events
missing or out of order, memory over time) and three verdicts: every viewer
saw every update, p99 at most 250 ms, memory flat (the median of the first
minute against the last, and the least-squares trend after the first minute,
flat when it grows less than 2 MB; a fifth of the run instead of a minute in
a shorter one). It exits 1 if any viewer missed an update or saw one out of
order, or the memory grew.
The HTTP client is plain asyncio (HTTP/1.1 over a socket each), so the
numbers are the server's, not a client library's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"


@dataclass
class Result:
    """What one run measured."""

    latencies: list[float] = field(default_factory=list)
    """Seconds from a POST's start to a viewer's receipt of its event, every (viewer, coup)."""
    problems: list[str] = field(default_factory=list)
    memory: list[tuple[float, float]] = field(default_factory=list)
    """(seconds since start, server resident MB)."""
    posted: int = 0


def start_server(data: Path) -> tuple[subprocess.Popen[str], int]:
    """Start ``roads serve`` on a free loopback port; return the process and its port."""
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "serve", "--data", str(data), "--host", HOST, "--port", "0"],
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


async def request(port: int, method: str, path: str, body: dict[str, object] | None = None) -> tuple[int, bytes]:
    """Send one HTTP/1.1 request (connection closed after); return its status and body."""
    reader, writer = await asyncio.open_connection(HOST, port)
    write = method != "GET"
    payload = json.dumps(body if body is not None else {}).encode() if write else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n"
    # A write is JSON, as the server requires of every write (415 otherwise).
    writer.write(head.encode() + (b"Content-Type: application/json\r\n" if write else b"") + b"\r\n" + payload)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


async def viewer(port: int, table: str, coups: int, sent: dict[tuple[str, int], float], result: Result) -> None:
    """Read one table's event stream until its last coup; check every update comes once, in order."""
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
    await writer.drain()
    await reader.readuntil(b"\r\n\r\n")
    expected = None
    try:
        while expected is None or expected <= coups:
            line = await reader.readline()
            if not line:
                result.problems.append(f"{table}: the stream ended before coup {expected}")
                return
            if not line.startswith(b"data: "):
                continue
            now = time.perf_counter()
            event = json.loads(line[6:])
            if event["change"] == "state":
                expected = event["coups"] + 1
                continue
            if event["coups"] != expected:
                result.problems.append(f"{table}: event of coup {event['coups']} where {expected} was due")
            start = sent.get((table, event["coups"]))
            if start is not None:
                result.latencies.append(now - start)
            expected = event["coups"] + 1
    finally:
        writer.close()


async def writer_task(
    port: int, table: str, coups: int, interval: float, sent: dict[tuple[str, int], float], result: Result, seed: int
) -> None:
    """Post ``coups`` results to ``table``, one every ``interval`` seconds."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for n in range(1, coups + 1):
        await asyncio.sleep(max(0.0, start + n * interval - time.perf_counter()))
        sent[(table, n)] = time.perf_counter()
        status, body = await request(
            port, "POST", f"/api/tables/{table}/coups", {"result": rng.choice("BBPPT"), "expect": n}
        )
        if status != 201:
            result.problems.append(f"{table}: coup {n} answered {status}: {body[:120]!r}")
        result.posted += 1


def rss_mb(pid: int) -> float:
    """Return the resident memory of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def sample_memory(pid: int, result: Result, every: float, stop: asyncio.Event) -> None:
    """Record the server's resident memory every ``every`` seconds until ``stop``."""
    start = time.perf_counter()
    while not stop.is_set():
        result.memory.append((time.perf_counter() - start, rss_mb(pid)))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def load(port: int, pid: int, viewers: int, tables: int, coups: int, interval: float) -> Result:
    """Run the load on a started server; return what it measured."""
    result = Result()
    names = [f"t{i}" for i in range(tables)]
    for name in names:
        await request(port, "PUT", f"/api/tables/{name}")
    sent: dict[tuple[str, int], float] = {}
    watching = [asyncio.create_task(viewer(port, names[i % tables], coups, sent, result)) for i in range(viewers)]
    await asyncio.sleep(min(2.0, 0.2 + viewers * 0.005))  # every stream open before the first coup
    stop = asyncio.Event()
    memory = asyncio.create_task(sample_memory(pid, result, sample_every(coups * interval), stop))
    writing = [
        asyncio.create_task(writer_task(port, name, coups, interval, sent, result, seed))
        for seed, name in enumerate(names)
    ]
    await asyncio.gather(*writing)
    try:
        await asyncio.wait_for(asyncio.gather(*watching), 30)
    except TimeoutError:
        result.problems.append("viewers still waiting 30 s after the last coup")
    stop.set()
    await memory
    return result


def run(viewers: int, tables: int, coups: int, interval: float) -> Result:
    """Start a server, load it, stop it (SIGTERM); return the figures."""
    with tempfile.TemporaryDirectory(prefix="roads-serve-bench-") as scratch:
        process, port = start_server(Path(scratch) / "data")
        try:
            return asyncio.run(load(port, process.pid, viewers, tables, coups, interval))
        finally:
            process.terminate()
            process.wait(10)


def sample_every(seconds: float) -> float:
    """Return the seconds between memory samples of a run of ``seconds``: about 120 samples, 0.25 to 2 s apart."""
    return min(2.0, max(0.25, seconds / 120))


FLAT_MB = 2.0
"""Growth of the server's memory, fitted over the run after its first minute, that still counts as flat."""

P99_MS = 250.0
"""The p99 from a POST to its event that issue 22 allows."""


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

    @property
    def flat(self) -> bool:
        """Return whether the trend after the first window grows less than FLAT_MB."""
        return self.growth < FLAT_MB


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def flatness(memory: list[tuple[float, float]]) -> Flatness | None:
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
    )


def percentile(values: list[float], p: float) -> float:
    """Return the ``p``-th percentile (0-100) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))] if ordered else float("nan")


def report(result: Result, viewers: int, tables: int, coups: int) -> str:
    """Return the figures as lines of text."""
    ms = [x * 1000 for x in result.latencies]
    due = viewers * coups
    mem = result.memory
    seen_all = not result.problems and len(ms) == due
    p99 = percentile(ms, 99)
    lines = [
        f"{viewers} viewers on {tables} tables, {coups} coups a table ({result.posted} posted), "
        f"load {os.getloadavg()[0]:.1f}",
        f"events received {len(ms)} of {due}; problems {len(result.problems)}",
        f"every viewer saw every update, in order: {'yes' if seen_all else 'NO'}",
        f"POST to event: p50 {percentile(ms, 50):.1f} ms, p99 {p99:.1f} ms, max {max(ms, default=0):.1f} ms "
        f"(p99 at most {P99_MS:.0f} ms: {'yes' if p99 <= P99_MS else 'NO'})",
    ]
    if mem:
        lines.append(
            f"server memory: start {mem[0][1]:.1f} MB, end {mem[-1][1]:.1f} MB, max {max(m for _, m in mem):.1f} MB "
            f"({len(mem)} samples)"
        )
        lines.append("memory over time: " + ", ".join(f"{t:.0f}s {m:.0f}MB" for t, m in mem[:: max(1, len(mem) // 10)]))
    verdict = flatness(mem)
    if verdict is None:
        lines.append("memory flat: too few samples to say")
    else:
        w = f"{verdict.window:.0f} s"
        lines.append(
            f"memory flat: {'yes' if verdict.flat else 'NO'} (first {w} {verdict.first:.1f} MB, last {w} "
            f"{verdict.last:.1f} MB; after the first {w} the trend is {verdict.per_minute:+.2f} MB/min, "
            f"{verdict.growth:+.2f} MB over the run, flat below {FLAT_MB:.0f} MB)"
        )
    lines += result.problems[:10]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark with the command line's sizes; print the figures; 1 if any update was missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=300.0, help="how long the coups come (with --interval)")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between coups of one table")
    parser.add_argument("--coups", type=int, default=None, help="coups a table (default: seconds / interval)")
    args = parser.parse_args(argv)
    coups = args.coups if args.coups is not None else max(1, round(args.seconds / args.interval))
    result = run(args.viewers, args.tables, coups, args.interval)
    print(report(result, args.viewers, args.tables, coups))
    complete = not result.problems and len(result.latencies) == args.viewers * coups
    verdict = flatness(result.memory)
    return 0 if complete and (verdict is None or verdict.flat) else 1


if __name__ == "__main__":
    sys.exit(main())
