"""A ```` ```roads ```` fence for Python-Markdown (through pymdown-extensions' SuperFences) and MkDocs.

    ```roads road="big-road" last="20" title="A dragon on Banker"
    B B B B B B B P P B
    ```

becomes the scoreboard as an inline SVG figure. Two ways to switch it on:

* ``markdown.Markdown(extensions=["roads.lesson.markdown_ext"])``: registers
  the fence with SuperFences (loading it if needed) and checks every roads
  fence first, so a problem names its line in the Markdown source.
* In MkDocs or any SuperFences setup, as a custom fence with
  ``format: roads.lesson.markdown_ext.fence_format`` and
  ``validator: roads.lesson.markdown_ext.fence_validator``; errors then find
  their line by looking for the fence in the document.
"""

from __future__ import annotations

import functools
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from pymdownx.superfences import SuperFencesCodeExtension, SuperFencesException, _formatter, _validator

from ..errors import LessonError
from .fence import OPTIONS, check_document, figure_html, find_fences

NAME = "roads"


def _locate(md: Markdown, test: Any) -> int | None:
    """Return the line of the first roads fence in the document that ``test`` accepts, when it can be found."""
    lines = getattr(md, "lines", None) or []
    try:
        for fence in find_fences(list(lines)):
            if test(fence):
                return fence.line
    except LessonError:
        return None
    return None


def fence_validator(
    language: str, inputs: dict[str, str], options: dict[str, str], attrs: dict[str, str], md: Markdown
) -> bool:
    """Accept the fence's options (road, last, highlight, theme, title); stop the build on any other."""
    unknown = sorted(set(inputs) - set(OPTIONS))
    if unknown:
        line = _locate(md, lambda fence: set(unknown) <= set(fence.options))
        at = f"line {line}: " if line else ""
        names = ", ".join(f"'{name}'" for name in unknown)
        raise SuperFencesException(
            f"{at}unknown option{'s' if len(unknown) > 1 else ''} {names} in the roads fence: use {', '.join(OPTIONS)}"
        )
    options.update(inputs)
    return True


def fence_format(
    source: str, language: str, class_name: str, options: dict[str, str], md: Markdown, **kwargs: Any
) -> str:
    """Return the figure for one roads fence: the shoe inside drawn as inline SVG, caption escaped."""
    line = _locate(md, lambda fence: fence.body.strip() == source.strip() and fence.options == options)
    try:
        return figure_html(source, options, first_line=line + 1 if line else None, header_line=line)
    except LessonError as exc:
        raise SuperFencesException(str(exc)) from exc


FENCE: dict[str, Any] = {"name": NAME, "class": "roads", "format": fence_format, "validator": fence_validator}
"""The custom-fence entry for SuperFences' ``custom_fences`` (what MkDocs' YAML spells out)."""


def _add_fence(extension: SuperFencesCodeExtension) -> None:
    """Register the roads fence with a SuperFences instance that does not have it yet."""
    if any(entry.get("name") == NAME for entry in extension.superfences):
        return
    extension.extend_super_fences(
        NAME,
        functools.partial(_formatter, class_name="roads", _fmt=fence_format),
        functools.partial(_validator, validator=fence_validator),
        None,
    )


class _CheckFences(Preprocessor):
    """Checks every roads fence against the untouched source, so each problem names its own line."""

    def run(self, lines: list[str]) -> list[str]:
        # Whichever SuperFences instance ended up in charge (a later extension may have loaded
        # its own), make sure it knows the roads fence.
        if "fenced_code_block" in self.md.preprocessors:
            extension = getattr(self.md.preprocessors["fenced_code_block"], "extension", None)
            if isinstance(extension, SuperFencesCodeExtension):
                _add_fence(extension)
        check_document(lines)
        return lines


class RoadsExtension(Extension):
    """Registers the roads fence with SuperFences and checks each fence before anything else runs."""

    def extendMarkdown(self, md: Markdown) -> None:
        """Add the fence (loading SuperFences when it is not there yet) and the line-aware check."""
        md.registerExtension(self)
        # Before whitespace normalising (30) and SuperFences (25): line numbers are still the author's.
        md.preprocessors.register(_CheckFences(md), "roads_fences", 35)
        for extension in md.registeredExtensions:
            if isinstance(extension, SuperFencesCodeExtension):
                _add_fence(extension)
                return
        SuperFencesCodeExtension(custom_fences=[FENCE]).extendMarkdown(md)


def makeExtension(**kwargs: Any) -> RoadsExtension:
    """Return the extension; Python-Markdown calls this for ``extensions=["roads.lesson.markdown_ext"]``."""
    return RoadsExtension(**kwargs)
