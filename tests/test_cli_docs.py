"""docs/cli.md: every command is there, and every console example runs and prints what the page shows.

Each ``$ ...`` line of a console block runs in bash, in a scratch folder that
sees the repository's fixtures/, with ``roads`` meaning this interpreter's
``python -m roads``. A command must exit 0 unless the next line is ``$ echo $?``
with the status the page promises; the lines under a command, when the page
shows any, are its standard output and standard error together.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from roads.cli.app import all_commands

PAGE = (ROOT / "docs" / "cli.md").read_text("utf-8")
ROADS = f'roads() {{ "{sys.executable}" -m roads "$@"; }}\n'


def console_blocks(text: str) -> list[list[str]]:
    """Return the lines of every ```console block."""
    return [block.splitlines() for block in re.findall(r"```console\n(.*?)```", text, re.S)]


def examples(lines: list[str]) -> list[tuple[str, list[str]]]:
    """Return (command, the lines shown under it) for every ``$`` line of a block."""
    out: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return [(command, _trimmed(shown)) for command, shown in out]


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


BLOCKS = console_blocks(PAGE)


def test_every_command_has_a_section_with_an_example_and_a_link() -> None:
    sections = dict(re.findall(r"^### roads (\w+)\n(.*?)(?=^##)", PAGE, re.S | re.M))
    assert set(sections) == set(all_commands())
    for name, body in sections.items():
        assert f"$ roads {name}" in body, name
        assert re.search(r"\]\((?!#)[\w.]+\.md(#[\w-]+)?\)", body), f"roads {name} links to no page"


@pytest.mark.parametrize("block", BLOCKS, ids=[b[0][2:42] for b in BLOCKS])
@pytest.mark.slow
def test_console_examples_run_and_print_what_the_page_shows(block: list[str], tmp_path: Path) -> None:
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    status = 0
    for command, shown in examples(block):
        if command == "echo $?":
            assert shown == [str(status)], f"the page says {shown} after the last command; it exited {status}"
            status = 0
            continue
        assert status == 0, f"a command exited {status} and the page does not say so"
        done = subprocess.run(
            ["bash", "-c", ROADS + command],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
            check=False,  # the exit status is compared with the page below
        )
        status = done.returncode
        if shown:
            assert _trimmed(done.stdout.splitlines()) == shown, command
    assert status == 0, f"the last command exited {status} and the page does not say so"
