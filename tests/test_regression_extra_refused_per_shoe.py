"""Regression: a missing extra was refused in two forms, once per shoe, and left an empty folder behind.

`roads render shoes.jsonl -d pdfs --format pdf` on a plain install made the
folder `pdfs`, then said "PDF output needs fpdf2" once for every shoe, and
`roads serve` said "Error: ..." where every other refusal says "roads: error:
...". Each command now asks roads.extras before it makes or reads anything:
one line, in one form, naming the extra, and no folder left.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT, run

from roads.extras import EXTRAS, Extra

ARCHIVE = ROOT / "fixtures" / "archives" / "month.jsonl"


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every extra missing, as on a plain install."""
    monkeypatch.setattr(Extra, "installed", lambda self: False)


def one_refusal(status: int, err: str, extra: str) -> None:
    assert status == 1
    assert err == f"roads: error: {EXTRAS[extra].message}\n"


def test_render_refuses_pdf_once_and_makes_no_folder(
    plain: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "render", str(ARCHIVE), "-d", str(tmp_path / "pdfs"), "--format", "pdf")
    one_refusal(status, err, "pdf")
    assert out == "" and not (tmp_path / "pdfs").exists()


def test_render_refuses_a_pdf_name_before_reading(
    plain: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "render", str(tmp_path / "missing.txt"), "-o", str(tmp_path / "board.pdf"))
    one_refusal(status, err, "pdf")


def test_serve_refuses_in_the_same_form(plain: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "serve", "--data", str(tmp_path / "tables"))
    one_refusal(status, err, "serve")
    assert not (tmp_path / "tables").exists()


def test_every_extra_names_its_install_line() -> None:
    for name, extra in EXTRAS.items():
        assert f"pip install 'roads[{name}]'" in extra.message
