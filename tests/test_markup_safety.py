"""Text from logs and options never becomes markup: SVG, HTML and JSON outputs are parsed, not grepped.

Titles, notes (a log's comments), file names and shoe ids go through every
output that shows them. Each output is parsed (xml.etree for SVG,
html.parser for HTML, json for JSON) and compared with the same output made
from plain text: the same elements and attribute names must appear, so a
payload can change text, never structure.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from roads import Scoreboard
from roads.cli import main
from roads.lesson.drill import drill, drill_html
from roads.lesson.page import lesson_page
from roads.render import render

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><svg onload=alert(1)>',
    "' onmouseover='alert(1)' x='",
    "</title><script>alert(1)</script>",
    "</script><script>alert(1)</script>",
    "&amp; &lt;script&gt; &#x3c;img src=x onerror=alert(1)&#x3e; &nbsp",
    "]]><![CDATA[<script>alert(1)</script>]]>",
    "<!DOCTYPE x [<!ENTITY a 'b'>]>&a;<?xml-stylesheet href='evil.xsl'?>",
    "<!-- --><img src=x onerror=alert(1)>",
    "\u202eevil\u202c \u2067isolate\u2069 \u200fmark\u200e",
    "庄闲和 ♠♥ ≠ éàü",
    "x" * 100_000,
]
"""Script tags, attribute break-outs with both quotes, entities, CDATA, doctype, comments, bidi marks, length."""

PLAIN = "plain title"
BOARD = Scoreboard.from_results("B P P P B B P T B P P B B B B B B B P")


def svg_structure(document: bytes | str) -> Counter[tuple[str, tuple[str, ...]]]:
    """Return how many of each (element, attribute names) an SVG document has.

    A long title wraps onto more lines: the title group's lines count as one kind of line, not by number.
    """
    root = ET.fromstring(document)
    count = Counter((el.tag, tuple(sorted(el.attrib))) for el in root.iter())
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        if (group.get("id") or "").endswith("-title"):
            for line in list(group)[1:]:
                count[(line.tag, tuple(sorted(line.attrib)))] -= 1
    return +count


class _Structure(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: Counter[tuple[str, tuple[str, ...]]] = Counter()
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found[tag, tuple(sorted(name for name, _ in attrs))] += 1
        self._in_script = tag == "script"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found[tag, tuple(sorted(name for name, _ in attrs))] += 1

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.script_text.append(data)


def html_structure(page: str) -> tuple[Counter[tuple[str, tuple[str, ...]]], str]:
    """Return the page's (element, attribute names) counts and the text of its scripts."""
    parser = _Structure()
    parser.feed(page)
    parser.close()
    return parser.found, "".join(parser.script_text)


def no_handlers(structure: Counter[tuple[str, tuple[str, ...]]]) -> bool:
    return not any(name.startswith("on") for _, names in structure for name in names)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_svg_title_is_text_never_markup(payload: str) -> None:
    baseline = svg_structure(render(BOARD, "svg", title=PLAIN))
    document = render(BOARD, "svg", title=payload)
    assert svg_structure(document) == baseline and no_handlers(baseline)
    root = ET.fromstring(document)
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == payload
    assert payload[:40] in "".join(root.itertext())


@pytest.mark.parametrize("payload", PAYLOADS[::3])
def test_png_title_draws(payload: str) -> None:
    assert render(BOARD, "png", title=payload, cell=8).startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_lesson_page_title_notes_and_source_are_text(payload: str) -> None:
    plain, plain_script = html_structure(lesson_page("BPPPBBPBPPBBTBP", title=PLAIN, notes=(PLAIN,), source=PLAIN))
    page = lesson_page("BPPPBBPBPPBBTBP", title=payload, notes=(payload,), source=payload)
    structure, script = html_structure(page)
    assert structure == plain and script == plain_script and no_handlers(plain)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_drill_page_title_is_text(payload: str) -> None:
    situations = drill(5, 1)
    plain, plain_script = html_structure(drill_html(situations, 1, PLAIN))
    structure, script = html_structure(drill_html(situations, 1, payload))
    assert structure == plain and script == plain_script


def test_lesson_from_a_log_whose_comments_are_hostile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A log's comments become the page's notes: through the CLI, as a user would make the page."""
    comment = " ".join(PAYLOADS[:-1])

    def page_of(note: str, name: str) -> str:
        log = tmp_path / f"{name}.txt"
        log.write_text(f"# {note}\n# format: results\nB P P P B # {note}\nB P B P P B B\n", encoding="utf-8")
        out = tmp_path / f"{name}.html"
        assert main(["lesson", str(log), "-o", str(out), "--title", note]) == 0, capsys.readouterr().err
        return out.read_text(encoding="utf-8")

    plain = html_structure(page_of(PLAIN, "plain"))
    assert html_structure(page_of(comment, "hostile")) == plain


def test_json_outputs_carry_hostile_text_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shoe ids and file names come back from every JSON output exactly as they went in."""
    ids = [p for p in PAYLOADS if len(p) < 1000] + ["line\nbreak", "\x1b[31mred", "\u2028"]
    shoes = tmp_path / "shoes.jsonl"
    shoes.write_text("".join(json.dumps({"shoe": i, "results": "BPPB"}) + "\n" for i in ids), encoding="utf-8")
    assert main(["build", str(shoes), "--per-shoe", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["shoe"] for row in rows] == ids
    # The text form prints each id on its own line whatever it holds.
    assert main(["build", str(shoes), "--per-shoe"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(ids) + 1

    hostile = tmp_path / "a\"b'<script>&amp;.txt"
    hostile.write_text("3 6 K K 6 2\n7 6 K K 2\n")
    assert main(["check", str(hostile), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["file"] == str(hostile) and report["broken"][0]["cards"] == "7 6 K K 2"
    hostile.write_text("3 6 K K 6 2\n7 5 K K 3\n")
    for argv in (["build", str(hostile), "--json"], ["explain", str(hostile), "--json"]):
        assert main(argv) == 0
        json.loads(capsys.readouterr().out)


def test_explain_and_show_print_no_escape_sequences_from_a_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Text views carry no text from the log but its results; an error quoting the log is escaped."""
    log = tmp_path / "log.txt"
    log.write_text("B P P \x1b]0;owned\x07 B\n")
    assert main(["explain", str(log)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b]0;owned\\x07" in err
