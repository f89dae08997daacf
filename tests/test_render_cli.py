"""``roads render`` and ``roads demo``: pictures from logs, batches on all cores, one-line errors, no partial files."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ROOT, run
from PIL import Image

from roads.cli.app import cli
from roads.cli.demo import DEMO_SEED, demo_pictures

DOCS_IMAGES = ROOT / "docs" / "images"


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """A results log of a short shoe with ties, a long streak and some alternation."""
    path = tmp_path / "shoe.txt"
    path.write_text("T B P P P B T B B B B B B B P T P B P\n")
    return path


def leftovers(folder: Path) -> list[str]:
    """Return the temporary files an interrupted write would leave."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".part")]


def test_render_svg_and_png(capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "render", str(log), "-o", str(tmp_path / "board.svg"))
    assert (status, out) == (0, f"wrote {tmp_path / 'board.svg'}\n")
    root = ET.parse(tmp_path / "board.svg").getroot()
    assert sum(1 for el in root.iter() if el.get("data-road") == "big-road") == 16
    status, _, _ = run(
        capsys,
        "render",
        str(log),
        "-o",
        str(tmp_path / "board.png"),
        "--theme",
        "dark",
        "--last",
        "5",
        "--scale",
        "2",
        "--highlight",
        "big-eye-boy:2",
        "--road",
        "scoreboard",
    )
    assert status == 0
    with Image.open(tmp_path / "board.png") as picture:
        assert picture.format == "PNG" and picture.mode == "RGB" and picture.width > 400


def test_format_option_names_the_kind_when_the_name_does_not(
    capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path
) -> None:
    assert run(capsys, "render", str(log), "-o", str(tmp_path / "board"), "--format", "png")[0] == 0
    with Image.open(tmp_path / "board") as picture:
        assert picture.format == "PNG"
    status, _, err = run(capsys, "render", str(log), "-o", str(tmp_path / "x.png"), "--format", "svg")
    assert status == 2 and "Invalid value for '-o' / '--output': " in err and "ends in .png but --format is svg" in err


def test_log_from_standard_input(tmp_path: Path) -> None:
    out = tmp_path / "stdin.svg"
    result = CliRunner().invoke(cli, ["render", "-", "-o", str(out), "--road", "big-road"], input="B P P B\n")
    assert result.exit_code == 0, result.output
    assert out.read_text().count('data-road="big-road"') == 4


@pytest.mark.slow
def test_batch_writes_one_picture_per_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    logs = []
    for i in range(5):
        path = tmp_path / f"shoe{i}.txt"
        path.write_text("BPPB" * (i + 1))
        logs.append(str(path))
    folder = tmp_path / "out" / "deeper"
    status, out, err = run(capsys, "render", *logs, "-d", str(folder), "--format", "png", "-j", "2")
    assert status == 0, err
    assert out == f"wrote 5 pictures to {folder}\n"
    assert sorted(p.name for p in folder.iterdir()) == [f"shoe{i}.png" for i in range(5)]
    assert "log/s" not in err and "%" not in err, "no progress bar when stderr is not a terminal"


def test_batch_reports_each_bad_log_and_keeps_the_good_ones(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("BPPPB")
    bad.write_text("B P X")
    status, _out, err = run(capsys, "render", str(good), str(bad), "-d", str(tmp_path / "out"), "-j", "1")
    assert status == 1
    assert (tmp_path / "out" / "good.svg").exists() and not (tmp_path / "out" / "bad.svg").exists()
    lines = err.splitlines()
    assert lines[-1] == "1 of 2 shoes written (1 failed: see above)"
    assert any(str(bad) in line for line in lines[:-1])


def test_batch_gives_two_logs_with_one_stem_two_reported_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder, results in (("a", "BP"), ("b", "PPB")):
        (tmp_path / folder / "shoe.txt").write_text(results)
    out = tmp_path / "out"
    status, stdout, err = run(
        capsys, "render", str(tmp_path / "a/shoe.txt"), str(tmp_path / "b/shoe.txt"), "-d", str(out)
    )
    assert (status, stdout) == (0, f"wrote 2 pictures to {out}\n")
    assert (
        err == f"roads: note: {tmp_path / 'b/shoe.txt'} is drawn to {out / 'shoe-2.svg'}: {out / 'shoe.svg'} is taken\n"
    )
    assert sorted(p.name for p in out.iterdir()) == ["shoe-2.svg", "shoe.svg"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--road", "big-raod"], "unknown road 'big-raod': choose one of scoreboard, bead-plate, big-road"),
        (["--theme", "neon"], "unknown theme 'neon': choose one of classic, dark, print"),
        (["--highlight", "bead-plate:1"], "cannot highlight 'bead-plate'"),
        (["--last", "0"], "last must be from 1 to 10000 columns, got 0"),
    ],
)
def test_bad_option_values_are_usage_errors_and_write_nothing(
    capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "board.png"
    status, stdout, err = run(capsys, "render", str(log), "-o", str(out), *args)
    assert status == 2 and stdout == ""
    assert f"Invalid value for '{args[0]}': " in err and words in err
    assert not out.exists() and not leftovers(tmp_path)


def test_a_mark_the_shoe_has_not_made_is_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path
) -> None:
    out = tmp_path / "board.png"
    status, stdout, err = run(capsys, "render", str(log), "-o", str(out), "--highlight", "big-eye-boy:99")
    assert status == 1 and stdout == ""
    assert err.count("\n") == 1 and err.startswith("roads: error: ")
    assert "Big Eye Boy has 14 marks: there is no mark 99" in err
    assert not out.exists() and not leftovers(tmp_path)


@pytest.mark.parametrize(
    ("name", "words", "status"),
    [
        ("board.gif", "cannot write .gif pictures", 2),
        ("board", "cannot tell the format of", 2),
        ("missing/board.svg", "folder", 1),
        ("log-is-a-file/board.svg", "folder", 1),
    ],
)
def test_bad_outputs_are_one_line_and_write_nothing(
    capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path, name: str, words: str, status: int
) -> None:
    (tmp_path / "log-is-a-file").write_text("not a folder")
    code, _, err = run(capsys, "render", str(log), "-o", str(tmp_path / name))
    assert code == status and words in err
    # A name that is no picture is bad usage (click's usage text); a folder that fails is one error line.
    assert ("Usage: roads render" in err) if status == 2 else (err.count("\n") == 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log-is-a-file", "shoe.txt"]


def test_unwritable_folder_leaves_the_old_picture_alone(
    capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "board.svg"
    out.write_text("the old picture")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("roads.files.os.replace", refuse)
    status, _, err = run(capsys, "render", str(log), "-o", str(out))
    assert status == 1 and "cannot write" in err and "Permission denied" in err
    assert out.read_text() == "the old picture" and not leftovers(tmp_path)


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], log: Path, tmp_path: Path) -> None:
    assert run(capsys, "render", str(log))[0] == 2
    assert run(capsys, "render", str(log), str(log), "-o", str(tmp_path / "x.svg"))[0] == 2
    assert run(capsys, "render", str(log), "-o", "x.svg", "-d", str(tmp_path))[0] == 2
    assert run(capsys, "render", str(log), "-o", "x.svg", "--format", "gif")[0] == 2


@pytest.mark.slow
def test_demo_writes_both_pictures_and_says_where(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "demo", "--dir", str(tmp_path))
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith(f"8-deck shoe, seed {DEMO_SEED}: ")
    assert lines[-3].startswith("Banker ")
    assert lines[-2:] == [f"wrote {tmp_path / 'scoreboard.svg'}", f"wrote {tmp_path / 'scoreboard.png'}"]
    assert ET.parse(tmp_path / "scoreboard.svg").getroot().get("class") == "roads"


@pytest.mark.slow
def test_docs_images_are_what_the_demo_draws(tmp_path: Path) -> None:
    """docs/images/scoreboard.* are regenerated with `roads demo --dir docs/images`; this keeps them fresh."""
    svg_path, png_path = demo_pictures(DEMO_SEED, tmp_path)
    assert (DOCS_IMAGES / "scoreboard.svg").read_bytes() == svg_path.read_bytes()
    with Image.open(DOCS_IMAGES / "scoreboard.png") as committed, Image.open(io.BytesIO(png_path.read_bytes())) as made:
        assert (committed.size, committed.mode) == (made.size, made.mode)
        assert committed.tobytes() == made.tobytes()


DOC_PICTURES = {
    "scoreboard-dark.png": ["--theme", "dark", "--last", "24", "--scale", "2"],
    "scoreboard-print.png": ["--theme", "print", "--last", "24", "--scale", "2"],
    "highlight.png": ["--highlight", "small-road:66", "--last", "24", "--scale", "2"],
    "big-road.png": ["--road", "big-road", "--last", "16", "--naturals", "--scale", "2"],
}
"""The other pictures of docs/rendering.md: ``roads render docs/images/demo-shoe.txt -o docs/images/NAME ARGS``."""


@pytest.mark.parametrize("name", list(DOC_PICTURES))
@pytest.mark.slow
def test_docs_pictures_are_what_the_commands_draw(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(
        capsys, "render", str(DOCS_IMAGES / "demo-shoe.txt"), "-o", str(tmp_path / name), *DOC_PICTURES[name]
    )
    assert status == 0, err
    with Image.open(DOCS_IMAGES / name) as committed, Image.open(tmp_path / name) as made:
        assert (committed.size, committed.mode) == (made.size, made.mode)
        assert committed.tobytes() == made.tobytes(), f"regenerate docs/images/{name} (docs/rendering.md)"
