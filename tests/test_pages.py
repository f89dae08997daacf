"""The pages package: one base template, one escape, one policy builder, and Jinja2 only for commands with pages."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from helpers import FIXTURES

from roads.lesson.drill import drill, drill_html
from roads.pages.csp import Policy
from roads.pages.jinja import render
from roads.pages.safe import esc
from roads.pages.served import lobby, table

TEMPLATES = resources.files("roads.pages").joinpath("templates")


def test_one_template_owns_the_doctype_and_every_page_extends_it() -> None:
    names = sorted(p.name for p in TEMPLATES.iterdir() if p.name.endswith(".html"))
    texts = {n: TEMPLATES.joinpath(n).read_text(encoding="utf-8") for n in names}
    assert [n for n, t in texts.items() if "<!DOCTYPE" in t] == ["base.html"]
    # A name starting with _ is a part a page includes (the key) or imports (a question), never a page of its
    # own; a library of macros (report_sections.html, _question.html) is imported by a page, never written alone.
    libraries = [n for n, t in texts.items() if "{% macro" in t and "{% block" not in t]
    assert libraries == ["_proof.html", "_question.html", "report_sections.html"]
    pages = {n: t for n, t in texts.items() if not n.startswith("_") and n not in libraries}
    assert all('{% extends "' in t for n, t in pages.items() if n != "base.html")
    parts = [n for n in texts if n.startswith("_")]
    used = [f'{{% include "{part}" %}}' for part in parts], [f'{{% from "{part}" import' for part in parts]
    assert all(any(a in t or b in t for t in pages.values()) for a, b in zip(*used, strict=True)), parts
    # One question markup (issue 33): the quiz and the course's checks both import it, and no page writes its own.
    asking = sorted(n for n, t in pages.items() if '{% from "_question.html" import question' in t)
    assert asking == ["course_lesson.html", "quiz.html"]
    assert [n for n, t in texts.items() if '<section class="question"' in t] == ["_question.html"]
    # One proof's words (issue 30): the lesson page and a question's answer both import them.
    quoting = sorted(n for n, t in texts.items() if '{% from "_proof.html" import proof_words %}' in t)
    assert quoting == ["_question.html", "lesson.html"]
    assert [n for n, t in texts.items() if '<div class="words">' in t] == ["_proof.html"]


def test_templates_ship_as_package_data() -> None:
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"pages/templates/*"' in pyproject and '"pages/assets/*"' in pyproject


def test_every_printed_value_is_escaped_by_the_one_policy() -> None:
    hostile = "<script>x</script> & \"q\" 't'\x00"
    page = table(hostile, writable=True, overlay=True, token=False)
    assert "<script>x" not in page and esc(hostile) in page
    assert render("served.html", title=hostile, policy=None, generator=None).count(esc(hostile)) == 1


def test_the_policy_gives_the_meta_of_a_file_and_the_header_of_a_server() -> None:
    policy = Policy(scripts=("a",), styles=("b",), fonts=True)
    assert policy.meta == f'<meta http-equiv="Content-Security-Policy" content="{policy.header}">\n'
    assert "font-src data:" in policy.header and "'unsafe-inline'" not in policy.header
    page = drill_html(drill(2, 1), 1)
    assert page.count("Content-Security-Policy") == 1


def test_the_lobby_lists_tables_or_says_there_are_none() -> None:
    assert "No table yet" in lobby([])
    found = {"table": "t1", "coups": 3, "where": "shoe 2, coup 3", "changes": 9, "stats": {"banker": 2, "player": 1}}
    listed = lobby([found])
    assert "shoe 2, coup 3: Banker 2, Player 1, Tie 0" in listed and "No table yet" not in listed


@pytest.mark.slow
def test_commands_that_write_no_page_never_load_jinja2() -> None:
    """roads --help, render and build draw or print: the templates (and Jinja2) load only for a page."""
    log = str(FIXTURES / "results.txt")
    code = (
        "import io, sys, tempfile, contextlib; from roads.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), tempfile.TemporaryDirectory() as d:\n"
        f"    codes = [main(['--help']), main(['build', {log!r}]), main(['render', {log!r}, '-o', d + '/b.svg'])]\n"
        "print(codes, 'jinja2' in sys.modules, 'roads.pages.jinja' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[0, 0, 0] False False"
