"""A served table runs shoe after shoe (issue 29, item 4): its log is an archive every command reads per shoe."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient
from test_serve import cards, post, served_client

from roads.cli import main
from roads.serve.routes import create_app
from roads.serve.store import Store

SHOES = (["B", "P", "T", "B"], ["P", "P"], ["B", "T", "P"])


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    """Yield a client of a server with one empty table, ``main``, and the server's data folder."""
    folder = tmp_path / "roads-data"
    with served_client(create_app(Store(folder))) as served:
        assert served.put("/api/tables/main").status_code == 201
        yield served, folder


def new_shoe(client: TestClient, expect: int, **more: object) -> object:
    return client.post("/api/tables/main/shoes", json={"expect_shoe": expect, **more})


def three_shoes(client: TestClient) -> None:
    for number, results in enumerate(SHOES, 1):
        if number > 1:
            answer = new_shoe(client, number, burned="K 5" if number == 2 else None)
            assert answer.status_code == 201, answer.json()
            assert answer.json()["shoe"] == number and answer.json()["coups"] == 0
        for i, letter in enumerate(results, 1):
            assert post(client, i, result=letter).status_code == 201


def test_three_shoes_through_the_api_then_stats_by_shoe(
    table: tuple[TestClient, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    client, data = table
    three_shoes(client)
    state = client.get("/api/tables/main").json()
    assert state["shoe"] == 3 and state["coups"] == 3 and state["where"] == "shoe 3, coup 3"
    capsys.readouterr()
    assert main(["stats", str(data / "main.jsonl"), "--by", "shoe", "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["groups"]
    assert [g["coups"] for g in groups] == [len(s) for s in SHOES]
    assert [g["counts"]["banker"] for g in groups] == [2, 0, 1]


def test_render_shoe_2_is_the_board_of_its_coups(table: tuple[TestClient, Path], tmp_path: Path) -> None:
    client, data = table
    three_shoes(client)
    out = tmp_path / "two.svg"
    assert main(["render", str(data / "main.jsonl"), "--shoe", "2", "-o", str(out)]) == 0
    alone = tmp_path / "main.jsonl"
    alone.write_text("".join(f"{letter}\n" for letter in SHOES[1]))
    again = tmp_path / "alone.svg"
    assert main(["render", str(alone), "-o", str(again)]) == 0
    assert out.read_bytes() == again.read_bytes()
    # The server's past board is the same drawing.
    assert client.get("/api/tables/main/board.svg?shoe=2").content == out.read_bytes()


def test_a_past_shoe_answers_and_bad_shoes_are_one_line(table: tuple[TestClient, Path]) -> None:
    client, _ = table
    three_shoes(client)
    past = client.get("/api/tables/main?shoe=2").json()
    assert past["shoe"] == 2 and past["coups"] == 2 and not past["current"] and not past["writable"]
    assert past["burned"] == ["K", "5"] and past["where"] == "shoe 2, coup 2"
    assert client.get("/api/tables/main?shoe=3").json()["current"]
    for query, status in (("²", 400), ("٣", 400), ("-1", 400), ("9" * 50, 400), ("0", 404), ("4", 404)):
        for url in (f"/api/tables/main?shoe={query}", f"/api/tables/main/board.svg?shoe={query}"):
            answer = client.get(url)
            assert answer.status_code == status, (url, answer.text)
            assert "\n" not in answer.json()["error"]


def test_undo_never_crosses_a_shoe_break(table: tuple[TestClient, Path]) -> None:
    client, data = table
    assert post(client, 1, result="B").status_code == 201
    assert new_shoe(client, 2).status_code == 201
    before = (data / "main.jsonl").read_bytes()
    answer = client.delete("/api/tables/main/coups/last")
    assert answer.status_code == 409
    assert (data / "main.jsonl").read_bytes() == before


def test_a_stale_or_empty_new_shoe_is_409(table: tuple[TestClient, Path]) -> None:
    client, data = table
    before = (data / "main.jsonl").read_bytes()
    assert new_shoe(client, 2).status_code == 409  # shoe 1 has no coup yet
    assert post(client, 1, cards=cards(0)).status_code == 201
    assert new_shoe(client, 3).status_code == 409
    assert new_shoe(client, 2, burned="K X").status_code == 400
    assert new_shoe(client, 2, extra=1).status_code == 400
    assert (data / "main.jsonl").read_bytes().startswith(before)
    assert new_shoe(client, 2).status_code == 201


def test_a_restart_reads_the_current_shoe_back(table: tuple[TestClient, Path]) -> None:
    client, data = table
    three_shoes(client)
    first = client.get("/api/tables/main").json()
    with served_client(create_app(Store(data))) as again:
        state = again.get("/api/tables/main").json()
        assert state == first
        assert again.get("/api/tables/main/board.svg").content == client.get("/api/tables/main/board.svg").content
        assert post(again, 4, result="B").status_code == 201
        assert again.delete("/api/tables/main/coups/last?expect=4").status_code == 200


def test_keep_shoes_rotates_older_shoes_into_a_dated_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import datetime

    folder = tmp_path / "roads-data"
    with served_client(create_app(Store(folder, keep_shoes=2))) as served:
        assert served.put("/api/tables/main").status_code == 201
        three_shoes(served)
        assert served.get("/api/tables/main?shoe=1").status_code == 404
        assert served.get("/api/tables/main?shoe=2").json()["coups"] == len(SHOES[1])
    moved = folder / f"main.{datetime.date.today().isoformat()}.1-1.jsonl"
    assert "moved to " + moved.name in capsys.readouterr().err
    capsys.readouterr()
    for log, counts in ((moved, [len(SHOES[0])]), (folder / "main.jsonl", [len(SHOES[1]), len(SHOES[2])])):
        assert main(["stats", str(log), "--by", "shoe", "--json"]) == 0
        assert [g["coups"] for g in json.loads(capsys.readouterr().out)["groups"]] == counts
    with served_client(create_app(Store(folder, keep_shoes=2))) as again:  # the moved file is no table
        assert [t["table"] for t in again.get("/api/tables").json()["tables"]] == ["main"]
        state = again.get("/api/tables/main").json()
        assert state["shoe"] == 3 and state["coups"] == len(SHOES[2])
        assert again.get("/api/tables/main/board.svg?shoe=2").status_code == 200
