"""The Python API a user reaches for: on the objects, importable from ``roads``, typed and readable."""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import roads
from roads import (
    Card,
    CardError,
    Color,
    Coup,
    LogError,
    Outcome,
    Proof,
    RenderError,
    Road,
    RoadError,
    Scoreboard,
    Winner,
    resolve,
)
from roads.board import Board
from roads.render import png, svg
from roads.shoe import deal_shoe
from roads.terminal import show

RESULTS = "BPPPBBPBPPPBTBBPPBPB"


# -- building -------------------------------------------------------------------


@pytest.mark.parametrize("cls", [Scoreboard, Board])
def test_every_way_to_build_returns_the_class_it_was_called_on(cls: type[Board]) -> None:
    built = [
        cls(),
        cls.from_results("BPPT"),
        cls.from_outcomes("BPPT"),
        cls.from_text("B P P T"),
        cls.from_log(io.StringIO("B P P T")),
    ]
    assert [type(board) for board in built] == [cls] * len(built)
    assert all(repr(board).startswith(cls.__name__) for board in built)


def test_the_model_board_counts_and_the_public_one_also_draws() -> None:
    assert issubclass(Scoreboard, Board)
    for name in ("svg", "png", "save"):
        assert hasattr(Scoreboard, name) and not hasattr(Board, name)
    assert Board.__str__ is object.__str__  # a model board prints its repr; the grids are the Scoreboard's
    assert str(Scoreboard.from_results("BPPB")).startswith("Bead Plate · 4 coups")


WORDS = {"B": "banker", "P": "player", "T": "tie"}


@pytest.mark.parametrize(
    "text",
    [
        RESULTS,
        " ".join(RESULTS),
        "\n".join(RESULTS) + "\n",
        json.dumps({"coups": [{"winner": WORDS[letter]} for letter in RESULTS]}),
    ],
)
def test_from_text_reads_any_log_format(text: str) -> None:
    board = Scoreboard.from_text(text)
    assert [o.winner.letter for o in board.bead_plate.outcomes] == list(RESULTS)
    assert board.stats == Scoreboard.from_results(RESULTS).stats


def test_from_text_errors_name_the_text_line_and_coup() -> None:
    with pytest.raises(LogError, match=r"^shoe 7, line 2, column 2, coup 4: 'X'"):
        Scoreboard.from_text("BP\nBX\n", name="shoe 7")
    with pytest.raises(LogError, match="<text>"):
        Scoreboard.from_text("BP\nBX\n")


def test_from_text_takes_a_forced_format() -> None:
    with pytest.raises(LogError):
        Scoreboard.from_text("BPB", fmt="json")
    assert Scoreboard.from_text("BPB", fmt="results").coups == 3


@pytest.mark.parametrize(
    "items",
    [
        ["B", "P", "T", "B"],
        ["b", "p", "t", "b"],
        ["banker", "player", "tie", "banker"],
        ["BANKER", "Player", "TiE", " banker "],
        [Outcome(Winner.BANKER), Outcome(Winner.PLAYER), Outcome(Winner.TIE), Outcome(Winner.BANKER)],
        ["banker", "P", Outcome(Winner.TIE), "b"],
    ],
)
def test_add_takes_outcomes_letters_and_words_in_any_case(items: list[str | Outcome]) -> None:
    board = Scoreboard()
    board.add(*items)
    extended = Scoreboard()
    extended.extend(items)
    for b in (board, extended):
        assert [o.winner for o in b.bead_plate.outcomes] == [Winner.BANKER, Winner.PLAYER, Winner.TIE, Winner.BANKER]


def test_add_takes_engine_coups_with_their_pairs_and_naturals() -> None:
    coups = deal_shoe(8, seed=3).coups[:30]
    board = Scoreboard()
    board.extend(coups)
    assert board.bead_plate.outcomes == [c.outcome() for c in coups]


@pytest.mark.parametrize(("item", "message"), [("bankers", "'bankers' is not a result"), ("X", "'X' is not a result")])
def test_add_refuses_anything_else_keeping_what_came_before(item: str, message: str) -> None:
    board = Scoreboard()
    with pytest.raises(LogError, match=message):
        board.add("B", "player", item, "B")
    assert board.coups == 2


def test_add_refuses_an_object_that_is_not_a_result() -> None:
    with pytest.raises(LogError, match="cannot add a int to a board"):
        Scoreboard().add(3)  # type: ignore[arg-type]


# -- output methods ---------------------------------------------------------------


def test_output_methods_draw_as_the_renderer_does(tmp_path: Path) -> None:
    board = Scoreboard.from_results(RESULTS)
    assert board.svg() == svg(board)
    assert board.svg(road="big-road", last=3, theme="dark") == svg(board, road="big-road", last=3, theme="dark")
    assert board.png(scale=0.5) == png(board, scale=0.5)
    board.save(tmp_path / "a.svg")
    assert (tmp_path / "a.svg").read_text(encoding="utf-8") == svg(board)
    board.save(str(tmp_path / "b.out"), "png", cell=10)
    assert (tmp_path / "b.out").read_bytes() == png(board, cell=10)


def test_save_writes_to_a_binary_stream_by_kind_or_by_its_name(tmp_path: Path) -> None:
    board = Scoreboard.from_results(RESULTS)
    stream = io.BytesIO()
    board.save(stream, "svg", title="t")
    assert stream.getvalue() == svg(board, title="t").encode("utf-8")
    with (tmp_path / "c.png").open("wb") as named:
        board.save(named)
    assert (tmp_path / "c.png").read_bytes() == png(board)


@pytest.mark.parametrize(
    ("out", "kind", "message"),
    [
        (io.BytesIO(), None, "cannot tell the format of a stream"),
        (io.StringIO(), "svg", "text stream"),
        (io.BytesIO(), "gif", "unknown format 'gif'"),
    ],
)
def test_save_refuses_what_it_cannot_write(out: typing.IO[bytes], kind: str | None, message: str) -> None:
    with pytest.raises(RenderError, match=message):
        Scoreboard.from_results("BP").save(out, kind)


def test_output_options_are_checked_as_the_renderer_checks_them() -> None:
    with pytest.raises(RenderError, match="unknown option 'colour'"):
        Scoreboard.from_results("BP").svg(colour="red")  # type: ignore[call-arg]
    with pytest.raises(RenderError, match="unknown theme"):
        Scoreboard.from_results("BP").png(theme="neon")


def test_output_options_are_typed_not_any() -> None:
    for method in (Scoreboard.svg, Scoreboard.png, Scoreboard.save):
        hints = typing.get_type_hints(method, include_extras=True, localns=_option_names())
        assert typing.get_origin(hints["changes"]) is typing.Unpack, method
        assert hints["options"] == _option_names()["RenderOptions"] | None, method


def _option_names() -> dict[str, object]:
    from roads.scene.options import OptionChanges, RenderOptions

    return {
        "OptionChanges": OptionChanges,
        "RenderOptions": RenderOptions,
        "Coup": Coup,
        "LogSource": object,
        "Proof": Proof,
    }


# -- proofs -------------------------------------------------------------------------


def test_board_road_and_mark_give_the_proof_the_explain_module_makes_from_plain_data() -> None:
    from roads.board.explain import explain

    board = Scoreboard.from_outcomes(deal_shoe(8, seed=11).coups)
    every = []
    for road in (Road.BIG_EYE_BOY, Road.SMALL_ROAD, Road.COCKROACH_PIG):
        derived = board.road(road)
        depths = board.big_road.depths
        expected = [
            explain(road, i, derived.codes[i], *derived.source(i), depths, derived.drawn_source(i))
            for i in range(len(derived))
        ]
        assert any(p.drawn for p in expected) or road is not Road.BIG_EYE_BOY
        assert expected
        assert list(board.proofs(road)) == list(derived.proofs()) == expected
        assert [mark.proof() for mark in derived] == expected
        assert [derived[i].proof() for i in range(len(expected))] == expected
        assert board.proof(road.cli, 3) == board.proof(road, 3) == derived.proof(3) == expected[2]
        every += expected
    assert list(board.proofs()) == every


def test_mark_proof_is_the_readme_one_liner() -> None:
    board = Scoreboard.from_results("BPPPB")
    assert board.big_eye_boy[0].proof().text == board.proof("big_eye_boy", 1).text
    assert board.big_eye_boy[0].proof().text.startswith("Column 2 continues to row 2, so Rule 2 applies")


def test_a_mark_made_by_hand_has_no_board_to_prove_it() -> None:
    mark = Scoreboard.from_results("BPPPB").big_eye_boy[0]
    copy = type(mark)(mark.road, mark.mark, mark.color, mark.rule, mark.column, mark.row, mark.x, mark.y)
    assert copy == mark
    with pytest.raises(RoadError, match="not read from a board"):
        copy.proof()


def test_a_mark_copies_without_its_board() -> None:
    board = Scoreboard.from_results("BPPPBBPBPPPB" * 100)
    mark = board.small_road[5]
    assert dataclasses.asdict(mark)["on"] is board.small_road
    assert copy.deepcopy(mark) == mark and copy.deepcopy(mark).proof() == mark.proof()


def test_proof_of_a_missing_mark_is_a_road_error() -> None:
    with pytest.raises(RoadError, match="has no marks yet"):
        Scoreboard.from_results("BP").proof("small-road", 1)
    with pytest.raises(RoadError, match="unknown road 'pig'"):
        Scoreboard.from_results("BPPPB").proof("pig", 1)


# -- reprs and str ---------------------------------------------------------------


@pytest.mark.parametrize("results", ["", "B", "BPPT", "T" * 3 + "BP" * 18])
def test_repr_of_a_short_board_is_the_call_that_rebuilds_it(results: str) -> None:
    board = Scoreboard.from_results(results)
    text = repr(board)
    rebuilt = eval(text, {"Scoreboard": Scoreboard})
    assert [o.winner for o in rebuilt.bead_plate.outcomes] == [o.winner for o in board.bead_plate.outcomes]


def test_repr_of_a_long_board_is_cut_and_counts_its_coups() -> None:
    results = "BPPT" * 300
    text = repr(Scoreboard.from_results(results))
    assert text.startswith("Scoreboard.from_results('BPPTBPPT") and "…" in text
    assert text.endswith("…TBPPT')  # 1,200 coups")
    assert len(text) < 100


def test_str_of_a_board_is_its_terminal_grids() -> None:
    board = Scoreboard.from_results(RESULTS)
    assert str(board) == show(board).rstrip("\n")
    assert str(board).startswith("Bead Plate · 20 coups")


def test_reprs_of_marks_beads_coups_and_proofs_read_well() -> None:
    board = Scoreboard.from_results("BPPPB")
    assert repr(board.big_eye_boy[0]) == (
        "Mark(road=Road.BIG_EYE_BOY, mark=1, color=Color.BLUE, rule=2, column=2, row=2, x=1, y=1)"
    )
    assert repr(board.big_road[1]) == "Bead(coup=2, winner=Winner.PLAYER, column=2, row=1, x=2, y=1, ties=0)"
    coup = resolve("3 6 K K 6 2")
    assert repr(coup) == "<Coup 3 6 K K 6 2: Player 9, Banker 8, Player wins>"
    assert repr(resolve("9 2 K 3")) == "<Coup 9 2 K 3: Player 9, Banker 5, Player wins>"
    assert repr(board.proof("big-eye-boy", 1)) == "<Proof Big Eye Boy mark 1: blue, Rule 2, column 2 row 2>"
    assert (
        repr(Color.RED) == "Color.RED" and repr(Winner.TIE) == "Winner.TIE" and repr(Road.BIG_ROAD) == "Road.BIG_ROAD"
    )


def test_a_bead_repr_names_its_pairs_and_natural() -> None:
    board = Scoreboard()
    board.add(Outcome(Winner.BANKER, banker_pair=True, natural=True))
    assert repr(board.big_road[0]).endswith("ties=0, banker_pair=True, natural=True)")


# -- resolve ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        "3 6 K K 6 2",
        "3,6,K,K,6,2",
        " 3, 6 ,K K,6 2 ",
        ["3", "6", "K", "K", "6", "2"],
        ("3", "6", "K", "K", "6", "2"),
        [Card("3"), Card("6"), Card("K"), Card("K"), Card("6"), Card("2")],
        ["3", Card("6"), "k", "K", "6", "2"],
    ],
)
def test_resolve_takes_a_string_tokens_or_cards(cards: str | list[str | Card]) -> None:
    coup = resolve(cards)
    assert coup.player == (Card("3"), Card("K"), Card("6"))
    assert coup.banker == (Card("6"), Card("K"), Card("2"))
    assert coup.winner is Winner.PLAYER


def test_resolve_keeps_suits_and_names_a_bad_card_by_place() -> None:
    assert str(resolve("3h 6s kd qc 6c 2d").player[0]) == "3H"
    with pytest.raises(CardError, match=r"^card 3: 'Z' is not a card"):
        resolve("3 6 Z K 6 2")
    with pytest.raises(CardError, match=r"^card 2: 6 is not a card"):
        resolve(["3", 6, "K", "K"])  # type: ignore[list-item]


# -- road names -----------------------------------------------------------------------


@pytest.mark.parametrize("spelling", ["big_eye_boy", "big-eye-boy", "Big Eye Boy", "BIG_EYE_BOY", " big  eye-boy "])
def test_road_parses_any_spelling(spelling: str) -> None:
    assert Road.parse(spelling) is Road.BIG_EYE_BOY
    assert Road.parse(spelling, derived=True) is Road.BIG_EYE_BOY


def test_road_knows_its_spellings_title_and_offset() -> None:
    assert [(r.value, r.cli, r.title, r.derived) for r in Road] == [
        ("bead_plate", "bead-plate", "Bead Plate", False),
        ("big_road", "big-road", "Big Road", False),
        ("big_eye_boy", "big-eye-boy", "Big Eye Boy", True),
        ("small_road", "small-road", "Small Road", True),
        ("cockroach_pig", "cockroach-pig", "Cockroach Pig", True),
    ]
    assert [r.k for r in Road if r.derived] == [1, 2, 3]
    board = Scoreboard()
    assert [board.road(r).k for r in Road if r.derived] == [1, 2, 3]
    assert str(Road.BIG_EYE_BOY) == "big_eye_boy" and f"{Road.SMALL_ROAD}" == "small_road"
    assert {"big_eye_boy": 1}[Road.BIG_EYE_BOY] == 1
    with pytest.raises(RoadError, match="no offset"):
        _ = Road.BIG_ROAD.k


def test_an_unknown_road_lists_the_valid_ones() -> None:
    with pytest.raises(RoadError) as err:
        Road.parse("pig")
    assert (
        str(err.value)
        == "unknown road 'pig': choose one of bead-plate, big-road, big-eye-boy, small-road, cockroach-pig"
    )
    with pytest.raises(RoadError) as err:
        Road.parse("big road", derived=True)
    assert str(err.value) == "big-road has no marks to explain: choose one of big-eye-boy, small-road, cockroach-pig"
    with pytest.raises(RoadError, match="choose one of big-eye-boy"):
        Scoreboard().road("bead plate")


@pytest.mark.slow
def test_the_cli_lists_the_valid_roads_too(tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text(RESULTS, encoding="utf-8")
    for command in (["show", str(log), "--road", "pig"], ["explain", str(log), "--road", "pig"]):
        done = subprocess.run(
            [sys.executable, "-m", "roads", *command], capture_output=True, text=True, check=False, timeout=60
        )
        assert done.returncode == 2
        assert "unknown road 'pig': choose one of" in done.stderr and "cockroach-pig" in done.stderr


# -- the top-level package --------------------------------------------------------------


def test_every_name_in_all_is_there() -> None:
    for name in roads.__all__:
        assert getattr(roads, name) is not None, name
    assert set(roads.__all__) <= set(dir(roads))
    assert roads.Scoreboard is Scoreboard and roads.Road is Road
    with pytest.raises(AttributeError):
        _ = roads.no_such_thing


def test_all_lists_board_roads_marks_proofs_colours_engine_rendering_odds_and_errors() -> None:
    wanted = {
        "Scoreboard",
        "Road",
        "BigRoad",
        "DerivedRoad",
        "Mark",
        "Bead",
        "Proof",
        "Color",
        "resolve",
        "Coup",
        "Card",
        "deal_shoe",
        "RenderOptions",
        "THEMES",
        "exact_odds",
        "RoadsError",
        "RoadError",
        "LogError",
        "RenderError",
    }
    assert wanted <= set(roads.__all__)


@pytest.mark.slow
def test_import_roads_stays_light() -> None:
    code = (
        "import json, sys\nimport roads\nfrom roads import Scoreboard\n"
        "Scoreboard.from_results('BPPPB').big_eye_boy[0].proof()\nprint(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    heavy = ("svgwrite", "PIL", "pydantic", "numpy", "roads.render", "roads.scene", "roads.lesson", "roads.terminal")
    # The option table (and the theme names it offers) is read by help(board.svg): not the layout, not a drawing.
    table = {"roads.scene", "roads.scene.options", "roads.scene.themes"}
    loaded = sorted(set(json.loads(done.stdout)) - table)
    assert [m for m in loaded if any(m == h or m.startswith(h + ".") for h in heavy)] == []
