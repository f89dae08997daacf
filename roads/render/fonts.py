"""Fonts for the PNG back-end: Pillow's bundled scalable font, and a CJK font found on the system.

Latin labels need nothing installed: ``ImageFont.load_default(size=...)`` is a
FreeType font shipped inside Pillow. 庄/闲/和 need a font that has them; the SVG
only names font families, so only PNG output asks for one.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from ..errors import RenderError

CJK_SAMPLE = "庄闲和"
ENV = "ROADS_CJK_FONT"
"""Names a CJK font file to use, ahead of any search."""

KNOWN = (
    "/usr/share/fonts/**/Noto*CJK*.tt[cf]",
    "/usr/share/fonts/**/Noto*CJK*.otf",
    "/usr/share/fonts/**/SourceHanSans*.tt[cf]",
    "/usr/share/fonts/**/SourceHanSans*.otf",
    "/usr/share/fonts/**/wqy-*.tt[cf]",
    "/usr/share/fonts/**/DroidSansFallback*.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/STHeiti*.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/msyh.tt[cf]",
    "C:/Windows/Fonts/simhei.ttf",
)

INSTALL_HINT = (
    "labels 庄/闲/和 in a PNG need a font with Chinese glyphs, and none was found: install one "
    "(Debian/Ubuntu: apt-get install fonts-noto-cjk; Fedora: dnf install google-noto-sans-cjk-fonts) "
    f"or set {ENV} to a .ttf/.otf/.ttc file; SVG output needs no font"
)


@lru_cache(maxsize=64)
def latin(size: float) -> ImageFont.FreeTypeFont:
    """Return Pillow's bundled scalable font at ``size`` pixels."""
    font = ImageFont.load_default(size=size)
    assert isinstance(font, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return font


def needs_cjk(text: str) -> bool:
    """Return True when ``text`` has a character the bundled Latin font cannot draw (CJK and beyond)."""
    return any(ord(ch) >= 0x2E80 for ch in text)


@lru_cache(maxsize=64)
def cjk(size: float) -> ImageFont.FreeTypeFont:
    """Return the system CJK font at ``size`` pixels; RenderError saying how to install one if there is none."""
    found = find_cjk_font()
    if found is None:
        raise RenderError(INSTALL_HINT)
    path, index = found
    return ImageFont.truetype(path, size=size, index=index)


@lru_cache(maxsize=1)
def find_cjk_font() -> tuple[str, int] | None:
    """Return (path, face index) of a font that draws 庄, 闲 and 和, or None when the system has none."""
    for path, index in _candidates():
        if _covers(path, index):
            return path, index
    return None


def _candidates() -> list[tuple[str, int]]:
    """Return font files worth trying, most specific first: the environment, fontconfig, known places."""
    out: list[tuple[str, int]] = []
    named = os.environ.get(ENV)
    if named:
        out.append((named, 0))
    if shutil.which("fc-match"):
        # fontconfig's own pick for Chinese sans-serif: the regular, simplified face.
        best = _fontconfig(["fc-match", "-f", "%{file}|%{index}\n", "sans-serif:lang=zh-cn"])
        out.extend(best[:1])
    if shutil.which("fc-list"):
        listed = _fontconfig(["fc-list", ":lang=zh-cn", "-f", "%{file}|%{index}\n"])
        out.extend(sorted(listed, key=lambda found: ("Regular" not in found[0], found)))
    for pattern in KNOWN:
        out.extend((path, 0) for path in sorted(glob.glob(pattern, recursive=True)))
    return out


def _fontconfig(command: list[str]) -> list[tuple[str, int]]:
    """Return the (file, index) pairs a fontconfig command prints, one ``file|index`` a line."""
    try:
        printed = subprocess.run(command, capture_output=True, text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in printed.splitlines():
        path, _, index = line.rpartition("|")
        if path:
            found.append((path, int(index) if index.isdigit() else 0))
    return found


def _covers(path: str, index: int) -> bool:
    """Return True when the font at ``path`` has real glyphs (not the missing-glyph box) for the sample."""
    try:
        font = ImageFont.truetype(path, size=32, index=index)
    except OSError:
        return False
    missing = _glyph(font, "\U0010fffd")
    return all(_glyph(font, ch) != missing for ch in CJK_SAMPLE)


def _glyph(font: ImageFont.FreeTypeFont, ch: str) -> bytes:
    """Return the pixels of ``ch`` drawn alone: a missing glyph draws the font's .notdef box."""
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 4), ch, font=font, fill=255)
    return image.tobytes()
