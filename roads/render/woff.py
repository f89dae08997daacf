"""A small, fast subsetter for TrueType (``glyf``) fonts, written straight to WOFF 1.

fontTools' subsetter takes a third of a second to import, which every ``roads
render x.svg`` would pay to embed a few Latin letters. A bundled TrueType face
(Aileron, DejaVu Sans) is cut down here instead: glyph numbers stay as they
are, the glyphs the text needs (and the parts of composite glyphs) keep their
outlines and advances and every other glyph is emptied, the character map holds
only the text's characters, and the tables a browser does not need to draw
them (OpenType layout, kerning, glyph names, FontForge's timestamps) are left
out. The timestamps of ``head`` are the font's own, so the bytes depend only on
the font and the characters. A CFF face (Noto Sans CJK SC) goes to fontTools (a
dependency, imported only for such text).
tests/test_svg_fonts.py reads every subset back with fontTools and compares its
glyphs with the original's.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

KEEP = ("OS/2", "cmap", "cvt ", "fpgm", "gasp", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "prep")
"""The tables a subset keeps, where the font has them; cmap, glyf, loca, hmtx, name and post are rewritten."""

_ARGS_ARE_WORDS, _HAS_SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x0001, 0x0008, 0x0020, 0x0040, 0x0080


class NotTrueType(ValueError):
    """The font is not a plain TrueType font this subsetter handles (CFF outlines, a collection)."""


def subset_woff(data: bytes, chars: str, name_ids: Iterable[int]) -> bytes:
    """Return the TrueType font ``data`` cut down to ``chars`` as WOFF 1 bytes; NotTrueType for a CFF font."""
    tables = _tables(data)
    if "glyf" not in tables or "loca" not in tables:
        raise NotTrueType("no glyf table")
    head = tables["head"]
    long_loca = struct.unpack(">h", head[50:52])[0] == 1
    count = struct.unpack(">H", tables["maxp"][4:6])[0]
    loca = _loca(tables["loca"], count, long_loca)
    glyf = tables["glyf"]
    mapping = _cmap(tables["cmap"], {ord(ch) for ch in chars})
    keep = _closure({0, *mapping.values()}, glyf, loca)
    out = {tag: tables[tag] for tag in KEEP if tag in tables}
    out["glyf"], out["loca"] = _glyphs(glyf, loca, keep, count)
    out["head"] = head[:8] + b"\0\0\0\0" + head[12:50] + struct.pack(">h", 1) + head[52:]
    out["cmap"] = _new_cmap(mapping)
    out["hmtx"] = _metrics(tables["hmtx"], struct.unpack(">H", tables["hhea"][34:36])[0], count, keep)
    out["post"] = struct.pack(">I", 0x00030000) + tables["post"][4:32]
    out["name"] = _names(tables["name"], set(name_ids))
    flavor = data[:4]
    sfnt = _sfnt(flavor, out)
    adjust = (0xB1B0AFBA - _checksum(sfnt)) & 0xFFFFFFFF
    out["head"] = out["head"][:8] + struct.pack(">I", adjust) + out["head"][12:]
    return _woff(flavor, out)


def _tables(data: bytes) -> dict[str, bytes]:
    if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
        raise NotTrueType("not a TrueType font")
    (count,) = struct.unpack(">H", data[4:6])
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag.decode("latin-1")] = data[offset : offset + length]
    return tables


def _loca(loca: bytes, count: int, long: bool) -> list[int]:
    if long:
        return list(struct.unpack(f">{count + 1}I", loca[: 4 * (count + 1)]))
    return [2 * v for v in struct.unpack(f">{count + 1}H", loca[: 2 * (count + 1)])]


def _cmap(cmap: bytes, wanted: set[int]) -> dict[int, int]:
    """Return code point -> glyph number for the ``wanted`` code points the font maps (a Unicode subtable)."""
    (n,) = struct.unpack(">H", cmap[2:4])
    subtables = {}
    for i in range(n):
        platform, encoding, offset = struct.unpack(">HHI", cmap[4 + 8 * i : 12 + 8 * i])
        subtables[(platform, encoding)] = offset
    for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)):
        if key in subtables:
            table = cmap[subtables[key] :]
            form = struct.unpack(">H", table[:2])[0]
            if form == 12:
                return _format12(table, wanted)
            if form == 4:
                return _format4(table, wanted)
    raise NotTrueType("no Unicode character map of format 4 or 12")


def _format4(table: bytes, wanted: set[int]) -> dict[int, int]:
    seg = struct.unpack(">H", table[6:8])[0] // 2
    ends = struct.unpack(f">{seg}H", table[14 : 14 + 2 * seg])
    starts = struct.unpack(f">{seg}H", table[16 + 2 * seg : 16 + 4 * seg])
    deltas = struct.unpack(f">{seg}h", table[16 + 4 * seg : 16 + 6 * seg])
    ranges_at = 16 + 6 * seg
    ranges = struct.unpack(f">{seg}H", table[ranges_at : ranges_at + 2 * seg])
    out = {}
    for code in wanted:
        if code > 0xFFFF:
            continue
        for i in range(seg):
            if starts[i] <= code <= ends[i]:
                if ranges[i] == 0:
                    gid = (code + deltas[i]) & 0xFFFF
                else:
                    at = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                    gid = struct.unpack(">H", table[at : at + 2])[0]
                    gid = (gid + deltas[i]) & 0xFFFF if gid else 0
                if gid:
                    out[code] = gid
                break
    return out


def _format12(table: bytes, wanted: set[int]) -> dict[int, int]:
    (groups,) = struct.unpack(">I", table[12:16])
    out = {}
    for i in range(groups):
        start, end, first = struct.unpack(">III", table[16 + 12 * i : 28 + 12 * i])
        for code in wanted:
            if start <= code <= end:
                out[code] = first + code - start
    return out


def _closure(gids: set[int], glyf: bytes, loca: list[int]) -> set[int]:
    """Return ``gids`` with every glyph their composite glyphs are made of."""
    todo, seen = list(gids), set(gids)
    while todo:
        gid = todo.pop()
        glyph = glyf[loca[gid] : loca[gid + 1]]
        if len(glyph) < 10 or struct.unpack(">h", glyph[:2])[0] >= 0:
            continue
        at = 10
        while True:
            flags, part = struct.unpack(">HH", glyph[at : at + 4])
            if part not in seen:
                seen.add(part)
                todo.append(part)
            at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
            at += 2 if flags & _HAS_SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
            if not flags & _MORE:
                break
    return seen


def _glyphs(glyf: bytes, loca: list[int], keep: set[int], count: int) -> tuple[bytes, bytes]:
    """Return the new glyf (every glyph not kept emptied, each padded to 4 bytes) and its long loca."""
    parts, offsets, at = [], [], 0
    for gid in range(count):
        offsets.append(at)
        if gid in keep:
            glyph = glyf[loca[gid] : loca[gid + 1]]
            glyph += b"\0" * (-len(glyph) % 4)
            parts.append(glyph)
            at += len(glyph)
    offsets.append(at)
    return b"".join(parts), struct.pack(f">{count + 1}I", *offsets)


def _metrics(hmtx: bytes, long_count: int, count: int, keep: set[int]) -> bytes:
    """Return hmtx with the metrics of glyphs not kept zeroed (same layout, so it compresses to nothing)."""
    out = bytearray(hmtx)
    for gid in range(count):
        if gid in keep:
            continue
        if gid < long_count:
            out[4 * gid : 4 * gid + 4] = b"\0\0\0\0"
        else:
            at = 4 * long_count + 2 * (gid - long_count)
            out[at : at + 2] = b"\0\0"
    return bytes(out)


def _new_cmap(mapping: dict[int, int]) -> bytes:
    """Return a cmap with a Windows Unicode BMP subtable (format 4) and, for characters past it, format 12."""
    bmp = sorted((code, gid) for code, gid in mapping.items() if code <= 0xFFFF)
    seg = len(bmp) + 1
    ends = [code for code, _ in bmp] + [0xFFFF]
    deltas = [(gid - code) & 0xFFFF for code, gid in bmp] + [1]
    power = 1 << (seg.bit_length() - 1)
    head = struct.pack(">HHHH", seg * 2, power * 2, power.bit_length() - 1, seg * 2 - power * 2)
    body = (
        struct.pack(f">{seg}H", *ends)
        + b"\0\0"
        + struct.pack(f">{seg}H", *ends)
        + struct.pack(f">{seg}H", *deltas)
        + struct.pack(f">{seg}H", *([0] * seg))
    )
    format4 = struct.pack(">HHH", 4, 6 + len(head) + len(body), 0) + head + body
    records = [(3, 1, format4)]
    wide = sorted(mapping.items())
    if any(code > 0xFFFF for code, _ in wide):
        groups = b"".join(struct.pack(">III", code, code, gid) for code, gid in wide)
        records.append((3, 10, struct.pack(">HHIII", 12, 0, 16 + len(groups), 0, len(wide)) + groups))
    out = struct.pack(">HH", 0, len(records))
    at = 4 + 8 * len(records)
    tail = b""
    for platform, encoding, table in records:
        out += struct.pack(">HHI", platform, encoding, at + len(tail))
        tail += table
    return out + tail


def _names(name: bytes, ids: set[int]) -> bytes:
    """Return the name table with only the Windows English records of ``ids`` (copyright, family, licence...)."""
    _, count, strings = struct.unpack(">HHH", name[:6])
    kept = []
    for i in range(count):
        record = struct.unpack(">HHHHHH", name[6 + 12 * i : 18 + 12 * i])
        platform, encoding, language, name_id, length, offset = record
        if platform == 3 and language == 0x409 and name_id in ids:
            kept.append((platform, encoding, language, name_id, name[strings + offset : strings + offset + length]))
    kept.sort(key=lambda r: r[:4])
    head = struct.pack(">HHH", 0, len(kept), 6 + 12 * len(kept))
    records, text = b"", b""
    for platform, encoding, language, name_id, value in kept:
        records += struct.pack(">HHHHHH", platform, encoding, language, name_id, len(value), len(text))
        text += value
    return head + records + text


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    words: tuple[int, ...] = struct.unpack(f">{len(padded) // 4}I", padded)
    return sum(words) & 0xFFFFFFFF


def _sfnt(flavor: bytes, tables: dict[str, bytes]) -> bytes:
    """Return the tables as a plain TrueType file (for the whole-font checksum ``head`` carries)."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    out = [flavor + struct.pack(">HHHH", count, power * 16, power.bit_length() - 1, count * 16 - power * 16)]
    at = 12 + 16 * count
    body = []
    for tag in tags:
        table = tables[tag]
        out.append(struct.pack(">4sIII", tag.encode("latin-1"), _checksum(table), at, len(table)))
        padded = table + b"\0" * (-len(table) % 4)
        body.append(padded)
        at += len(padded)
    return b"".join(out + body)


def _woff(flavor: bytes, tables: dict[str, bytes]) -> bytes:
    """Return the tables as WOFF 1: each zlib-compressed where that is smaller, 4-byte aligned."""
    tags = sorted(tables)
    directory, body = [], []
    at = 44 + 20 * len(tags)
    sfnt_size = 12 + 16 * len(tags)
    for tag in tags:
        table = tables[tag]
        packed = zlib.compress(table, 9)
        if len(packed) >= len(table):
            packed = table
        # head's checksum is taken with its checkSumAdjustment as zero, as in the font's own directory.
        summed = table[:8] + b"\0\0\0\0" + table[12:] if tag == "head" else table
        directory.append(struct.pack(">4sIIII", tag.encode("latin-1"), at, len(packed), len(table), _checksum(summed)))
        packed += b"\0" * (-len(packed) % 4)
        body.append(packed)
        at += len(packed)
        sfnt_size += len(table) + (-len(table) % 4)
    header = struct.pack(">4s4sIHHIHHIIIII", b"wOFF", flavor, at, len(tags), 0, sfnt_size, 0, 0, 0, 0, 0, 0, 0)
    return header + b"".join(directory) + b"".join(body)
