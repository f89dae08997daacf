"""The README's examples are real output: if a command's output changes, the README must too.

Every page's Python examples also run in test_doc_examples.py; here the README's also writes its picture.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT, run

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_regression_readme_explain_example_was_from_another_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "shoe.txt"
    assert run(capsys, "deal", "--seed", "1", "-o", str(log))[0] == 0
    status, out, _ = run(capsys, "explain", str(log), "--road", "small-road", "--mark", "7")
    assert status == 0 and out.strip() in README


def test_readme_coup_example(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "coup", "3", "6", "K", "K", "6", "2")
    assert status == 0 and out.strip() in README


def test_readme_python_example(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's Python example runs, prints exactly the output block under it, and writes its picture."""
    code, shown = README.split("```python\n", 1)[1].split("```\n\n```\n", 1)
    printed = shown.split("```", 1)[0]
    monkeypatch.chdir(tmp_path)  # the example saves board.svg in the current folder
    exec(compile(code, "README.md", "exec"), {})
    assert capsys.readouterr().out == printed
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").startswith("<svg")


def test_readme_links_point_at_files() -> None:
    for target in (
        "docs/api.md",
        "docs/rules.md",
        "docs/logs.md",
        "docs/roads.md",
        "docs/rendering.md",
        "docs/lessons.md",
        "docs/odds.md",
        "docs/figures.md",
        "docs/cli.md",
        "docs/reliability.md",
        ".ci/run",
        "CONTRIBUTING.md",
        "LICENSE",
    ):
        assert f"]({target})" in README, target
        assert (ROOT / target).exists(), target


def test_fixture_examples_are_the_rulebooks() -> None:
    """fixtures/examples is the rulebook's worked shoes as copied: each file matches its SHA256SUMS line."""
    import hashlib

    ours = ROOT / "fixtures" / "examples"
    sums = dict(reversed(line.split("  ", 1)) for line in (ours / "SHA256SUMS").read_text("utf-8").splitlines())
    assert sorted(sums) == sorted(p.name for p in ours.glob("*.json")) and len(sums) >= 4
    for name, digest in sums.items():
        assert hashlib.sha256((ours / name).read_bytes()).hexdigest() == digest, f"{name} differs from the rulebook's"
