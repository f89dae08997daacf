"""SVG text carries its fonts: each bundled face it uses, subset to exactly its characters, as a WOFF data: URI.

Without them a browser lacking Aileron, DejaVu Sans or Noto Sans CJK SC draws
titles, labels and notes in whatever it has. The browser half (the faces load
and the text is drawn with them) is in tests/test_svg_fonts_browser.py.
"""

from __future__ import annotations

import base64
import dataclasses
import io
import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from helpers import demo_board

from roads import Scoreboard
from roads.render import svg
from roads.render.fonts import AILERON, CHAIN, DEJAVU, NOTO_CJK, Face, font_path
from roads.render.svgfonts import NAME_IDS, characters, family, subset, texts
from roads.render.woff import NotTrueType, subset_woff
from roads.scene import lay_out, render_options

NS = "{http://www.w3.org/2000/svg}"
RULE = re.compile(
    r"@font-face\{font-family:'([^']+)';src:url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\) format\('woff'\)\}"
)
TITLE = "Table 7, shoe 3 — Café “quoted”… αβγ Привет €£ → ♠♥♦♣ 庄闲和 莊閒"


def _faces(text: str) -> dict[str, TTFont]:
    """Return each embedded family name and its decoded font."""
    root = ET.fromstring(text)
    styles = root.findall(f"{NS}defs/{NS}style")
    assert len(styles) == 1
    found = RULE.findall(styles[0].text or "")
    assert found, "no @font-face rule"
    return {name: TTFont(io.BytesIO(base64.b64decode(data))) for name, data in found}


def _drawn(text: str) -> set[str]:
    """Return every character of every <text> of the SVG, composed as the PNG composes it."""
    root = ET.fromstring(text)
    return {ch for el in root.iter(f"{NS}text") for ch in unicodedata.normalize("NFC", el.text or "")}


def _prefix(text: str) -> str:
    return re.search(r'<g class="road bead-plate" id="([^"]*)bead-plate"', text).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize("labels", ["en", "zh"])
def test_the_embedded_faces_hold_exactly_the_characters_of_the_text(labels: str) -> None:
    text = svg(demo_board(), title=TITLE, labels=labels)
    faces = _faces(text)
    covered: set[str] = set()
    for name, font in faces.items():
        cmap = {chr(code) for code in font.getBestCmap()}
        # A space goes with the run it sits in, as in the PNG; any other character is in one face only.
        assert all(ch.isspace() for ch in cmap & covered), f"{name} repeats characters another face holds"
        covered |= cmap
    assert covered == _drawn(text)
    prefix = _prefix(text)
    assert set(faces) == {family(prefix, face) for face in CHAIN}  # Latin, accents and CJK: all three
    assert all(name.startswith(prefix) for name in faces)


def test_each_character_is_in_the_face_the_png_draws_it_with() -> None:
    text = svg(Scoreboard.from_results("BPT"), title="Ab é 庄")
    faces = {name.removeprefix(_prefix(text)): font for name, font in _faces(text).items()}
    chars = {name: {chr(c) for c in font.getBestCmap()} for name, font in faces.items()}
    assert {"A", "b", " "} <= chars["roads-aileron"] and "é" not in chars["roads-aileron"]
    assert chars["roads-dejavu-sans"] - {" "} == {"é"}  # the space after é goes with its run
    assert chars["roads-noto-sans-cjk-sc"] == {"庄"}
    # The root lists the embedded faces first, in the PNG's order, then the names a page may have.
    root = ET.fromstring(text)
    listed = [name.strip(" '") for name in root.get("font-family", "").split(",")]
    p = _prefix(text)
    assert listed[:3] == [family(p, AILERON), family(p, DEJAVU), family(p, NOTO_CJK)]


def test_same_board_same_bytes_and_the_fonts_keep_their_own_timestamps() -> None:
    board = demo_board()
    first = svg(board, title=TITLE)
    from roads.render import svgfonts

    svgfonts.subset.cache_clear()
    assert svg(board, title=TITLE) == first
    for name, font in _faces(first).items():
        face = next(f for f in CHAIN if name.endswith(family("", f)))
        original = TTFont(font_path(face))
        assert font["head"].modified == original["head"].modified
        assert "FFTM" not in font  # FontForge's table of timestamps is left out


def test_two_figures_on_one_page_never_share_a_family() -> None:
    one = svg(Scoreboard.from_results("BPB"), title="Café")
    two = svg(Scoreboard.from_results("BPP"), title="Caffè")
    assert set(_faces(one)).isdisjoint(_faces(two))


def test_fonts_false_leaves_them_out() -> None:
    board = demo_board()
    plain = svg(board, fonts=False)
    assert "@font-face" not in plain and "<style" not in plain
    assert 'font-family="Aileron, ' in plain


def test_the_demo_board_adds_a_few_kilobytes() -> None:
    """The 80-coup demo board's text is ASCII: only an Aileron subset, about 5 KB (docs/rendering.md)."""
    board = demo_board()
    added = len(svg(board).encode()) - len(svg(board, fonts=False).encode())
    assert 2_000 < added < 8_000


@pytest.mark.parametrize(
    ("face", "chars"), [(AILERON, " !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~"), (DEJAVU, "éÅßαΩЖя—…“”€£→♠♥♦♣ ")]
)
def test_the_truetype_subsetter_keeps_each_glyph_as_the_font_draws_it(face: Face, chars: str) -> None:
    """roads.render.woff cuts Aileron and DejaVu Sans without fontTools: same glyph numbers, outlines, advances."""
    font = TTFont(io.BytesIO(base64.b64decode(subset(face, chars))))
    original = TTFont(font_path(face))
    cmap, whole = font.getBestCmap(), original.getBestCmap()
    assert set(cmap) == {ord(ch) for ch in chars}
    assert font["head"].modified == original["head"].modified
    glyf, glyf0 = font["glyf"], original["glyf"]
    for ch in chars:
        name, name0 = cmap[ord(ch)], whole[ord(ch)]
        assert font.getGlyphID(name) == original.getGlyphID(name0)
        assert font["hmtx"][name] == original["hmtx"][name0]
        ours, theirs = glyf[name].getCoordinates(glyf), glyf0[name0].getCoordinates(glyf0)
        assert list(ours[0]) == list(theirs[0]) and list(ours[1]) == list(theirs[1]), ch
    # Every glyph the characters do not use is empty.
    used = {font.getGlyphID(cmap[ord(ch)]) for ch in chars} | {0}
    parts = {
        original.getGlyphID(c.glyphName)
        for n in used
        for c in getattr(glyf0[font.getGlyphOrder()[n]], "components", [])
    }
    order = font.getGlyphOrder()
    assert all(glyf[order[i]].numberOfContours == 0 for i in range(len(order)) if i not in used | parts)


def test_all_of_printable_ascii_is_drawn_by_aileron() -> None:
    """The SVG's shortcut: ASCII text needs no font chain (nor Pillow), because the chain gives it all to Aileron."""
    from roads.render.fonts import face_for

    assert all(face_for(chr(code)) == AILERON for code in range(0x20, 0x7F))
    scene = dataclasses.replace(lay_out(Scoreboard.from_results("BPT"), render_options()), title="Hi")
    assert characters(scene)[AILERON] == "".join(sorted(set("".join(texts(scene)))))


def test_a_cff_face_goes_through_fonttools() -> None:
    with pytest.raises(NotTrueType):
        subset_woff(Path(font_path(NOTO_CJK)).read_bytes(), "庄", NAME_IDS)
    font = TTFont(io.BytesIO(base64.b64decode(subset(NOTO_CJK, "庄闲"))))
    assert set(font.getBestCmap()) == {ord("庄"), ord("闲")} and "CFF " in font
