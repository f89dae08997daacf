"""docs/cli.md: every command is there; every shell example of the docs and of ``--help`` runs.

Each ``$ ...`` line of a console block (docs/cli.md and every other page) runs
in bash, in a scratch folder that sees the repository's fixtures/, with
``roads`` meaning this interpreter's ``python -m roads``. A command must exit 0
unless the next line is ``$ echo $?`` with the status the page promises; the
lines under a command, when the page shows any, are its standard output and
standard error together.

Every ``roads`` line of a ```sh block in README.md and docs/*.md, and every
example under "Examples:" in a command's ``--help``, runs the same way and must
exit 0, in a workspace holding the logs the examples name (see
:func:`workspace`); a hidden ``<!-- setup ... -->`` comment before a fence runs
its shell lines first. The other lines of a ```sh block are the developer's
own tools (a venv, pip, the checks, pytest), which CI runs itself.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT
from test_doc_examples import fenced_blocks, setup_of

from roads.cli import main
from roads.cli.app import all_commands

PAGE = (ROOT / "docs" / "cli.md").read_text("utf-8")
ROADS = f'roads() {{ "{sys.executable}" -m roads "$@"; }}\npython() {{ "{sys.executable}" "$@"; }}\n'


def console_blocks(text: str) -> list[list[str]]:
    """Return the lines of every ```console block."""
    return [block.text.splitlines() for block in fenced_blocks(text) if block.info == "console"]


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
    run_console(block, tmp_path)


def run_console(block: list[str], folder: Path) -> None:
    """Run a console block's ``$`` lines in ``folder``: statuses and output as the page shows them."""
    status = 0
    for command, shown in examples(block):
        if command == "echo $?":
            assert shown == [str(status)], f"the page says {shown} after the last command; it exited {status}"
            status = 0
            continue
        assert status == 0, f"a command exited {status} and the page does not say so"
        done = shell(command, folder)
        status = done.returncode
        if shown:
            assert _trimmed(done.stdout.splitlines()) == shown, command
    assert status == 0, f"the last command exited {status} and the page does not say so"


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _page_console_blocks() -> list[tuple[str, str, list[str]]]:
    """Return (page name, hidden setup, lines) for the console blocks of every page but docs/cli.md (above)."""
    return [
        (page.name, setup_of(block), block.text.splitlines())
        for page in PAGES
        if page.name != "cli.md"
        for block in fenced_blocks(page.read_text("utf-8"))
        if block.info == "console"
    ]


OTHER_BLOCKS = _page_console_blocks()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("page", "setup", "block"), OTHER_BLOCKS, ids=[f"{p}:{b[0][2:42]}" for p, _, b in OTHER_BLOCKS]
)
def test_console_examples_of_every_page_run(page: str, setup: str, block: list[str], scratch: Path) -> None:
    for command in filter(str.strip, setup.splitlines()):
        assert shell(command, scratch).returncode == 0, f"{page}: the setup line {command}"
    run_console(block, scratch)


def workspace(folder: Path) -> Path:
    """Fill ``folder`` with the files the examples name; return it.

    Eight dealt 6-deck card logs (the examples with ``--decks 6`` read them
    too) make ``cards.txt`` and ``dragon.txt``; ``shoe.txt`` is the README's (``roads deal --seed 1``, 8 decks);
    ``logs/*.txt`` and ``logs/*.csv``, and the archives ``shoes.jsonl``,
    ``month.jsonl`` and ``year.jsonl`` (8 shoes, so ``--shoe 7`` exists; on
    two tables, for ``--by table``); ``shoe.json``, ``shoe.jsonl`` and ``export.csv`` are
    the first in other formats, ``nines.txt`` a one-deck shoe, ``demo.txt`` the demo shoe as docs/roads.md deals it, and
    ``docs/images/demo-shoe.txt`` the demo shoe the rendering page redraws; ``dt.txt`` a dealt Dragon Tiger shoe.
    """
    (folder / "fixtures").symlink_to(ROOT / "fixtures", target_is_directory=True)
    (folder / "logs").mkdir()
    (folder / "docs" / "images").mkdir(parents=True)
    shoes = [str(folder / "logs" / f"shoe{seed}.txt") for seed in range(1, 9)]
    for seed, path in enumerate(shoes, 1):
        assert main(["deal", "--seed", str(seed), "--decks", "6", "-o", path]) == 0
    first = Path(shoes[0]).read_text("utf-8")
    shutil.copy(ROOT / "docs" / "images" / "demo-shoe.txt", folder / "docs" / "images")
    for name in ("cards.txt", "dragon.txt"):
        (folder / name).write_text(first, "utf-8")
    # shoe.txt is the README's: `roads deal --seed 1 -o shoe.txt` (8 decks), so an example works as a reader runs it.
    assert main(["deal", "--seed", "1", "-o", str(folder / "shoe.txt")]) == 0
    assert main(["convert", *shoes, "--to", "jsonl", "-o", str(folder / "shoes.jsonl")]) == 0
    lines = (folder / "shoes.jsonl").read_text("utf-8").splitlines()
    # convert keeps each shoe's decks (6); the archive examples read it under any --decks, so it names none.
    tabled = [
        json.dumps({**{k: v for k, v in json.loads(line).items() if k != "decks"}, "table": f"T{n % 2 + 1}"})
        for n, line in enumerate(lines)
    ]
    (folder / "shoes.jsonl").write_text("\n".join(tabled) + "\n", "utf-8")
    for name in ("month.jsonl", "year.jsonl"):
        (folder / name).write_bytes((folder / "shoes.jsonl").read_bytes())
    assert main(["convert", str(folder / "shoes.jsonl"), "--to", "csv", "-o", str(folder / "logs" / "all.csv")]) == 0
    assert "table" in (folder / "logs" / "all.csv").read_text("utf-8").splitlines()[1].split(",")  # kept by convert
    for fmt, name in (("json", "shoe.json"), ("jsonl", "shoe.jsonl"), ("csv", "export.csv")):
        assert main(["convert", shoes[0], "--to", fmt, "-o", str(folder / name)]) == 0
    assert main(["deal", "--seed", "1", "--decks", "1", "-o", str(folder / "nines.txt")]) == 0
    assert main(["deal", "--seed", "2026", "-o", str(folder / "demo.txt")]) == 0
    assert main(["deal", "--game", "dragon-tiger", "--seed", "1", "-o", str(folder / "dt.txt")]) == 0
    return folder


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a workspace made once per module (each test works in a copy)."""
    return workspace(tmp_path_factory.mktemp("workspace"))


@pytest.fixture
def scratch(made: Path, tmp_path: Path) -> Path:
    """Return a fresh copy of the workspace."""
    copy = tmp_path / "work"
    shutil.copytree(made, copy, symlinks=True)
    return copy


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run one shell line with ``roads`` meaning this checkout's package; stdout and stderr together."""
    return subprocess.run(
        ["bash", "-c", ROADS + command],
        cwd=cwd,
        env={**os.environ, "NO_COLOR": "1", "PYTHONPATH": os.pathsep.join(sys.path)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        check=False,  # the caller compares the status with what the page says
    )


def shell_lines(text: str) -> list[str]:
    """Return the ``roads`` lines of a ```sh block (its comments and the developer's tools left out)."""
    lines = [line.strip() for line in text.splitlines()]
    return [line for line in lines if re.match(r"(\w+=\S+ )*roads |mkdir |for ", line)]


def _sh_pages() -> list[Path]:
    return [
        p for p in PAGES if any(b.info == "sh" and shell_lines(b.text) for b in fenced_blocks(p.read_text("utf-8")))
    ]


@pytest.mark.slow
@pytest.mark.parametrize("page", _sh_pages(), ids=lambda p: p.name)
def test_shell_examples_of_every_page_run(page: Path, scratch: Path) -> None:
    """Every roads line of the page's ```sh blocks, in page order, in one workspace, exits 0."""
    for block in fenced_blocks(page.read_text("utf-8")):
        if block.info != "sh":
            continue
        for command in [*setup_of(block).splitlines(), *shell_lines(block.text)]:
            if command.strip():
                done = shell(command, scratch)
                assert done.returncode == 0, f"{page.name}:{block.line}: {command}\n{done.stdout}"


SERVER = "a server runs until stopped: tests/test_serve_live.py starts one and stops it"
NOT_RUN = {
    "roads stats year.jsonl --dask tcp://scheduler:8786": "needs a Dask scheduler on the network",
    "roads serve": SERVER,
    "roads serve --data tables/ --port 8080 --decks 6": SERVER,
    "roads serve --follow /var/log/table7.jsonl": SERVER,
    "roads serve --game dragon-tiger": SERVER + " (tests/test_serve_dragon_tiger.py starts one)",
    "roads serve --allow-host tables.example": SERVER,
    "roads serve --store redis://127.0.0.1:6379/0 --port 8001": SERVER
    + " on a Redis (tests/test_serve_redis.py runs one)",
    "roads serve --store redis://127.0.0.1:6379/0 --export backup/": "needs a Redis on port 6379 "
    "(tests/test_serve_redis.py exports one it starts)",
    "roads serve --host 0.0.0.0 --token s3cret": SERVER + "; this one would listen on every address",
}
"""The --help examples the tests cannot run, and why (each must still be in the help)."""


def help_examples() -> list[str]:
    """Return every example line of every command's ``--help`` (the command only, without what it does)."""
    found = []
    for name, command in sorted(all_commands().items()):
        text = command.help or ""
        block = text.split("Examples:", 1)[1].split("\n\n", 1)[0] if "Examples:" in text else ""
        found += [re.split(r"\s{2,}", line.strip())[0] for line in block.splitlines() if "roads " in line]
        assert f"roads {name}" in " ".join(found), f"roads {name} --help shows no example"
    return found


HELP_EXAMPLES = help_examples()


def test_every_example_not_run_is_still_in_the_help() -> None:
    assert set(NOT_RUN) <= set(HELP_EXAMPLES)


@pytest.mark.slow
@pytest.mark.parametrize("command", [c for c in HELP_EXAMPLES if c not in NOT_RUN])
def test_help_examples_run(command: str, scratch: Path) -> None:
    done = shell(command, scratch)
    assert done.returncode == 0, f"{command}\n{done.stdout}"
