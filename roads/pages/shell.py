"""The parts every self-contained page shares: the document around its body, its fonts, the sprite of its symbols.

The lesson page, the quiz and the drill are the same kind of file: one
self-contained HTML document that opens from disk, its CSS and JavaScript
inline and allowed by their hashes (:class:`~roads.pages.csp.Policy`), the
faces its pictures draw with embedded once for the whole page, and the
symbols its small pictures place kept once in a hidden sprite. The document
is the ``standalone.html`` template (on ``base.html``); this module gives the
rest to every page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..scene.primitives import Scene, Symbol
from ..version import __version__
from .csp import Policy
from .figure import inline_svg

FONT_PREFIX = "page-"
"""What the page-wide font families start with (``page-roads-aileron``...); no figure's ids start so."""


@dataclass(frozen=True, slots=True)
class Page:
    """A written page and its policy: a file carries ``policy.meta`` already, a server sends ``policy.header``."""

    html: str
    policy: Policy


def inline(*names: str) -> tuple[str, ...]:
    """Return files of roads/pages/assets (the pages' CSS and JavaScript) as a policy's scripts or styles take them.

    Each is its file's text after a newline, so that the code starts on a line of its own in its element;
    the policy hashes that exact text.
    """
    folder = resources.files("roads.pages") / "assets"
    return tuple(f"\n{(folder / name).read_text(encoding='utf-8')}" for name in names)


def standalone(template: str, *, title: str, policy: Policy, theme: str | None = None, **context: Any) -> Page:
    """Return the self-contained page ``template`` (on ``standalone.html``): ``policy`` allows its inline code.

    ``theme`` goes on ``<body>`` as ``data-theme``; ``context`` is the template's own.
    """
    from .jinja import render  # Jinja2 loads only when a page is written

    html = render(template, title=title, policy=policy, theme=theme, generator=__version__, **context)
    return Page(html, policy)


def page_fonts(drawn: Iterable[str], figures: Mapping[str, str]) -> tuple[str, str]:
    """Return the page's ``@font-face`` style (each face subset to the ``drawn`` texts) and their family list.

    ``figures`` maps a class of small pictures (``comparison``) to the family
    their scene names: one rule gives every picture of that class the page's
    faces, as the pictures name no family of their own (there are hundreds).
    """
    from ..render.svgfonts import face_rules, text_characters

    rules, families = face_rules(text_characters(set(drawn)), FONT_PREFIX)
    if not rules:
        return "", ""
    named = "\n".join(f"svg.{kind}{{font-family:{families}, {family}}}" for kind, family in figures.items() if family)
    return f"\n{rules}\n{named}\n" if named else f"\n{rules}\n", families


def sprite(symbols: Mapping[str, Symbol]) -> str:
    """Return the hidden ``<svg>`` holding ``symbols`` (by id) once for the page; empty when there are none."""
    if not symbols:
        return ""
    scene = Scene(
        width=0,
        height=0,
        background="none",
        symbols=tuple(Symbol(k, symbols[k].shapes) for k in sorted(symbols)),
        items=(),
        title="",
        desc="",
        font_family="",
    )
    # Zero-sized rather than display:none: some browsers will not draw <use> of a hidden SVG's symbols.
    return inline_svg(scene, "", decoration="sprite")


def keep_symbols(symbols: dict[str, Symbol], scene: Scene, prefix: str) -> None:
    """Add ``scene``'s symbols to a page's sprite under ``prefix``; ValueError if one id would mean two shapes."""
    for symbol in scene.symbols:
        kept = symbols.setdefault(prefix + symbol.id, symbol)
        if kept.shapes != symbol.shapes:
            raise ValueError(f"two shapes for symbol {prefix + symbol.id}: give each size its own prefix")


__all__ = ["FONT_PREFIX", "Page", "inline", "keep_symbols", "page_fonts", "sprite", "standalone"]
