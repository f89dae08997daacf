"""The ``.. roads::`` directive: a small Sphinx project builds inline figures; problems carry the reST line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import IN_CI
from sphinx.cmd.build import build_main
from test_pdf import structure

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
    # The highlighted proof is HTML in the figcaption, not text inside the picture (issue 21, item 8).
    assert "highlight-caption" not in page
    assert re.search(r"<figcaption>(?:[^<]*<br>)?[^<]* mark \d+ \((red|blue)\): ", page)


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


# -- figure options, LaTeX and MyST (issue 13) ----------------------------------------------------

OPTIONS_DOC = """\
Lesson
======

.. roads::
   :road: big-road
   :theme: dark
   :labels: zh
   :cell: 18
   :caption: 庄 on a dragon — Café
   :alt: A Big Road with a Banker dragon of eight

   B B B B B B B B P P B
"""


def test_every_option_reaches_the_html_figure(tmp_path: Path) -> None:
    status, warnings, out = build(tmp_path, OPTIONS_DOC)
    assert status == 0 and warnings == ""
    page = (out / "index.html").read_text()
    assert "<figcaption>庄 on a dragon — Café</figcaption>" in page
    assert "<title>A Big Road with a Banker dragon of eight</title>" in page
    assert 'fill="#0e1217"' in page and 'xml:lang="zh-Hans"' in page  # dark theme, zh labels
    svg = page[page.index("<svg") : page.index(">", page.index("<svg"))]
    # cell 18 is three quarters of the default 24: the picture's exact width follows it.
    width, viewbox = re.search(r'width="(\d+)"', svg), re.search(r'viewBox="0 0 (\d+)', svg)
    assert width and viewbox and int(width.group(1)) == round(int(viewbox.group(1)) * 18 / 24)


@pytest.mark.parametrize(
    ("option", "named"),
    [
        (":cell: 2", "option cell: cell 2 is too small to read: the smallest legible cell is 8 px"),
        (":width: wide", "option width: width should be a whole number, got 'wide'"),
        (":labels: fr", "option labels:"),
        (":theme: neon", "option theme: unknown theme 'neon'"),
        (":fonts: no", 'option fonts: fonts="no" should be embed or none'),
    ],
)
def test_a_bad_option_value_names_the_document_line_and_option(tmp_path: Path, option: str, named: str) -> None:
    key = option.split(":")[1]
    text = re.sub(rf"   :{key}: .*\n", "", OPTIONS_DOC).replace(":cell: 18", option) if key != "cell" else OPTIONS_DOC
    _, warnings, _ = build(tmp_path, text.replace(":cell: 18", option))
    assert f"index.rst:4: ERROR: roads: the roads directive, {named}" in warnings


def test_latex_gets_a_vector_figure_with_its_caption(tmp_path: Path) -> None:
    status, warnings, out = build(tmp_path, OPTIONS_DOC, "latex")
    assert status == 0 and warnings == ""
    tex = (out / "lesson.tex").read_text()
    found = re.search(r"\\sphinxincludegraphics(?:\[[^\]]*\])?\{\{(roads-[0-9a-f]+)\}\.pdf\}", tex)
    assert found, "no included roads figure in the LaTeX"
    figure = tex[tex.rindex(r"\begin{figure}", 0, found.start()) : tex.index(r"\end{figure}", found.end())]
    assert r"\caption{" in figure and "Café" in figure
    pdf = (out / f"{found.group(1)}.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and structure(pdf)["strokes"] > 0  # vector paths, not an image
    assert "B B B B B B B B P P B" not in tex  # the figure, not the shoe as code


MYST_CONF = 'extensions = ["myst_parser", "roads.lesson.sphinx_ext"]\nproject = "lesson"\n'

MYST_DOC = """\
# Lesson

A dragon, in MyST Markdown.

```{roads}
:road: big-road
:theme: print
:caption: A dragon on Banker

B B B B B B B B P P B
```

```{roads}
:cell: 2

B P
```
"""


def test_the_directive_works_from_myst_markdown(tmp_path: Path) -> None:
    pytest.importorskip("myst_parser") if not IN_CI else None
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(MYST_CONF)
    (src / "index.md").write_text(MYST_DOC)
    warnings = tmp_path / "warnings.txt"
    status = build_main(["-q", "-b", "html", "-w", str(warnings), str(src), str(tmp_path / "html")])
    page = (tmp_path / "html" / "index.html").read_text()
    assert status == 0
    assert page.count('<figure class="roads">') == 1 and "<figcaption>A dragon on Banker</figcaption>" in page
    # The bad figure is reported with the Markdown file, its line and the option.
    assert "index.md:13: ERROR: roads: the roads directive, option cell:" in warnings.read_text()
