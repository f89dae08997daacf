"""The lesson page: self-contained, deterministic, every proof in plain HTML, clear errors, safe text."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import FIXTURES

from roads import Scoreboard
from roads.cli import main
from roads.errors import LessonError, RoadError
from roads.lesson.page import Played, lesson_page, line_notes, parse_marks
from roads.shoe import deal_shoe


class Page(HTMLParser):
    """Collects what the tests look at: proofs, data-road marks on the board, external references, ids."""

    def __init__(self) -> None:
        super().__init__()
        self.proofs: list[dict[str, str]] = []
        self.board_marks = 0
        self.in_board = 0
        self.external: list[str] = []
        self.ids: list[str] = []
        self.tags: list[str] = []
        self.handlers: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        self.handlers += [k for k in a if k.startswith("on")]
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "figure" and a.get("id") == "board":
            self.in_board = 1
        elif self.in_board and tag == "use" and "data-road" in a:
            self.board_marks += 1
        if tag == "li" and "proof" in a.get("class", "").split():
            self.proofs.append(a)
        for key in ("src", "href", "xlink:href"):
            value = a.get(key, "")
            if value and not value.startswith("#"):
                self.external.append(value)

    def handle_endtag(self, tag):
        if tag == "figure":
            self.in_board = 0

    def handle_data(self, data):
        self.text.append(data)


def parse(page: str) -> Page:
    p = Page()
    p.feed(page)
    return p


def test_every_derived_mark_has_a_proof_and_the_board_every_mark() -> None:
    coups = deal_shoe(8, seed=3).coups[:40]
    board = Scoreboard.from_outcomes(coups)
    page = parse(lesson_page(coups))
    marks = sum(len(board.road(n)) for n in ("big_eye_boy", "small_road", "cockroach_pig"))
    assert len(page.proofs) == marks
    assert page.board_marks == board.coups + len(board.big_road) + marks
    assert page.external == []
    assert len(page.ids) == len(set(page.ids)), "ids must be unique on the page"


def test_page_bytes_are_deterministic() -> None:
    coups = deal_shoe(8, seed=5).coups[:30]
    assert lesson_page(coups, title="x") == lesson_page(list(coups), title="x")


def test_proof_carries_what_the_script_highlights() -> None:
    page = parse(lesson_page("BPPPB"))
    first, second, third = page.proofs
    assert first["data-road"] == "big-eye-boy" and first["data-color"] == "blue"
    assert second["data-color"] == "red" and third["data-color"] == "blue"
    assert first["data-rule"] == "2" and first["data-source"] == "3"
    # Big Eye Boy mark 1 (B P P P): the bead at column 2 row 2 looks at column 1.
    assert first["data-compared"] == "1"


def test_no_marks_yet_is_said_on_the_page() -> None:
    page = lesson_page("BP")
    assert 'id="no-marks"' in page and "has no marks yet" in page
    assert parse(page).proofs == []


def test_road_and_marks_options() -> None:
    coups = deal_shoe(8, seed=3).coups
    page = parse(lesson_page(coups, road="small-road", marks="2-4"))
    assert [(p["data-road"], p["data-mark"]) for p in page.proofs] == [
        ("small-road", "2"),
        ("small-road", "3"),
        ("small-road", "4"),
    ]


def test_mark_range_beyond_the_road_says_how_many_marks() -> None:
    with pytest.raises(LessonError, match=r"Big Eye Boy has 4 marks \(choose marks within 1-4\)"):
        lesson_page("BPPPBB", road="big-eye-boy", marks="2-9")
    with pytest.raises(LessonError, match="Cockroach Pig has 0 marks yet"):
        lesson_page("BPPPBB", road="cockroach-pig", marks="1")


@pytest.mark.parametrize("text", ["0", "5-2", "a-b", "-3", ""])
def test_bad_mark_ranges(text: str) -> None:
    with pytest.raises(LessonError, match="N-M"):
        parse_marks(text)


def test_unknown_road_and_theme() -> None:
    with pytest.raises(RoadError, match="unknown road"):
        lesson_page("BPPB", road="dragon")
    with pytest.raises(ValueError, match="unknown theme"):
        lesson_page("BPPB", theme="neon")


HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "&amp; &lt; &#x3c;script&#x3e;",
    "\u202eevil\u200f mark \u2067isolate",
    "x" * 5000,
    "\x00\x07bell\x1b[31m",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_titles_notes_and_comments_are_text(hostile: str) -> None:
    rows = [Played(1, Scoreboard.from_results("B").bead_plate.outcomes[0], note=hostile), *list("PPPB")]
    page = lesson_page(rows, title=hostile, source=hostile, notes=[hostile])
    parsed = parse(page)
    assert parsed.tags.count("script") == 1 and "img" not in parsed.tags and parsed.handlers == []
    assert parsed.external == []
    assert "\x00" not in page and "\x1b" not in page
    body = "".join(parsed.text)
    assert hostile.replace("\x00", "").replace("\x07", "").replace("\x1b", "")[:200] in body or len(hostile) > 300


def test_line_notes_reads_header_and_trailing_comments() -> None:
    header, notes = line_notes("# format: cards\n# Lesson 3: a dragon\n#\nB P  # first\n\nP # <b>two</b>\n")
    assert header == ("Lesson 3: a dragon",)
    assert notes == {4: "first", 6: "<b>two</b>"}


def test_cli_writes_a_page_with_the_log_notes(tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    assert main(["lesson", str(FIXTURES / "cards.txt"), "-o", str(out)]) == 0
    page = out.read_text()
    assert "One coup a line" in page  # the header comment introduces the page
    assert "Player 3 draws a 6, Banker 6 draws" in page  # a coup's comment sits beside it
    assert "From cards.txt" in "".join(parse(page).text)


def test_cli_errors_leave_no_file(tmp_path: Path, capsys) -> None:
    out = tmp_path / "p.html"
    assert main(["lesson", str(FIXTURES / "results.txt"), "-o", str(out), "--marks", "12-99"]) == 1
    assert "Big Eye Boy has 11 marks" in capsys.readouterr().err
    assert main(["lesson", str(FIXTURES / "results.txt"), "-o", str(out), "--marks", "x"]) == 2
    assert main(["lesson", str(tmp_path / "missing.txt"), "-o", str(out)]) == 1
    assert main(["lesson", str(FIXTURES / "broken-cards.txt"), "-o", str(out)]) == 1
    assert list(tmp_path.iterdir()) == []


def test_cli_young_shoe_still_writes_a_page(tmp_path: Path) -> None:
    log = tmp_path / "young.txt"
    log.write_text("B P T\n")
    assert main(["lesson", str(log), "-o", str(tmp_path / "y.html")]) == 0
    assert "No derived marks yet" in (tmp_path / "y.html").read_text()


def test_a_whole_data_set_is_not_a_lesson() -> None:
    with pytest.raises(LessonError, match="2001 coups is more than the 2000 one page holds"):
        lesson_page("BP" * 1000 + "B")


def test_a_line_comment_goes_beside_its_first_coup(tmp_path: Path) -> None:
    log = tmp_path / "dragon.txt"
    log.write_text("# Lesson 4\nB P P B B B  # the dragon <starts>\nP B\n")
    assert main(["lesson", str(log), "-o", str(tmp_path / "d.html")]) == 0
    page = (tmp_path / "d.html").read_text()
    assert page.count("the dragon &lt;starts&gt;") == 1 and "<starts>" not in page
    row = page[page.index('<tr id="coup-1"') : page.index('<tr id="coup-2"')]
    assert "the dragon" in row


@pytest.mark.parametrize("seed", [3, 2026])
def test_each_proofs_mistake_kind_for_the_filter_says_what_its_words_say(seed: int) -> None:
    """data-mistake (the filter's) agrees with the proof's own sentences, on every proof of two dealt shoes."""
    import re
    from html import unescape

    from roads.shoe import deal_shoe

    html = lesson_page(deal_shoe(8, seed=seed).coups)
    proofs = re.findall(
        r'<li class="proof [^"]*"[^>]*data-rule="(\d)"[^>]*data-mistake="([a-z-]+)"[^>]*>.*?'
        r'<ol class="steps"><li>(.*?)</li><li>(.*?)</li></ol>\s*<p class="mistake">(.*?)</p>',
        html,
        re.S,
    )
    assert len(proofs) == html.count('<li class="proof ') > 200
    seen = set()
    for rule, kind, _, said, slip in proofs:
        comparison, mistake = unescape(said), unescape(slip)
        seen.add(kind)
        if rule == "1":
            assert kind == ("none" if "only by chance" in mistake else "wrong-columns"), mistake
        elif "straight drop" in comparison:
            assert kind == "straight-drop", comparison
        elif "stopped exactly one row above" in comparison and "At row 2" not in mistake:
            assert kind == "one-row-above", comparison
        else:
            assert kind == "none", (comparison, mistake)
    assert seen == {"wrong-columns", "straight-drop", "one-row-above", "none"}
