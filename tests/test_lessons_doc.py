"""docs/lessons.md: every example on the page runs as written (shell, Markdown, MkDocs YAML, Python, reST, MyST)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

pytestmark = pytest.mark.slow  # subprocesses, builds and many whole pictures

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "lessons.md").read_text("utf-8")


def blocks(language: str) -> list[str]:
    """Return the bodies of the page's top-level fenced blocks in ``language`` (```` ```` ```` blocks whole)."""
    found = []
    for _fence, lang, body in re.findall(r"^(`{3,})(\w+)\n(.*?)^\1$", PAGE, re.S | re.M):
        if lang == language:
            found.append(body)
    return found


SHOE = blocks("text")[0]
COMMANDS = [
    line.split("  #")[0].strip()
    for block in blocks("sh")
    for line in block.splitlines()
    if line.strip() and not line.startswith("#")
]
MARKDOWN = blocks("markdown")
PYTHON = blocks("python")


def test_the_page_has_the_examples_this_test_runs() -> None:
    assert len(COMMANDS) >= 8 and len(MARKDOWN) == 2 and len(PYTHON) == 3
    assert len(blocks("yaml")) == 2 and len(blocks("rst")) == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_runs(command: str, tmp_path: Path) -> None:
    (tmp_path / "dragon.txt").write_text(SHOE)
    argv = shlex.split(command)
    assert argv[0] == "roads"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-m", "roads", *argv[1:]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for i, arg in enumerate(argv[:-1]):
        if arg == "-o":
            assert (tmp_path / argv[i + 1]).stat().st_size > 0


def _fence_page() -> str:
    return f"# Lesson\n\n{MARKDOWN[0]}"


def test_the_markdown_fence_and_the_python_markdown_call(tmp_path: Path) -> None:
    namespace: dict[str, object] = {"text": _fence_page()}
    exec(PYTHON[0], namespace)
    html = str(namespace["html"])
    assert '<figure class="roads">' in html and "<figcaption>A dragon on Banker</figcaption>" in html


@pytest.mark.parametrize("config", blocks("yaml"), ids=["extension", "custom-fence"])
def test_each_mkdocs_configuration_builds_strictly(config: str, tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(_fence_page())
    (tmp_path / "mkdocs.yml").write_text(f"site_name: Lesson\n{config}")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", "site"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert '<figure class="roads">' in (tmp_path / "site" / "index.html").read_text()


def _sphinx(tmp_path: Path, name: str, body: str, extensions: list[str]) -> tuple[int, str, str]:
    src = tmp_path / "src"
    src.mkdir()
    namespace: dict[str, object] = {}
    exec(PYTHON[1], namespace)  # the page's conf.py
    assert namespace["extensions"] == ["roads.lesson.sphinx_ext"]
    (src / "conf.py").write_text(f"extensions = {extensions!r}\nproject = 'lesson'\n")
    (src / name).write_text(body)
    warnings = tmp_path / "warnings.txt"
    status = build_main(["-q", "-b", "html", "-w", str(warnings), str(src), str(tmp_path / "html")])
    page = (tmp_path / "html" / name.replace(".rst", ".html").replace(".md", ".html")).read_text()
    return status, warnings.read_text(), page


def test_the_sphinx_example_builds_without_a_warning(tmp_path: Path) -> None:
    rst = blocks("rst")[0]
    status, warnings, page = _sphinx(tmp_path, "index.rst", f"Lesson\n======\n\n{rst}", ["roads.lesson.sphinx_ext"])
    assert (status, warnings) == (0, "")
    # The highlighted proof is HTML in the figcaption, not text inside the picture.
    assert "highlight-caption" not in page and "<figcaption>A dragon on Banker<br>" in page


def test_the_myst_example_builds_without_a_warning(tmp_path: Path) -> None:
    myst = MARKDOWN[1].strip().removeprefix("````markdown").strip()
    status, warnings, page = _sphinx(
        tmp_path, "index.md", f"# Lesson\n\n{myst}\n", ["myst_parser", "roads.lesson.sphinx_ext"]
    )
    assert (status, warnings) == (0, "")
    assert '<figure class="roads">' in page


def test_the_notebook_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from roads.shoe import deal_shoe

    monkeypatch.chdir(tmp_path)
    coups = deal_shoe(8, seed=5).coups[:30]
    namespace: dict[str, object] = {"coups": coups, "coup": coups[0]}
    exec(PYTHON[2], namespace)
    assert (tmp_path / "why.png").read_bytes().startswith(b"\x89PNG")
