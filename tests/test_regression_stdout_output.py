"""``-o -`` and ``/dev/stdout`` write the stream the shell gave; status lines keep out of the data (defect 7).

On v0.1.0 ``roads deal --seed 1 -o /dev/stdout >> all.txt`` replaced
``all.txt`` (the file was renamed over), and with stdout a pipe ``render``,
``lesson`` and ``drill`` printed "wrote /dev/stdout" into the data: a piped
SVG failed to parse, a PNG had bytes after IEND.
"""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

ROADS = [sys.executable, "-m", "roads"]


def roads(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*ROADS, *args], cwd=cwd, capture_output=True, timeout=120, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("target", ["/dev/stdout", "-", "/dev/fd/1"])
def test_appending_through_stdout_appends(tmp_path: Path, target: str) -> None:
    all_txt = tmp_path / "all.txt"
    all_txt.write_text("# kept\n")
    deal = f"{' '.join(ROADS)} deal -o {target} --seed"
    shell = f"{deal} 1 >> all.txt && {deal} 2 >> all.txt"
    done = subprocess.run(shell, shell=True, cwd=tmp_path, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    one = roads("deal", "--seed", "1", cwd=tmp_path).stdout.decode()
    two = roads("deal", "--seed", "2", cwd=tmp_path).stdout.decode()
    assert all_txt.read_text() == "# kept\n" + one + two
    assert all_txt.is_file() and not all_txt.is_symlink()


@pytest.mark.parametrize("target", ["/dev/stdout", "-"])
def test_a_piped_picture_is_only_the_picture(tmp_path: Path, target: str) -> None:
    (tmp_path / "shoe.txt").write_text("BPPBTBPPPBBBPB")
    svg = roads("render", "shoe.txt", "-o", target, "--format", "svg", cwd=tmp_path)
    assert svg.returncode == 0 and ET.fromstring(svg.stdout).tag.endswith("svg")
    assert svg.stderr.decode() == f"wrote {target}\n"
    png = roads("render", "shoe.txt", "-o", target, "--format", "png", cwd=tmp_path)
    assert png.returncode == 0 and png.stdout.endswith(b"IEND\xaeB`\x82")
    assert Image.open(io.BytesIO(png.stdout)).size[0] > 100


@pytest.mark.parametrize("command", [["lesson", "shoe.txt"], ["drill", "--seed", "3", "--format", "html"]])
def test_a_piped_page_is_only_the_page(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "shoe.txt").write_text("BPPBTBPPPBBBPB")
    done = roads(*command, "-o", "/dev/stdout", cwd=tmp_path)
    assert done.returncode == 0
    page = done.stdout.decode()
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    HTMLParser().feed(page)
    assert "wrote" not in page and done.stderr.decode() == "wrote /dev/stdout\n"


@pytest.mark.slow
def test_status_stays_on_stdout_for_a_file(tmp_path: Path) -> None:
    (tmp_path / "shoe.txt").write_text("BPPB")
    done = roads("render", "shoe.txt", "-o", "board.svg", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"wrote board.svg\n", b"")
