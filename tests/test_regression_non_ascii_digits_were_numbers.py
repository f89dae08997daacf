"""Arabic-Indic and full-width digits are not numbers to roads, in a log or an option (issue 24, item 14).

Before, ``player_total`` cells of an Arabic-Indic or full-width three, ``--coups`` of Arabic-Indic
two-three and ``--decks`` of an Arabic-Indic eight were read as 3, 2-3 and 8 (``int()`` and ``\\d``
take every Unicode digit), and a sheet's shoe of an Arabic-Indic one became shoe 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run


@pytest.mark.parametrize("digit", ["\u0663", "\uff13", "\u06f3"])
def test_a_total_in_other_digits_is_refused(digit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.csv"
    log.write_text(f"coup,result,player_total,banker_total\n1,B,{digit},5\n", encoding="utf-8")
    status, out, err = run(capsys, "build", str(log))
    assert (status, out) == (1, "")
    assert err == f"roads: error: {log}, line 2, coup 1: player_total '{digit}' is not a total from 0 to 9\n"


@pytest.mark.parametrize(
    ("option", "value"), [("--coups", "\u0662-\u0663"), ("--coups", "\uff11"), ("--decks", "\u0668")]
)
def test_an_option_in_other_digits_is_refused(
    option: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("BPBPB\n", encoding="utf-8")
    argv = ["build", str(log), option, value] if option == "--coups" else ["odds", option, value]
    status, out, _ = run(capsys, *argv)
    assert (status, out) == (2, "")


def test_a_shoe_cell_in_other_digits_stays_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoes.csv"
    log.write_text("shoe,coup,result\n\u0661,1,B\n2,1,P\n", encoding="utf-8")
    status, out, _ = run(capsys, "convert", str(log), "--to", "jsonl")
    assert status == 0
    assert out.splitlines()[0].startswith('{"shoe": "\u0661"')
