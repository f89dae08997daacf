"""The course as a static site: an index, one page per lesson, a final exam and the third-card drill.

Every page is a self-contained file in the project's page templates
(``course_index.html``, ``course_lesson.html`` on ``standalone.html``): inline
CSS and JavaScript allowed by their hashes (:class:`~roads.pages.csp.Policy`),
the pictures' faces embedded once a page, no network, so the folder works from
``file://`` and on any static host. Links between pages are relative.

The checks use the quiz's markup and the quiz's script (``quiz.js``, inline
mode): ``[data-question]`` with ``data-kind`` and ``data-answer``,
``[data-choice]`` buttons and a ``[data-feedback]`` area. ``course.js`` keeps
the progress in the browser's localStorage, lists the misses at the end of a
lesson, brings back the kinds missed before, and runs the timed round.

Everything is built in memory before a file is written: a failure writes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..board import Bead
from ..board.explain import Proof
from ..board.names import DERIVED, Road
from ..board.window import drawn_width
from ..errors import OutputError
from ..files import atomic_write, make_folder, shown
from ..lesson.compare import columns_of, comparison_scene
from ..lesson.drill import drill, drill_page
from ..lesson.questions import questions
from ..lesson.tableau import parse_cell, tableau_scene
from ..pages.csp import Policy
from ..pages.figure import decoration_svg
from ..pages.shell import Page, inline, keep_symbols, page_fonts, sprite, standalone
from ..scene import lay_out, render_options
from ..scene.primitives import Group, Item, Scene, Symbol
from ..scoreboard import Scoreboard
from ..shoe import deal_shoe
from .checks import ALL_KINDS, Check, lesson_board, lesson_checks, practice_checks
from .syllabus import MODULES, Lesson, Module, lessons

EXAM_SHOES = 3
"""Freshly dealt shoes the final exam asks about."""
EXAM_COUPS = 40
"""The coups of each exam shoe asked about: the first 40, a board that fits a phone."""
EXAM_QUESTIONS = 6
"""Questions a shoe in the exam."""
DRILL_SITUATIONS = 20
MIN_COLUMNS = 10
"""The narrowest Big Road a course board draws, in columns: room for the statistics beside it."""
STYLES = ("lesson.css", "quiz.css", "course.css")
"""Every course page's style sheets: the lesson's and the quiz's, then the course's own."""


@dataclass(frozen=True, slots=True)
class Built:
    """What a course build wrote, and its counts."""

    files: tuple[str, ...]
    modules: int
    lessons: int
    boards: int
    checks: int


@dataclass(frozen=True, slots=True)
class Figure:
    """One picture of a page: its SVG, what it shows in words, and its caption."""

    svg: str
    label: str
    caption: str


@dataclass(frozen=True, slots=True)
class Shown:
    """One check as a page shows it: the check, its board's SVG (or none), and each proof with its picture."""

    check: Check
    board: str
    proofs: tuple[tuple[Proof, str], ...]

    @property
    def question(self) -> Any:
        """Return the check's question (the template reads it as the quiz's)."""
        return self.check.question


def course_pages(
    *, seed: int | str, theme: str = "classic", calculator: str | None = None
) -> tuple[dict[str, Page], Built]:
    """Return every page of the course (its HTML and its policy) by file name, and the counts; the same ``seed``
    gives the same bytes.

    ``calculator``: the address of a calculator to try any shoe on, linked from every page (``roads serve`` gives
    its own); a written course has none, since it works from a folder.
    """
    render_options(theme=theme)  # an unknown theme fails here, before any work
    pages: dict[str, Page] = {}
    every = lessons()
    boards = checks = 0
    for number, (module, lesson) in enumerate(every, 1):
        before = every[number - 2][1] if number > 1 else None
        after = every[number][1] if number < len(every) else None
        page, drawn, asked = _lesson_page(module, lesson, number, len(every), before, after, theme, calculator)
        pages[f"{lesson.slug}.html"] = page
        boards += drawn
        checks += asked
    pages["exam.html"] = _exam_page(seed, theme, calculator)
    pages["drill.html"] = drill_page(drill(DRILL_SITUATIONS, seed), seed, title=f"Third-card drill (seed {seed})")
    built = Built((*sorted(pages), "index.html"), len(MODULES), len(every), boards, checks)
    pages["index.html"] = _index_page(built, seed, theme, calculator)
    return pages, built


MARK = ".roads-course"
"""The file a course folder holds: its pages were written by ``roads course`` and may be written again."""


def write_course(folder: str | Path, *, seed: int | str, theme: str = "classic") -> Built:
    """Write the course into ``folder`` (made if missing): every page built first, then each written whole.

    A page is never written over a file the course did not write: in a folder without the course's mark, a page's
    name already taken is an OutputError, and nothing is written.
    """
    pages, built = course_pages(seed=seed, theme=theme)
    target = make_folder(folder)
    if not (target / MARK).is_file():
        taken = sorted(name for name in pages if (target / name).exists())
        if taken:
            raise OutputError(
                f"{shown(target / taken[0])} exists and roads course did not write it "
                f"({len(taken)} of the course's {len(pages)} names are taken): give a new or empty folder"
            )
    atomic_write(target / MARK, "Written by roads course: its pages may be written again here.\n")
    for name in sorted(pages):
        atomic_write(target / name, pages[name].html)
    return built


def _policy(drawer: _Drawer) -> Policy:
    """Return a course page's policy: the lesson, quiz and course styles, its fonts, the storage, quiz and course
    scripts."""
    fonts, _ = page_fonts(drawer.drawn, drawer.families)
    styles = inline(*STYLES)
    return Policy(
        scripts=inline("storage.js", "quiz.js", "course.js"),
        styles=(*styles, fonts) if fonts else styles,
        fonts=bool(fonts),
    )


def _lesson_page(
    module: Module,
    lesson: Lesson,
    number: int,
    total: int,
    before: Lesson | None,
    after: Lesson | None,
    theme: str,
    calculator: str | None,
) -> tuple[Page, int, int]:
    """Return one lesson's page, how many boards it draws (its figures) and how many checks it asks."""
    from markupsafe import Markup

    drawer = _Drawer(theme)
    board = lesson_board(lesson)
    figures = [drawer.stage(board, stage) for stage in lesson.stages]
    figures += [drawer.chart(cell) for cell in lesson.cells]
    asked = lesson_checks(lesson)
    shown = [drawer.shown(c) for c in asked]
    practice = (
        [drawer.shown(c) for c in practice_checks(lesson, {c.question.kind for c in asked})] if lesson.shoe else []
    )
    page = standalone(
        "course_lesson.html",
        title=f"{lesson.title}: a road-reading course",
        policy=_policy(drawer),
        theme=theme,
        sprite=Markup(sprite(drawer.symbols)),
        module=module,
        module_number=MODULES.index(module) + 1,
        lesson=lesson,
        number=number,
        total=total,
        figures=figures,
        checks=shown,
        practice=practice,
        before=before,
        after=after,
        KINDS=ALL_KINDS,
        exam=None,
        calculator=calculator,
    )
    return page, len(figures), len(shown)


def _exam_page(seed: int | str, theme: str, calculator: str | None) -> Page:
    """Return the final exam: questions about shoes dealt now, with ``seed``, that no lesson has shown."""
    from markupsafe import Markup

    drawer = _Drawer(theme)
    boards = [
        Scoreboard.from_outcomes(deal_shoe(8, seed=f"course-exam:{seed}:{n}").coups[:EXAM_COUPS])
        for n in range(1, EXAM_SHOES + 1)
    ]
    asked = questions(boards, seed=f"course-exam:{seed}", count=EXAM_QUESTIONS)
    shown = [drawer.shown(Check(q)) for q in asked]
    exam = Lesson(
        "exam",
        "The final exam",
        f"{EXAM_SHOES} shoes dealt fresh when this course was built (seed {seed}), the first {EXAM_COUPS} coups "
        "of each.",
        (
            f"These shoes were dealt at build time with seed {seed}: no lesson has shown them. Build the course "
            "again with another --seed for fresh ones.",
            "Every kind of check comes up; each is answered by the road builder, as in the lessons.",
        ),
    )
    return standalone(
        "course_lesson.html",
        title="The final exam: a road-reading course",
        policy=_policy(drawer),
        theme=theme,
        sprite=Markup(sprite(drawer.symbols)),
        module=None,
        module_number=0,
        lesson=exam,
        number=0,
        total=0,
        figures=[],
        checks=shown,
        practice=[],
        before=lessons()[-1][1],
        after=None,
        KINDS=ALL_KINDS,
        exam=seed,
        calculator=calculator,
    )


def _index_page(built: Built, seed: int | str, theme: str, calculator: str | None) -> Page:
    """Return the course's index: every module and lesson with its progress, the exam and the drill."""
    policy = Policy(
        scripts=inline("storage.js", "course.js"),
        styles=inline(*STYLES),
    )
    return standalone(
        "course_index.html",
        title="Reading the roads: a course",
        policy=policy,
        theme=theme,
        modules=MODULES,
        built=built,
        seed=seed,
        checks_of={lesson.slug: lesson.checks for _, lesson in lessons()},
        calculator=calculator,
    )


class _Drawer:
    """Draws one page's pictures: boards, proofs and charts, their symbols kept once in the page's sprite."""

    def __init__(self, theme: str) -> None:
        self.theme = theme
        self.symbols: dict[str, Symbol] = {}
        self.drawn: set[str] = set()
        self.families: dict[str, str] = {}
        self.columns: dict[int, dict[int, list[Bead]]] = {}

    def stage(self, board: Scoreboard, coups: int) -> Figure:
        """Return the lesson's board after ``coups`` coups (0: the whole shoe), the newest bead outlined."""
        shown = board if not coups else Scoreboard.from_outcomes(list(board.bead_plate.outcomes)[:coups])
        newest = shown.coups if coups and shown.coups else None
        scene = self.scene(shown, numbers=True, bead=newest, hide=())
        caption = f"After coup {shown.coups}" + (", its bead outlined" if newest else ": the whole shoe")
        label = f"The scoreboard after coup {shown.coups} (scrolls sideways)"
        return Figure(self.svg(scene, "shown-board", "brd-"), label, caption)

    def chart(self, cell: str) -> Figure:
        """Return the Banker chart with one cell highlighted (a third-card lesson's board)."""
        chosen = parse_cell(cell)
        scene = tableau_scene(highlight=chosen, theme=self.theme)
        said = "Player stood" if chosen.third is None else f"Player's third card {chosen.third}"
        label = f"When Banker draws, Banker {chosen.banker} and {said} highlighted (scrolls sideways)"
        return Figure(self.svg(scene, "chart", "tab-"), label, chosen.sentence())

    def shown(self, check: Check) -> Shown:
        """Return a check as the page shows it: its board as it stood (its first coups), its proofs' pictures."""
        q = check.question
        proofs = tuple((p, self.proof(p, q.board)) for p in q.proofs)
        if not check.shows_board:
            return Shown(check, "", proofs)
        # The question's board holds the shoe's coups in order (with the asked-about coup after them, for "if
        # Banker wins next"): the board as it stood is its first ``coups``.
        stood = Scoreboard.from_outcomes(list(q.board.bead_plate.outcomes)[: q.coups])
        scene = self.scene(stood, numbers=check.numbers, bead=q.bead, hide=("asks", *check.hide), road=check.road)
        return Shown(check, self.svg(scene, "shown-board", "brd-"), proofs)

    def scene(
        self, board: Scoreboard, *, numbers: bool, bead: int | None, hide: Iterable[str], road: str = "scoreboard"
    ) -> Scene:
        """Return the board's scene: road names, column numbers, the outlined bead, ``hide``'s groups left out."""
        # As wide as the shoe needs and no wider: a phone opens the board on its newest columns, not on empty grid.
        if road == "scoreboard":
            wide = max(
                MIN_COLUMNS,
                drawn_width(board, Road.BIG_ROAD),
                *(-(-drawn_width(board, name) // 2) for name in DERIVED),
            )
        else:
            wide = max(MIN_COLUMNS, drawn_width(board, Road.parse(road)))
        options = render_options(
            theme=self.theme, road=road, road_labels=True, column_numbers=numbers, bead=bead, last=wide
        )
        scene = lay_out(board, options)
        return dataclasses.replace(scene, items=_without(scene.items, frozenset(hide)))

    def proof(self, p: Proof, board: Scoreboard) -> str:
        """Return one proof's picture: the Big Road columns the mark compared (the lesson page's picture)."""
        columns = self.columns.get(id(board))
        if columns is None:  # worked out once a board: a lesson asks many proofs of one board
            columns = self.columns[id(board)] = columns_of(board)
        return self.svg(comparison_scene(p, columns, theme=self.theme), "comparison", "cmp-")

    def svg(self, scene: Scene, kind: str, prefix: str) -> str:
        """Return a picture's SVG, its symbols kept in the page's sprite and its texts in the page's fonts."""
        from markupsafe import Markup

        from ..render.svgfonts import texts

        keep_symbols(self.symbols, scene, prefix)
        self.families[kind] = scene.font_family
        self.drawn.update(texts(scene))
        return Markup(decoration_svg(scene, kind, prefix))


def _without(items: tuple[Item, ...], hide: frozenset[str]) -> tuple[Item, ...]:
    """Return ``items`` without the groups ``hide`` names, and every group without its id (many boards a page)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            if item.id in hide:
                continue
            out.append(dataclasses.replace(item, id=None, items=_without(item.items, hide)))
        else:
            out.append(item)
    return tuple(out)


__all__ = ["Built", "course_pages", "write_course"]
