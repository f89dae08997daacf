"""The PDF back-end: the same scene as the SVG and PNG, as vector paths and embedded fonts.

Snapshots hold the PDF's structure (page size, paths painted, text runs), not
its bytes; poppler (pdftotext, pdftoppm) reads it back as a person's viewer would.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from helpers import IN_CI
from PIL import Image, ImageChops, ImageStat

from roads import Scoreboard
from roads.cli import main
from roads.errors import RenderError
from roads.render import fonts, render, save_scene, scene_bytes
from roads.render.png import scene_png
from roads.scene import lay_out
from roads.scene.primitives import Grid, Text, Use, walk
from roads.shoe import deal_shoe

TITLE = "Table 7, shoe 3 — Café 庄闲"


def _poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        if IN_CI:
            pytest.fail(f"{tool} is missing: .ci/run installs poppler-utils")
        pytest.skip(f"{tool} is missing: apt-get install poppler-utils")
    return found


@pytest.fixture(scope="module")
def board() -> Scoreboard:
    return Scoreboard.from_outcomes(deal_shoe(8, seed=11).coups[:50])


def _content(pdf: bytes) -> str:
    """Return the page's drawing operators (the first stream that inflates to drawing commands)."""
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            text = zlib.decompress(raw).decode("latin-1")
        except zlib.error:
            continue
        if " re " in text or " Tj" in text:
            return text
    raise AssertionError("no page content stream")


def structure(pdf: bytes) -> dict[str, Any]:
    """Return what a PDF draws: page size in points, paths painted by operator, text runs, embedded fonts."""
    content = _content(pdf)
    box = re.search(rb"/MediaBox ?\[([^\]]*)\]", pdf)
    assert box is not None
    painted = re.findall(r" (f|S|B)\*? Q Q", content)
    return {
        "page": [float(v) for v in box.group(1).split()][2:],
        "fills": painted.count("f"),
        "strokes": painted.count("S"),
        "fill_strokes": painted.count("B"),
        "text_runs": content.count(" Tj"),
        "embedded_fonts": len(re.findall(rb"/FontFile[23]?\b", pdf)),
    }


def _expected(scene: Any) -> tuple[int, int]:
    """Return (paths, text runs) the scene asks for: every shape once per placement, plus the background."""
    symbols = {s.id: s.shapes for s in scene.symbols}
    shapes = [s for item in walk(scene.items) for s in (symbols[item.symbol] if isinstance(item, Use) else (item,))]
    paths = sum(1 for s in shapes if not isinstance(s, Text) and not (isinstance(s, Grid) and s.columns < 2 > s.rows))
    runs = 0
    for s in shapes:
        if isinstance(s, Text):
            runs += len(fonts.runs(s.text)) * (2 if s.halo else 1)
    return paths + 1, runs


def test_the_pdf_draws_every_shape_and_every_run_of_the_scene(board: Scoreboard) -> None:
    scene = lay_out(board, title=TITLE, highlight="big-eye-boy:3")
    found = structure(scene_bytes(scene, "pdf"))
    paths, runs = _expected(scene)
    assert found["fills"] + found["strokes"] + found["fill_strokes"] == paths
    assert found["text_runs"] == runs
    # Aileron, DejaVu Sans (the dash, the é) and Noto Sans CJK (庄闲), each embedded once.
    assert found["embedded_fonts"] == 3


@pytest.mark.slow
def test_page_size_follows_cell_and_width(board: Scoreboard) -> None:
    scene = lay_out(board)
    assert structure(scene_bytes(scene, "pdf"))["page"] == [scene.width * 0.75, scene.height * 0.75]
    assert structure(scene_bytes(scene, "pdf", cell=48))["page"] == [scene.width * 1.5, scene.height * 1.5]
    assert structure(scene_bytes(scene, "pdf", width=600))["page"][0] == pytest.approx(450)


@pytest.mark.parametrize("theme", ["classic", "dark", "print"])
def test_snapshot_structure(board: Scoreboard, theme: str, snapshot: Any) -> None:
    assert structure(render(board, "pdf", theme=theme, title=TITLE, highlight="small-road:4")) == snapshot


@pytest.mark.slow
def test_same_scene_same_bytes(board: Scoreboard) -> None:
    assert render(board, "pdf", title=TITLE) == render(board, "pdf", title=TITLE)


@pytest.mark.slow
def test_the_text_reads_back(board: Scoreboard, tmp_path: Path) -> None:
    pdftotext = _poppler("pdftotext")
    path = tmp_path / "board.pdf"
    path.write_bytes(render(board, "pdf", title=TITLE, labels="zh"))
    text = subprocess.run([pdftotext, str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert TITLE in text and "局数" in text and "庄对" in text
    info = subprocess.run([_poppler("pdfinfo"), str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Title:\s+Table 7, shoe 3 — Café 庄闲", info)


@pytest.mark.slow
def test_a_pdf_renderer_draws_what_the_png_back_end_draws(board: Scoreboard, tmp_path: Path) -> None:
    """poppler at 96 dpi gives the picture's own pixels: the two agree but for anti-aliasing."""
    pdftoppm = _poppler("pdftoppm")
    scene = lay_out(board, title=TITLE, theme="dark", highlight="big-eye-boy:3")
    (tmp_path / "b.pdf").write_bytes(scene_bytes(scene, "pdf"))
    subprocess.run(
        [pdftoppm, "-png", "-r", "96", "-singlefile", str(tmp_path / "b.pdf"), str(tmp_path / "b")], check=True
    )
    with Image.open(tmp_path / "b.png") as read:
        poppler = read.convert("RGB")
    ours = Image.open(io.BytesIO(scene_png(scene))).convert("RGB")
    assert poppler.size == ours.size
    diff = ImageStat.Stat(ImageChops.difference(poppler, ours)).mean
    assert max(diff) < 6, f"mean difference per channel {diff}"


def test_without_fpdf2_the_error_says_what_to_install(board: Scoreboard, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fpdf", None)
    with pytest.raises(RenderError, match=r"pip install 'roads\[pdf\]'"):
        render(board, "pdf")


@pytest.mark.slow
def test_the_cli_writes_a_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("B P P B T B B P\n")
    assert main(["render", str(log), "-o", str(tmp_path / "b.pdf"), "--theme", "print"]) == 0
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF-")
    assert main(["render", str(log), "-o", str(tmp_path / "b.out"), "--format", "pdf"]) == 0
    assert (tmp_path / "b.out").read_bytes().startswith(b"%PDF-")
    capsys.readouterr()


def test_other_figures_go_to_pdf_too(tmp_path: Path) -> None:
    from roads.scene.hand import hand_scene

    coup = deal_shoe(8, seed=3).coups[0]
    path = save_scene(hand_scene(coup), tmp_path / "hand.pdf")
    assert structure(path.read_bytes())["text_runs"] > 0
