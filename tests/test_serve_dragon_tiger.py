"""``roads serve`` plays Dragon Tiger (issue 34, item 5): a table has a game, kept in its log's header (a Redis
table's settings), and every answer about a Dragon Tiger table is what the commands give under
``--game dragon-tiger``: the board ``roads render`` draws, the odds ``roads odds`` prints, the proofs of
``roads explain``."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import run

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from serve_live import Events, client, live_server
from starlette.testclient import TestClient
from test_serve import served_client

from roads import Scoreboard
from roads.enums import Game
from roads.logs.dragon_tiger import write_dragon_tiger_log
from roads.outcome import Winner
from roads.render import render
from roads.scene.options import RenderOptions
from roads.serve.routes import create_app
from roads.serve.store import Store
from roads.shoe import deal_dragon_tiger_shoe

DT = {"game": "dragon-tiger"}
DEALT = deal_dragon_tiger_shoe(8, seed=7).coups[:24]
"""Dealt Dragon Tiger coups: their cards are posted as the text a card field takes."""


def dealt(i: int) -> str:
    """Return coup ``i`` (from 0) of the dealt shoe as ``"Dragon's Tiger's"``."""
    return f"{DEALT[i].dragon} {DEALT[i].tiger}"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "roads-data"


@pytest.fixture
def http(data: Path) -> Iterator[TestClient]:
    """A server of baccarat tables by default, with one Dragon Tiger table, ``dt``, made by PUT."""
    with served_client(create_app(Store(data))) as c:
        made = c.put("/api/tables/dt", json=DT)
        assert made.status_code == 201 and made.json()["game"] == "dragon-tiger"
        yield c


def post(c: Any, expect: int, table: str = "dt", **coup: str) -> Any:
    return c.post(f"/api/tables/{table}/coups", json={**coup, "expect": expect})


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Return what ``roads ARGV`` prints (it must succeed)."""
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    return out


def test_a_dragon_tiger_table_takes_d_t_tie_and_two_cards_and_its_log_names_its_game(
    http: TestClient, data: Path
) -> None:
    for n, coup in enumerate(({"result": "D"}, {"result": "T"}, {"result": "Tie"}, {"result": "龙"}), 1):
        assert post(http, n, **coup).status_code == 201
    answer = post(http, 5, cards=dealt(0))
    assert answer.status_code == 201
    state = answer.json()
    assert state["game"] == "dragon-tiger" and state["sides"] == {"banker": "Dragon", "player": "Tiger"}
    assert state["last"] == {
        "winner": DEALT[0].to_dict()["winner"],
        "dragon_card": str(DEALT[0].dragon),
        "tiger_card": str(DEALT[0].tiger),
    }
    assert (state["stats"]["banker"], state["stats"]["player"], state["stats"]["tie"]) == (
        2 + (DEALT[0].winner is Winner.BANKER),
        1 + (DEALT[0].winner is Winner.PLAYER),
        1 + (DEALT[0].winner is Winner.TIE),
    )
    head = (data / "dt.jsonl").read_text("utf-8").splitlines()[:4]
    assert head == ["# format: jsonl", "# roads table: dt", "# game: dragon-tiger", "# decks: 8"]


def test_the_board_of_a_dragon_tiger_table_is_the_bytes_roads_render_game_dragon_tiger_writes(
    http: TestClient, data: Path, tmp_path: Path
) -> None:
    for n in range(1, 13):
        assert post(http, n, cards=dealt(n - 1)).status_code == 201
    assert http.delete("/api/tables/dt/coups/last").status_code == 200
    for kind, query, flags in (("svg", "", []), ("png", "?theme=dark&last=10", ["--theme", "dark", "--last", "10"])):
        out = tmp_path / f"cli.{kind}"
        status = run_main(["render", str(data / "dt.jsonl"), "--game", "dragon-tiger", "-o", str(out), *flags])
        assert status == 0
        served = http.get(f"/api/tables/dt/board.{kind}{query}")
        assert served.status_code == 200 and served.content == out.read_bytes()
    svg = http.get("/api/tables/dt/board.svg").text
    assert "Dragon" in svg and "Tiger" in svg and "Banker" not in svg


def run_main(argv: list[str]) -> int:
    from roads.cli import main

    return main(argv)


def test_a_past_shoe_of_a_dragon_tiger_table_is_roads_render_shoe_n(
    http: TestClient, data: Path, tmp_path: Path
) -> None:
    for n, result in enumerate("DDTD", 1):
        assert post(http, n, result=result).status_code == 201
    assert post(http, 5, cards="2C 9H").status_code == 201
    assert http.post("/api/tables/dt/shoes", json={"expect_shoe": 2}).status_code == 201
    assert post(http, 1, result="Tie").status_code == 201
    out = tmp_path / "shoe1.svg"
    assert run_main(["render", str(data / "dt.jsonl"), "--game", "dragon-tiger", "--shoe", "1", "-o", str(out)]) == 0
    assert http.get("/api/tables/dt/board.svg?shoe=1").content == out.read_bytes()
    past = http.get("/api/tables/dt?shoe=1").json()
    assert past["game"] == "dragon-tiger" and past["coups"] == 5 and past["stats"]["banker"] == 3
    assert past["last"] == {"winner": "tiger", "dragon_card": "2C", "tiger_card": "9H"} and past["cards"] is False


def test_a_served_dragon_tiger_log_of_two_shoes_is_read_shoe_by_shoe(
    http: TestClient, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for n, result in enumerate("DDT", 1):
        assert post(http, n, result=result).status_code == 201
    assert http.post("/api/tables/dt/shoes", json={"expect_shoe": 2}).status_code == 201
    assert post(http, 1, result="T").status_code == 201
    log = str(data / "dt.jsonl")
    status, _, err = run(capsys, "build", log, "--game", "dragon-tiger")
    assert status == 2 and "holds 2 shoes and roads build reads one" in err
    out = cli(capsys, "build", log, "--game", "dragon-tiger", "--per-shoe")
    assert out.splitlines()[:2] == [
        "1: 3 coups, Dragon 2 (66.7%), Tiger 1 (33.3%), Tie 0 (0.0%); longest streak D 2 T 1",
        "2: 1 coup, Dragon 0 (0.0%), Tiger 1 (100.0%), Tie 0 (0.0%); longest streak D 0 T 1",
    ]


def test_odds_of_a_dragon_tiger_card_table_are_roads_odds_game_dragon_tiger(
    http: TestClient, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    full = cli(capsys, "odds", "--game", "dragon-tiger", "--decks", "8", "--json")
    assert http.get("/api/tables/dt/odds").text == full  # an empty table: the first coup of a full shoe
    for n in range(1, 9):
        assert post(http, n, cards=dealt(n - 1)).status_code == 201
    answer = http.get("/api/tables/dt/odds")
    assert answer.status_code == 200
    assert answer.text == cli(capsys, "odds", "--game", "dragon-tiger", "--after", str(data / "dt.jsonl"), "--json")
    found = answer.json()
    assert found["game"] == "dragon-tiger" and found["cards_left"] == 416 - 16
    assert {"dragon", "tiger", "tie", "suited_tie", "edge_suited_tie"} <= set(found)
    assert http.get("/api/tables/dt/odds/full-shoe").text == full


def test_a_dragon_tiger_table_of_results_says_its_odds_need_the_cards(http: TestClient) -> None:
    assert post(http, 1, result="D").status_code == 201
    answer = http.get("/api/tables/dt/odds")
    assert answer.status_code == 409 and "need the cards" in answer.json()["error"]
    assert http.get("/api/tables/dt").json()["cards"] is False


@pytest.mark.parametrize(
    ("coup", "said"),
    [
        ({"result": "B"}, "'B' is a baccarat result"),
        ({"result": "P"}, "'P' is a baccarat result"),
        ({"result": "D[p]"}, "pairs and naturals are baccarat's"),
        ({"result": "Banker"}, "baccarat result"),
        ({"cards": "3 6 K K 6 2"}, "6 cards: this table plays Dragon Tiger, one card to Dragon and one to Tiger"),
        ({"cards": "KS"}, "1 card: this table plays Dragon Tiger"),
        ({"cards": "KS 7H 2D"}, "3 cards"),
    ],
)
def test_a_baccarat_only_write_on_a_dragon_tiger_table_is_refused_and_changes_nothing(
    http: TestClient, data: Path, coup: dict[str, str], said: str
) -> None:
    assert post(http, 1, result="T").status_code == 201
    before = (data / "dt.jsonl").read_bytes()
    answer = post(http, 2, **coup)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error.startswith("coup 2: ") and said in error and "\n" not in error
    assert (data / "dt.jsonl").read_bytes() == before
    assert http.get("/api/tables/dt").json()["coups"] == 1


def test_a_dragon_tiger_result_on_a_baccarat_table_is_still_refused(http: TestClient) -> None:
    assert http.put("/api/tables/bac").status_code == 201
    assert http.get("/api/tables/bac").json()["game"] == "baccarat"
    assert post(http, 1, table="bac", result="D").status_code == 400


def test_put_names_the_game_and_a_table_keeps_its_own(http: TestClient) -> None:
    again = http.put("/api/tables/dt", json={"game": "baccarat"})
    assert again.status_code == 409 and "plays Dragon Tiger" in again.json()["error"]
    assert http.put("/api/tables/dt", json=DT).status_code == 200
    assert http.put("/api/tables/dt").status_code == 200  # no game asked: the table as it is
    bad = http.put("/api/tables/other", json={"game": "poker"})
    assert bad.status_code == 400 and "'dragon-tiger'" in bad.json()["error"]
    assert http.get("/api/tables/other").status_code == 404
    assert http.put("/api/tables/other", json={"rules": "ez"}).status_code == 400


def test_serve_game_dragon_tiger_makes_dragon_tiger_tables_and_put_can_ask_baccarat(data: Path) -> None:
    with served_client(create_app(Store(data, game=Game.DRAGON_TIGER))) as c:
        assert c.put("/api/tables/a").json()["game"] == "dragon-tiger"
        assert c.put("/api/tables/b", json={"game": "baccarat"}).json()["game"] == "baccarat"
        assert post(c, 1, table="a", result="T").status_code == 201
        assert post(c, 1, table="b", result="B").status_code == 201
    assert "# game: dragon-tiger" in (data / "a.jsonl").read_text("utf-8")
    assert "# game:" not in (data / "b.jsonl").read_text("utf-8") and "# rules: standard" in (
        data / "b.jsonl"
    ).read_text("utf-8")


def test_a_dragon_tiger_log_in_data_loads_as_a_dragon_tiger_table(data: Path, tmp_path: Path) -> None:
    data.mkdir(parents=True)
    log = data / "old.jsonl"
    lines = ["# format: jsonl", "# roads table: old", "# game: dragon-tiger", "# decks: 6"]
    lines += [json.dumps({"winner": "dragon", "dragon_card": "KS", "tiger_card": "2H"}), '{"winner": "tie"}']
    lines += ['{"winner": "tiger"}', '{"undo": 3}', '{"winner": "dragon"}']
    log.write_text("\n".join(lines) + "\n", "utf-8")
    out = tmp_path / "old.svg"
    assert run_main(["render", str(log), "--game", "dragon-tiger", "-o", str(out)]) == 0
    with served_client(create_app(Store(data))) as c:  # a baccarat server: the log's header decides
        state = c.get("/api/tables/old").json()
        assert state["game"] == "dragon-tiger" and state["decks"] == 6 and state["coups"] == 3
        assert c.get("/api/tables/old/board.svg").content == out.read_bytes()
        assert post(c, 4, table="old", result="B").status_code == 400
        assert post(c, 4, table="old", cards="QD QD").status_code == 201
    assert log.read_text("utf-8").endswith('{"winner": "tie", "dragon_card": "QD", "tiger_card": "QD"}\n')


def test_a_log_naming_no_game_is_said_with_its_line_and_not_served(data: Path, capsys: pytest.CaptureFixture) -> None:
    data.mkdir(parents=True)
    (data / "odd.jsonl").write_text("# format: jsonl\n# game: fan-tan\n", "utf-8")
    with served_client(create_app(Store(data))) as c:
        assert c.get("/api/tables/odd").status_code == 404
    err = capsys.readouterr().err
    assert "odd.jsonl, line 2: '# game: fan-tan' names no game: baccarat, dragon-tiger" in err


def test_proofs_asks_and_the_lobby_of_a_dragon_tiger_table(http: TestClient, data: Path, capsys: Any) -> None:
    for n, result in enumerate("DDDDTDTTD", 1):  # four Dragons in a row: baccarat's long-banker pattern would show
        assert post(http, n, result=result).status_code == 201
    capsys.readouterr()
    log = str(data / "dt.jsonl")
    proof = cli(capsys, "explain", log, "--game", "dragon-tiger", "--road", "big-eye-boy", "--mark", "2", "--json")
    assert http.get("/api/tables/dt/proof/big-eye-boy/2").text == proof
    state = http.get("/api/tables/dt").json()
    assert state["good_roads"] == []
    asked = Scoreboard.from_results("BBBBPBPPBB", game=Game.DRAGON_TIGER)
    assert http.get("/api/tables/dt/ask/banker.svg").content == render(asked, "svg", RenderOptions())
    assert b"Dragon" in http.get("/api/tables/dt/ask/player.svg").content
    lobby = http.get("/").text
    assert 'data-game="dragon-tiger"' in lobby and "Dragon Tiger" in lobby and "Dragon 6, Tiger 3, Tie 0" in lobby
    page = http.get("/tables/dt").text
    assert 'data-game="dragon-tiger"' in page and "Dragon ask" in page and 'data-result="D"' in page
    assert "Banker pair" not in page and 'data-result="B"' not in page


def test_the_event_stream_of_a_dragon_tiger_table_carries_its_coups(tmp_path: Path) -> None:
    with live_server(tmp_path / "data") as base, client(base) as http:
        assert http.put("/api/tables/dt", json=DT).status_code == 201
        viewer = Events(http, "/api/tables/dt/events")
        assert viewer.next()[1]["change"] == "state"
        assert post(http, 1, cards=dealt(0)).status_code == 201
        assert post(http, 2, result="Tie").status_code == 201
        first, second = viewer.next()[1], viewer.next()[1]
        assert first["change"] == "coup" and first["coup"]["dragon_card"] == str(DEALT[0].dragon)
        assert second["coup"] == {"winner": "tie"} and second["counts"]["tie"] == 1 + (DEALT[0].winner is Winner.TIE)
        assert set(second["marks"]) == {"bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"}
        viewer.close()


def test_serve_with_a_bad_game_is_the_usual_one_line_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "serve", "--game", "chess")
    assert status == 2
    assert "Invalid value for '--game': 'chess' is not one of 'baccarat', 'dragon-tiger'." in err


def test_a_dragon_tiger_jsonl_log_read_as_baccarat_is_one_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "dt.jsonl"
    log.write_text('# game: dragon-tiger\n{"winner": "dragon"}\n', "utf-8")
    status, _, err = run(capsys, "build", str(log))
    assert status == 1 and "line 2" in err and len(err.strip().splitlines()) == 1


def test_a_text_dragon_tiger_log_written_by_deal_reads_the_same_in_serves_json_lines(tmp_path: Path) -> None:
    """The served log's coup objects are the dealt coups: the board of either log is the same."""
    from roads.logs.dragon_tiger import dragon_tiger_shoe
    from roads.serve.games import item_object

    text = tmp_path / "dt.txt"
    text.write_text(write_dragon_tiger_log(DEALT, "cards"), "utf-8")
    served = tmp_path / "dt.jsonl"
    lines = ["# game: dragon-tiger", *(json.dumps(item_object(c, Game.DRAGON_TIGER)) for c in DEALT)]
    served.write_text("\n".join(lines) + "\n", "utf-8")
    assert dragon_tiger_shoe(str(served)).outcomes() == dragon_tiger_shoe(str(text)).outcomes()


@pytest.mark.slow
def test_a_redis_store_keeps_a_tables_game(tmp_path: Path) -> None:
    from redis_helpers import Worker, redis_server

    with redis_server(tmp_path / "redis") as store:
        first = Worker(store.url, tmp_path, "--game", "dragon-tiger")
        try:
            on_first = client(first.base)
            assert on_first.put("/api/tables/dt").json()["game"] == "dragon-tiger"
            assert on_first.put("/api/tables/bac", json={"game": "baccarat"}).json()["game"] == "baccarat"
            assert on_first.post("/api/tables/dt/coups", json={"cards": dealt(0), "expect": 1}).status_code == 201
            assert on_first.post("/api/tables/dt/coups", json={"result": "B", "expect": 2}).status_code == 400
        finally:
            first.stop(signal.SIGKILL)
        second = Worker(store.url, tmp_path)  # a baccarat worker: the table's settings keep its game
        try:
            on_second = client(second.base)
            state = on_second.get("/api/tables/dt").json()
            assert state["game"] == "dragon-tiger" and state["coups"] == 1
            assert on_second.get("/api/tables/bac").json()["game"] == "baccarat"
            assert on_second.post("/api/tables/dt/coups", json={"result": "Tie", "expect": 2}).status_code == 201
            deadline = time.monotonic() + 20
            while on_second.get("/api/tables/dt").json()["coups"] != 2:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            log = tmp_path / "dt.jsonl"
            log.write_text(on_second.get("/api/tables/dt/log").text, "utf-8")
            assert "# game: dragon-tiger\n" in log.read_text("utf-8")
            out = tmp_path / "dt.svg"
            assert run_main(["render", str(log), "--game", "dragon-tiger", "-o", str(out)]) == 0
            assert on_second.get("/api/tables/dt/board.svg").text == out.read_text("utf-8")
        finally:
            second.stop()


def test_a_followed_log_under_serve_game_dragon_tiger_is_a_dragon_tiger_table(tmp_path: Path) -> None:
    """``roads serve --game dragon-tiger --follow dt.txt``: a results or cards log another program appends to."""
    from roads.serve import views
    from roads.serve.follow import Follower, add_followed

    log = tmp_path / "dt.txt"
    log.write_text("")
    follower = Follower(add_followed(Store(tmp_path / "data", game=Game.DRAGON_TIGER), str(log)))
    for line in (dealt(0), dealt(1), dealt(2)):
        with log.open("a") as handle:
            handle.write(line + "\n")
        assert follower.look() == "coup"
    state = views.state(follower.table)
    assert state["game"] == "dragon-tiger" and state["coups"] == 3 and state["cards"] is True
    assert state["last"]["dragon_card"] == str(DEALT[2].dragon)
    expected = Scoreboard.from_outcomes([c.outcome() for c in DEALT[:3]], game=Game.DRAGON_TIGER)
    assert views.picture(follower.table, "svg", {}) == render(expected, "svg", RenderOptions())


def test_the_quiz_leaves_dragon_tiger_tables_out_it_asks_in_baccarats_words(http: TestClient) -> None:
    """``roads quiz`` asks "If Banker wins next": a Dragon Tiger board has no Banker to ask about."""
    for n, result in enumerate("DDTDTTDDDTTDTDDTTTDDT", 1):
        assert post(http, n, result=result).status_code == 201
    assert http.get("/quiz").status_code == 404  # the one table with coups plays Dragon Tiger
    assert http.put("/api/tables/bac").status_code == 201
    for n, result in enumerate("BBPBPPBBBPPBPBBPPPBBP", 1):
        assert post(http, n, table="bac", result=result).status_code == 201
    page = http.get("/quiz")
    assert page.status_code == 200 and "<bdi>bac</bdi>" in page.text and "<bdi>dt</bdi>" not in page.text
