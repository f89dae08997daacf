"""Make the subset fonts bundled in roads/data/fonts (run once by a maintainer, never at install or run time).

The sources are Debian's packages: ``apt-get install fonts-dejavu-core fonts-noto-cjk``.
The output is committed, so every machine draws text with the same glyphs.

    python scripts/subset_fonts.py   # fontTools is one of roads' dependencies
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

OUT = Path(__file__).resolve().parent.parent / "roads" / "data" / "fonts"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
NOTO_CJK_SC = 2
"""Face index of Noto Sans CJK SC in Debian's collection."""

TEXT_RANGES = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1, Latin Extended-A and -B
    (0x0300, 0x036F),  # combining accents, for text typed decomposed
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic and its supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x206F),  # punctuation: dashes, quotes, ellipsis, bullets
    (0x2070, 0x209F),  # super- and subscripts
    (0x20A0, 0x20CF),  # currency
    (0x2100, 0x218F),  # letterlike symbols and number forms
    (0x2190, 0x21FF),  # arrows
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols: card suits, stars
    (0xFB00, 0xFB06),  # Latin ligatures
    (0xFFFD, 0xFFFD),  # replacement character
)

CJK_TEXT = (
    # The zh label set, simplified and traditional, and the punctuation around them.
    "庄闲和局数对例牌最长问路"
    "莊閒局數對長問"
    "、。，：；！？「」『』（）《》〈〉【】〔〕…—·"
    "一二三四五六七八九十百千万萬零〇"
    "第靴张張牌点點桌号號天对對"
    # The table's own words (docs/rendering.md lists them): the game, the roads, the bets a table
    # system names, in simplified and traditional forms.
    "百家乐樂"  # baccarat
    "大路珠盘盤眼仔小曱甴"  # 大路 珠盘路/珠盤路 大眼仔 小路 曱甴路
    "幸运運龙龍熊猫貓超级級免佣傭"  # 幸运6 龙7 熊猫8 超级6 免佣 (Lucky 6, Dragon 7, Panda 8, Super 6, no commission)
    "虎"  # Dragon Tiger's Tiger (龙 虎 和, the zh labels of --game dragon-tiger)
    "荷官日期时時间間结結果"  # dealer, date, time, result
    "好单單跳双雙厅廳两兩房逢连連排上下坡"  # the good roads' names (好路, 大路单跳, 一厅两房, 逢庄连, 上坡路, ...)
    "０１２３４５６７８９"  # full-width digits
    " \u00a0\u3000"  # spaces: a run of CJK keeps the spaces inside it
)


TEXT_EXTRA = "∞≈≠≤≥±×÷−√∑∏∆∂∫∈∉∩∪⊂⊃∧∨¬∴∵╱✓✔✕✗✘✦✧"
"""Single characters from blocks not bundled whole: common maths, the terminal's ╱, check marks."""


def _codepoints() -> list[int]:
    ranged = [cp for first, last in TEXT_RANGES for cp in range(first, last + 1)]
    return sorted({*ranged, *map(ord, TEXT_EXTRA)})


def _options() -> subset.Options:
    options = subset.Options()
    # Glyphs are drawn at 4x supersampling or as vectors: hinting only costs bytes.
    options.hinting = False
    options.layout_features = ["kern", "liga", "ccmp", "mark", "mkmk", "locl"]
    options.name_IDs = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.glyph_names = False
    options.drop_tables += ["DSIG", "FFTM"]
    return options


def _subset(font: TTFont, unicodes: list[int] | None, text: str, out: Path) -> None:
    subsetter = subset.Subsetter(_options())
    subsetter.populate(unicodes=unicodes or [], text=text)
    subsetter.subset(font)
    font.recalcTimestamp = False  # the same sources give the same bytes
    font.save(out)
    print(f"{out.name}: {out.stat().st_size:,} bytes", file=sys.stderr)


def _aileron() -> bytes:
    """Return the Aileron subset Pillow embeds in ``ImageFont.load_default`` (CC0), as a font file."""
    import base64
    import inspect
    import re

    from PIL import ImageFont

    found = re.search(r'b64decode\(\s*b"""(.*?)"""', inspect.getsource(ImageFont.load_default), re.S)
    assert found, "this Pillow embeds no Aileron"
    return base64.b64decode(found.group(1))


def main() -> None:
    """Write the subset fonts next to their licences."""
    OUT.mkdir(parents=True, exist_ok=True)
    # Pillow's own copy, as a file: the PDF back-end embeds the very font the PNG draws.
    (OUT / "Aileron-Regular-pillow.ttf").write_bytes(_aileron())
    _subset(TTFont(DEJAVU), _codepoints(), "", OUT / "DejaVuSans-roads.ttf")
    collection = TTCollection(NOTO_CJK)
    _subset(collection.fonts[NOTO_CJK_SC], None, CJK_TEXT, OUT / "NotoSansCJKsc-roads.otf")


if __name__ == "__main__":
    main()
