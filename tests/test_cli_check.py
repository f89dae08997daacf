"""``roads check``: exit 0 and one summary line when clean, 1 and one line per broken coup otherwise."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from helpers import FIXTURES, ROOT, run

from roads.cli import main
from roads.cli.app import cli


def test_clean_log_exits_0_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(FIXTURES / "cards.txt"))
    assert (code, err) == (0, "")
    assert out == f"{FIXTURES / 'cards.txt'}: 6 coups (cards), every one follows the drawing rules\n"


def test_broken_log_exits_1_with_a_line_per_broken_coup(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "broken-cards.txt"
    code, out, err = run(capsys, "check", str(path))
    lines = out.splitlines()
    assert code == 1 and err == "" and len(lines) == 7
    assert lines[0] == (
        f"{path}, line 3, coup 2: Banker 6 must stand (Player stood, so Banker draws on 0-5 "
        "and stands on 6-7) but drew 2 [cards: 7 6 K K 2]"
    )
    assert lines[-1] == f"{path}: 7 coups (cards), 6 break a rule"


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(FIXTURES / "broken-cards.txt"), "--json")
    data = json.loads(out)
    assert code == 1 and data["clean"] is False and data["coups"] == 7
    assert [b["coup"] for b in data["broken"]] == [2, 3, 4, 5, 6, 7]
    assert data["broken"][0]["problems"][0]["rule"] == "banker"
    code, out, _ = run(capsys, "check", str(FIXTURES / "results.txt"), "--json")
    assert code == 0 and json.loads(out)["with_cards"] == 0


def test_stdin_and_forced_format(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"3 6 K K 6 2\n5 3 K K 8\n")))
    code, out, _ = run(capsys, "check", "-", "--from", "stream")
    assert code == 0 and out.startswith("<stdin>: 2 coups (stream)")


def test_cut_stream_warns_on_stderr_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(FIXTURES / "stream-cut.txt"))
    assert code == 1 and "2 coups (stream)" in out
    assert err.startswith("roads: warning: ") and "coup 3: the stream ends in the middle" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "no coups: the log is empty"),
        (b"3 6 K K 6 2\n3 6 K Z\n", "line 2, column 7, coup 2: 'Z' is not a card"),
        (b"B P \xff\n", "line 1, column 5: bytes that are not UTF-8 (ff)"),
        (b"BPPT\nBBXP\n", "line 2, column 3, coup 7: 'X' in 'BBXP' is not a result"),
    ],
)
def test_bad_input_exits_1_with_one_line_and_no_traceback(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.txt"
    path.write_bytes(content)
    code, out, err = run(capsys, "check", str(path))
    assert code == 1 and out == "" and err.startswith(f"roads: error: {path}")
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(tmp_path / "nope.txt"))
    assert code == 1 and err == f"roads: error: {tmp_path / 'nope.txt'}: no such file\n"


@pytest.mark.parametrize("args", [[], ["x", "--from", "xml"], ["x", "--nope"]])
def test_bad_usage_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", *args)
    assert code == 2 and "Usage:" in err


def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--help")
    assert code == 0 and "Examples:" in out and "roads check shoe.txt" in out


def test_regression_ctx_exit_status_is_returned_by_main(capsys: pytest.CaptureFixture[str]) -> None:
    """Without standalone mode click returns ctx.exit(n)'s n; main() used to drop it and return 0."""

    @cli.command("_exit_three", hidden=True)
    @click.pass_context
    def _exit_three(ctx: click.Context) -> None:
        ctx.exit(3)

    try:
        assert main(["_exit_three"]) == 3
    finally:
        cli.commands.pop("_exit_three")


@pytest.mark.slow
def test_console_script_check_of_a_deal(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("roads")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "roads"]
    dealt = subprocess.run([*command, "deal", "--seed", "9"], capture_output=True, check=True)
    checked = subprocess.run([*command, "check", "-"], input=dealt.stdout, capture_output=True, check=False)
    assert checked.returncode == 0 and checked.stdout.decode().startswith("<stdin>: ")
    broken = tmp_path / "broken.txt"
    broken.write_text("7 6 K K 2\n")
    done = subprocess.run([*command, "check", str(broken)], capture_output=True, check=False)
    assert done.returncode == 1 and done.stdout.decode().count("\n") == 2 and done.stderr == b""
    bad = subprocess.run([*command, "check", str(tmp_path / "missing")], capture_output=True, check=False)
    assert bad.returncode == 1 and bad.stderr.decode().count("\n") == 1 and b"Traceback" not in bad.stderr


@pytest.mark.slow
def test_coup_and_demo_still_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, "coup", "3", "6", "K", "K", "6", "2")
    assert code == 0 and "Player 9 beats Banker 8" in out
    monkeypatch.chdir(tmp_path)  # the demo may write pictures where it runs
    code, out, _ = run(capsys, "demo")
    assert code == 0 and out.startswith("8-deck shoe, seed 2026: ")


def _doc_block(after: str) -> list[str]:
    """The output lines docs/cli.md shows after the console line ``after``."""
    lines = (ROOT / "docs" / "cli.md").read_text("utf-8").splitlines()
    start = lines.index(after) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(("$", "```")) or not lines[i])
    return lines[start:end]


def test_docs_show_what_the_commands_print(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES.parent.parent)
    _, out, _ = run(capsys, "check", "fixtures/logs/broken-cards.txt")
    assert out.splitlines() == _doc_block("$ roads check fixtures/logs/broken-cards.txt")
    _, out, _ = run(capsys, "check", "fixtures/logs/results.txt")
    assert out.splitlines() == _doc_block("$ roads check fixtures/logs/results.txt")
    _, out, _ = run(capsys, "deal", "--seed", "1")
    assert out.splitlines()[:9] == _doc_block("$ roads deal --seed 1 | head -9")
