r"""A ``.. roads::`` directive for Sphinx: the shoe in the directive's content becomes an inline SVG figure.

    .. roads::
       :road: big-road
       :last: 20
       :title: A dragon on Banker

       B B B B B B B P P B

Add ``"roads.lesson.sphinx_ext"`` to ``extensions`` in conf.py. Options are
road, last, highlight, theme, labels, width, cell, caption (title is its 0.1
name) and alt; docutils itself rejects any other, and every problem is
reported with the document, its line and the option. MyST Markdown (and so
Jupyter Book) uses the same directive: ```` ```{roads} ````.

HTML builders get the inline SVG figure; the LaTeX builder a vector PDF
figure with its caption (``\sphinxincludegraphics``); others (text, man) the
shoe as a literal block.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

from ..errors import LessonError, RoadsError
from ..version import __version__
from .fence import caption_of, check_options, figure_html, shoe_board

FIGURE = "roads-figure"


class RoadsDirective(Directive):
    """``.. roads::``: draws the shoe written as its content (results letters, card lines or JSON)."""

    has_content = True
    required_arguments = 0
    optional_arguments = 0
    option_spec: ClassVar[dict[str, Any]] = {
        "road": directives.unchanged_required,
        "last": directives.unchanged_required,
        "highlight": directives.unchanged_required,
        "theme": directives.unchanged_required,
        "labels": directives.unchanged_required,
        "width": directives.unchanged_required,
        "cell": directives.unchanged_required,
        "caption": directives.unchanged,
        "alt": directives.unchanged,
        "title": directives.unchanged,
        "fonts": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Return the figure as a raw HTML node, with what other builders need to draw it their way."""
        first = self.content_offset + 1  # the content's first line in the source file, from 1
        source, _ = self.state_machine.get_source_and_line(self.lineno)
        text = "\n".join(self.content)
        try:
            html = figure_html(text, dict(self.options), first_line=first, what="the roads directive")
        except LessonError as exc:
            # docutils puts the file and the directive's line in front of the message.
            raise self.error(f"roads: {exc}") from None
        raw = nodes.raw("", html, format="html")
        raw.source, raw.line = source, self.lineno
        fallback = nodes.literal_block(text, text)
        box = nodes.container("", raw, fallback, classes=[FIGURE])
        box["roads-shoe"] = text
        box["roads-options"] = dict(self.options)
        box.source, box.line = source, self.lineno
        return [box]


def _builder_figures(app: Any, doctree: nodes.document, docname: str) -> None:
    """Give each builder its figure: inline SVG for HTML, a PDF figure for LaTeX, the plain shoe elsewhere."""
    html = app.builder.format == "html"
    latex = app.builder.format == "latex"
    for box in [n for n in doctree.findall(nodes.container) if FIGURE in n["classes"]]:
        if latex:
            box.replace_self(_pdf_figure(app, box))
            continue
        keep = [child for child in box.children if isinstance(child, nodes.raw) == html]
        box.replace_self(keep)


def _pdf_figure(app: Any, box: nodes.Element) -> nodes.Node:
    """Write the board as a PDF beside the LaTeX sources and return a figure node that includes it."""
    from ..render import scene_bytes
    from ..scene import lay_out

    shoe, options = box["roads-shoe"], box["roads-options"]
    kwargs = check_options(options, what="the roads directive")
    size = {k: kwargs.pop(k) for k in ("cell", "width") if k in kwargs}
    try:
        data = scene_bytes(lay_out(shoe_board(shoe, what="the roads directive"), **kwargs), "pdf", **size)
    except RoadsError as exc:
        raise LessonError(f"{box.source}, line {box.line}: the roads directive: {exc.message}") from None
    name = f"roads-{hashlib.blake2b(data, digest_size=6).hexdigest()}.pdf"
    out = Path(app.builder.outdir) / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    alt = options.get("alt") or caption_of(options) or "A baccarat scoreboard"
    image = nodes.image(uri=name, candidates={"*": name}, alt=alt)
    figure = nodes.figure("", image, classes=[FIGURE])
    caption = caption_of(options)
    if caption:
        figure += nodes.caption(caption, caption)
    figure.source, figure.line = box.source, box.line
    return figure


def setup(app: Any) -> dict[str, Any]:
    """Register the directive; Sphinx calls this for ``extensions = ["roads.lesson.sphinx_ext"]``."""
    app.add_directive("roads", RoadsDirective)
    app.connect("doctree-resolved", _builder_figures)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
