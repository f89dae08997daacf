"""The bundled font faces and where their files are: no Pillow, so an SVG can name and embed them cheaply."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Face:
    """One font of the chain: a family name as CSS and PDF spell it, and where its file is."""

    family: str
    file: str
    """A file in ``roads/data/fonts``, or an absolute path (a system font)."""
    index: int = 0


AILERON = Face("Aileron", "Aileron-Regular-pillow.ttf")
"""The Aileron subset Pillow embeds for ``load_default``, kept as a file so the PDF can embed it too."""
DEJAVU = Face("DejaVu Sans", "DejaVuSans-roads.ttf")
NOTO_CJK = Face("Noto Sans CJK SC", "NotoSansCJKsc-roads.otf")
CHAIN: tuple[Face, ...] = (AILERON, DEJAVU, NOTO_CJK)
"""The bundled faces, in the order a character is looked for."""

FAMILIES = ", ".join(f"'{face.family}'" if " " in face.family else face.family for face in CHAIN)
"""The chain as a CSS font-family list, so a browser that has the fonts draws what the PNG draws."""


FONTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "fonts")
"""The folder of the bundled fonts (roads/data/fonts)."""


def font_path(face: Face) -> str:
    """Return the file of a bundled or system face."""
    if os.path.isabs(face.file):
        return face.file
    # The package's own folder, as importlib.resources.files("roads") gives it for an installed package (a str
    # path either way), without the importlib.resources import (tempfile, shutil, zipfile) every picture paid.
    return os.path.join(FONTS, face.file)
