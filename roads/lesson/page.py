"""The lesson page: one self-contained HTML file with the scoreboard, every proof beside its picture, and the coups.

This module writes the HTML; what the page shows is read and checked first, by
:mod:`roads.lesson.plan`.

Everything is inline (SVG, CSS, a little JavaScript, the pictures' fonts), so
the page opens from disk with no network. The bundled faces the pictures draw
with are embedded once for the whole page, not once a figure: one ``<style>``
of ``@font-face`` rules, each face subset to every character any figure draws
(the step-through's figures too), allowed by its hash like the page's CSS.
The JavaScript only adds pointing and keyboard focus: every proof is plain
HTML, there with JavaScript off. Text from the log or from options is escaped
on the way in; the bytes depend only on the input.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Unpack

from ..board.explain import Proof, road_start
from ..board.marks import judge
from ..board.names import DERIVED, Road
from ..board.stats import result_counts
from ..coup import Coup
from ..outcome import Outcome
from ..pages.csp import Policy
from ..pages.figure import decoration_svg, inline_svg
from ..pages.shell import inline, keep_symbols, page_fonts, sprite, standalone
from ..scene import CELL, lay_out, render_options
from ..scene.highlight import focus
from ..scene.primitives import Scene, Symbol
from ..terminal import plural
from .compare import columns_of, comparison_scene
from .plan import (
    DETAILS,
    Lesson,
    LessonOptions,
    MarkRange,
    Played,
    check_cell,
    clipped,
    line_notes,
    parse_marks,
    plan_lesson,
    played_from,
)
from .steps import steps

# The proof list's filter by mistake: what the common mistake of a mark's rule does there (see mistake_kind).
MISTAKES = (
    ("wrong-columns", "Comparing the wrong columns gives the other colour"),
    ("straight-drop", "An empty row read as blue (the straight drop)"),
    ("one-row-above", "Blue: the column stopped one row above"),
    ("none", "No common mistake misleads here"),
)


def lesson_page(items: Iterable[Played | Outcome | Coup | str], **options: Unpack[LessonOptions]) -> str:
    """Return the lesson page of a shoe as one self-contained HTML document.

    The options are :func:`plan_lesson`'s (``road``, ``marks``, ``title``, ``source``,
    ``notes``, ``theme``, ``last``, ``cell``), checked there: LessonError on the first problem.
    """
    return _Writer(plan_lesson(items, **options)).page()


class _Writer:
    """Writes one lesson as HTML; every piece of text goes through esc()."""

    def __init__(self, lesson: Lesson) -> None:
        self.l = lesson
        self.columns = columns_of(lesson.board)
        # Which derived marks each coup made, so the coup table can point at their proofs.
        self.made: dict[int, list[tuple[str, int, str]]] = {}
        coup_at = {(b.column, b.row): b.coup for b in lesson.board.big_road}
        for name in DERIVED:
            road = lesson.board.road(name)
            for i, (c, r, color) in enumerate(zip(road.columns, road.rows, road.colors, strict=False), 1):
                self.made.setdefault(coup_at[(c, r)], []).append((name, i, color.value))
        self.on_page = {(p.road, p.mark) for shown in lesson.shown.values() for p in shown}
        # Every text a figure of the page draws (or the step-through writes), for the page's font subsets.
        self.drawn: set[str] = set()
        self.comparison_family = ""

    def page(self) -> str:
        """Return the whole document (the ``lesson.html`` template)."""
        from markupsafe import Markup

        lesson, stats = self.l, self.l.board.stats
        hidden, figures = self.figures()
        board, steps_data = self.board_scene()
        fonts, families = self.fonts()
        if families:
            board = dataclasses.replace(board, font_family=f"{families}, {board.font_family}")
        styles = inline("lesson.css")
        policy = Policy(scripts=inline("lesson.js"), styles=(*styles, fonts) if fonts else styles, fonts=bool(fonts))
        cards = any(p.coup is not None for p in lesson.played)
        notes = any(p.note for p in lesson.played)
        head = ["#", "Result"] + (["Player", "Banker"] if cards else []) + ["Big Road", "Marks made"]
        return standalone(
            "lesson.html",
            title=lesson.title,
            policy=policy,
            theme=lesson.theme,
            sprite=Markup(hidden),
            source=lesson.source,
            counts=f"{plural(stats.coups, 'coup')}: {result_counts(stats)}.",
            marks=", ".join(f"{Road.parse(n).title} {len(lesson.board.road(n))}" for n in DERIVED),
            notes=lesson.notes,
            details=lesson.details,
            code_key=DETAILS["redeal"],
            board={
                # The page's own font subsets (one <style>, hashed): the board's <svg> carries none of its own.
                "svg": Markup(inline_svg(board, "board-", cell=self.l.cell, fonts=False, style=False)),
                "cell": f"{CELL:g}",
                "coups": lesson.board.coups,
                "made": self.made_attribute(),
                "steps": steps_data,
            },
            any_marks=any(len(lesson.board.road(n)) for n in lesson.roads),
            roads=[self.road_proofs(name, figures) for name in lesson.roads],
            mistakes=MISTAKES,
            plural=plural,
            head=head + (["Note"] if notes else []),
            rows=self.coup_rows(cards),
            notes_column=notes,
        ).html

    # -- parts ---------------------------------------------------------------

    def board_scene(self) -> tuple[Scene, str]:
        """Return the scoreboard's scene with the symbols its steps need, and the step data."""
        from ..render.svgfonts import texts

        scene = lay_out(self.l.board, render_options(theme=self.l.theme, last=self.l.last, road_labels=True))
        steps_data, scene, shows = steps(scene, (p.outcome for p in self.l.played), "board-", theme=self.l.theme)
        self.drawn.update(texts(scene))
        self.drawn.update(shows)
        return scene, steps_data

    def fonts(self) -> tuple[str, str]:
        """Return the page's ``@font-face`` style (every face its figures draw with) and their family list."""
        return page_fonts(self.drawn, {"comparison": self.comparison_family})

    def made_attribute(self) -> str:
        """Return ``road:mark:coup`` for every derived mark: the step-through hides a mark until its coup."""
        return " ".join(
            f"{Road.parse(name).cli}:{mark}:{coup}"
            for coup, made in sorted(self.made.items())
            for name, mark, _ in made
        )

    def figures(self) -> tuple[str, dict[tuple[str, int], str]]:
        """Return the hidden sprite of shared symbols and each shown proof's small inline SVG."""
        from ..render.svgfonts import texts

        figures: dict[tuple[str, int], str] = {}
        symbols: dict[str, Symbol] = {}
        for name, shown in self.l.shown.items():
            for p in shown:
                scene = comparison_scene(p, self.columns, theme=self.l.theme)
                self.drawn.update(texts(scene))
                self.comparison_family = scene.font_family
                keep_symbols(symbols, scene, "cmp-")
                # Every figure points at the one sprite's symbols ("cmp-" ids) instead of defining its own.
                # Written at once, so one scene is alive at a time: holding thousands made the garbage
                # collector's full passes (and the page) grow with the square of the shoe.
                figures[(name, p.mark)] = decoration_svg(scene, "comparison", "cmp-")
        return sprite(symbols), figures

    def road_proofs(self, name: str, figures: dict[tuple[str, int], str]) -> dict[str, object]:
        """Return what the page shows of one derived road: its heading, and its proofs or why there are none."""
        from markupsafe import Markup

        lesson = self.l
        road = lesson.board.road(name)
        count = len(road)
        held = None if lesson.marks is None else clipped(lesson.marks, count)
        which = "" if lesson.marks is None else f", marks {held}" if held else f", none of marks {lesson.marks}"
        proofs = [self.proof(p, Markup(figures[(name, p.mark)])) for p in lesson.shown.get(name, ())]
        return {
            "key": Road.parse(name).cli,
            "title": road.title,
            "k": road.k,
            "count": count,
            "which": which,
            "none_here": lesson.marks is not None and not held,
            "marks": str(lesson.marks),
            "start": road_start(road.k),
            "columns": len(lesson.board.big_road.depths),
            "proofs": proofs,
        }

    def proof(self, p: Proof, figure: str) -> tuple[Proof, str, dict[str, str], int, str]:
        """Return one proof as the page lists it: the proof, its road's key, its data, its coup and its picture."""
        key = Road.parse(p.road).cli
        bead_coups = {b.row: b.coup for b in self.columns.get(p.column, ())}
        source = bead_coups[p.row]
        compared = [b.coup for column, _ in p.compared for b in self.columns.get(column, ())]
        data = {
            "road": key,
            "mark": str(p.mark),
            "color": p.color.value,
            "rule": str(p.rule),
            "source": str(source),
            "compared": " ".join(map(str, compared)),
            "mistake": self.mistake_kind(p),
        }
        looked = self.looked_at(p)
        if looked:
            data["looked"] = looked
        return p, key, data, source, figure

    def mistake_kind(self, p: Proof) -> str:
        """Return which of MISTAKES a proof shows: where its rule's common mistake would give the wrong colour.

        Rule 1's slip counts k columns back from the new column (the pair a road of offset k - 1 compares);
        Rule 2's is reading an empty row as blue, wrong only past a straight drop, and worth telling apart
        where the column stopped exactly one row above from row 3 on.
        """
        if p.rule == 1:
            wrong, _ = judge(p.k - 1, p.column, 1, self.l.board.big_road.depths)
            return "none" if wrong is p.color else "wrong-columns"
        depth = p.compared[0][1]
        if depth >= p.row or (depth == p.row - 1 and p.row == 2):
            return "none"
        return "one-row-above" if depth == p.row - 1 else "straight-drop"

    def looked_at(self, p: Proof) -> str:
        """Return 'COUP ROWS' placing Rule 2's looked-at cell on the drawn board: a bead's coup and rows below it."""
        if p.rule != 2:
            return ""
        f = focus(self.l.board, Road.parse(p.road).cli, p.mark)
        if f.looked_at is None:
            return ""
        x, y = f.looked_at
        for b in self.columns.get(p.column - p.k, ()):
            if b.x == x:
                return f"{b.coup} {y - b.y}"
        return ""

    def coup_rows(self, cards: bool) -> list[dict[str, object]]:
        """Return the coup list's rows: result, cards and totals when known, the Big Road place, the marks it made."""
        lesson = self.l
        beads = {b.coup: b for b in lesson.board.big_road}
        rows: list[dict[str, object]] = []
        last = None
        for p in lesson.played:
            bead = beads.get(p.number)
            if bead is not None:
                last = bead
                place = bead.where
            else:
                place = f"tie on {last.where}" if last else "tie, before any bead"
            o = p.outcome
            flags = [
                w
                for w, on in (("Banker pair", o.banker_pair), ("Player pair", o.player_pair), ("natural", o.natural))
                if on
            ]
            links = []
            for name, mark, color in self.made.get(p.number, []):
                road = Road.parse(name)
                href = f"#proof-{road.cli}-{mark}" if (name, mark) in self.on_page else None
                links.append((color, href, f"{road.title} {mark} {color}"))
            hands = [self.hand(p.coup, "player"), self.hand(p.coup, "banker")] if cards else []
            rows.append(
                {
                    "number": p.number,
                    "side": o.winner.value,
                    "flags": flags,
                    "hands": hands,
                    "place": place,
                    "links": links,
                    "note": p.note,
                }
            )
        return rows

    @staticmethod
    def hand(coup: Coup | None, side: str) -> dict[str, object] | None:
        """Return one hand's cards and total (None: no cards), Banker's with the coup's decision trace."""
        if coup is None:
            return None
        hand = coup.player if side == "player" else coup.banker
        total = coup.player_total if side == "player" else coup.banker_total
        steps = [s.text for s in coup.steps] if side == "banker" else None
        return {"text": f"{' '.join(str(c) for c in hand)} = {total}", "steps": steps}


__all__ = ["MarkRange", "Played", "check_cell", "lesson_page", "line_notes", "parse_marks", "played_from"]
