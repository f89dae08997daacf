"""Good roads drawn (issue 34, items 2 and 4): the proof picture of a pattern's columns, the board's tags, served."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import run

from roads.board import Board
from roads.board.good_roads import good_roads
from roads.board.jsonview import good_road_dicts
from roads.render import png, save_scene, scene_bytes, svg
from roads.scene import lay_out
from roads.scene.good_roads import proof_scene, tag_words
from roads.scene.primitives import Group, Item, Rect, Text
from roads.scene.themes import THEMES
from roads.scoreboard import Scoreboard

TINT = THEMES["classic"].highlight_tint


def found(results: str, pattern: str) -> tuple[Board, object]:
    """Return the board of ``results`` and its detection of ``pattern`` (which must be active)."""
    board = Scoreboard.from_results(results)
    (one,) = [f for f in good_roads(board) if f.pattern.id == pattern]
    return board, one


def flat(items: tuple[Item, ...]) -> Iterator[Item]:
    """Yield every item of a scene, groups opened."""
    for item in items:
        if isinstance(item, Group):
            yield from flat(item.items)
        else:
            yield item


def groups(items: tuple[Item, ...]) -> Iterator[Group]:
    """Yield every group of a scene, nested ones too."""
    for item in items:
        if isinstance(item, Group):
            yield item
            yield from groups(item.items)


PROOFS = {
    "single-jump": "B P BB PP B P B P",
    "banker-jump": "B PP B P B PPP",
    "long-banker-dragon-tail": "P " + "B" * 8,
}


@pytest.mark.parametrize("case", sorted(PROOFS))
def test_proof_picture_snapshot(case: str, snapshot_svg, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    board, one = found(PROOFS[case], case.removesuffix("-dragon-tail"))
    scene = proof_scene(board, one)  # type: ignore[arg-type]
    assert scene_bytes(scene, "svg").decode() == snapshot_svg
    assert scene_bytes(scene, "png") == snapshot_png


@pytest.mark.parametrize("case", sorted(PROOFS))
def test_proof_picture_tints_and_numbers_exactly_the_patterns_columns(case: str) -> None:
    board, one = found(PROOFS[case], case.removesuffix("-dragon-tail"))
    scene = proof_scene(board, one)  # type: ignore[arg-type]
    items = list(flat(scene.items))
    tints = [i for i in items if isinstance(i, Rect) and i.fill == TINT]
    columns = one.columns  # type: ignore[attr-defined]
    assert len(tints) == len(columns)
    # Each tint covers its whole column, dragon tail straightened: as tall as the streak.
    assert [round(t.h / 24) for t in tints] == [depth for _, _, depth in columns]
    texts = [i.text for i in items if isinstance(i, Text)]
    numbers = [str(n) for n in range(1, len(columns) + 1)]
    assert all(texts.count(n) >= 1 for n in numbers)
    # The Big Road numbers of the pattern's columns are drawn bold, the others not.
    bold = {i.text for i in items if isinstance(i, Text) and i.bold and i.text.isdigit()}
    assert {str(c) for c, _, _ in columns} <= bold
    assert one.pattern.name in texts[0] and one.pattern.title in texts[0]  # type: ignore[attr-defined]


def test_explain_draws_the_proof_to_the_file_it_is_given(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "r.txt"
    log.write_text(PROOFS["single-jump"] + "\n")
    board, one = found(PROOFS["single-jump"], "single-jump")
    for kind in ("svg", "png"):
        out = tmp_path / f"proof.{kind}"
        status, text, _ = run(capsys, "explain", str(log), "--good-road", "single-jump", "-o", str(out))
        assert status == 0 and "single-jump (大路单跳): active" in text
        assert out.read_bytes() == scene_bytes(proof_scene(board, one), kind)  # type: ignore[arg-type]


def test_explain_draws_no_proof_of_a_pattern_not_active(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log, out = tmp_path / "r.txt", tmp_path / "proof.svg"
    log.write_text("B P B P\n")
    status, _, err = run(capsys, "explain", str(log), "--good-road", "long-banker", "-o", str(out))
    assert status == 1 and "long-banker is not active after coup 4" in err and not out.exists()
    status, _, err = run(capsys, "explain", str(log), "-o", str(out))
    assert status == 2 and "give --good-road ID" in err and not out.exists()
    status, _, err = run(capsys, "explain", str(log), "--good-road", "single-jump", "-o", str(tmp_path / "p.gif"))
    assert status == 2 and not (tmp_path / "p.gif").exists()


def test_save_scene_of_a_proof_is_the_explain_file(tmp_path: Path) -> None:
    board, one = found(PROOFS["banker-jump"], "banker-jump")
    path = save_scene(proof_scene(board, one), tmp_path / "p.svg")  # type: ignore[arg-type]
    assert path.read_text().startswith("<svg")


# -- the board's tags ---------------------------------------------------------------------------------------------

TAGGED = "BB P BB P B P B P"
"""Ends in a single jump and a Player jump: two tags."""


def test_board_tags_snapshot(snapshot_svg, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    board = Scoreboard.from_results(TAGGED)
    assert svg(board, good_roads=True, road="big-road") == snapshot_svg  # narrow: the Chinese names alone
    assert png(board, good_roads=True) == snapshot_png


def test_board_tags_name_every_active_good_road_in_chinese_and_english() -> None:
    board = Scoreboard.from_results(TAGGED)
    scene = lay_out(board, good_roads=True)
    (band,) = [g for g in groups(scene.items) if g.id == "good-roads"]
    words = [i.text for i in flat(band.items) if isinstance(i, Text)]
    assert words == [tag_words(f) for f in good_roads(board)] and len(words) == 2
    assert "大路单跳 single jump" in words
    assert "Good roads: 大路单跳 single jump, 逢闲跳 Player jumps." in scene.desc
    plain = lay_out(board)
    assert not [g for g in groups(plain.items) if g.id == "good-roads"]
    assert scene.height > plain.height and scene.width == plain.width


def test_board_tags_band_keeps_its_size_whatever_is_active() -> None:
    tagged = lay_out(Scoreboard.from_results(TAGGED), good_roads=True)
    none = lay_out(Scoreboard.from_results("BB P"), good_roads=True)
    assert (tagged.width, tagged.height) == (none.width, none.height)
    (band,) = [g for g in groups(none.items) if g.id == "good-roads"]
    assert [i.text for i in flat(band.items) if isinstance(i, Text)] == ["no good road"]


def test_board_tags_too_many_for_the_band_end_in_a_count() -> None:
    board = Scoreboard.from_results("B P B P B P")  # single jump, Banker jumps, Player jumps
    assert len(good_roads(board)) == 3
    scene = lay_out(board, good_roads=True, road="big-road", last=1)
    (band,) = [g for g in groups(scene.items) if g.id == "good-roads"]
    texts = [i.text for i in flat(band.items) if isinstance(i, Text)]
    assert texts[-1].endswith("more") and texts[0] == good_roads(board)[0].pattern.name
    boxes = [i for i in flat(band.items) if isinstance(i, Rect)]
    assert max(b.x + b.w for b in boxes) <= scene.width


def test_render_good_roads_is_the_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log, out = tmp_path / "r.txt", tmp_path / "b.svg"
    log.write_text(TAGGED + "\n")
    assert run(capsys, "render", str(log), "--good-roads", "-o", str(out))[0] == 0
    assert out.read_text() == svg(Scoreboard.from_results(TAGGED), good_roads=True)


def test_render_good_roads_is_spelled_as_elsewhere_but_refuses_a_pattern_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log, out, mine = tmp_path / "r.txt", tmp_path / "b.svg", tmp_path / "mine.toml"
    log.write_text(TAGGED + "\n")
    mine.write_text("[sticky]\nbeads = 3\n")
    status, _, err = run(capsys, "render", str(log), "--good-roads", str(mine), "-o", str(out))
    assert status == 2 and "a picture tags the built-in patterns" in err and not out.exists()
    assert run(capsys, "render", str(log), "--good-roads=", "-o", str(out))[0] == 0  # FILE left empty: the built-in


# -- served ---------------------------------------------------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[object]:
    pytest.importorskip("starlette", reason="roads[serve] (in the test extra) is not installed")
    from starlette.testclient import TestClient

    from roads.serve.routes import create_app
    from roads.serve.store import Store

    app = create_app(Store(tmp_path / "data"))
    with TestClient(app, base_url="http://127.0.0.1:8000", headers={"Content-Type": "application/json"}) as client:
        assert client.put("/api/tables/main").status_code == 201
        for n, letter in enumerate(TAGGED.replace(" ", ""), 1):
            assert client.post("/api/tables/main/coups", json={"result": letter, "expect": n}).status_code == 201
        yield client


def test_served_board_tags_good_roads_as_render_does(served: object, tmp_path: Path) -> None:
    client = served
    answer = client.get("/api/tables/main/board.svg?good_roads=1")  # type: ignore[attr-defined]
    assert answer.status_code == 200
    assert answer.content.decode() == svg(Scoreboard.from_results(TAGGED), good_roads=True)


def test_served_state_carries_the_good_roads(served: object) -> None:
    state = served.get("/api/tables/main").json()  # type: ignore[attr-defined]
    assert state["good_roads"] == json.loads(json.dumps(good_road_dicts(Scoreboard.from_results(TAGGED))))
    assert [g["id"] for g in state["good_roads"]] == ["single-jump", "player-jump"]


DOCS_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
DOC_PICTURES = {
    "good-roads-board.png": ["render", "--coups", "1-46", "--good-roads", "--scale", "2"],
    "good-road-proof.png": ["explain", "--coups", "1-46", "--good-road", "player-sticks"],
}
"""docs/good-roads.md's pictures: ``roads COMMAND docs/images/demo-shoe.txt ARGS -o docs/images/NAME``."""


@pytest.mark.slow
@pytest.mark.parametrize("name", list(DOC_PICTURES))
def test_docs_good_road_pictures_are_what_the_commands_draw(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from PIL import Image

    command, *args = DOC_PICTURES[name]
    status, _, err = run(capsys, command, str(DOCS_IMAGES / "demo-shoe.txt"), *args, "-o", str(tmp_path / name))
    assert status == 0, err
    with Image.open(DOCS_IMAGES / name) as committed, Image.open(tmp_path / name) as made:
        assert (committed.size, committed.mode) == (made.size, made.mode)
        assert committed.tobytes() == made.tobytes(), f"regenerate docs/images/{name} (docs/good-roads.md)"
