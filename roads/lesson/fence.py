"""A shoe written inside a document (a Markdown fence, a reST directive) becomes an inline figure.

Both front-ends share this: the options a figure takes, how they are checked,
and how a problem names the line of the document it is on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import LessonError, RoadsError
from ..scene.clean import clean
from ..scoreboard import Scoreboard

OPTIONS = ("road", "last", "highlight", "theme", "labels", "width", "cell", "caption", "alt", "title", "fonts")
"""What a figure in a document takes; anything else is a mistake worth stopping for."""
TEXT_OPTIONS = ("caption", "alt", "title")
"""Options that are words for the reader, not drawing options: ``title`` is the 0.1 name of ``caption``."""
FONTS = ("embed", "none")
"""Values of ``fonts``: the SVG carries its font subsets (the default), or not, for a page of many figures."""


def where(line: int | None, file: str | None = None, column: int | None = None) -> str:
    """Return the location prefix of a message: ``docs/a.md, line 12: `` (empty when unknown)."""
    parts = [p for p in (file, f"line {line}" if line else None, f"column {column}" if line and column else None) if p]
    return ", ".join(parts) + ": " if parts else ""


def check_options(
    options: Mapping[str, Any], *, line: int | None = None, file: str | None = None, what: str = "the roads fence"
) -> dict[str, Any]:
    """Return the figure's drawing keywords from document options; LessonError naming the line and option."""
    from ..scene import render_options
    from ..scene.options import BY_NAME

    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        names = ", ".join(f"'{name}'" for name in unknown)
        raise LessonError(
            f"{where(line, file)}unknown option{'s' if len(unknown) > 1 else ''} {names} in {what}: "
            f"use {', '.join(OPTIONS)}"
        )
    if "caption" in options and "title" in options:
        raise LessonError(f"{where(line, file)}{what} has both caption and title: give caption only")
    kwargs: dict[str, Any] = {}
    for key, value in options.items():
        if key in TEXT_OPTIONS:
            continue
        if key == "fonts":
            if clean(str(value)).strip() not in FONTS:
                raise LessonError(
                    f'{where(line, file)}{what}, option fonts: fonts="{clean(str(value))}" should be '
                    'embed or none, e.g. fonts="none"'
                )
            continue
        text = clean(str(value)).strip()
        try:
            # Read by the option table, as board.svg(...) and roads render read it: one message for one bad value.
            kwargs[key] = BY_NAME[key].convert(text)
            render_options(**{key: kwargs[key]})
        except RoadsError as exc:
            raise LessonError(f"{where(line, file)}{what}, option {key}: {exc.message}") from None
    try:
        render_options(**kwargs)
    except RoadsError as exc:
        raise LessonError(f"{where(line, file)}{what}: {exc.message}") from None
    return kwargs


def caption_of(options: Mapping[str, Any]) -> str | None:
    """Return the figure's caption (``caption``, or ``title`` as 0.1 spelled it), made safe; None without one."""
    text = options.get("caption", options.get("title"))
    return clean(str(text)) if text else None


def shoe_board(
    text: str, *, first_line: int | None = None, file: str | None = None, what: str = "the roads fence"
) -> Scoreboard:
    """Return the board of the shoe written in a block; errors name the document's line, not the block's."""
    from .embed import read_text_log

    if not text.strip():
        raise LessonError(
            f"{where(first_line - 1 if first_line else None, file)}{what} is empty: write the "
            "shoe's results inside, e.g. B P P T B B"
        )
    try:
        return Scoreboard.from_outcomes(read_text_log(text, "<fence>"))
    except RoadsError as exc:
        if exc.line is not None and first_line:
            # The log reader counts lines from the block's first line; the writer needs the document's.
            raise LessonError(f"{where(exc.line + first_line - 1, file, exc.column)}{exc.message}") from None
        raise LessonError(f"{where(None, file)}{what}: {exc.message}") from None


def figure_html(
    text: str,
    options: Mapping[str, Any],
    *,
    first_line: int | None = None,
    header_line: int | None = None,
    file: str | None = None,
    what: str = "the roads fence",
) -> str:
    """Return the inline-SVG ``<figure>`` for a shoe written in a document, every problem located.

    ``first_line`` is the document line of the shoe's first line; ``header_line``
    the line that carries the options (None when the caller names it itself).
    """
    from .embed import html_figure

    kwargs = check_options(options, line=header_line, file=file, what=what)
    board = shoe_board(text, first_line=first_line, file=file, what=what)
    alt = options.get("alt")
    fonts = clean(str(options.get("fonts", "embed"))).strip() != "none"
    try:
        return html_figure(
            board, caption=caption_of(options), alt=clean(str(alt)) if alt else None, fonts=fonts, **kwargs
        )
    except RoadsError as exc:
        raise LessonError(f"{where(header_line, file)}{what}: {exc.message}") from None


# -- finding fences in Markdown source ------------------------------------------

_OPEN = re.compile(r"^(?P<indent>(?:[ \t]*>)*[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*roads(?=[ \t]|$)(?P<rest>.*)$")
_OPTION = re.compile(r"""[ \t]*(?P<key>[A-Za-z][\w-]*)(?:=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>\S+)))?""")


@dataclass(frozen=True, slots=True)
class Fence:
    """One ```` ```roads ```` block of a Markdown document: where it is, its options, its body."""

    line: int
    """Line (from 1) of the opening fence."""
    options: dict[str, str]
    body: str


def header_options(rest: str, line: int) -> dict[str, str]:
    """Return the ``key="value"`` options after ```` ```roads ````; LessonError for anything else on the line."""
    options: dict[str, str] = {}
    pos = 0
    rest = rest.rstrip()
    while pos < len(rest):
        if rest[pos:].strip() == "":
            break
        m = _OPTION.match(rest, pos)
        if m is None or m.end() == pos:
            raise LessonError(
                f"line {line}: cannot read '{clean(rest[pos:].strip())}' in the roads fence: "
                'write options as key="value", e.g. road="big-road" last="20"'
            )
        key = m.group("key")
        if m.group("bare") is not None:
            raise LessonError(
                f'line {line}: put the value of {key} in quotes, as SuperFences needs: {key}="{clean(m.group("bare"))}"'
            )
        value = m.group("dq") if m.group("dq") is not None else m.group("sq")
        if value is None:
            raise LessonError(f"line {line}: option '{key}' in the roads fence needs a value, e.g. {key}=\"...\"")
        options[key] = value
        pos = m.end()
    return options


def find_fences(lines: list[str]) -> Iterator[Fence]:
    """Yield every roads fence of a Markdown document's lines, options parsed; an unclosed one runs to the end."""
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if m is None:
            i += 1
            continue
        start, fence, indent = i, m.group("fence"), m.group("indent")
        options = header_options(m.group("rest"), start + 1)
        close = re.compile(rf"^{re.escape(indent.rstrip())}[ \t>]*{fence[0]}{{{len(fence)},}}[ \t]*$")
        body: list[str] = []
        i += 1
        while i < len(lines) and not close.match(lines[i]):
            text = lines[i]
            body.append(text[len(indent) :] if text.startswith(indent) else text.lstrip(" \t>"))
            i += 1
        i += 1
        yield Fence(start + 1, options, "\n".join(body))


def check_document(lines: list[str], file: str | None = None) -> None:
    """Raise LessonError (with the line) for the first roads fence in ``lines`` that cannot be drawn."""
    from ..scene import lay_out

    for fence in find_fences(lines):
        kwargs = check_options(fence.options, line=fence.line, file=file)
        board = shoe_board(fence.body, first_line=fence.line + 1, file=file)
        try:
            lay_out(board, **kwargs)
        except RoadsError as exc:
            raise LessonError(f"{where(fence.line, file)}the roads fence: {exc.message}") from None
