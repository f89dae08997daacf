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
from ..board.names import DERIVED, Road
from ..board.stats import result_counts
from ..coup import Coup
from ..outcome import Outcome
from ..pages.csp import Policy
from ..pages.figure import decoration_svg, inline_svg
from ..pages.safe import bidi, esc
from ..pages.shell import asset, document, keep_symbols, page_fonts, sprite
from ..scene import CELL, lay_out, render_options
from ..scene.highlight import focus
from ..scene.primitives import Scene, Symbol
from ..terminal import plural
from ..version import __version__
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
        """Return the whole document."""
        lesson = self.l
        hidden, figures = self.figures()
        board, steps_data = self.board_scene()
        fonts, families = self.fonts()
        if families:
            board = dataclasses.replace(board, font_family=f"{families}, {board.font_family}")
        body = "\n".join(
            [
                self.header(),
                "<main>",
                self.board_section(board, steps_data),
                self.proofs_section(figures),
                self.coups_section(),
                "</main>",
                (
                    f"<footer><p>Made with roads {esc(__version__)}. Red means the pattern repeats, blue that it "
                    "breaks; neither means Banker or Player.</p></footer>"
                ),
            ]
        )
        style, script = f"\n{asset('lesson.css')}", f"\n{asset('lesson.js')}"
        policy = Policy(scripts=(script,), styles=(style, fonts) if fonts else (style,), fonts=bool(fonts))
        return document(title=lesson.title, body=f"{hidden}\n{body}", policy=policy, theme=lesson.theme).html

    # -- parts ---------------------------------------------------------------

    def header(self) -> str:
        """Return the title, what the shoe holds, and the log's own notes."""
        lesson, s = self.l, self.l.board.stats
        where = f"From {bidi(lesson.source)}: " if lesson.source else ""
        counts = f"{plural(s.coups, 'coup')}: {result_counts(s)}."
        marks = ", ".join(f"{Road.parse(n).title} {len(lesson.board.road(n))}" for n in DERIVED)
        parts = [
            f"<header>\n<h1>{bidi(lesson.title)}</h1>",
            f'<p class="lede">{where}{esc(counts)} Derived marks: {esc(marks)}.</p>',
        ]
        if lesson.notes:
            parts.append('<div class="notes">' + "".join(f"<p>{bidi(n)}</p>" for n in lesson.notes) + "</div>")
        if lesson.details:
            rows = "".join(
                f"<div><dt>{esc(k)}</dt><dd>{f'<code>{esc(v)}</code>' if k == DETAILS['redeal'] else esc(v)}</dd></div>"
                for k, v in lesson.details
            )
            parts.append(f'<details class="shoe-details"><summary>The shoe</summary><dl>{rows}</dl></details>')
        parts.append("</header>")
        return "\n".join(parts)

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

    def board_section(self, scene: Scene, steps_data: str) -> str:
        """Return the scoreboard as inline SVG beside the proof viewer."""
        # The page's own font subsets (one <style>, hashed): the board's <svg> carries none of its own.
        svg = inline_svg(scene, "board-", cell=self.l.cell, fonts=False, style=False)
        hint = (
            "Point at a mark on Big Eye Boy, Small Road or Cockroach Pig, or tab to the board and "
            "use the arrow keys: its proof appears here and the Big Road columns it compared light up."
        )
        return (
            '<section id="scoreboard" aria-labelledby="scoreboard-h">\n'
            '<h2 id="scoreboard-h">The scoreboard</h2>\n'
            '<div class="board-wrap">\n'
            # The frame scrolls, right to left: a phone opens on the newest columns of the Big Road and the
            # derived roads, the page itself never scrolls sideways.
            f'<figure id="board" class="board" data-cell="{CELL:g}" data-coups="{self.l.board.coups}" '
            f'data-made="{esc(self.made_attribute())}" data-steps="{esc(steps_data)}" tabindex="0" '
            f'aria-label="The scoreboard (scrolls sideways)">\n{svg}\n</figure>\n'
            '<aside id="viewer" class="viewer" aria-label="Proof of the mark in focus">'
            f'<p class="hint" hidden>{esc(hint)}</p></aside>\n'
            "</div>\n</section>"
        )

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

    def proofs_section(self, figures: dict[tuple[str, int], str]) -> str:
        """Return every shown proof, road by road, each beside its picture."""
        lesson = self.l
        lead = (
            "Each derived road reads the Big Road's columns with an offset k. A bead that opens a column "
            "(Rule 1) compares the column that just finished with the one k further back: same depth red, "
            "different blue. A bead further down a column (Rule 2) looks at the column k back: a bead at "
            "the same row is red, a column that stopped exactly one row above is blue, one that stopped "
            "two or more rows above is red again."
        )
        out = [
            '<section id="proofs" aria-labelledby="proofs-h">',
            '<h2 id="proofs-h">Why each mark is red or blue</h2>',
            f"<p>{esc(lead)}</p>",
        ]
        for name in lesson.roads:
            road = lesson.board.road(name)
            key = Road.parse(name).cli
            count = len(road)
            out.append(f'<section class="road-proofs" id="proofs-{key}">')
            held = None if lesson.marks is None else clipped(lesson.marks, count)
            which = "" if lesson.marks is None else f", marks {held}" if held else f", none of marks {lesson.marks}"
            out.append(
                f"<h3>{esc(road.title)} (k = {road.k}): {count} mark{'s' if count != 1 else ''}{esc(which)}</h3>"
            )
            if count and lesson.marks is not None and not held:
                out.append(
                    f'<p class="empty">{esc(road.title)} has {esc(plural(count, "mark"))}, so none of '
                    f"marks {esc(str(lesson.marks))} is on this page.</p>"
                )
                out.append("</section>")
                continue
            if not count:
                columns = len(lesson.board.big_road.depths)
                out.append(
                    f'<p class="empty">{esc(road.title)} has no marks yet: it starts with the Big Road '
                    f"bead at {road_start(road.k)}, and this "
                    f"shoe's Big Road has {columns} column{'s' if columns != 1 else ''} so far.</p>"
                )
                out.append("</section>")
                continue
            out.append('<ol class="proofs">')
            for p in lesson.shown[name]:
                out.append(self.proof(p, figures[(name, p.mark)]))
            out.append("</ol>\n</section>")
        if not any(len(lesson.board.road(n)) for n in lesson.roads):
            out.insert(
                3,
                '<p class="empty" id="no-marks">No derived marks yet: this shoe is too young for '
                "Big Eye Boy, Small Road or Cockroach Pig. Each starts once the Big Road reaches its "
                "starting bead; the sections below say where.</p>",
            )
        out.append("</section>")
        return "\n".join(out)

    def proof(self, p: Proof, figure: str) -> str:
        """Return one proof as a list item: picture, heading, the steps, and the mistake to avoid."""
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
        }
        looked = self.looked_at(p)
        if looked:
            data["looked"] = looked
        attrs = " ".join(f'data-{k}="{esc(v)}"' for k, v in data.items())
        return (
            f'<li class="proof {p.color.value}" id="proof-{key}-{p.mark}" {attrs} tabindex="-1">\n'
            f'<div class="picture">{figure}</div>\n<div class="words">\n'
            f'<h4>{esc(p.title)} mark {p.mark}: <span class="colour {p.color.value}">{p.color.value}</span></h4>\n'
            f'<p class="from">From <a href="#coup-{source}">coup {source}</a>, the Big Road bead at '
            f"{p.where}: Rule {p.rule}.</p>\n"
            f'<ol class="steps"><li>{esc(p.reason)}</li><li>{esc(p.comparison)}</li></ol>\n'
            f'<p class="mistake">{esc(p.mistake)}</p>\n</div>\n</li>'
        )

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

    def coups_section(self) -> str:
        """Return the coup list: result, cards and totals when known, the Big Road place, the marks it made."""
        lesson = self.l
        cards = any(p.coup is not None for p in lesson.played)
        notes = any(p.note for p in lesson.played)
        beads = {b.coup: b for b in lesson.board.big_road}
        place: dict[int, str] = {}
        last = None
        for p in lesson.played:
            bead = beads.get(p.number)
            if bead is not None:
                last = bead
                place[p.number] = bead.where
            else:
                place[p.number] = f"tie on {last.where}" if last else "tie, before any bead"
        head = ["#", "Result"] + (["Player", "Banker"] if cards else []) + ["Big Road", "Marks made"]
        head += ["Note"] if notes else []
        out = [
            '<section id="coups" aria-labelledby="coups-h">',
            '<h2 id="coups-h">The coups</h2>',
            '<div class="table-wrap"><table class="coups">',
            "<thead><tr>" + "".join(f'<th scope="col">{h}</th>' for h in head) + "</tr></thead>",
            "<tbody>",
        ]
        for p in lesson.played:
            o = p.outcome
            side = o.winner.value
            flags = [
                w
                for w, on in (("Banker pair", o.banker_pair), ("Player pair", o.player_pair), ("natural", o.natural))
                if on
            ]
            result = f'<span class="result {side}">{side.title()}</span>'
            if flags:
                result += f' <span class="flags">{esc(", ".join(flags))}</span>'
            cells = [f'<th scope="row">{p.number}</th>', f"<td>{result}</td>"]
            if cards:
                cells += [self.hand_cell(p.coup, "player"), self.hand_cell(p.coup, "banker")]
            cells.append(f"<td>{esc(place[p.number])}</td>")
            made = self.made.get(p.number, [])
            links = []
            for name, mark, color in made:
                label = f"{Road.parse(name).title} {mark} {color}"
                if (name, mark) in self.on_page:
                    links.append(f'<a class="{color}" href="#proof-{Road.parse(name).cli}-{mark}">{esc(label)}</a>')
                else:
                    links.append(f'<span class="{color}">{esc(label)}</span>')
            cells.append(f"<td>{', '.join(links)}</td>")
            if notes:
                cells.append(f"<td>{bidi(p.note) if p.note else ''}</td>")
            out.append(f'<tr id="coup-{p.number}" class="{side}">' + "".join(cells) + "</tr>")
        out += ["</tbody></table></div>", "</section>"]
        return "\n".join(out)

    @staticmethod
    def hand_cell(coup: Coup | None, side: str) -> str:
        """Return one hand's cards and total, with the coup's decision trace folded under it."""
        if coup is None:
            return "<td></td>"
        hand = coup.player if side == "player" else coup.banker
        total = coup.player_total if side == "player" else coup.banker_total
        text = f"{' '.join(str(c) for c in hand)} = {total}"
        if side == "banker":
            steps = "".join(f"<li>{esc(s.text)}</li>" for s in coup.steps)
            return f"<td>{esc(text)}<details><summary>why</summary><ol>{steps}</ol></details></td>"
        return f"<td>{esc(text)}</td>"


__all__ = ["MarkRange", "Played", "check_cell", "lesson_page", "line_notes", "parse_marks", "played_from"]
