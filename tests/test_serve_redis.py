"""``roads serve --store redis://...`` (issue 31): several real workers on one real Redis (Debian's redis-server,
started here on a free loopback port in a temporary folder, stopped by its pid).

Without redis-server these tests are skipped; under CI=true a skip fails (.ci/run installs it).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import run
from redis_helpers import BENCH, RedisServer, Worker, need_redis, redis_server

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import Client, Events, client

from roads.errors import TableError

pytestmark = pytest.mark.slow  # real processes: a Redis and workers, each some tenths of a second to start

CARDS = ["3 6 K K 6 2", "9 2 J 5", "K Q 9 8", "9 9 9 9", "5 T 2 K 9", "7 7 Q 4 3"]
"""Six coups' cards, dealt in this order."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of this test's own (appendonly yes, appendfsync always)."""
    with redis_server(tmp_path / "redis") as server:
        yield server


@pytest.fixture
def two(store: RedisServer, tmp_path: Path) -> Iterator[tuple[Worker, Worker]]:
    """Two workers on the same Redis."""
    workers = [Worker(store.url, tmp_path), Worker(store.url, tmp_path)]
    try:
        yield workers[0], workers[1]
    finally:
        for worker in workers:
            worker.stop(signal.SIGKILL)


def _until(check: object, seconds: float = 20.0) -> None:
    """Wait until ``check()`` is true (a bound, not a measure: nothing here asserts how fast)."""
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "not within the bound"
        time.sleep(0.05)


def _made(http: Client, worker: Worker, name: str = "main") -> None:
    """Make the table on the store, then wait until the other worker's feed has it too."""
    assert http.put(f"/api/tables/{name}").status_code in (200, 201)
    _until(lambda: client(worker.base).get(f"/api/tables/{name}").status_code == 200)


def _coups(http: Client, name: str = "main") -> int:
    found: int = http.get(f"/api/tables/{name}").json()["coups"]
    return found


def test_two_workers_see_each_others_coups(two: tuple[Worker, Worker]) -> None:
    a, b = two
    on_a, on_b = client(a.base), client(b.base)
    _made(on_a, b)
    viewer_a, viewer_b = Events(on_a, "/api/tables/main/events"), Events(on_b, "/api/tables/main/events")
    assert viewer_a.next()[1]["change"] == viewer_b.next()[1]["change"] == "state"
    for n, cards in enumerate(CARDS, 1):
        writer = on_a if n % 2 else on_b
        assert writer.post("/api/tables/main/coups", {"cards": cards, "expect": n}).status_code == 201
    seen_a = [viewer_a.next() for _ in CARDS]
    seen_b = [viewer_b.next() for _ in CARDS]
    # Every viewer every coup, in order, with the same ids on both workers (a stream's position: main:N).
    assert [i for i, _ in seen_a] == [i for i, _ in seen_b] == [f"main:{n}" for n in range(1, 7)]
    assert [d["coup"] for _, d in seen_a] == [d["coup"] for _, d in seen_b]
    assert _coups(on_a) == _coups(on_b) == 6


def _post_at_once(gate: threading.Barrier, statuses: list[int], http: Client, result: str, expect: int) -> None:
    """Post a coup once the other poster is ready too; note its status."""
    gate.wait()
    statuses.append(http.post("/api/tables/main/coups", {"result": result, "expect": expect}).status_code)


def test_the_same_expect_on_two_workers_gets_one_201_and_one_409(two: tuple[Worker, Worker]) -> None:
    a, b = two
    on_a, on_b = client(a.base), client(b.base)
    _made(on_a, b)
    for n in range(1, 6):
        statuses: list[int] = []
        gate = threading.Barrier(2)
        threads = [
            threading.Thread(target=_post_at_once, args=(gate, statuses, http, result, n))
            for http, result in ((on_a, "B"), (on_b, "P"))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(statuses) == [201, 409]
    log = on_b.get("/api/tables/main/log").text.splitlines()
    assert len([line for line in log if not line.startswith("#")]) == 5  # one coup a round, never two
    _until(lambda: _coups(on_a) == _coups(on_b) == 5)


def test_a_viewer_of_a_killed_worker_resumes_on_the_other_missing_nothing(two: tuple[Worker, Worker]) -> None:
    a, b = two
    on_a, on_b = client(a.base), client(b.base)
    _made(on_a, b)
    viewer = Events(on_a, "/api/tables/main/events")
    viewer.next()  # the state
    for n, cards in enumerate(CARDS[:3], 1):
        assert on_a.post("/api/tables/main/coups", {"cards": cards, "expect": n}).status_code == 201
    got = [viewer.next() for _ in range(3)]
    last_id = got[-1][0]
    assert last_id == "main:3"
    a.stop(signal.SIGKILL)  # mid-stream: its viewer's connection drops
    viewer.close()
    for n, cards in enumerate(CARDS[3:], 4):
        assert on_b.post("/api/tables/main/coups", {"cards": cards, "expect": n}).status_code == 201
    again = Events(on_b, "/api/tables/main/events", last_event_id=last_id)
    resumed = [again.next() for _ in range(3)]
    assert [i for i, _ in resumed] == ["main:4", "main:5", "main:6"]
    assert [d["change"] for _, d in resumed] == ["coup"] * 3
    assert again.none_within(0.3)  # nothing twice
    assert _coups(on_b) == 6  # every coup the killed worker acknowledged is there


def test_a_worker_started_after_the_coups_gives_a_resuming_viewer_the_same_events(
    store: RedisServer, tmp_path: Path
) -> None:
    first = Worker(store.url, tmp_path)
    later: Worker | None = None
    try:
        on_first = client(first.base)
        assert on_first.put("/api/tables/main").status_code == 201
        live = Events(on_first, "/api/tables/main/events")
        live.next()
        writes: list[tuple[str, str, object]] = [
            ("POST", "/api/tables/main/coups", {"cards": CARDS[0], "expect": 1}),
            ("POST", "/api/tables/main/coups", {"cards": CARDS[1], "expect": 2}),
            ("DELETE", "/api/tables/main/coups/last", {}),
            ("POST", "/api/tables/main/coups", {"cards": CARDS[2], "expect": 2}),
            ("POST", "/api/tables/main/shoes", {"expect_shoe": 2, "burned": "K 5"}),
            ("POST", "/api/tables/main/coups", {"cards": CARDS[3], "expect": 1}),
        ]
        for method, path, body in writes:
            assert on_first.request(method, path, body).status_code in (200, 201)
        seen = [live.next() for _ in writes]
        later = Worker(store.url, tmp_path)  # its hub has seen none of them: its ring is empty
        again = Events(client(later.base), "/api/tables/main/events", last_event_id="main:1")
        resumed = [again.next() for _ in writes[1:]]
        assert again.none_within(0.3)

        def without_time(events: list[tuple[str | None, dict[str, object]]]) -> list[object]:
            return [(i, {k: v for k, v in d.items() if k != "sent"}) for i, d in events]

        assert [d["change"] for _, d in resumed] == ["coup", "undo", "coup", "shoe", "coup"]
        assert without_time(resumed) == without_time(seen[1:])  # made again from the log, as the writer made them
        in_shoe = Events(client(later.base), "/api/tables/main/events", last_event_id="main:5")  # from shoe 2 on
        assert without_time([in_shoe.next()]) == without_time(seen[5:])
        assert in_shoe.none_within(0.3)
    finally:
        first.stop(signal.SIGKILL)
        if later is not None:
            later.stop(signal.SIGKILL)


def test_a_worker_killed_in_the_middle_of_a_flood_of_coups_loses_none_it_acknowledged(
    two: tuple[Worker, Worker],
) -> None:
    a, b = two
    on_a, on_b = client(a.base), client(b.base)
    _made(on_a, b)
    acknowledged: list[int] = []

    def flood() -> None:
        for n in range(1, 10_000):
            try:
                status = on_a.post("/api/tables/main/coups", {"result": "BPT"[n % 3], "expect": n}).status_code
            except OSError:  # the worker is gone
                return
            if status != 201:
                return
            acknowledged.append(n)

    thread = threading.Thread(target=flood)
    thread.start()
    _until(lambda: len(acknowledged) >= 20)
    a.stop(signal.SIGKILL)
    thread.join(30)
    log = on_b.get("/api/tables/main/log").text  # read from Redis, not from the worker's copy
    kept = len([line for line in log.splitlines() if not line.startswith("#")])
    # Every coup answered 201 is in the store; at most the one in flight when the worker died is there too.
    assert acknowledged == list(range(1, len(acknowledged) + 1))
    assert len(acknowledged) <= kept <= len(acknowledged) + 1


def test_a_redis_restart_keeps_every_acknowledged_coup(store: RedisServer, tmp_path: Path) -> None:
    worker = Worker(store.url, tmp_path)
    try:
        http = client(worker.base)
        assert http.put("/api/tables/main").status_code == 201
        acknowledged = 0
        for n in range(1, 31):
            if http.post("/api/tables/main/coups", {"result": "BPT"[n % 3], "expect": n}).status_code == 201:
                acknowledged += 1
        assert acknowledged == 30
        before = http.get("/api/tables/main/log").text
        store.stop(signal.SIGKILL)  # a crash: appendfsync always synced each coup before Redis answered
        store.start()
        later = Worker(store.url, tmp_path)  # a worker that reads the tables from Redis alone
        try:
            assert client(later.base).get("/api/tables/main/log").text == before
            assert _coups(client(later.base)) == 30
        finally:
            later.stop(signal.SIGKILL)
    finally:
        worker.stop(signal.SIGKILL)


def test_redis_stopped_refuses_writes_in_one_line_and_started_takes_them(store: RedisServer, tmp_path: Path) -> None:
    worker = Worker(store.url, tmp_path)
    try:
        http = client(worker.base)
        assert http.put("/api/tables/main").status_code == 201
        assert http.post("/api/tables/main/coups", {"result": "B", "expect": 1}).status_code == 201
        viewer = Events(http, "/api/tables/main/events")
        assert viewer.next()[1]["change"] == "state"
        store.stop()
        refused = http.post("/api/tables/main/coups", {"result": "P", "expect": 2})
        assert refused.status_code == 503
        assert refused.text.count("\n") == 1
        error = refused.json()
        assert error["status"] == 503 and "does not answer" in error["error"] and store.url in error["error"]
        _until(lambda: http.get("/api/tables/main").json()["live"] is False)
        assert _coups(http) == 1  # reads go on from the worker's copy
        store.start()
        _until(lambda: http.get("/api/tables/main").json()["live"] is True)
        # The open stream was told both, as events named "live" without an id (no cursor moves).
        assert viewer.next() == (None, {"live": False, "store": store.url})
        assert viewer.next() == (None, {"live": True, "store": store.url})
        assert http.post("/api/tables/main/coups", {"result": "P", "expect": 2}).status_code == 201
        said = worker.said()
        assert "does not answer" in said and "answers again" in said and "Traceback" not in said
    finally:
        worker.stop(signal.SIGKILL)


def test_the_log_route_is_the_embedded_stores_file_and_roads_stats_reads_it(
    two: tuple[Worker, Worker], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from starlette.testclient import TestClient

    from roads.serve.routes import create_app
    from roads.serve.store import Store

    a, b = two
    on_a = client(a.base)
    _made(on_a, b)
    headers = {"Content-Type": "application/json"}
    embedded = TestClient(create_app(Store(tmp_path / "data")), base_url="http://127.0.0.1:8000", headers=headers)
    assert embedded.put("/api/tables/main").status_code == 201
    writes: list[tuple[str, str, object]] = []
    for n, cards in enumerate(CARDS[:4], 1):
        writes.append(("POST", "/api/tables/main/coups", {"cards": cards, "expect": n}))
    writes += [("DELETE", "/api/tables/main/coups/last", {}), ("POST", "/api/tables/main/shoes", {"expect_shoe": 2})]
    writes += [("POST", "/api/tables/main/coups", {"cards": CARDS[4], "expect": 1})]
    for method, path, body in writes:
        assert on_a.request(method, path, body).status_code in (200, 201)
        answer = embedded.request(method, path, json=body)
        assert answer.status_code in (200, 201)
    _until(lambda: client(b.base).get("/api/tables/main").json()["event_id"] == "main:7")
    served = client(b.base).get("/api/tables/main/log").text
    assert served == (tmp_path / "data" / "main.jsonl").read_text()
    assert served == embedded.get("/api/tables/main/log").text
    log = tmp_path / "from-redis.jsonl"
    log.write_text(served)
    status, out, _ = run(capsys, "stats", str(log), "--by", "shoe")
    assert status == 0
    on_disk = tmp_path / "data" / "main.jsonl"
    assert run(capsys, "stats", str(on_disk), "--by", "shoe")[1].replace(str(on_disk), "LOG") == out.replace(
        str(log), "LOG"
    )
    assert "shoe 2: 1 shoe, 1 coup" in out


def test_export_then_import_into_an_empty_store_gives_the_same_logs(store: RedisServer, tmp_path: Path) -> None:
    worker = Worker(store.url, tmp_path)
    try:
        http = client(worker.base)
        for name in ("main", "side"):
            assert http.put(f"/api/tables/{name}").status_code == 201
            for n, cards in enumerate(CARDS[:3], 1):
                assert http.post(f"/api/tables/{name}/coups", {"cards": cards, "expect": n}).status_code == 201
        logs = {name: http.get(f"/api/tables/{name}/log").text for name in ("main", "side")}
    finally:
        worker.stop(signal.SIGKILL)
    out = tmp_path / "out"
    done = _cli(store.url, "--export", str(out))
    assert done == "roads: 2 table logs written to " + str(out)
    assert {p.name: p.read_text() for p in out.glob("*.jsonl")} == {f"{k}.jsonl": v for k, v in logs.items()}
    assert sorted(p.name for p in out.iterdir()) == [".roads-export", "main.jsonl", "side.jsonl"]  # and its mark
    other = store.url.removesuffix("/0") + "/1"
    assert _cli(other, "--import", str(out)) == f"roads: 2 tables loaded into {other}"
    again = tmp_path / "again"
    _cli(other, "--export", str(again))
    assert {p.name: p.read_text() for p in again.iterdir()} == {p.name: p.read_text() for p in out.iterdir()}
    refused = _cli(other, "--import", str(out), status=1)
    assert refused.startswith("roads: error: the store") and "--import loads into an empty store" in refused


def _cli(url: str, *args: str, status: int = 0) -> str:
    """Run ``roads serve --store URL ARGS`` in a process of its own; return its one line on standard error."""
    import os
    import subprocess
    import sys

    from helpers import ROOT

    done = subprocess.run(
        [sys.executable, "-m", "roads", "serve", "--store", url, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )
    assert done.returncode == status, done.stderr
    return done.stderr.strip()


def test_export_and_import_need_a_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    need_redis()
    status, _, err = run(capsys, "serve", "--data", str(tmp_path / "d"), "--export", str(tmp_path / "out"))
    assert status == 2 and "--export and --import need --store" in err
    assert not (tmp_path / "out").exists()


def test_keep_shoes_is_refused_with_a_store(capsys: pytest.CaptureFixture[str]) -> None:
    need_redis()
    status, _, err = run(capsys, "serve", "--store", "redis://127.0.0.1:9/0", "--keep-shoes", "3")
    assert status == 2 and "--keep-shoes moves shoes into dated files of --data" in err


def test_a_store_that_is_not_redis_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    need_redis()
    status, _, err = run(capsys, "serve", "--store", "http://127.0.0.1:6379/0")
    assert status == 2 and "is not a Redis address: give redis://HOST:PORT/DB" in err


def test_the_load_benchmark_on_two_workers_gives_every_viewer_every_event_in_order() -> None:
    need_redis()
    result = BENCH.run(20, 2, 10, 0.05, workers=2, redis=True)
    assert result.problems == []
    assert len(result.latencies) == 20 * 10  # viewer i on worker i mod 2, table i posted to worker i mod 2
    assert len(result.others) == 1 and result.others[0]  # the second worker's memory, sampled too


def test_a_line_no_reader_takes_in_a_tables_stream_is_said_once_and_the_other_tables_go_on(
    store: RedisServer, tmp_path: Path
) -> None:
    import redis

    worker = Worker(store.url, tmp_path)
    try:
        http = client(worker.base)
        for name in ("main", "side"):
            assert http.put(f"/api/tables/{name}").status_code == 201
        assert http.post("/api/tables/main/coups", {"result": "B", "expect": 1}).status_code == 201
        redis.Redis(port=store.port).xadd("roads:log:main", {"line": "not json"}, id="0-2")  # by hand, not roads
        refused = http.post("/api/tables/main/coups", {"result": "P", "expect": 2})
        assert refused.status_code == 409 and "has a change no reader takes" in refused.json()["error"]
        assert http.post("/api/tables/side/coups", {"result": "P", "expect": 1}).status_code == 201
        _until(lambda: "not valid JSON" in worker.said())
        time.sleep(1.2)  # the feed tries again twice meanwhile: the problem is still said once
        assert worker.said().count("not valid JSON") == 1
        assert _coups(http) == 1 and _coups(http, "side") == 1  # main kept as it was
    finally:
        worker.stop(signal.SIGKILL)


def test_an_expect_past_a_workers_lagging_copy_is_taken_not_refused(store: RedisServer) -> None:
    """A coup another worker acknowledged a moment ago may not have reached this worker's feed: the page that
    saw it sends the next ``expect``, which is right. (Without feeds here, the second copy lags for sure.)"""
    from roads.serve.redis_store import RedisStore

    first, second = RedisStore(store.url), None
    table, made = first.create("main")
    assert made
    second = RedisStore(store.url)
    first.add(table, 1, "B", None)
    lagging = second.get("main")
    assert lagging.coups == 0  # its feed never ran: it has not seen coup 1
    second.add(lagging, 2, "P", None)
    assert lagging.coups == 2 and lagging.changes == 2
    with pytest.raises(TableError) as stale:  # a stale expect is still refused, after reading the store
        first.add(table, 2, "T", None)
    assert stale.value.status == 409 and "the next coup is 3" in str(stale.value)


def _without_sent(events: list[tuple[str, int, str]] | None) -> list[tuple[str, int, dict[str, object]]]:
    """Return the events ``missed`` made, their ``sent`` time left out (a clock, not the log)."""
    import json

    assert events is not None
    return [(name, n, {k: v for k, v in json.loads(data).items() if k != "sent"}) for name, n, data in events]


def test_every_read_of_a_stream_longer_than_a_page_reads_it_whole(
    store: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from roads.serve import redis_store

    names = ["a", "b", "c", "d", "e"]
    whole = redis_store.RedisStore(store.url)
    for name in names:
        whole.create(name)
    table = whole.get("a")
    for n, cards in enumerate(CARDS, 1):
        whole.add(table, n, None, cards)
    log, events = whole.archive("a"), _without_sent(whole.missed(table, 1))
    assert len(events) == len(CARDS) - 1
    monkeypatch.setattr(redis_store, "PAGE", 2)  # the tables' stream and the log: three and four pages
    paged = redis_store.RedisStore(store.url)
    assert [t.name for t in paged] == names
    assert paged.archive("a") == log
    assert len([line for line in log.splitlines() if not line.startswith(b"#")]) == len(CARDS)
    assert _without_sent(paged.missed(paged.get("a"), 1)) == events
