"""A ``.. roads::`` directive for Sphinx: the shoe in the directive's content becomes an inline SVG figure.

    .. roads::
       :road: big-road
       :last: 20
       :title: A dragon on Banker

       B B B B B B B P P B

Add ``"roads.lesson.sphinx_ext"`` to ``extensions`` in conf.py. Options are
road, last, highlight, theme and title; docutils itself rejects any other,
and every problem is reported with the line of the reST source.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

from .. import __version__
from ..errors import LessonError
from .fence import figure_html


class RoadsDirective(Directive):
    """``.. roads::``: draws the shoe written as its content (results letters, card lines or JSON)."""

    has_content = True
    required_arguments = 0
    optional_arguments = 0
    option_spec: ClassVar[dict[str, Any]] = {
        "road": directives.unchanged_required,
        "last": directives.positive_int,
        "highlight": directives.unchanged_required,
        "theme": directives.unchanged_required,
        "title": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        """Return the figure as a raw HTML node (non-HTML builders get the shoe as a literal block)."""
        first = self.content_offset + 1  # the content's first line in the reST file, from 1
        source, _ = self.state_machine.get_source_and_line(self.lineno)
        try:
            html = figure_html(
                "\n".join(self.content), dict(self.options), first_line=first, what="the roads directive"
            )
        except LessonError as exc:
            # docutils puts the file and the directive's line in front of the message.
            raise self.error(f"roads: {exc}") from None
        raw = nodes.raw("", html, format="html")
        raw.source, raw.line = source, self.lineno
        fallback = nodes.literal_block("\n".join(self.content), "\n".join(self.content))
        return [nodes.container("", raw, fallback, classes=["roads-figure"])]


def _only_html(app: Any, doctree: nodes.document, docname: str) -> None:
    """Keep the SVG for HTML builders and the plain shoe for the rest (LaTeX, text, man)."""
    html = app.builder.format == "html"
    for box in [n for n in doctree.findall(nodes.container) if "roads-figure" in n["classes"]]:
        keep = [child for child in box.children if isinstance(child, nodes.raw) == html]
        box.replace_self(keep)


def setup(app: Any) -> dict[str, Any]:
    """Register the directive; Sphinx calls this for ``extensions = ["roads.lesson.sphinx_ext"]``."""
    app.add_directive("roads", RoadsDirective)
    app.connect("doctree-resolved", _only_html)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
