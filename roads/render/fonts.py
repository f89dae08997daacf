"""Fonts for pictures that draw glyphs (PNG, PDF): a fixed chain of bundled faces, then the system's.

Each character is drawn by the first face in :data:`CHAIN` that holds it:
Aileron (ASCII; Pillow's own copy), then the subsets shipped in
``roads/data/fonts`` (DejaVu Sans: accented Latin, Greek, Cyrillic,
punctuation, currency, arrows, suits; Noto Sans CJK SC: 庄 闲 和 莊 閒, the
``zh`` labels and the table's words such as 百家乐, 靴 and the road names).
The chain is the same on every machine, so the same text gives the same
pixels. A character none of them holds is drawn from a system font
that has it (fontconfig's pick, or ``$ROADS_FONT``); when there is none the
picture is refused with the character's name, never drawn as an empty box.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from ..errors import RenderError
from .faces import AILERON, CHAIN, DEJAVU, FAMILIES, NOTO_CJK, Face, font_path

__all__ = ["AILERON", "CHAIN", "DEJAVU", "FAMILIES", "NOTO_CJK", "Face", "check", "font", "font_path", "runs"]

ENV = "ROADS_FONT"
"""Names a font file tried, after the bundled ones, for characters they lack."""
LEGACY_ENV = "ROADS_CJK_FONT"
"""The 0.1 name of :data:`ENV`, still honoured."""


@lru_cache(maxsize=256)
def font(face: Face, size: float) -> ImageFont.FreeTypeFont:
    """Return ``face`` at ``size`` pixels."""
    # Pillow's basic layout, as load_default uses: the same glyphs and advances whether or not this
    # Pillow has libraqm, so every machine draws the same pixels.
    return ImageFont.truetype(font_path(face), size=size, index=face.index, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[Face, str], ...]:
    """Return ``text`` cut into runs, each with the face that draws all of it; RenderError naming a
    character no bundled or system font holds."""
    out: list[tuple[Face, str]] = []
    # Composed form first: "e" + U+0301 becomes "é", which a face holds whole.
    for ch in unicodedata.normalize("NFC", text):
        if out and (_blank(ch) or unicodedata.combining(ch)) and has_glyph(out[-1][0], ch):
            out[-1] = (out[-1][0], out[-1][1] + ch)
            continue
        face = face_for(ch)
        if face is None:
            raise RenderError(missing_message(ch, text))
        piece = ch
        if unicodedata.combining(ch) and out and has_glyph(face, out[-1][1][-1]):
            # An accent drawn apart from its letter would float: move the letter to the accent's face.
            before, letter = out[-1][1][:-1], out[-1][1][-1]
            out[-1:] = [(out[-1][0], before)] if before else []
            piece = letter + ch
        if out and out[-1][0] == face:
            out[-1] = (face, out[-1][1] + piece)
        else:
            out.append((face, piece))
    return tuple(out)


def missing_message(ch: str, text: str) -> str:
    """Return the one line that names a character no font can draw, and the text it is in."""
    name = unicodedata.name(ch, "unnamed character")
    return (
        f"no font can draw {ch!r} (U+{ord(ch):04X} {name}) in {text!r}: install a font that has it "
        f"or set {ENV} to one, or leave the character out"
    )


def _blank(ch: str) -> bool:
    """Return True for spaces and invisible format characters, which any face may carry."""
    return ch.isspace() or unicodedata.category(ch) in ("Cf", "Zs")


@lru_cache(maxsize=4096)
def face_for(ch: str) -> Face | None:
    """Return the first face that has a real glyph for ``ch``: the bundled chain, then a system font."""
    if _blank(ch):
        return AILERON
    for face in CHAIN:
        if has_glyph(face, ch):
            return face
    return system_face(ch)


def system_face(ch: str) -> Face | None:
    """Return a font installed on this machine that draws ``ch``, or None."""
    for path, index in _system_candidates(ch):
        face = Face(_family_of(path, index), path, index)
        try:
            if has_glyph(face, ch):
                return face
        except OSError:
            continue
    return None


def _system_candidates(ch: str) -> list[tuple[str, int]]:
    """Return font files worth trying for ``ch``: the environment, then fontconfig's choice."""
    out: list[tuple[str, int]] = []
    for env in (ENV, LEGACY_ENV):
        named = os.environ.get(env)
        if named:
            out.append((named, 0))
    if shutil.which("fc-match"):
        out.extend(_fontconfig(["fc-match", "-f", "%{file}|%{index}\n", f":charset={ord(ch):x}"]))
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


def _family_of(path: str, index: int) -> str:
    try:
        return ImageFont.truetype(path, size=12, index=index).getname()[0] or os.path.basename(path)
    except OSError:
        return os.path.basename(path)


@lru_cache(maxsize=8192)
def has_glyph(face: Face, ch: str) -> bool:
    """Return True when ``face`` draws ``ch`` as something other than its missing-glyph box."""
    try:
        probe = font(face, 32)
    except OSError:
        return False
    return _glyph(probe, ch) != _missing(face)


@lru_cache(maxsize=64)
def _missing(face: Face) -> bytes:
    # A private-use code point no text font maps: FreeType draws glyph 0, the .notdef box.
    return _glyph(font(face, 32), "\U0010fffd")


def _glyph(font: ImageFont.FreeTypeFont, ch: str) -> bytes:
    """Return the pixels of ``ch`` drawn alone: a missing glyph draws the font's .notdef box."""
    image = Image.new("L", (64, 64))
    ImageDraw.Draw(image).text((16, 8), ch, font=font, fill=255)
    return image.tobytes()


def check(text: str) -> None:
    """Raise RenderError naming the first character of ``text`` no font can draw."""
    runs(text)
