"""Every Python example the docs show runs and prints what they say.

- Docstring examples (``>>>``) in every module of ``roads/`` run as doctests.
- In README.md, CONTRIBUTING.md and docs/*.md every ```python block runs: one followed by a bare ```
  block (its output) must print exactly that block; ``>>>`` lines in a ```python or ```pycon block run as
  doctests; any other must run without an error. The examples of one page share one namespace, in page
  order, and run in a scratch folder (with ``fixtures/`` linked in), so an example that writes a file
  leaves nothing behind.
- A hidden prelude makes what an example takes as given (a shoe.txt, a stream): an HTML comment
  ``<!-- setup ... -->`` right before the fence holds code run first, in the same namespace
  (see :func:`setup_of`; test_cli_docs.py reads the same comment before a shell block).
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import ROOT

PACKAGE = ROOT / "roads"
PROMPT = re.compile(r"^\s*>>> ", re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def module_name(path: Path) -> str:
    """Return the dotted name of a module file under roads/."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(module_name(p) for p in PACKAGE.rglob("*.py") if PROMPT.search(p.read_text(encoding="utf-8")))
"""Modules with a ``>>>`` line, found by reading the files (nothing is imported to collect them)."""


@dataclass(frozen=True)
class Block:
    """A fenced block of a Markdown page: its info string, its text and the line its text starts on."""

    info: str
    text: str
    line: int
    after: str
    """What stands between this block's closing fence and the next block's opening one."""
    before: str = ""
    """What stands between the previous block's closing fence (or the page's start) and this opening one."""


def fenced_blocks(page: str) -> list[Block]:
    """Return the page's fenced blocks (``` or ~~~, any length; a longer fence may hold a shorter one)."""
    lines = page.splitlines(keepends=True)
    found: list[tuple[str, str, int, int, int]] = []  # info, text, text line, first line, last line
    i = 0
    while i < len(lines):
        opening = re.match(r"^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)", lines[i])
        if not opening:
            i += 1
            continue
        fence, info = opening.groups()
        end = i + 1
        while end < len(lines) and not re.match(rf"^ {{0,3}}{fence[0]}{{{len(fence)},}}\s*$", lines[end]):
            end += 1
        found.append((info.lower(), "".join(lines[i + 1 : end]), i + 2, i, end))
        i = end + 1
    blocks = []
    for n, (info, text, line, first, last) in enumerate(found):
        upto = found[n + 1][3] if n + 1 < len(found) else len(lines)
        since = found[n - 1][4] + 1 if n else 0
        blocks.append(Block(info, text, line, "".join(lines[last + 1 : upto]), "".join(lines[since:first])))
    return blocks


SETUP = re.compile(r"<!--\s*setup\n(.*?)-->\s*\Z", re.S)


def setup_of(block: Block) -> str:
    """Return the hidden prelude of ``block``: the ``<!-- setup ... -->`` comment right before its fence, or ""."""
    found = SETUP.search(block.before)
    return found.group(1) if found else ""


PAGES = sorted(
    p
    for p in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")]
    if p.exists() and any(b.info in {"python", "py", "pycon"} for b in fenced_blocks(p.read_text(encoding="utf-8")))
)


def runnable(blocks: list[Block]) -> list[tuple[Block, Block | None]]:
    """Return the examples of a page: (python block, its output block, or None: a doctest or a plain run)."""
    examples: list[tuple[Block, Block | None]] = []
    for n, block in enumerate(blocks):
        if block.info not in {"python", "py", "pycon"}:
            continue
        shown = n + 1 < len(blocks) and blocks[n + 1].info in {"", "text", "output"} and not block.after.strip()
        examples.append((block, blocks[n + 1] if shown and not PROMPT.search(block.text) else None))
    return examples


def test_the_finders_see_the_examples_there_are() -> None:
    """The module list and the block parser find what is known to be there (else the tests below run nothing)."""
    assert {"roads", "roads.odds"} <= set(MODULES)
    readme = fenced_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert any(output is not None for _, output in runnable(readme))
    api = runnable(fenced_blocks((ROOT / "docs" / "api.md").read_text(encoding="utf-8")))
    assert sum(len(doctest.DocTestParser().get_examples(code.text)) for code, output in api if output is None) > 20
    page = "text\n\n````md\n```python\nprint(1)\n```\n````\n\n```python\nprint(2)\n```\n\n```\n2\n```\n"
    assert [(b.info, b.text) for b in fenced_blocks(page)] == [
        ("md", "```python\nprint(1)\n```\n"),
        ("python", "print(2)\n"),
        ("", "2\n"),
    ]
    assert [(code.text, output and output.text) for code, output in runnable(fenced_blocks(page))] == [
        ("print(2)\n", "2\n")
    ]
    hidden = "<!-- setup\nx = 1\n-->\n```python\nprint(x)\n```\n\n```python\ny = 2\n```\n"
    assert [setup_of(b) for b in fenced_blocks(hidden)] == ["x = 1\n", ""]
    assert [output for _, output in runnable(fenced_blocks(hidden))] == [None, None]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    tests = doctest.DocTestFinder().find(module, name)
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    # A >>> that doctest cannot reach (a nested function, a comment) would never run: say so.
    assert sum(len(t.examples) for t in tests) == len(PROMPT.findall(source)), f"{name}: an example doctest misses"
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in tests:
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_compile(page: Path) -> None:
    for block in fenced_blocks(page.read_text(encoding="utf-8")):
        if block.info in {"python", "py"} and not PROMPT.search(block.text):
            compile(block.text, f"{page.name}:{block.line}", "exec")


SLOW_PAGES = {"stats.md"}
"""Pages whose examples take seconds (stats.md deals 200 shoes and queries their tables): marked slow."""


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(p, marks=[pytest.mark.slow] if p.name in SLOW_PAGES else [])
        for p in PAGES
        if runnable(fenced_blocks(p.read_text(encoding="utf-8")))
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_page_examples_print_what_the_page_shows(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures", target_is_directory=True)
    # The demo shoe the pages' figures are drawn from, copied: an example may read it, never change it.
    (tmp_path / "docs" / "images").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "images" / "demo-shoe.txt", tmp_path / "docs" / "images")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", sys.stdin)  # a prelude may give an example a standard input to read
    namespace: dict[str, object] = {"__name__": "__main__"}
    for code, output in runnable(fenced_blocks(page.read_text(encoding="utf-8"))):
        where = f"{page.name}:{code.line}"
        exec(compile(setup_of(code), f"{where} (its setup)", "exec"), namespace)
        if output is None and not PROMPT.search(code.text):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code.text, where, "exec"), namespace)
            continue
        if output is None:
            test = doctest.DocTestParser().get_doctest(code.text, namespace, where, str(page), code.line - 1)
            runner = doctest.DocTestRunner(optionflags=FLAGS)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            assert runner.failures == 0, "".join(report)
            namespace.update(test.globs)  # a DocTest runs in a copy: later examples see its names too
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code.text, where, "exec"), namespace)
        assert printed.getvalue().rstrip("\n") == output.text.rstrip("\n"), f"{where} prints something else"
