"""Regression: a title holding a control character or a lone surrogate made an SVG that no XML parser opens.

`roads render shoe.txt -o board.svg --title $'a\\x1bb'` wrote the ESC into the
<title>: escaping cannot help, XML 1.0 has no way to hold it. A lone surrogate
(what Python makes of a command-line argument that is not UTF-8) became
&#55296;, just as invalid, and sent the PNG back-end looking for a CJK font.
Found by the markup-safety tests; RenderOptions now drops such characters.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from roads import Scoreboard
from roads.render import render

BOARD = Scoreboard.from_results("B P P T B")


@pytest.mark.parametrize(
    ("title", "kept"),
    [
        ("a\x00b\x1bc\x08", "abc"),
        ("table\ud8007", "table7"),
        ("shoe\udcff 3", "shoe 3"),
        ("tab\tand\nline", "tab\tand\nline"),
    ],
)
def test_regression_title_with_characters_xml_cannot_hold(title: str, kept: str) -> None:
    root = ET.fromstring(render(BOARD, "svg", title=title))
    assert root.find("{http://www.w3.org/2000/svg}title").text == kept  # type: ignore[union-attr]
    assert render(BOARD, "png", title=title, cell=8).startswith(b"\x89PNG")
