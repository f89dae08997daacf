"""The shell every roads page shares: the document around a page's body, its fonts, and the sprite of its symbols.

The lesson page and the quiz are the same kind of file: one self-contained
HTML document that opens from disk, its CSS and JavaScript inline and allowed
by their hashes (:mod:`.csp`), the faces its pictures draw with embedded once
for the whole page, and the symbols its small pictures place kept once in a
hidden sprite. One piece of code writes those parts for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib import resources

from ..scene.primitives import Scene, Symbol
from ..version import __version__
from . import csp
from .safe import esc
from .svgtools import inline_svg, without_style

FONT_PREFIX = "page-"
"""What the page-wide font families start with (``page-roads-aileron``...); no figure's ids start so."""


def asset(name: str) -> str:
    """Return the text of a file in roads/lesson/assets (the pages' CSS and JavaScript)."""
    return (resources.files("roads.lesson") / "assets" / name).read_text(encoding="utf-8")


def document(*, title: str, body: str, script: str, styles: tuple[str, ...], fonts: bool, attributes: str = "") -> str:
    """Return the whole HTML document: the strict CSP allowing exactly ``script`` and ``styles``, then ``body``.

    ``attributes`` go on ``<body>`` as written (escaped by the caller); ``fonts``
    lets ``data:`` fonts load (a page whose styles embed its faces).
    """
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        + csp.meta(scripts=(script,), styles=styles, fonts=fonts)
        + '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="roads {esc(__version__)}">\n'
        f"<title>{esc(title)}</title>\n" + "".join(f"<style>{text}</style>\n" for text in styles) + "</head>\n"
        f"<body{attributes}>\n{body}\n"
        f"<script>{script}</script>\n</body>\n</html>\n"
    )


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
    return without_style(inline_svg(scene, "", fonts=False)).replace(
        "<svg ", '<svg aria-hidden="true" class="sprite" ', 1
    )


def keep_symbols(symbols: dict[str, Symbol], scene: Scene, prefix: str) -> None:
    """Add ``scene``'s symbols to a page's sprite under ``prefix``; ValueError if one id would mean two shapes."""
    for symbol in scene.symbols:
        kept = symbols.setdefault(prefix + symbol.id, symbol)
        if kept.shapes != symbol.shapes:
            raise ValueError(f"two shapes for symbol {prefix + symbol.id}: give each size its own prefix")


__all__ = ["FONT_PREFIX", "asset", "document", "keep_symbols", "page_fonts", "sprite"]
