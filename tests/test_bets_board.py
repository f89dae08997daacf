"""Events on the boards: counts in roads build, markers and a counting legend on the Bead Plate in every theme."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ROOT

from roads import Scoreboard
from roads.bets.events import MEANINGS, NAMES, count_events, coup_events, events_scene, marked_events
from roads.cards import parse_card
from roads.cli import main
from roads.coup import Coup, resolve
from roads.logs import read_coups
from roads.render import scene_bytes
from roads.scene import THEMES, render_options
from roads.scene.layout import lay_out
from roads.scene.markers import mark_events
from roads.scene.primitives import Circle, Group, Scene, walk

DEMO = ROOT / "docs" / "images" / "demo-shoe.txt"


def coup_of(cards: str) -> Coup:
    return resolve([parse_card(c) for c in cards.split(" ")])


def test_coup_events() -> None:
    assert coup_events(coup_of("2 3 K K 3 4")) == ("dragon_7",)
    assert coup_events(coup_of("3 K K 5 5 K")) == ("panda_8",)
    assert coup_events(coup_of("2 4 3 2 K")) == ("super_6", "lucky_6")
    assert coup_events(coup_of("6 4 K 2")) == ()  # a 6-6 tie is no Banker win
    assert coup_events(coup_of("8 K K 5")) == ()  # a natural 8 is two cards: not a Panda 8


def test_counts_match_the_coups() -> None:
    coups = read_coups(DEMO)
    counts = count_events(coups)
    for event in ("super_6", "dragon_7", "panda_8", "lucky_6"):
        assert counts[event] == sum(event in coup_events(c) for c in coups)
    assert counts["lucky_6"] == counts["lucky_6_two_cards"] + counts["lucky_6_three_cards"]
    assert counts["super_6"] == sum(c.winner.value == "banker" and c.banker_total == 6 for c in coups)
    assert counts["panda_8"] == sum(
        c.winner.value == "player" and c.player_total == 8 and len(c.player) == 3 for c in coups
    )


def test_build_counts_events(capsys: pytest.CaptureFixture[str]) -> None:
    counts = count_events(read_coups(DEMO))
    assert main(["build", str(DEMO), "--events", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["events"] == counts
    assert main(["build", str(DEMO), "--events"]) == 0
    out = capsys.readouterr().out
    assert f"Events: Super 6 {counts['super_6']}, Dragon 7 {counts['dragon_7']}, Panda 8 {counts['panda_8']}" in out


def test_build_events_need_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(ROOT / "fixtures" / "logs" / "results.txt"), "--events"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "holds results only, and this needs cards" in err


def test_per_shoe_events(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    coups = read_coups(DEMO)
    log = tmp_path / "shoes.jsonl"
    lines = []
    for shoe, part in (("a", coups[:30]), ("b", coups[30:])):
        lines.append(json.dumps({"shoe": shoe, "coups": [{"cards": [str(c) for c in coup.dealt]} for coup in part]}))
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["build", str(log), "--per-shoe", "--json", "--events"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["events"] for r in rows] == [count_events(coups[:30]), count_events(coups[30:])]


def _marked(theme: str, rules: str, lucky: bool = False, last: int | None = None) -> Scene:
    return events_scene(read_coups(DEMO), render_options(theme=theme, last=last), rules, lucky)


def _event_groups(scene: Scene, event: str) -> list[Group]:
    out: list[Group] = []
    stack = list(scene.items)
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            if ("event", event) in item.data and any(k == "coup" for k, _ in item.data):
                out.append(item)
            stack.extend(item.items)
    return out


@pytest.mark.parametrize("theme", list(THEMES))
def test_markers_sit_on_the_coups_that_made_them(theme: str) -> None:
    coups = read_coups(DEMO)
    scene = _marked(theme, "ez", lucky=True)
    for event in ("dragon_7", "panda_8", "lucky_6"):
        marked = sorted(int(dict(g.data)["coup"]) for g in _event_groups(scene, event))
        assert marked == [i for i, c in enumerate(coups, 1) if event in coup_events(c)], event
    assert _event_groups(scene, "super_6") == []  # EZ boards do not mark Super 6
    assert "Marked on the Bead Plate: Dragon 7 0; Panda 8 4; Lucky 6 2." in scene.desc


def test_standard_rules_mark_nothing() -> None:
    coups = read_coups(DEMO)
    board = Scoreboard.from_outcomes([c.outcome() for c in coups])
    plain = lay_out(board)
    assert (
        mark_events(plain, [coup_events(c) for c in coups], marked_events("standard"), "classic", NAMES, MEANINGS)
        == plain
    )


def test_marker_colours_follow_the_theme() -> None:
    for theme, t in THEMES.items():
        scene = _marked(theme, "super6")
        discs = [
            s
            for g in _event_groups(scene, "super_6")
            for s in walk(g.items)
            if isinstance(s, Circle) and s.classes == "badge"
        ]
        assert discs and {d.fill for d in discs} == {t.natural}


@pytest.mark.slow
@pytest.mark.parametrize("theme", list(THEMES))
def test_snapshot_ez_markers(theme: str, snapshot_png) -> None:  # type: ignore[no-untyped-def]
    assert scene_bytes(_marked(theme, "ez", lucky=True, last=10), "png", scale=2) == snapshot_png


@pytest.mark.slow
def test_snapshot_super6_markers_svg(snapshot_svg) -> None:  # type: ignore[no-untyped-def]
    assert scene_bytes(_marked("classic", "super6", last=10), "svg").decode("utf-8") == snapshot_svg


@pytest.mark.slow
def test_render_cli_marks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.svg"
    assert main(["render", str(DEMO), "-o", str(out), "--mark-events", "ez", "--last", "10"]) == 0
    assert out.read_text(encoding="utf-8") == scene_bytes(_marked("classic", "ez", last=10), "svg").decode("utf-8")
    pdf = tmp_path / "board.pdf"
    assert main(["render", str(DEMO), "-o", str(pdf), "--mark-events", "ez", "--last", "10"]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")  # the PDF back-end paints the same scene, markers and legend
    capsys.readouterr()
    assert main(["render", str(DEMO), "-o", str(tmp_path / "a.gif"), "--mark-events", "ez", "--animate"]) == 2
    assert not (tmp_path / "a.gif").exists()
    assert main(["render", str(DEMO), "-d", str(tmp_path), "--mark-events", "ez"]) == 2
    assert (
        main(
            [
                "render",
                str(ROOT / "fixtures" / "logs" / "results.txt"),
                "-o",
                str(tmp_path / "r.svg"),
                "--mark-events",
                "ez",
            ]
        )
        == 1
    )
    assert not (tmp_path / "r.svg").exists()
    assert main(["render", str(DEMO), "-o", str(tmp_path / "b.svg"), "--mark-events", "ez", "--road", "big-road"]) == 1
    assert not (tmp_path / "b.svg").exists()
