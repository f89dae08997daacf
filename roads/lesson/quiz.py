"""The quiz page: questions made from real shoes, one at a time, each answered with its proof and picture.

The questions and their answers come from :mod:`.questions` (every answer read
off a board the road builder built); this module writes them as one
self-contained HTML page in the pages' shell (:mod:`roads.pages.shell`): inline
CSS and JavaScript allowed by their hashes, the pictures' fonts embedded once,
no network. The markup is a contract that tests and ``roads serve`` rely on:
each question is a ``[data-question]`` element with its ``data-kind``,
``[data-choice]`` buttons and a ``[data-feedback]`` area holding the answer,
the proofs and their pictures (the lesson page's comparison pictures).

With JavaScript the page asks one question at a time, keeps the score, and
asks the kinds a learner gets wrong more often (the misses are kept in the
browser's localStorage, or for the visit when storage is blocked). Without
it every question is there with its answer folded under it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple, Required, TypedDict, Unpack

from ..board import Bead
from ..board.explain import Proof
from ..pages.csp import Policy
from ..pages.figure import decoration_svg
from ..pages.safe import clean, shorten
from ..pages.shell import Page, inline, keep_symbols, page_fonts, sprite, standalone
from ..scene import lay_out, render_options
from ..scene.primitives import Group, Item, Scene, Symbol, Use
from ..scoreboard import Scoreboard
from ..terminal import plural
from .compare import columns_of, comparison_scene
from .plan import TITLE_LIMIT
from .questions import DEFAULT_COUNT, KINDS, Question, questions

LAST = 12
"""The newest Big Road columns a question's board shows: enough to read every derived mark it asks about."""


class QuizOptions(TypedDict, total=False):
    """What a quiz is made of besides its boards (:func:`quiz_page`'s keywords)."""

    seed: Required[int | str]
    count: int
    names: Sequence[str]
    title: str | None
    theme: str


def quiz_page(boards: Sequence[Scoreboard], **options: Unpack[QuizOptions]) -> str:
    """Return the quiz of ``boards`` (``count`` questions each) as one self-contained HTML document.

    ``names`` names each board's shoe on the page (a log's name, a table's);
    the same boards and ``seed`` give the same bytes. :func:`quiz_document` gives its policy too.
    """
    return quiz_document(boards, **options).html


def quiz_document(boards: Sequence[Scoreboard], **options: Unpack[QuizOptions]) -> Page:
    """Return the quiz of ``boards`` and its policy (:func:`quiz_page`'s page, for a server to send)."""
    theme = options.get("theme", "classic")
    render_options(theme=theme)  # an unknown theme fails here, before any work
    asked = questions(boards, seed=options["seed"], count=options.get("count", DEFAULT_COUNT))
    title = options.get("title")
    heading = shorten(clean(title).strip(), TITLE_LIMIT) if title else ""
    names = [clean(n) for n in options.get("names", ())]
    return _Writer(list(boards), asked, names, heading or "Reading the roads: a quiz", theme).page()


class _Shown(NamedTuple):
    """One question as the page shows it: the question, its board's SVG, and each proof with its picture."""

    question: Question
    board: str
    proofs: Sequence[tuple[Proof, str]]


class _Writer:
    """Draws one quiz's pictures for the ``quiz.html`` template, which escapes every text."""

    def __init__(self, boards: list[Scoreboard], asked: list[Question], names: list[str], title: str, theme: str):
        self.boards = boards
        self.asked = asked
        self.names = names
        self.title = title
        self.theme = theme
        self.symbols: dict[str, Symbol] = {}
        self.drawn: set[str] = set()
        self.families: dict[str, str] = {}
        self.columns: dict[int, dict[int, list[Bead]]] = {}

    def page(self) -> Page:
        """Return the whole document and its policy (the ``quiz.html`` template)."""
        from markupsafe import Markup

        shown = []
        for q in self.asked:
            # The proofs' pictures first: the page's font rule names their family first.
            proofs = [(p, Markup(self.proof(p, q.board))) for p in q.proofs]
            shown.append(_Shown(q, Markup(self.board(q)), proofs))
        fonts, _ = page_fonts(self.drawn, self.families)
        styles = inline("lesson.css", "quiz.css")
        policy = Policy(
            scripts=inline("storage.js", "quiz.js"),
            styles=(*styles, fonts) if fonts else styles,
            fonts=bool(fonts),
        )
        kinds = sorted({q.kind for q in self.asked}, key=list(KINDS).index)
        return standalone(
            "quiz.html",
            title=self.title,
            policy=policy,
            theme=self.theme,
            sprite=Markup(sprite(self.symbols)),
            questions=shown,
            names=self.names,
            shoes=len(self.boards),
            kinds=[KINDS[k] for k in kinds],
            KINDS=KINDS,
            plural=plural,
        )

    def board(self, q: Question) -> str:
        """Return the board the question shows (the shoe's first ``q.coups`` coups), its symbols in the sprite."""
        from ..render.svgfonts import texts

        shown = Scoreboard.from_outcomes(self.boards[q.shoe - 1].bead_plate.outcomes[: q.coups])
        drawn = render_options(theme=self.theme, last=LAST, road_labels=True, column_numbers=True, bead=q.bead)
        scene = lay_out(shown, drawn)
        # The ask badges would give away every "if Banker wins next" answer.
        scene = dataclasses.replace(scene, items=_shown(scene.items))
        self.keep(scene, "brd-", "shown-board")
        self.drawn.update(texts(scene))
        return decoration_svg(scene, "shown-board", "brd-")

    def proof(self, p: Proof, board: Scoreboard) -> str:
        """Return one proof's picture: the lesson page's picture of the Big Road columns the mark compared."""
        from ..render.svgfonts import texts

        columns = self.columns.setdefault(id(board), columns_of(board))
        scene = comparison_scene(p, columns, theme=self.theme)
        self.keep(scene, "cmp-", "comparison")
        self.drawn.update(texts(scene))
        return decoration_svg(scene, "comparison", "cmp-")

    def keep(self, scene: Scene, prefix: str, kind: str) -> None:
        """Keep a picture's symbols in the page's sprite and its font family for the page's font rule."""
        keep_symbols(self.symbols, scene, prefix)
        self.families[kind] = scene.font_family


def _shown(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """Return a question's board as drawn: without the ask badges, its groups without ids, its marks unlabelled.

    Many boards share the page: their groups' ids ("stats", "asks") would clash, and nothing points at them;
    the marks' classes and data (for the lesson page's pointing) are half a board's bytes, unused here.
    """
    return tuple(_unlabelled(item) for item in items if not (isinstance(item, Group) and item.id == "asks"))


def _unlabelled(item: Item) -> Item:
    """Return ``item`` without its group id or its mark's classes and data (at any depth)."""
    if isinstance(item, Group):
        return dataclasses.replace(item, id=None, items=_shown(item.items))
    if isinstance(item, Use):
        return dataclasses.replace(item, classes="", data=())
    return item


__all__ = ["LAST", "QuizOptions", "quiz_document", "quiz_page"]
