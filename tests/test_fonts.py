"""Any text in any picture: a bundled font chain per character, system fonts after it, missing glyphs named."""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder  # type: ignore[import-untyped]
from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped]
from PIL import Image, ImageDraw, ImageFont

from roads import Scoreboard
from roads.cli import main
from roads.errors import RenderError
from roads.render import fonts, png, svg

CLASSES = {
    "latin accents": "Café naïve Ångström Łódź Ærøskøbing Straße Dvořák Şişli Nguyễn",
    "greek": "Αλφάβητο ΑΒΓΔ αβγδ ω",
    "cyrillic": "Привет, мир! Ёё Її Ґґ",
    "punctuation": "— – ‘’ “” … • ‹› «» ‰ †",
    "currency": "€ £ ¥ ₩ ₹ ₽ ₺ ¢ $",
    "arrows": "← → ↑ ↓ ↔ ⇒",
    "card suits": "♠ ♥ ♦ ♣ ♤ ♡ ♢ ♧",
    "chinese labels": "庄 闲 和 莊 閒",
    "zh panel words": "局数 庄对 闲对 例牌 最长 问路",
    "the game and the shoe": "百家乐 百家樂 第3靴 第１２靴",
    "the road names": "大路 珠盘路 珠盤路 大眼仔 小路 曱甴路",
    "the side bets": "幸运6 幸運6 龙7 龍7 熊猫8 熊貓8 超级6 超級6 免佣 免傭",
    "the table's words": "庄闲和 莊閒和 荷官 日期 时间 時間 结果 結果",
}
RARE = "\U00013000"
"""EGYPTIAN HIEROGLYPH A001: in none of the bundled fonts."""


@pytest.fixture(autouse=True)
def fresh_lookups() -> Iterator[None]:
    """Font lookups are cached per process; a test that changes the machine's fonts starts clean."""
    _clear()
    yield
    _clear()


def _clear() -> None:
    for cached in (fonts.face_for, fonts.runs, fonts.has_glyph):
        cached.cache_clear()


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with no fonts of its own: only the bundled chain."""
    monkeypatch.delenv(fonts.ENV, raising=False)
    monkeypatch.delenv(fonts.LEGACY_ENV, raising=False)
    monkeypatch.setattr(fonts, "_fontconfig", lambda command: [])


def drawn_alone(font: ImageFont.FreeTypeFont, ch: str) -> bytes:
    """Return the pixels of ``ch`` drawn alone in ``font``."""
    image = Image.new("L", (64, 64))
    ImageDraw.Draw(image).text((16, 8), ch, font=font, fill=255)
    return image.tobytes()


@pytest.mark.parametrize("name", CLASSES)
def test_every_class_of_character_is_drawn_by_a_bundled_font(name: str, no_system_fonts: None) -> None:
    for ch in CLASSES[name].replace(" ", ""):
        face = fonts.face_for(ch)
        assert face in fonts.CHAIN, f"{ch!r} {unicodedata.name(ch)} not in a bundled font"
        # The glyph drawn is neither the face's missing-glyph box nor empty.
        assert fonts.has_glyph(face, ch), f"{ch!r} draws as a box"
        assert any(drawn_alone(fonts.font(face, 32), ch)), f"{ch!r} draws nothing"
    # Every character of every run, spaces too, has its glyph in the run's face.
    for face, run in fonts.runs(CLASSES[name]):
        assert all(fonts.has_glyph(face, ch) for ch in run), (face, run)


def _pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


@pytest.mark.parametrize("name", CLASSES)
def test_a_title_of_each_class_differs_from_the_same_title_drawn_as_boxes(
    name: str, no_system_fonts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The title in the picture is the text, not the .notdef boxes Pillow's font alone (0.1) drew."""
    board = Scoreboard.from_results("BPBBT")
    text = CLASSES[name]
    drawn = _pixels(png(board, title=text, scale=2))
    with monkeypatch.context() as m:
        m.setattr(fonts, "runs", lambda t: ((fonts.AILERON, t),))
        boxes = _pixels(png(board, title=text, scale=2))
    assert drawn != boxes
    assert text in svg(board, title=text)


def test_a_title_mixing_fonts_keeps_its_anchor_and_its_bytes(no_system_fonts: None) -> None:
    board = Scoreboard.from_results("BPBBT")
    title = "Table 7, shoe 3 — Café 庄闲"
    assert [face.family for face, _ in fonts.runs(title)] == [
        "Aileron",
        "DejaVu Sans",
        "Aileron",
        "DejaVu Sans",
        "Noto Sans CJK SC",
    ]
    assert png(board, title=title) == png(board, title=title)


def test_regression_cjk_title_drew_from_the_machines_font(monkeypatch: pytest.MonkeyPatch) -> None:
    """家, 乐 and 靴 came from whatever CJK font the machine had, or were refused without one."""
    board = Scoreboard.from_results("BPBBT")
    title = "百家乐 第3靴"
    with_system = png(board, title=title, scale=2)
    _clear()
    monkeypatch.setattr(fonts, "_fontconfig", lambda command: [])
    monkeypatch.delenv(fonts.ENV, raising=False)
    monkeypatch.delenv(fonts.LEGACY_ENV, raising=False)
    assert png(board, title=title, scale=2) == with_system
    assert {face for face, _ in fonts.runs(title)} <= set(fonts.CHAIN)


def test_every_table_word_the_docs_list_is_bundled(no_system_fonts: None) -> None:
    """docs/rendering.md lists the words the CJK subset carries: each of their characters is in it."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "rendering.md").read_text(encoding="utf-8")
    table = doc.split("| words | meaning |", 1)[1].split("\n\n", 1)[0]
    words = "".join(row.split("|")[1] for row in table.splitlines()[2:])
    cjk = {ch for ch in words if ord(ch) >= 0x2E80}
    assert len(cjk) > 80
    assert all(fonts.face_for(ch) == fonts.NOTO_CJK for ch in cjk), sorted(
        ch for ch in cjk if fonts.face_for(ch) != fonts.NOTO_CJK
    )


def test_decomposed_accents_draw_like_composed_ones(no_system_fonts: None) -> None:
    board = Scoreboard.from_results("BP")
    assert _pixels(png(board, title="Cafe\u0301")) == _pixels(png(board, title="Café"))


def test_a_character_no_font_holds_is_named(no_system_fonts: None) -> None:
    with pytest.raises(RenderError, match="EGYPTIAN HIEROGLYPH A001") as info:
        png(Scoreboard.from_results("BP"), title=f"shoe {RARE}")
    assert "U+13000" in str(info.value) and "\n" not in str(info.value)


def test_the_cli_names_the_character_and_writes_nothing(
    no_system_fonts: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "shoe.txt"
    log.write_text("B P B B\n")
    out = tmp_path / "board.png"
    status = main(["render", str(log), "-o", str(out), "--title", f"x {RARE}"])
    err = capsys.readouterr().err
    assert status != 0 and "EGYPTIAN HIEROGLYPH A001" in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["shoe.txt"]


def _font_with(ch: str, path: Path) -> Path:
    """Write a one-glyph TrueType font that draws ``ch`` as a filled square."""
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "square"])
    builder.setupCharacterMap({ord(ch): "square"})
    pen = TTGlyphPen(None)
    for x, y in ((100, 0), (100, 700), (800, 700), (800, 0)):
        (pen.lineTo if x != 100 or y != 0 else pen.moveTo)((x, y))
    pen.closePath()
    builder.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "square": pen.glyph()})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "square": (900, 100)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Roads Test Square", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))
    return path


def test_a_character_no_bundled_font_holds_comes_from_a_system_font(
    no_system_fonts: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(fonts.ENV, str(_font_with(RARE, tmp_path / "square.ttf")))
    face = fonts.face_for(RARE)
    assert face is not None and face.family == "Roads Test Square" and face not in fonts.CHAIN
    board = Scoreboard.from_results("BP")
    assert _pixels(png(board, title=f"x {RARE}")) != _pixels(png(board, title="x"))
    # Bundled characters never go to the system font, whatever it holds.
    assert fonts.face_for("é") == fonts.DEJAVU


def test_a_named_font_that_lacks_the_glyph_is_not_taken(
    no_system_fonts: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(fonts.ENV, str(_font_with("Z", tmp_path / "z.ttf")))
    assert fonts.face_for(RARE) is None
    monkeypatch.setenv(fonts.ENV, str(tmp_path / "missing.ttf"))
    fonts.face_for.cache_clear()
    assert fonts.face_for(RARE) is None


def test_the_bundled_fonts_ship_with_their_licences() -> None:
    folder = Path(fonts.font_path(fonts.DEJAVU)).parent
    names = {p.name for p in folder.iterdir()}
    assert {"DejaVuSans-roads.ttf", "NotoSansCJKsc-roads.otf", "LICENSE-DejaVu.txt", "LICENSE-NotoSansCJK.txt"} <= names
    assert "SIL OPEN FONT LICENSE" in (folder / "LICENSE-NotoSansCJK.txt").read_text()


def test_a_title_longer_than_the_figure_is_wrapped_never_clipped(no_system_fonts: None) -> None:
    from roads.scene import lay_out
    from roads.scene.primitives import Group, Text

    board = Scoreboard.from_results("BPBBTPPBPB")
    title = "Table 7, shoe 3 — Café «Ωμέγα» Привет €£¥ → ♠♥♦♣ 庄闲和莊閒 and a caption far too long for six columns"
    scene = lay_out(board, road="big-road", last=6, title=title)
    group = next(item for item in scene.items if isinstance(item, Group) and item.id == "title")
    lines = [t for t in group.items if isinstance(t, Text)]
    assert len(lines) > 1 and " ".join(t.text for t in lines) == " ".join(title.split())
    for line in lines:
        drawn = sum(fonts.font(face, line.size).getlength(run) for face, run in fonts.runs(line.text))
        assert line.x + drawn <= scene.width, f"{line.text!r} runs off the picture"
    # The board moved down under the title: nothing overlaps its last line.
    road = next(item for item in scene.items if isinstance(item, Group) and item.id == "big-road")
    assert min(s.y for s in road.items if hasattr(s, "y") and not isinstance(s, Group)) > lines[-1].y
    assert _pixels(png(board, road="big-road", last=6, title=title))
