"""roads course: every check's answer worked out again from the road builder's board, the counts, the site.

The answers are recomputed here without the course's code: the quiz's kinds
by test_quiz's own ``expected`` (Big Road depths counted bead by bead), the
course's kinds from the shoe's results by the rulebook's words (six to a Bead
Plate column; a column is a streak and ties add none; each derived road starts
at column k + 1, row 2, or column k + 2, row 1), the third-card kinds from
:mod:`roads.rules`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import run
from test_quiz import expected

from roads.board.names import DERIVED
from roads.course.checks import ALL_KINDS, COURSE_KINDS, THIRD_CARD, Check, lesson_board, lesson_checks
from roads.course.site import EXAM_SHOES, course_pages
from roads.course.syllabus import MODULES, lessons
from roads.lesson.questions import KINDS
from roads.rules import banker_draws, is_natural, player_draws
from roads.scoreboard import Scoreboard


@pytest.fixture(scope="module")
def site() -> tuple[dict[str, str], object]:
    return _html(seed=2026)


def _html(seed: int) -> tuple[dict[str, str], object]:
    """Return the course's pages as their HTML, and the counts."""
    pages, built = course_pages(seed=seed)
    return {name: page.html for name, page in pages.items()}, built


def letters(board: Scoreboard) -> str:
    """Return the shoe as B/P/T letters, the plainest record of it."""
    return "".join(o.winner.letter for o in board.bead_plate.outcomes)


def streaks(results: str) -> list[tuple[str, int]]:
    """Return the Big Road's columns worked out from the letters: (side, depth), ties adding nothing."""
    out: list[tuple[str, int]] = []
    for letter in results.replace("T", ""):
        if out and out[-1][0] == letter:
            out[-1] = (letter, out[-1][1] + 1)
        else:
            out.append((letter, 1))
    return out


def course_answer(board: Scoreboard, check: Check) -> str:  # noqa: PLR0911 - one answer a kind
    """Return the right choice of a course-kind check, worked out here from the shoe's letters."""
    q = check.question
    results = letters(board)
    if q.kind == "bead-plate":
        n = q.coups + 1
        return f"Column {(n - 1) // 6 + 1}, row {(n - 1) % 6 + 1}"
    if q.kind == "count":
        head = results[: q.coups]
        outcomes = list(board.bead_plate.outcomes)[: q.coups]
        if "Banker pairs" in q.prompt:
            return str(sum(o.banker_pair for o in outcomes))
        if "Player pairs" in q.prompt:
            return str(sum(o.player_pair for o in outcomes))
        assert "ties" in q.prompt
        return str(head.count("T"))
    if q.kind == "big-road":
        n = q.coups + 1
        columns = streaks(results[:n])
        column, row = len(columns), columns[-1][1]
        bead = next(b for b in board.big_road if b.coup == n)
        assert (bead.column, bead.row) == (column, row)
        if (bead.x, bead.y) != (column, row):
            return f"Column {column}, row {row} of its streak, drawn at column {bead.x}, row {bead.y}"
        return f"Column {column}, row {row}"
    if q.kind == "streak":
        side = "B" if "Banker" in q.prompt else "P"
        return str(max(depth for s, depth in streaks(results[: q.coups]) if s == side))
    if q.kind == "ties":
        assert q.bead is not None
        if "opens with ties" in q.prompt:
            return f"Coup {len(results) - len(results.lstrip('T')) + 1}"
        after = results[q.bead :]
        return str(len(after) - len(after.lstrip("T")))
    if q.kind == "column-count":
        return str(len(streaks(results[: q.coups])))
    if q.kind == "road-start":
        road = next(r for r in DERIVED if r.title in q.prompt)
        k = road.k
        depth = streaks(results)[k][1]
        return f"Column {k + 1}, row 2" if depth >= 2 else f"Column {k + 2}, row 1"
    numbers = [int(n) for n in re.findall(r"\d+", q.prompt)]
    if q.kind == "player-draws":
        player, banker = numbers
        if is_natural(player) or is_natural(banker):
            return "Nobody draws: a natural"
        return "Player draws" if player_draws(player) else "Player stands"
    if q.kind == "banker-stood":
        _, banker = numbers
        return "Banker draws" if banker_draws(banker, None) else "Banker stands"
    assert q.kind == "banker-chart"
    value, banker = numbers
    return "Banker draws" if banker_draws(banker, value) else "Banker stands"


def every_check() -> list[tuple[str, Scoreboard, Check]]:
    return [(lesson.slug, lesson_board(lesson), c) for _, lesson in lessons() for c in lesson_checks(lesson)]


def test_every_check_is_answered_by_the_road_builder() -> None:
    checked = 0
    for slug, board, check in every_check():
        q = check.question
        right = q.choices[q.answer]
        if q.kind in KINDS:
            assert right == expected(board, q), (slug, q.prompt)
        else:
            assert q.kind in COURSE_KINDS, q.kind
            assert right == course_answer(board, check), (slug, q.prompt, q.choices)
        checked += 1
    assert checked >= 150


def test_every_wrong_choice_has_its_own_feedback_and_no_two_choices_are_both_right() -> None:
    for slug, board, check in every_check():
        q = check.question
        assert 2 <= len(q.choices) <= 4 and len(set(q.choices)) == len(q.choices), (slug, q.choices)
        assert len(q.whys) == len(q.choices)
        wrong = [w for i, w in enumerate(q.whys) if i != q.answer]
        assert all(wrong) and len(set(wrong)) == len(wrong), (slug, q.prompt, q.whys)
        assert q.whys[q.answer].startswith("Right"), (slug, q.whys)
        if q.kind in COURSE_KINDS and q.kind not in THIRD_CARD:
            for i, choice in enumerate(q.choices):
                if i != q.answer:
                    assert choice != course_answer(board, check)


def test_the_counts_beat_the_paid_course(site: tuple[dict[str, str], object]) -> None:
    pages, built = site
    assert (built.modules, built.lessons) == (len(MODULES), len(lessons()))  # type: ignore[attr-defined]
    assert built.modules >= 6 and built.lessons >= 40  # type: ignore[attr-defined]
    assert built.boards >= 80 and built.checks >= 150  # type: ignore[attr-defined]
    lesson_pages = [pages[f"{lesson.slug}.html"] for _, lesson in lessons()]
    assert sum(p.count('class="frame figure"') for p in lesson_pages) == built.boards  # type: ignore[attr-defined]
    asked = sum(len(re.findall(r'id="c\d+" data-question', p)) for p in lesson_pages)
    assert asked == built.checks  # type: ignore[attr-defined]
    said = re.search(r"(\d+) modules, (\d+) lessons, (\d+) boards and (\d+) checks", pages["index.html"])
    assert said and tuple(map(int, said.groups())) == (
        built.modules,  # type: ignore[attr-defined]
        built.lessons,  # type: ignore[attr-defined]
        built.boards,  # type: ignore[attr-defined]
        built.checks,  # type: ignore[attr-defined]
    )


def test_every_lesson_has_a_designed_shoe_or_chart_and_its_own_page() -> None:
    slugs = [lesson.slug for _, lesson in lessons()]
    assert len(set(slugs)) == len(slugs)
    assert not set(slugs) & {"index", "exam", "drill"}
    for _, lesson in lessons():
        assert lesson.shows and lesson.text
        assert lesson.shoe or lesson.cells, lesson.slug
        assert set(lesson.kinds) <= set(ALL_KINDS), lesson.slug
        assert len(lesson_checks(lesson)) >= 4, lesson.slug


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if a.get("src"):
            self.sources.append(str(a["src"]))


def test_the_site_is_self_contained_and_linked(site: tuple[dict[str, str], object]) -> None:
    pages, _ = site
    for name, html in pages.items():
        assert 'http-equiv="Content-Security-Policy"' in html, name
        urls = [u for u in re.findall(r"https?://[^\"'\s)]+", html) if not u.startswith("http://www.w3.org/")]
        assert urls == [], (name, urls)  # only SVG's namespace names: nothing is fetched
        parsed = _Links()
        parsed.feed(html)
        assert parsed.sources == [], name  # every script and style inline
        for link in parsed.links:
            target = link.split("#")[0]
            assert not target or target in pages, (name, link)
    index = _Links()
    index.feed(pages["index.html"])
    assert {f"{lesson.slug}.html" for _, lesson in lessons()} <= set(index.links)


def test_the_markup_is_the_quizs(site: tuple[dict[str, str], object]) -> None:
    pages, _ = site
    html = pages["rule-one.html"]
    for block in re.findall(r"<section class=\"question\".*?</section>", html, re.S):
        answer = int(re.search(r'data-answer="(\d+)"', block).group(1))  # type: ignore[union-attr]
        choices = re.findall(r'data-choice="(\d+)"', block)
        assert re.search(r'data-kind="[a-z-]+"', block) and "data-feedback" in block
        assert choices == [str(i) for i in range(len(choices))] and answer < len(choices)
        assert re.findall(r'data-why="(\d+)"', block) == choices
        assert 'class="asks"' not in block, "the ask badges would answer 'if Banker wins next'"
    assert 'data-checks="inline"' in html
    assert all(
        'class="asks"' not in b
        for b in re.findall(r"<section class=\"question\".*?</section>", pages["exam.html"], re.S)
    )


def test_same_seed_same_bytes_and_the_exam_is_dealt_from_it(site: tuple[dict[str, str], object]) -> None:
    pages, _ = site
    again, _ = _html(seed=2026)
    assert again == pages
    other, _ = _html(seed=7)
    assert other["exam.html"] != pages["exam.html"] and "seed 7" in other["exam.html"]
    assert other["bead-plate.html"] == pages["bead-plate.html"], "the lessons' shoes are designed, not dealt"
    assert f"{EXAM_SHOES} shoes dealt fresh when this course was built (seed 2026)" in pages["exam.html"]


def test_the_command_writes_the_site(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "course", "-o", str(tmp_path / "course"), "--seed", "3")
    assert status == 0, err
    assert re.search(r"wrote 43 pages to .*: 9 modules, 40 lessons, \d+ boards, \d+ checks \(exam seed 3\)", out + err)
    assert (tmp_path / "course" / "index.html").is_file() and (tmp_path / "course" / "bead-plate.html").is_file()
    status, _, err = run(capsys, "course")
    assert status == 2 and "-o" in err


def test_a_board_never_shows_the_answer_of_its_check() -> None:
    for slug, _, check in every_check():
        q = check.question
        if q.kind in ("bead-plate", "big-road", "empty-row"):
            # Asked about coup N on the board after coup N - 1: that coup is not drawn yet.
            asked = int(re.match(r"Coup (\d+)", q.prompt).group(1))  # type: ignore[union-attr]
            assert q.coups == asked - 1, (slug, q.prompt)
        if q.kind == "leading-ties":
            assert q.coups < int(q.choices[q.answer].split()[1]), slug
        if q.kind == "column-count":
            assert not check.numbers, "the column numbers would say it"
        if q.kind == "road-start":
            road = next(r for r in DERIVED if r.title in q.prompt)
            assert road.cli in check.hide, "the road's own strip would show its first mark"


def test_the_designed_shoes_show_what_their_lessons_say() -> None:
    """The sentences that name marks, streaks or starts are read back off the road builder's board."""
    shoes = {lesson.slug: lesson_board(lesson) for _, lesson in lessons()}

    def marks(board: Scoreboard, road: str = "big-eye-boy") -> list[tuple[str, int]]:
        return [(p.color.value, p.rule) for p in board.proofs(road)]

    # red-and-blue: "B P P P B: Big Eye Boy gives blue, red, blue."
    assert letters(shoes["red-and-blue"]) == "BPPPB"
    assert [c for c, _ in marks(shoes["red-and-blue"])] == ["blue", "red", "blue"]
    # rule-one: "B B P P B: Big Eye Boy red by Rule 2, then red by Rule 1."
    assert marks(Scoreboard.from_outcomes(list(shoes["rule-one"].bead_plate.outcomes)[:5])) == [("red", 2), ("red", 1)]
    assert letters(shoes["rule-one"]).startswith("BBPPB")
    # alternating: 38 Big Eye Boy marks, all red.
    assert len(marks(shoes["alternating"])) == 38 and {c for c, _ in marks(shoes["alternating"])} == {"red"}
    # dragon-tails: a Banker streak of eight and a Player streak of nine.
    assert streaks(letters(shoes["dragon-tails"]))[:2] == [("B", 8), ("P", 9)]
    # rule-two-tail: a streak of ten.
    assert max(d for _, d in streaks(letters(shoes["rule-two-tail"]))) == 10
    # leading-ties: two ties open the shoe; trap-leading-ties: three.
    assert (shoes["leading-ties"].leading_ties, shoes["trap-leading-ties"].leading_ties) == (2, 3)
    # The starts: column 2 row 2; column 4 row 1 (column 3 has one bead); column 4 row 2.
    for slug, road, place in (
        ("big-eye-boy-start", "big-eye-boy", (2, 2)),
        ("small-road-start", "small-road", (4, 1)),
        ("cockroach-pig-start", "cockroach-pig", (4, 2)),
    ):
        first = shoes[slug].proof(road, 1)
        assert (first.column, first.row) == place, slug
    # five-roads: 30 coups with ties and a dragon tail.
    five = shoes["five-roads"]
    assert five.coups == 30 and "T" in letters(five) and any((b.x, b.y) != (b.column, b.row) for b in five.big_road)
    # The traps lessons have their traps; speed-review has every one.
    assert any(b.row > 6 for b in shoes["trap-dragon-tail"].big_road)
    review = shoes["speed-review"]
    assert review.leading_ties and any(b.row > 6 for b in review.big_road)
    assert any(p.rule == 2 and p.compared[0][1] <= p.row - 2 for p in review.proofs())


def test_regression_bead_plate_filled_across_the_rows_feedback_was_never_shown() -> None:
    """Filling across six-cell rows puts coup n at the swapped cell, so that wrong choice was always merged away
    with its feedback; the swap's feedback now names both mistakes, and every Bead Plate check with a swap has it."""
    swaps = 0
    for slug, _, check in every_check():
        q = check.question
        if q.kind != "bead-plate":
            continue
        column, row = (int(w) for w in q.choices[q.answer].removeprefix("Column ").split(", row "))
        if column == row:
            continue
        swapped = q.choices.index(f"Column {row}, row {column}")
        assert q.whys[swapped].startswith("You swapped column and row, or filled across the rows"), (slug, q.whys)
        swaps += 1
    assert swaps >= 3
