"""The smaller defects of issue 11: each fails on v0.1.0 and holds now.

Lesson notes after a form feed or U+2028 landed on the wrong coups
(``str.splitlines``); duplicate JSON keys were accepted with opposite rules at
two levels; ``"player_total": true`` read as 1; ``B[bbbb`` never closed was
reported at coup 2; ``odds --after`` on a folder exited 2 where every other
command exits 1; right-to-left characters from shoe ids reached file names; a
looping symbolic link given as output was replaced.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from roads.cli import main
from roads.errors import LogError, OutputError
from roads.files import atomic_write, safe_stem
from roads.lesson.page import line_notes
from roads.logs import read_outcomes


@pytest.mark.parametrize("breaker", ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_notes_stay_on_their_lines_whatever_the_line_holds(breaker: str) -> None:
    text = f"# intro{breaker}more\nB # first{breaker}note\nP # second\n"
    header, notes = line_notes(text)
    assert header == (f"intro{breaker}more",)
    assert notes == {2: f"first{breaker}note", 3: "second"}


def test_lesson_page_puts_each_note_beside_its_coup(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("B # one\fstill one\nP # two\nB # three\n")
    assert main(["lesson", str(log), "-o", str(tmp_path / "page.html")]) == 0
    page = (tmp_path / "page.html").read_text()
    rows = {n: page[page.index(f'<tr id="coup-{n}"') :].split("</tr>", 1)[0] for n in (1, 2, 3)}
    assert "still one" in rows[1] and ">two<" in rows[2] and ">three<" in rows[3]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"coups": [{"winner": "banker"}], "coups": [{"winner": "player"}]}', "coups"),
        ('{"seed": 1, "seed": 2, "coups": [{"winner": "banker"}]}', "seed"),
        ('[{"winner": "banker", "winner": "player"}]', "winner"),
        ('{"winner": "banker", "winner": "player"}', "winner"),
    ],
)
def test_a_duplicate_key_is_refused_at_every_level(text: str, key: str) -> None:
    with pytest.raises(LogError, match=f'the key "{key}" appears twice') as caught:
        read_outcomes(io.StringIO(text), "json")
    assert caught.value.line == 1


def test_a_duplicate_key_in_json_lines_is_refused() -> None:
    with pytest.raises(LogError, match='the key "winner" appears twice') as caught:
        read_outcomes(io.StringIO('{"winner": "banker"}\n{"winner": "banker", "winner": "tie"}\n'), "jsonl")
    assert caught.value.line == 2


@pytest.mark.parametrize(
    "coup",
    [
        {"winner": "player", "player_total": True},
        {"winner": "banker", "cards": True},
        {"winner": "banker", "natural": 1},
        {"cards": ["3", "6", "K", "K", "6", "2"], "player_total": True},
    ],
)
def test_booleans_are_not_numbers_nor_numbers_booleans(coup: dict[str, object]) -> None:
    with pytest.raises(LogError, match="valid"):
        read_outcomes(io.StringIO(json.dumps([coup])))


@pytest.mark.parametrize(("text", "coup"), [("B[bbbb", 1), ("B P B[bb", 3), ("BPPB[b", 4), ("P T[", 2)])
def test_an_unclosed_marker_group_is_reported_at_its_own_coup(text: str, coup: int) -> None:
    with pytest.raises(LogError, match="is never closed") as caught:
        read_outcomes(io.StringIO(text))
    assert caught.value.coup == coup


def test_odds_after_a_folder_exits_1_as_every_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for command in (["odds", "--after"], ["build"], ["check"], ["show"]):
        assert main([*command, str(tmp_path)]) == 1
        assert capsys.readouterr().err == f"roads: error: {tmp_path}: is a folder, not a log\n"


@pytest.mark.parametrize(
    ("shoe", "stem"),
    [
        ("abc\u202edcba", "abc_dcba"),
        ("\u2067x\u2069", "_x_"),
        ("a/b\\c", "a_b_c"),
        ("zero\u200bwidth", "zero_width"),
        (".hidden", "_hidden"),
        ("..", ""),
        ("牌靴 7", "牌靴_7"),
        ("-n", "-n"),
    ],
)
def test_file_names_from_shoe_ids_keep_only_safe_characters(shoe: str, stem: str) -> None:
    assert safe_stem(shoe) == stem


def test_rendered_shoe_names_hold_no_direction_marks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "shoes.jsonl"
    log.write_text(json.dumps({"shoe": "gvs.\u202egpj", "results": "BP"}) + "\n" + '{"shoe": 2, "results": "P"}\n')
    assert main(["render", str(log), "-d", str(tmp_path / "out")]) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["2.svg", "gvs._gpj.svg"]
    assert all(name.isprintable() and name.isascii() for name in names)


def test_a_looping_link_given_as_output_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    loop = tmp_path / "loop.svg"
    loop.symlink_to(tmp_path / "loop.svg")
    with pytest.raises(OutputError, match="a symbolic link that loops"):
        atomic_write(loop, "<svg/>")
    log = tmp_path / "shoe.txt"
    log.write_text("BPB")
    assert main(["render", str(log), "-o", str(loop)]) == 1
    assert loop.is_symlink() and str(loop.readlink()) == str(loop)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.svg", "shoe.txt"]
