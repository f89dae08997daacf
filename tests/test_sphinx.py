"""The ``.. roads::`` directive: a small Sphinx project builds inline figures; problems carry the reST line."""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

pytestmark = pytest.mark.slow  # every test builds a Sphinx project

CONF = 'extensions = ["roads.lesson.sphinx_ext"]\nproject = "lesson"\n'

GOOD = """\
Lesson
======

A dragon on Banker.

.. roads::
   :road: big-road
   :title: A <dragon> & its tail

   B B B B B B B B P P B

.. roads::
   :highlight: big-eye-boy:2
   :theme: print
   :last: 12

   BPPPBBP
"""


def build(tmp_path: Path, text: str, builder: str = "html") -> tuple[int, str, Path]:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(CONF)
    (src / "index.rst").write_text(text)
    warnings = tmp_path / "warnings.txt"
    out = tmp_path / builder
    status = build_main(["-q", "-b", builder, "-w", str(warnings), str(src), str(out)])
    return status, warnings.read_text(), out


def test_directive_draws_inline_svg(tmp_path: Path) -> None:
    status, warnings, out = build(tmp_path, GOOD)
    assert status == 0 and warnings == ""
    page = (out / "index.html").read_text()
    assert page.count('<figure class="roads">') == 2
    assert page.count("<svg") >= 2
    assert "A &lt;dragon&gt; &amp; its tail" in page and "<dragon>" not in page
    assert "highlight-caption" in page


def test_text_builder_gets_the_shoe_not_svg(tmp_path: Path) -> None:
    status, _, out = build(tmp_path, GOOD, "text")
    assert status == 0
    text = (out / "index.txt").read_text()
    assert "B B B B B B B B P P B" in text and "<svg" not in text


def test_unknown_option_names_the_rest_line(tmp_path: Path) -> None:
    _, warnings, _ = build(tmp_path, GOOD.replace(":theme: print", ":colour: red"))
    assert 'index.rst:12: ERROR: Error in "roads" directive:\nunknown option: "colour"' in warnings


def test_bad_values_and_results_name_the_line(tmp_path: Path) -> None:
    text = GOOD.replace(":highlight: big-eye-boy:2", ":highlight: big-eye-boy:40").replace("BPPPBBP", "BPPPBBP")
    _, warnings, _ = build(tmp_path, text)
    assert "index.rst:12: ERROR: roads: the roads directive: cannot highlight big-eye-boy:40" in warnings
    _, warnings, _ = build(tmp_path, GOOD.replace("B B B B B B B B P P B", "B B X"))
    assert "index.rst:6: ERROR: roads: line 10, column 5: 'X'" in warnings


def test_warnings_fail_a_strict_build(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "index.rst").write_text(GOOD.replace(":theme: print", ":theme: neon"))
    assert build_main(["-q", "-W", "-b", "html", str(src), str(tmp_path / "out")]) != 0
