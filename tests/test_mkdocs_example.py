"""docs/examples/mkdocs: a small MkDocs (Material) site with roads fences builds with ``mkdocs build --strict``."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # subprocesses, builds and many whole pictures

SITE = Path(__file__).parent.parent / "docs" / "examples" / "mkdocs"


def _build(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(folder / "mkdocs.yml"), "-d", "site"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_example_site_builds_strictly(tmp_path: Path) -> None:
    folder = tmp_path / "mkdocs"
    shutil.copytree(SITE, folder)
    done = _build(folder)
    assert done.returncode == 0, done.stderr
    index = (folder / "site" / "index.html").read_text()
    assert index.count('<figure class="roads">') == 2 and "<figcaption>A dragon on Banker</figcaption>" in index
    themes = (folder / "site" / "themes" / "index.html").read_text()
    ids = re.findall(r'\bid="(r[0-9a-f]{10}-[^"]+)"', themes)
    assert ids and len(ids) == len(set(ids)), "figures on one page share ids"


def test_a_bad_fence_fails_the_strict_build_with_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "mkdocs"
    shutil.copytree(SITE, folder)
    page = folder / "docs" / "themes.md"
    page.write_text(page.read_text().replace('theme="dark" cell="16"', 'theme="dark" cell="2"'))
    done = _build(folder)
    assert done.returncode != 0
    assert (
        "line 9: the roads fence, option cell: cell 2 is too small to read: the smallest legible cell is 8 px"
        in done.stderr + done.stdout
    )
