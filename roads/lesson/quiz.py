"""The quiz page: questions made from real shoes, one at a time, each answered with its proof and picture.

The questions and their answers come from :mod:`.questions` (every answer read
off a board the road builder built); this module writes them as one
self-contained HTML page in the lesson pages' shell (:mod:`.shell`): inline
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
from typing import Required, TypedDict, Unpack

from ..board import Bead
from ..board.explain import Proof
from ..pages.csp import Policy
from ..pages.figure import decoration_svg
from ..pages.safe import bidi, clean, esc, shorten
from ..pages.shell import Page, asset, document, keep_symbols, page_fonts, sprite
from ..scene import lay_out, render_options
from ..scene.primitives import Group, Item, Scene, Symbol, Use
from ..scoreboard import Scoreboard
from ..terminal import plural
from ..version import __version__
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


class _Writer:
    """Writes one quiz as HTML; every piece of text goes through esc()."""

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
        """Return the whole document."""
        items = [self.question(number, q) for number, q in enumerate(self.asked, 1)]
        fonts, _ = page_fonts(self.drawn, self.families)
        body = "\n".join(
            [
                self.header(),
                '<main id="quiz">',
                *items,
                "</main>",
                '<nav class="controls" aria-label="The quiz">',
                '<button type="button" id="next" hidden>Next question</button>',
                '<p id="done" tabindex="-1" hidden>That was every question. Reload the page to be asked again: '
                "the kinds you missed come first.</p>",
                "</nav>",
                f"<footer><p>Made with roads {esc(__version__)}. Every answer is read off the board the road "
                "builder built. Red means the pattern repeats, blue that it breaks; neither means Banker or "
                "Player.</p></footer>",
            ]
        )
        styles = (f"\n{asset('lesson.css')}", f"\n{asset('quiz.css')}")
        policy = Policy(
            scripts=(f"\n{asset('quiz.js')}",), styles=(*styles, fonts) if fonts else styles, fonts=bool(fonts)
        )
        return document(title=self.title, body=f"{sprite(self.symbols)}\n{body}", policy=policy, theme=self.theme)

    def header(self) -> str:
        """Return the title, what the quiz asks about, and the score line its script fills."""
        shoes = len(self.boards)
        named = f" ({', '.join(bidi(n) for n in self.names)})" if self.names else ""
        kinds = sorted({q.kind for q in self.asked}, key=list(KINDS).index)
        lead = (
            f"{esc(plural(len(self.asked), 'question'))} from {esc(plural(shoes, 'shoe'))}{named}. Each shows the "
            "board as it stood; choose an answer and its proof appears, with the Big Road columns the mark "
            "compared. The kinds you miss come back more often."
        )
        return "\n".join(
            [
                f"<header>\n<h1>{bidi(self.title)}</h1>",
                f'<p class="lede">{lead}</p>',
                '<p class="kinds">Kinds: ' + ", ".join(esc(KINDS[k]) for k in kinds) + ".</p>",
                '<p class="score" id="score" aria-live="polite" hidden>Score: 0 of 0</p>',
                '<p class="note" id="storage" hidden>This browser keeps no storage for this page: what you miss '
                "is remembered until you close it.</p>",
                "</header>",
            ]
        )

    def question(self, number: int, q: Question) -> str:
        """Return one question: where it stands, the board, the choices and the feedback with its proofs."""
        qid = f"q{number}"
        where = f"after coup {q.coups}" if q.coups else "before the first coup"
        shoe = f"{bidi(self.names[q.shoe - 1])}, " if len(self.names) >= q.shoe else f"Shoe {q.shoe}, "
        buttons = "\n".join(
            f'<button type="button" data-choice="{i}">{esc(choice)}</button>' for i, choice in enumerate(q.choices)
        )
        proofs = "\n".join(self.proof(p, q.board) for p in q.proofs)
        return (
            f'<section class="question" id="{qid}" data-question data-kind="{esc(q.kind)}" data-shoe="{q.shoe}" '
            f'data-answer="{q.answer}" aria-labelledby="{qid}-h">\n'
            f'<h2 id="{qid}-h">Question {number}: <span class="kind">{esc(KINDS[q.kind])}</span></h2>\n'
            f'<p class="where">{shoe}{esc(where)}</p>\n'
            # Focusable: on a phone the frame scrolls sideways, and a keyboard must reach it to scroll it too.
            f'<figure class="frame" tabindex="0" aria-label="{esc(f"The scoreboard {where} (scrolls sideways)")}">'
            f"{self.board(q)}</figure>\n"
            f'<p class="prompt" id="{qid}-p">{esc(q.prompt)}</p>\n'
            f'<div class="choices" role="group" aria-labelledby="{qid}-p">\n{buttons}\n</div>\n'
            '<div class="feedback" data-feedback>\n<p class="verdict" aria-live="polite"></p>\n'
            '<details class="answer"><summary>The answer and its proof</summary>\n'
            f'<p class="explanation"><strong>{esc(q.choices[q.answer])}.</strong> {esc(q.explanation)}</p>\n'
            f'<ul class="proofs">\n{proofs}\n</ul>\n</details>\n</div>\n</section>'
        )

    def board(self, q: Question) -> str:
        """Return the board the question shows (the shoe's first ``q.coups`` coups), its symbols in the sprite."""
        from ..render.svgfonts import texts

        shown = Scoreboard.from_outcomes(self.boards[q.shoe - 1].bead_plate.outcomes[: q.coups])
        scene = lay_out(shown, render_options(theme=self.theme, last=LAST, road_labels=True))
        # The ask badges would give away every "if Banker wins next" answer.
        scene = dataclasses.replace(scene, items=_shown(scene.items))
        self.keep(scene, "brd-", "shown-board")
        self.drawn.update(texts(scene))
        return decoration_svg(scene, "shown-board", "brd-")

    def proof(self, p: Proof, board: Scoreboard) -> str:
        """Return one proof as a list item: the lesson page's picture of the columns compared, then the words."""
        from ..render.svgfonts import texts

        columns = self.columns.setdefault(id(board), columns_of(board))
        scene = comparison_scene(p, columns, theme=self.theme)
        self.keep(scene, "cmp-", "comparison")
        self.drawn.update(texts(scene))
        colour = p.color.value
        return (
            f'<li class="proof {colour}" data-road="{p.road.cli}" data-mark="{p.mark}" data-rule="{p.rule}">\n'
            f'<div class="picture">{decoration_svg(scene, "comparison", "cmp-")}</div>\n<div class="words">\n'
            f'<h3>{esc(p.title)} mark {p.mark}: <span class="colour {colour}">{colour}</span></h3>\n'
            f'<p class="from">From the Big Road bead at {p.where}: Rule {p.rule}.</p>\n'
            f'<ol class="steps"><li>{esc(p.reason)}</li><li>{esc(p.comparison)}</li></ol>\n'
            f'<p class="mistake">{esc(p.mistake)}</p>\n</div>\n</li>'
        )

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
