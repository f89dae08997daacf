"""``roads serve``'s proof of one mark as the lesson gives it (issue 32, item 2): an HTML fragment (the picture,
the numbered steps, the watchout, what to light) and the lesson's comparison picture as SVG."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")

from starlette.testclient import TestClient
from test_serve import data, served_client  # noqa: F401  # the shared data directory fixture

from roads import Scoreboard
from roads.board.names import Road
from roads.cli import main
from roads.lesson.compare import columns_of, comparison_scene
from roads.render.svg import scene_svg
from roads.serve.routes import create_app
from roads.serve.store import Store

KEYS = "BPPBTBBPPPBPTBBPBPPBBBPPBPBBPP"


@pytest.fixture
def thirty(data):  # type: ignore[no-untyped-def]  # noqa: F811
    with served_client(create_app(Store(data))) as c:
        assert c.put("/api/tables/main").status_code == 201
        for n, key in enumerate(KEYS, 1):
            assert c.post("/api/tables/main/coups", json={"result": key, "expect": n}).status_code == 201
        yield c


def _board() -> Scoreboard:
    board = Scoreboard()
    for key in KEYS:
        board.add(key)
    return board


def test_the_proof_fragment_is_the_lessons_words_with_what_to_light(thirty: TestClient) -> None:
    board = _board()
    for road in ("big-eye-boy", "small-road", "cockroach-pig"):
        proof = board.proof(Road.parse(road, derived=True), 3)
        answer = thirty.get(f"/tables/main/proof/{road}/3")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
        html = answer.text
        assert f'data-road="{road}" data-mark="3" data-color="{proof.color.value}"' in html
        assert f"<li>{proof.reason}</li><li>{proof.comparison}</li>" in html.replace("&#39;", "'")
        assert proof.mistake in html.replace("&#39;", "'")
        compared = re.search(r'data-compared="([0-9 ]*)"', html)
        columns = columns_of(board)
        assert compared is not None
        assert compared.group(1).split() == [str(b.coup) for c, _ in proof.compared for b in columns[c]]
        assert f'src="/tables/main/proof/{road}/3.svg"' in html
        assert " style=" not in html and "<script" not in html


def test_the_proof_picture_is_the_lessons_comparison_figure(thirty: TestClient) -> None:
    board = _board()
    proof = board.proof(Road.parse("small-road", derived=True), 4)
    answer = thirty.get("/tables/main/proof/small-road/4.svg")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.text == scene_svg(comparison_scene(proof, columns_of(board)), style=False)


@pytest.mark.parametrize("path", ["big-eye-boy/999", "big-eye-boy/0", "no-road/1", "big-eye-boy/x", "big-road/1"])
def test_a_proof_of_no_such_mark_is_a_404_line(thirty: TestClient, path: str) -> None:
    for url in (f"/tables/main/proof/{path}", f"/tables/main/proof/{path}.svg"):
        answer = thirty.get(url)
        assert answer.status_code == 404, url
        assert answer.json()["error"]


def test_a_proof_of_no_such_table_is_a_404(thirty: TestClient) -> None:
    assert thirty.get("/tables/nowhere/proof/big-eye-boy/1").status_code == 404


def test_the_full_shoe_odds_are_what_roads_odds_prints_for_the_tables_decks_and_rules(
    thirty: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = thirty.get("/api/tables/main/odds/full-shoe")
    assert answer.status_code == 200
    assert thirty.get("/api/tables/main/odds").status_code == 409  # results only: the next coup needs cards
    capsys.readouterr()
    assert main(["odds", "--bets", "--decks", "8", "--rules", "standard", "--json"]) == 0
    assert answer.text == capsys.readouterr().out
    assert thirty.get("/api/tables/nowhere/odds/full-shoe").status_code == 404


def test_a_scratch_table_is_drawn_from_its_query_and_refuses_a_bad_coup_in_one_line(thirty: TestClient) -> None:
    query = "|".join(KEYS)
    drawn = thirty.get(f"/api/scratch/board.svg?coups={query}")
    assert drawn.status_code == 200
    assert drawn.text == thirty.get("/api/tables/main/board.svg").text  # the same coups, the same bytes
    html = thirty.get(f"/scratch/proof/small-road/4?coups={query}").text
    assert html.replace('src="/scratch/proof/small-road/4.svg?coups=' + query.replace("|", "%7C") + '"', "") == (
        thirty.get("/tables/main/proof/small-road/4").text.replace('src="/tables/main/proof/small-road/4.svg"', "")
    )
    bad = thirty.get("/api/scratch/board.svg?coups=B|P|3 6 Z")
    assert bad.status_code == 400 and "coup 3" in bad.json()["error"] and "\n" not in bad.json()["error"]
    assert thirty.get("/api/scratch/board.svg?coups=" + "|".join(["B"] * 201)).status_code == 400
    assert thirty.get("/calculator").status_code == 200
    assert [t["table"] for t in thirty.get("/api/tables").json()["tables"]] == ["main"]
