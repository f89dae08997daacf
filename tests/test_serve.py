"""``roads serve``: the HTTP contract of docs/serve.md, driven in process through Starlette's TestClient.

The answers about a table are checked against the commands themselves: the
board is the bytes ``roads render`` writes for the stored log, the odds what
``roads odds --after LOG --rules R --json`` prints, a proof what ``roads explain`` prints.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient

from roads import Scoreboard
from roads.cli import main
from roads.lesson.quiz import quiz_page
from roads.logs import read_outcomes
from roads.serve.openapi import openapi
from roads.serve.routes import CSP, MAX_BODY, create_app, routes
from roads.serve.store import Store
from roads.shoe import deal_shoe

COUPS = deal_shoe(8, seed=11).coups[:30]


def cards(i: int) -> str:
    """Return coup ``i`` (from 0) of the dealt shoe as the text a card field takes."""
    return " ".join(str(card) for card in COUPS[i].dealt)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "roads-data"


@pytest.fixture
def client(data: Path) -> Iterator[TestClient]:
    with served_client(create_app(Store(data))) as c:
        assert c.put("/api/tables/main").status_code == 201
        yield c


def served_client(app: object) -> TestClient:
    """Return a client of ``app`` as the server's own page is: on its loopback name, writes sent as JSON."""
    return TestClient(app, base_url="http://127.0.0.1:8000", headers={"Content-Type": "application/json"})


def post(client: TestClient, expect: int, table: str = "main", **coup: Any) -> Any:
    return client.post(f"/api/tables/{table}/coups", json={**coup, "expect": expect})


def fill(client: TestClient, n: int) -> None:
    for i in range(n):
        assert post(client, i + 1, cards=cards(i)).status_code == 201


def test_a_coup_is_201_with_the_new_state_and_on_disk(client: TestClient, data: Path) -> None:
    answer = post(client, 1, result="B[p]")
    assert answer.status_code == 201
    state = answer.json()
    assert state["table"] == "main" and state["coups"] == 1 and state["rules"] == "standard" and state["decks"] == 8
    assert state["last"] == {"winner": "banker", "player_pair": True}
    assert [o.winner.value for o in read_outcomes(data / "main.jsonl")] == ["banker"]


def test_the_board_is_the_bytes_roads_render_writes(client: TestClient, data: Path, tmp_path: Path) -> None:
    fill(client, 20)
    assert client.delete("/api/tables/main/coups/last").status_code == 200
    for kind, query, flags in (("svg", "", []), ("png", "?theme=dark&last=10", ["--theme", "dark", "--last", "10"])):
        out = tmp_path / f"cli.{kind}"
        assert main(["render", str(data / "main.jsonl"), "-o", str(out), *flags]) == 0
        served = client.get(f"/api/tables/main/board.{kind}{query}")
        assert served.status_code == 200
        assert served.content == out.read_bytes()


def test_odds_and_proofs_are_what_the_commands_print(
    client: TestClient, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fill(client, 12)
    capsys.readouterr()
    log = str(data / "main.jsonl")
    assert main(["odds", "--after", log, "--decks", "8", "--rules", "standard", "--json"]) == 0
    assert client.get("/api/tables/main/odds").text == capsys.readouterr().out
    assert main(["explain", log, "--road", "small-road", "--mark", "2", "--json"]) == 0
    assert client.get("/api/tables/main/proof/small-road/2").text == capsys.readouterr().out


def test_odds_are_the_cli_bytes_under_the_tables_own_rules_and_decks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 6-deck EZ table: the odds and the EZ bets' edges, as the command prints them for the stored log."""
    data = tmp_path / "ez-data"
    with served_client(create_app(Store(data, rules="ez", decks=6))) as c:
        assert c.put("/api/tables/ez").status_code == 201
        for i in range(5):
            assert post(c, i + 1, table="ez", cards=cards(i)).status_code == 201
        answer = c.get("/api/tables/ez/odds")
    capsys.readouterr()
    assert main(["odds", "--after", str(data / "ez.jsonl"), "--decks", "6", "--rules", "ez", "--json"]) == 0
    assert answer.status_code == 200 and answer.text == capsys.readouterr().out
    found = answer.json()
    assert found["rules"] == "ez" and found["odds"]["cards_left"] == found["cards_left"] == 6 * 52 - sum(
        len(COUPS[i].dealt) for i in range(5)
    )
    by_bet = {b["bet"]: b for b in found["bets"]}
    assert "dragon_7" in by_bet and by_bet["banker"]["push"] > found["odds"]["tie"]  # a three-card 7 pushes too


def test_an_empty_table_has_the_odds_of_a_full_shoe(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--bets", "--decks", "8", "--rules", "standard", "--json"]) == 0
    assert client.get("/api/tables/main/odds").text == capsys.readouterr().out
    assert client.get("/api/tables/main/board.svg").content.startswith(b"<svg")


def test_a_table_of_results_alone_has_no_odds_409(client: TestClient) -> None:
    post(client, 1, result="B")
    answer = client.get("/api/tables/main/odds")
    assert answer.status_code == 409
    assert "this log holds results only" in answer.json()["error"]


def test_a_full_log_is_409_and_the_table_stays(client: TestClient, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding and undoing forever cannot grow a table's log (and its copy in memory) without end."""
    from roads.serve import store

    post(client, 1, result="B")
    before = (data / "main.jsonl").read_bytes()
    monkeypatch.setattr(store, "MAX_LOG", len(before) + 10)
    for answer in (post(client, 2, result="P"), client.delete("/api/tables/main/coups/last")):
        assert answer.status_code == 409
        assert answer.json()["error"].startswith("shoe 1 of table 'main' has a full log")
    assert (data / "main.jsonl").read_bytes() == before
    assert client.get("/api/tables/main").json()["coups"] == 1
    # The bound is a shoe's: the next shoe takes coups again, and the past one stays on the disk.
    assert client.post("/api/tables/main/shoes", json={"expect_shoe": 2}).status_code == 201
    assert post(client, 1, result="P").status_code == 201
    assert (data / "main.jsonl").read_bytes().startswith(before)


def test_puts_make_at_most_max_tables(client: TestClient, data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from roads.serve import store

    monkeypatch.setattr(store, "MAX_TABLES", 2)
    assert client.put("/api/tables/second").status_code == 201
    answer = client.put("/api/tables/third")
    assert answer.status_code == 409 and "the most it makes (2)" in answer.json()["error"]
    assert not (data / "third.jsonl").exists()
    assert client.put("/api/tables/second").status_code == 200  # a table that is there is still answered


def test_a_stale_expect_is_409_and_changes_nothing(client: TestClient, data: Path) -> None:
    post(client, 1, result="B")
    before = (data / "main.jsonl").read_bytes()
    answer = post(client, 1, result="P")
    assert answer.status_code == 409
    assert answer.json()["error"] == "expect 1, but the next coup is 2: the table changed, reload it"
    assert (data / "main.jsonl").read_bytes() == before
    assert client.delete("/api/tables/main/coups/last?expect=5").status_code == 409


def test_concurrent_posts_never_lose_or_double_a_coup(client: TestClient, data: Path) -> None:
    """Eight pages post coup n at once, for 10 coups: each coup is taken exactly once."""
    statuses: list[int] = []
    lock = threading.Lock()

    def enter(n: int, letter: str) -> None:
        status = post(client, n, result=letter).status_code
        with lock:
            statuses.append(status)

    for n in range(1, 11):
        threads = [threading.Thread(target=enter, args=(n, "BPT"[i % 3])) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert statuses.count(201) == 10 and statuses.count(409) == 70
    assert len(read_outcomes(data / "main.jsonl")) == 10
    assert client.get("/api/tables/main").json()["coups"] == 10


def test_posts_to_ten_tables_at_once_share_one_worker_thread_so_memory_stays_flat(
    client: TestClient, data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten tables posted to at once: every write runs on the same thread, not on ten of a pool.

    On Starlette's pool each of ten writes at once took its own thread, and every thread's own malloc cache
    grew the server's memory by some 0.7 MB a minute under the load benchmark (issue 22, item 6).
    """
    ran_on: set[int] = set()
    add = Store.add

    def recording(self: Store, *args: Any) -> Any:
        ran_on.add(threading.get_ident())
        time.sleep(0.01)  # the writes overlap, as ten fsyncs at once do
        return add(self, *args)

    monkeypatch.setattr(Store, "add", recording)
    names = [f"t{i}" for i in range(10)]
    for name in names:
        assert client.put(f"/api/tables/{name}").status_code == 201
    statuses: list[int] = []

    def enter(name: str, n: int) -> None:
        statuses.append(post(client, n, table=name, result="B").status_code)

    for n in (1, 2):
        threads = [threading.Thread(target=enter, args=(name, n)) for name in names]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert statuses == [201] * 20
    assert len(ran_on) == 1 and threading.get_ident() not in ran_on
    assert [len(read_outcomes(data / f"{name}.jsonl")) for name in names] == [2] * 10


def test_bad_coups_are_400_with_the_cli_message(client: TestClient, data: Path) -> None:
    before = (data / "main.jsonl").read_bytes()
    cases = {
        json.dumps({"cards": "3 6 K", "expect": 1}): "coup 1: a coup needs at least 4 cards, got 3",
        json.dumps({"cards": "3 X K K", "expect": 1}): "coup 1: card 2: 'X' is not a card",
        json.dumps({"result": "X", "expect": 1}): "coup 1: 'X'",
        json.dumps({"result": "BP", "expect": 1}): '"result" holds 2 results',
        json.dumps({"result": "B"}): '"expect" is the number the new coup will have',
        json.dumps({"result": "B", "cards": "3 6 K K", "expect": 1}): 'give "result"',
        json.dumps({"result": "B", "expect": 1, "x": 1}): "unknown key 'x'",
        "[1]": "the body is a JSON object",
        "{not json": "the body is not JSON",
    }
    for body, message in cases.items():
        answer = client.post("/api/tables/main/coups", content=body)
        assert answer.status_code == 400, body
        assert message in answer.json()["error"], (body, answer.json())
        assert "\n" not in answer.json()["error"]
    assert (data / "main.jsonl").read_bytes() == before


def test_cards_after_the_shoe_is_over_are_400(data: Path) -> None:
    with served_client(create_app(Store(data, decks=1))) as c:
        c.put("/api/tables/one")
        for n in (1, 2):  # two naturals take the four kings of a one-deck shoe
            assert post(c, n, "one", cards="9 8 K K").status_code == 201
        answer = post(c, 3, "one", cards="9 8 K K")
        assert answer.status_code == 400
        assert (
            "coup 3: the log shows 5 cards of rank K by this coup, but a 1-deck shoe holds only 4"
            in answer.json()["error"]
        )
        assert c.get("/api/tables/one").json()["coups"] == 2


def test_a_body_over_64_kb_is_413(client: TestClient) -> None:
    answer = client.post("/api/tables/main/coups", content=b" " * (MAX_BODY + 1))
    assert answer.status_code == 413
    assert answer.json()["error"] == "the body is over 64 KB: a coup is a few dozen bytes"


def test_unknown_tables_roads_and_marks_are_404(client: TestClient) -> None:
    fill(client, 5)
    for url in (
        "/api/tables/nope",
        "/api/tables/nope/board.svg",
        "/tables/nope",
        "/api/tables/main/proof/big-road/1",
        "/api/tables/main/proof/small-road/99",
        "/api/tables/main/board.gif",
        "/api/tables/" + "x" * 65,
        "/api/tables/..%2F..%2Fetc/odds",
        "/static/..%2Fstore.py",
    ):
        answer = client.get(url)
        assert answer.status_code == 404, url
        assert answer.json()["error"], url
    assert post(client, 6, "nope", result="B").json()["error"] == "no table 'nope': create it with PUT /api/tables/nope"


def test_restart_keeps_every_table(data: Path) -> None:
    with served_client(create_app(Store(data))) as c:
        for table in ("a", "b"):
            c.put(f"/api/tables/{table}")
        for i in range(6):
            post(c, i + 1, "a", cards=cards(i))
            post(c, i + 1, "b", result="BPT"[i % 3])
        c.delete("/api/tables/b/coups/last")
        before = {t: c.get(f"/api/tables/{t}").json() for t in ("a", "b")}
        boards = {t: c.get(f"/api/tables/{t}/board.svg").content for t in ("a", "b")}
    with served_client(create_app(Store(data))) as c:
        assert [t["table"] for t in c.get("/api/tables").json()["tables"]] == ["a", "b"]
        assert {t: c.get(f"/api/tables/{t}").json() for t in ("a", "b")} == before
        assert {t: c.get(f"/api/tables/{t}/board.svg").content for t in ("a", "b")} == boards
        assert before["b"]["coups"] == 5 and post(c, 6, "b", result="P").status_code == 201


def test_a_token_guards_every_write(data: Path) -> None:
    with served_client(create_app(Store(data), token="s3cret")) as c:
        assert c.put("/api/tables/main").status_code == 401
        good = {"Authorization": "Bearer s3cret"}
        assert c.put("/api/tables/main", headers=good).status_code == 201
        assert post(c, 1, result="B").status_code == 401
        bad = {"Authorization": "Bearer wrong"}
        assert c.post("/api/tables/main/coups", json={"result": "B", "expect": 1}, headers=bad).status_code == 401
        assert c.post("/api/tables/main/coups", json={"result": "B", "expect": 1}, headers=good).status_code == 201
        assert c.delete("/api/tables/main/coups/last").status_code == 401
        assert c.get("/api/tables/main").json()["coups"] == 1  # reading needs no token


def test_every_answer_carries_the_strict_policy_and_pages_have_no_inline_code(client: TestClient) -> None:
    for url in ("/", "/tables/main", "/tables/main?overlay=1", "/api/tables", "/static/serve.js", "/nope"):
        answer = client.get(url)
        assert answer.headers["content-security-policy"] == CSP, url
        assert answer.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    for url in ("/", "/tables/main", "/tables/main?overlay=1"):
        html = client.get(url).text
        assert html.count("<script") == html.count('<script src="/static/serve.js" defer></script>') == 1
        assert " style=" not in html and "<style" not in html and re.search(r"\son[a-z]+=", html) is None


def test_the_openapi_document_lists_every_route(client: TestClient) -> None:
    served = client.get("/openapi.json").json()
    assert served == openapi()
    paths = {route.path.replace(":int", "").replace(":str", "") for route in routes()}  # type: ignore[attr-defined]
    paths = {p.replace("board.{kind}", "board.svg") for p in paths} - {"/static/{name}", "/openapi.json"}
    assert paths <= set(served["paths"])


def test_a_table_log_is_read_by_every_command(
    client: TestClient, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fill(client, 8)
    client.delete("/api/tables/main/coups/last")
    capsys.readouterr()
    assert main(["build", str(data / "main.jsonl"), "--per-shoe"]) == 0
    assert "main: 7 coups" in capsys.readouterr().out
    assert main(["check", str(data / "main.jsonl")]) == 0


def test_a_plain_install_refuses_serve_in_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "starlette" else real(name, *a))
    assert main(["serve", "--data", str(tmp_path / "d")]) == 1
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "pip install 'roads[serve]'" in said[0]
    assert not (tmp_path / "d").exists()


def test_atomic_write_with_sync_flushes_the_file_and_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from roads.files import atomic_write

    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    atomic_write(tmp_path / "a.jsonl", "{}\n")
    assert synced == []
    atomic_write(tmp_path / "a.jsonl", '{"winner": "banker"}\n', sync=True)
    assert len(synced) == 2 and (tmp_path / "a.jsonl").read_text() == '{"winner": "banker"}\n'


def test_the_quiz_is_the_quiz_of_the_stored_log_under_its_own_strict_policy(client: TestClient, data: Path) -> None:
    too_short = client.get("/quiz")
    assert too_short.status_code == 404 and "enough coups" in too_short.json()["error"]
    fill(client, 30)
    answer = client.get("/quiz?seed=7")
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    assert policy != CSP and "unsafe-inline" not in policy and "script-src 'sha256-" in policy
    board = Scoreboard.from_log(data / "main.jsonl")
    assert answer.text == quiz_page([board], seed="7", names=["main"], title="Reading the roads: a quiz")
    assert answer.text.count(" data-question ") >= 10
