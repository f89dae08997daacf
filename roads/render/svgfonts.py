"""The fonts an SVG carries inside itself: each bundled face its text uses, subset to those characters.

A browser without Aileron, DejaVu Sans or Noto Sans CJK SC would draw an SVG's
titles, labels and notes in whatever it has, so accents, Greek, dashes, suits
or 庄/闲/和 could differ from the PNG, or be boxes. Each face of the chain
(:mod:`roads.render.fonts`) that draws a character of the figure goes into an
``@font-face`` rule as a WOFF ``data:`` URI, holding exactly the characters the
PNG draws with it, under a family name that starts with the figure's id prefix
(two figures on one page never take each other's subset). The bytes depend only
on the text: fontTools keeps the fonts' own timestamps, and WOFF is zlib, which
every Python has (WOFF2 would need brotli, a dependency roads does not take).
System fonts are not embedded: their licences are not ours to pass on.
"""

from __future__ import annotations

import base64
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache

from ..scene.primitives import Group, Item, Scene, Shape, Text
from .faces import AILERON, CHAIN, Face, font_path
from .woff import NotTrueType, subset_woff

FLAVOR = "woff"
"""The embedded font format: WOFF 1 (zlib), the same bytes on every machine and read by every browser."""

DROPPED = ("FFTM", "GSUB", "GPOS", "GDEF")
"""Tables left out of every subset (FontForge's timestamps; the OpenType layout the PNG does not use)."""

NAME_IDS = (0, 1, 2, 3, 4, 5, 6, 13, 14)
"""The font names kept in a subset: copyright, family, version and the licence, as the licences ask."""


def texts(scene: Scene) -> Iterator[str]:
    """Yield every text of ``scene``: in its items, its groups and its symbols."""
    for symbol in scene.symbols:
        yield from item_texts(symbol.shapes)
    yield from item_texts(scene.items)


def item_texts(items: Iterable[Item | Shape]) -> Iterator[str]:
    """Yield every text among ``items`` and the groups in them, at any depth."""
    for item in items:
        if isinstance(item, Text):
            yield item.text
        elif isinstance(item, Group):
            yield from item_texts(item.items)


def characters(scene: Scene) -> dict[Face, str]:
    """Return, for each bundled face the PNG draws some of ``scene``'s text with, those characters (sorted)."""
    return text_characters(texts(scene))


def text_characters(strings: Iterable[str]) -> dict[Face, str]:
    """Return, for each bundled face the PNG draws some of ``strings`` with, those characters (sorted)."""
    found: dict[Face, set[str]] = {}
    for text in set(strings):
        if _ASCII.fullmatch(text):
            # Aileron, first in the chain, holds all of printable ASCII (tests/test_svg_fonts.py checks it):
            # most figures never need the font chain, nor Pillow, which it draws glyphs with.
            found.setdefault(AILERON, set()).update(text)
            continue
        from .fonts import runs

        for face, run in runs(text):
            if face in CHAIN:
                found.setdefault(face, set()).update(unicodedata.normalize("NFC", run))
    return {face: "".join(sorted(found[face])) for face in CHAIN if face in found}


_ASCII = re.compile("[ -~]*")


def family(prefix: str, face: Face) -> str:
    """Return the CSS family name of ``face`` embedded in the figure whose ids start with ``prefix``."""
    return f"{prefix}roads-{face.family.lower().replace(' ', '-')}"


def font_faces(scene: Scene, prefix: str) -> tuple[str, str]:
    """Return (the ``@font-face`` rules, the font-family list) for ``scene``; ("", "") when it has no text."""
    return face_rules(characters(scene), prefix)


def face_rules(used: Mapping[Face, str], prefix: str) -> tuple[str, str]:
    """Return (the ``@font-face`` rules, the font-family list) embedding each face with its characters in ``used``."""
    if not used:
        return "", ""
    rules = []
    names = []
    for face, chars in used.items():
        name = family(prefix, face)
        names.append(f"'{name}'")
        rules.append(
            f"@font-face{{font-family:'{name}';src:url(data:font/{FLAVOR};base64,{subset(face, chars)}) "
            f"format('{FLAVOR}')}}"
        )
    return "\n".join(rules), ", ".join(names)


@lru_cache(maxsize=128)
def subset(face: Face, chars: str) -> str:
    """Return ``face`` cut down to ``chars`` as base64 WOFF, deterministic (no timestamp is touched)."""
    try:
        data = subset_woff(_font_bytes(face), chars, NAME_IDS)
    except NotTrueType:
        data = subset_cff(face, chars)
    return base64.b64encode(data).decode("ascii")


@lru_cache(maxsize=8)
def _font_bytes(face: Face) -> bytes:
    with open(font_path(face), "rb") as f:
        return f.read()


def subset_cff(face: Face, chars: str) -> bytes:
    """Return ``face`` (a CFF font: Noto Sans CJK SC) cut down to ``chars`` as WOFF bytes, through fontTools."""
    from fontTools import subset as ft_subset  # type: ignore[import-untyped]  # loads only for text to embed
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    options = ft_subset.Options()
    options.flavor = FLAVOR
    options.hinting = False  # browsers hint for themselves; the subset is a third smaller without
    options.name_IDs = list(NAME_IDS)
    options.name_languages = [0x409]
    options.recalc_timestamp = False
    # FFTM is FontForge's timestamps. GSUB/GPOS/GDEF go too: the PNG sets text with FreeType's basic
    # layout (no OpenType features), so the browser should not kern or substitute what the PNG does not;
    # and their closure was most of the time of subsetting DejaVu Sans.
    options.drop_tables = [*options.drop_tables, *DROPPED]
    options.layout_features = []
    font = TTFont(font_path(face), fontNumber=face.index, recalcTimestamp=False)
    for tag in DROPPED:
        if tag in font:
            del font[tag]  # before subsetting, which would read them all first
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    font.flavor = FLAVOR
    out = io.BytesIO()
    font.save(out, reorderTables=False)
    return out.getvalue()
