"""The course's checks: made from each lesson's designed shoe by kind, every answer read off the road builder.

The derived-road kinds are the quiz's own (:func:`roads.lesson.questions.questions_of_kind`);
the kinds before them (where a coup sits on the Bead Plate, where its bead goes
on the Big Road, ties, streaks, columns, where each derived road starts) read
the board the road builder built of the shoe, and the third-card kinds read
:mod:`roads.rules`. Nothing is typed in by hand: a check is a question about a
board and its answer is what the board says. Every wrong choice carries the
mistake it stands for, and a check two of whose choices would both be true is
not made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ..board import Bead
from ..board.bead_plate import plate_place
from ..board.names import DERIVED, Road
from ..lesson.questions import KINDS, Question, questions_of_kind
from ..outcome import Winner
from ..rules import banker_draws, is_natural, player_draws, tableau_reason
from ..scoreboard import Scoreboard
from ..shoe import SeededStream
from .syllabus import Lesson

COURSE_KINDS: dict[str, str] = {
    "bead-plate": "Where a coup sits on the Bead Plate",
    "count": "Counting pairs and ties",
    "big-road": "Where a bead goes on the Big Road",
    "streak": "The longest streak",
    "ties": "Ties on the Big Road",
    "column-count": "Counting the Big Road's columns",
    "road-start": "Where each derived road starts",
    "player-draws": "Player's third card",
    "banker-stood": "Banker when Player stood",
    "banker-chart": "Banker's chart",
}
"""The course's own kinds of check (its ``data-kind``), beside the quiz's :data:`~roads.lesson.questions.KINDS`."""
ALL_KINDS: dict[str, str] = {**KINDS, **COURSE_KINDS}
THIRD_CARD = ("player-draws", "banker-stood", "banker-chart")
"""The kinds answered by the drawing rules: they show no board."""


@dataclass(frozen=True, slots=True)
class Check:
    """One check of a lesson: the question (the quiz's) and how its board is drawn."""

    question: Question
    numbers: bool = True
    """Number the Big Road's columns (not when the question is how many there are)."""
    hide: tuple[str, ...] = ()
    """Groups of the board's picture left out (``stats``, a derived road's strip)."""
    road: str = "scoreboard"
    """What the board draws: the whole scoreboard, or the one road the check is about (``bead-plate``)."""

    @property
    def shows_board(self) -> bool:
        """Return True when the check shows a board (the third-card checks show none)."""
        return self.question.kind not in THIRD_CARD


def lesson_board(lesson: Lesson) -> Scoreboard:
    """Return the board the road builder builds of the lesson's designed shoe (empty for a third-card lesson)."""
    return Scoreboard.from_text(lesson.shoe, "results", name=lesson.slug) if lesson.shoe else Scoreboard()


def lesson_checks(lesson: Lesson) -> list[Check]:
    """Return the lesson's checks: its kinds in turn until ``lesson.checks`` are made or none is left to make."""
    board = lesson_board(lesson)
    pools: dict[str, list[Check]] = {kind: _checks_of(board, lesson, kind) for kind in lesson.kinds}
    out: list[Check] = []
    while len(out) < lesson.checks and any(pools.values()):
        for kind in lesson.kinds:
            if pools[kind] and len(out) < lesson.checks:
                out.append(pools[kind].pop(0))
    return out


def practice_checks(lesson: Lesson, skip: set[str]) -> list[Check]:
    """Return one check of each quiz kind the lesson's shoe can ask and its own checks do not (missed kinds)."""
    board = lesson_board(lesson)
    out: list[Check] = []
    for kind in KINDS:
        if kind in skip:
            continue
        found = questions_of_kind(board, kind, seed=f"practice:{lesson.slug}", count=1)
        out.extend(Check(q) for q in found)
    return out


def _checks_of(board: Scoreboard, lesson: Lesson, kind: str) -> list[Check]:
    """Return every check of ``kind`` the lesson could ask, in a drawn order (as many as it asks at most)."""
    seed = f"course:{lesson.slug}"
    if kind in KINDS:
        found = questions_of_kind(board, kind, seed=seed, count=lesson.checks * 4)
        if lesson.road is not None:
            found = [q for q in found if not q.proofs or q.proofs[0].road.cli == lesson.road] or found
        return [Check(q) for q in found]
    maker = _Maker(board, SeededStream(f"{seed}:{kind}"))
    return maker.make(kind, lesson.checks)


Made = Callable[[], "Check | None"]


class _Maker:
    """The course's own kinds about one board, each check made from a candidate drawn at random."""

    def __init__(self, board: Scoreboard, stream: SeededStream) -> None:
        self.board = board
        self.stream = stream
        self.outcomes = list(board.bead_plate.outcomes)
        self.beads = list(board.big_road)

    def make(self, kind: str, count: int) -> list[Check]:
        """Return up to ``count`` checks of ``kind``, each from a different candidate."""
        pool: list[Made] = getattr(self, kind.replace("-", "_") + "_candidates")()
        out: list[Check] = []
        while pool and len(out) < count:
            made = pool.pop(self.stream.below(len(pool)))()
            if made is not None:
                out.append(made)
        return out

    def question(
        self,
        kind: str,
        coups: int,
        prompt: str,
        right: tuple[str, str],
        wrong: list[tuple[str, str]],
        explanation: str,
        bead: int | None = None,
    ) -> Question | None:
        """Return the question, or None when fewer than two distinct choices are left (nothing to ask)."""
        why = {right[0]: right[1]}
        for text, said in wrong:
            why.setdefault(text, said)
        if len(why) < 2:
            return None
        order = list(why)[:4]
        for i in range(len(order) - 1, 0, -1):
            j = self.stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return Question(
            kind,
            1,
            coups,
            prompt,
            tuple(order),
            order.index(right[0]),
            tuple(why[c] for c in order),
            explanation,
            (),
            self.board,
            bead,
        )

    @staticmethod
    def check(
        question: Question | None, *, numbers: bool = True, hide: tuple[str, ...] = (), road: str = "scoreboard"
    ) -> Check | None:
        """Return the question as a check whose board is drawn as the keywords say (:class:`Check`), or None."""
        return None if question is None else Check(question, numbers, hide, road)

    # -- the Bead Plate --------------------------------------------------------

    def bead_plate_candidates(self) -> list[Made]:
        """Every coup from the second on: where will it sit on the Bead Plate?"""
        return [partial(self.bead_plate, n) for n in range(2, len(self.outcomes) + 1)]

    def bead_plate(self, n: int) -> Check | None:
        """'Coup n is next: which Bead Plate cell does it take?', asked on the board before it."""
        column, row = plate_place(n)
        where = f"column {column}, row {row}"
        right = (f"Column {column}, row {row}", f"Right: six coups fill each column, so coup {n} is {where}.")
        wrong: list[tuple[str, str]] = []
        if row != column:
            wrong.append(
                (
                    f"Column {row}, row {column}",
                    f"You swapped column and row, or filled across the rows: the Bead Plate fills down a column "
                    f"first, six rows, then the next column, so coup {n} is {where}.",
                )
            )
        ties = sum(1 for o in self.outcomes[: n - 1] if o.winner is Winner.TIE)
        if ties:
            c, r = plate_place(n - ties)
            wrong.append(
                (
                    f"Column {c}, row {r}",
                    f"You skipped the {ties} tie{'s' if ties > 1 else ''}: on the Bead Plate a tie takes a cell "
                    f"like any other coup, so coup {n} is {where}.",
                )
            )
        c, r = plate_place(n + 1)
        wrong.append((f"Column {c}, row {r}", f"One cell too far: coup {n} is the {n}th cell, {where}."))
        winner = self.outcomes[n - 1].winner
        what = "a tie" if winner is Winner.TIE else f"a {winner.value.title()} win"
        prompt = f"Coup {n} is next ({what}). Which Bead Plate cell does it take?"
        question = self.question("bead-plate", n - 1, prompt, right, wrong, right[1].removeprefix("Right: "))
        return self.check(question, road="bead-plate")

    def count_candidates(self) -> list[Made]:
        """Every coup that ends a count worth asking (a pair or a tie so far), and each thing counted."""
        made: list[Made] = []
        for n in range(4, len(self.outcomes) + 1):
            for what in ("banker_pairs", "player_pairs", "tie"):
                made.append(partial(self.count, n, what))
        return made

    def count(self, n: int, what: str) -> Check | None:
        """'After coup n, how many Banker pairs (Player pairs, ties)?', read off the board's statistics."""
        stats = Scoreboard.from_outcomes(self.outcomes[:n]).stats
        got = getattr(stats, what)
        if not got:
            return None
        name = {"banker_pairs": "Banker pairs", "player_pairs": "Player pairs", "tie": "ties"}[what]
        look = {
            "banker_pairs": "small red dots at the top left of a disc",
            "player_pairs": "small blue dots at the bottom right of a disc",
            "tie": "green discs",
        }[what]
        right = (str(got), f"Right: {got} of them, the {look}.")
        other = {"banker_pairs": stats.player_pairs, "player_pairs": stats.banker_pairs, "tie": stats.banker}[what]
        wrong = [
            (str(got + 1), f"One too many: count the {look} on the Bead Plate; there are {got}."),
            (str(max(got - 1, 0)), f"One missed: count the {look} on the Bead Plate; there are {got}."),
        ]
        if what != "tie":
            wrong.append(
                (
                    str(other),
                    f"That is the other side's pairs: a Banker pair is a red dot at the top left, a Player pair a "
                    f"blue dot at the bottom right. There are {got} {name}.",
                )
            )
        prompt = f"After coup {n}, how many {name} has the shoe had? Count them on the Bead Plate."
        return self.check(
            self.question("count", n, prompt, right, wrong, right[1].removeprefix("Right: ")), road="bead-plate"
        )

    # -- the Big Road ------------------------------------------------------------

    def big_road_candidates(self) -> list[Made]:
        """Every bead from the second on: where does it go?"""
        return [partial(self.big_road, b) for b in self.beads[1:]]

    def big_road(self, bead: Bead) -> Check | None:
        """'Coup n is a Banker win: where does its bead go on the Big Road?', asked on the board before it."""
        before = [b for b in self.beads if b.coup < bead.coup]
        prev = before[-1]
        depth_prev = sum(1 for b in before if b.column == prev.column)
        tail = (bead.x, bead.y) != (bead.column, bead.row)
        place = f"Column {bead.column}, row {bead.row}"
        right_text = f"{place} of its streak, drawn at column {bead.x}, row {bead.y}" if tail else place
        if bead.row == 1:
            reason = f"{prev.winner.value.title()} won the bead before: a different winner opens column {bead.column}."
        else:
            reason = f"The same side won the bead before: the streak goes on down column {bead.column}."
        if tail:
            reason += " It cannot go below row 6 (or into a cell already taken), so it turns right: a dragon tail."
        right = (right_text, f"Right: {reason}")
        wrong: list[tuple[str, str]] = []
        if bead.row > 1:
            wrong.append(
                (
                    f"Column {bead.column + 1}, row 1",
                    f"A new column opens only when the other side wins. {reason}",
                )
            )
        elif bead.column > 1:
            wrong.append(
                (
                    f"Column {prev.column}, row {depth_prev + 1}",
                    f"That would continue {prev.winner.value.title()}'s streak. {reason}",
                )
            )
        if prev.ties and bead.row > 1:
            wrong.append(
                (
                    f"Column {bead.column}, row {bead.row + prev.ties}",
                    f"You gave the tie{'s' if prev.ties > 1 else ''} a cell: a tie is only a slash on the bead "
                    f"before. {reason}",
                )
            )
        c, r = plate_place(bead.coup)
        if (c, r) != (bead.column, bead.row):
            wrong.append(
                (
                    f"Column {c}, row {r}",
                    f"That is coup {bead.coup}'s Bead Plate cell: the Big Road keeps streaks, not coups in order. "
                    f"{reason}",
                )
            )
        if tail:
            wrong.append(
                (
                    f"Column {bead.column}, row {bead.row}, below row 6",
                    f"The Big Road has six rows: past them (or above a taken cell) the streak turns right. {reason}",
                )
            )
        side = bead.winner.value.title()
        prompt = f"Coup {bead.coup} is a {side} win. Where does its bead go on the Big Road?"
        question = self.question("big-road", bead.coup - 1, prompt, right, wrong, reason)
        return self.check(question, road="big-road")

    def streak_candidates(self) -> list[Made]:
        """Boards from coup 6 on: the longest streak of each side so far."""
        return [
            partial(self.streak, n, side) for n in range(6, len(self.outcomes) + 1) for side in ("banker", "player")
        ]

    def streak(self, n: int, side: str) -> Check | None:
        """'After coup n, how long is the longest Banker streak?', with the statistics hidden."""
        board = Scoreboard.from_outcomes(self.outcomes[:n])
        stats = board.stats
        got = getattr(stats, f"longest_{side}")
        if got < 2:
            return None
        other = "player" if side == "banker" else "banker"
        wins = getattr(stats, side)
        beads = [b for b in board.big_road if b.winner.value == side]
        last_column = beads[-1].column
        last = sum(1 for b in board.big_road if b.column == last_column)
        name = side.title()
        right = (f"{got}", f"Right: {name}'s deepest column on the Big Road has {got} beads.")
        wrong = [
            (
                f"{wins}",
                f"That counts every {name} win; a streak is one column. The deepest {name} column has {got}.",
            ),
            (
                f"{getattr(stats, f'longest_{other}')}",
                f"That is {other.title()}'s longest streak. {name}'s deepest column has {got}.",
            ),
            (f"{last}", f"That is {name}'s last column; an earlier one is deeper, with {got}."),
        ]
        prompt = f"After coup {n}, how long is {name}'s longest streak? Read it off the Big Road."
        return self.check(
            self.question("streak", n, prompt, right, wrong, right[1].removeprefix("Right: ")), road="big-road"
        )

    def ties_candidates(self) -> list[Made]:
        """Every bead with ties on it, and the first bead of a shoe that opens with ties."""
        made: list[Made] = [partial(self.ties, b) for b in self.beads if b.ties]
        if self.board.leading_ties and self.beads:
            made.append(self.leading)
        return made

    def ties(self, bead: Bead) -> Check | None:
        """'How many ties came right after coup n?', the bead outlined on the board after them."""
        t = bead.ties
        right = (str(t), f"Right: coups {bead.coup + 1} to {bead.coup + t} were ties." if t > 1 else "Right: one tie.")
        wrong = [
            (
                str(t + 1),
                f"The outlined bead's own coup is not a tie: only the {t} coup{'s' if t > 1 else ''} after it "
                "were, before the next Banker or Player.",
            ),
            ("0", "A green slash across a bead is a tie: a tie takes no cell of its own on the Big Road."),
        ]
        if t >= 2:
            wrong.append(("1", f"One slash, but its small number says {t}: that many ties sit on the bead."))
        after = bead.coup + t
        prompt = (
            f"The outlined bead is coup {bead.coup}'s. How many ties came right after it, before the next Banker or "
            "Player result?"
        )
        return self.check(
            self.question("ties", after, prompt, right, wrong, right[1].removeprefix("Right: "), bead.coup),
            road="big-road",
        )

    def leading(self) -> Check | None:
        """'The shoe opened with ties: which coup is the first bead?', on the board after that bead."""
        lead, first = self.board.leading_ties, self.beads[0]
        right = (f"Coup {first.coup}", f"Right: {lead} leading tie{'s' if lead > 1 else ''}, then coup {first.coup}.")
        wrong = [
            ("Coup 1", f"The ties were coups 1 to {lead}: they take no cell, but they are coups."),
            (f"Coup {first.coup + 1}", f"One too late: the first Banker or Player result is coup {first.coup}."),
        ]
        prompt = "The shoe opens with ties. Which coup made the first ring on the Big Road (the outlined bead)?"
        question = self.question("ties", first.coup, prompt, right, wrong, right[1].removeprefix("Right: "), first.coup)
        return self.check(question, road="big-road")

    def column_count_candidates(self) -> list[Made]:
        """Boards from coup 5 on: how many columns the Big Road has."""
        return [partial(self.column_count, n) for n in range(5, len(self.outcomes) + 1)]

    def column_count(self, n: int) -> Check | None:
        """'After coup n, how many columns has the Big Road?', on a board without its column numbers."""
        board = Scoreboard.from_outcomes(self.outcomes[:n])
        beads = list(board.big_road)
        if not beads:
            return None
        got = max(b.column for b in beads)
        drawn = max(b.x for b in beads)
        right = (str(got), f"Right: {got} streaks, {got} columns.")
        wrong = [(str(-(-n // 6)), f"That is the Bead Plate's columns (six coups each). The Big Road has {got}.")]
        if drawn != got:
            wrong.append(
                (
                    str(drawn),
                    f"You counted the dragon tail's cells: a tail is part of its streak's column. There are {got}.",
                )
            )
        runs = 1 + sum(
            1 for a, b in zip(self.outcomes[: n - 1], self.outcomes[1:n], strict=True) if a.winner != b.winner
        )
        wrong.append((str(runs), f"You let the ties break the streaks: a tie adds no column. There are {got}."))
        wrong.append((str(got + 1), f"One too many: count the columns with rings in them; there are {got}."))
        prompt = f"After coup {n}, how many columns has the Big Road? (The column numbers are hidden.)"
        return self.check(
            self.question("column-count", n, prompt, right, wrong, right[1].removeprefix("Right: ")),
            numbers=False,
            road="big-road",
        )

    def road_start_candidates(self) -> list[Made]:
        """Every derived road the shoe starts."""
        return [partial(self.road_start, road) for road in DERIVED if len(self.board.road(road))]

    def road_start(self, road: Road) -> Check | None:
        """'Which bead made the road's first mark?', on the whole board with that road's strip left out."""
        p = self.board.proof(road, 1)
        k = road.k
        depth = sum(1 for b in self.beads if b.column == k + 1)
        right = (
            f"Column {p.column}, row {p.row}",
            f"Right: {road.title} (k = {k}) starts at column {k + 1}, row 2"
            + (f"; column {k + 1} has one bead, so at column {k + 2}, row 1." if depth == 1 else "."),
        )
        wrong = [
            (
                f"Column {k + 1}, row 1",
                f"Too early: Rule 1 there would compare column {k} with column 0, which does not exist. "
                f"{right[1].removeprefix('Right: ')}",
            ),
            (
                f"Column {k}, row 2",
                f"Too early: Rule 2 there would look at column 0. {right[1].removeprefix('Right: ')}",
            ),
        ]
        if depth == 1:
            wrong.append(
                (
                    f"Column {k + 1}, row 2",
                    f"Column {k + 1} has only one bead: there is no row 2 there, so {road.title} starts at column "
                    f"{k + 2}, row 1.",
                )
            )
        else:
            wrong.append(
                (
                    f"Column {k + 2}, row 1",
                    f"Column {k + 1} has a second bead, so {road.title} has started there, at row 2, before "
                    f"column {k + 2} opens.",
                )
            )
        prompt = f"{road.title}'s strip is hidden. Which Big Road bead made its first mark?"
        question = self.question("road-start", len(self.outcomes), prompt, right, wrong, p.text)
        if question is not None:
            question = dataclasses.replace(question, proofs=(p,))
        return self.check(question, hide=(road.cli,))

    # -- the third card ----------------------------------------------------------

    def player_draws_candidates(self) -> list[Made]:
        """Player's two-card totals against a Banker total, naturals included."""
        return [partial(self.player_draws, p, b) for p in range(10) for b in range(10)]

    def player_draws(self, player: int, banker: int) -> Check | None:
        """'Player has 5 and Banker 3 in two cards: who draws?', answered by the rules."""
        if is_natural(player) or is_natural(banker):
            nat, total = ("Player", player) if is_natural(player) else ("Banker", banker)
            right = ("Nobody draws: a natural", f"Right: {nat} has a natural ({total}): nobody draws.")
            wrong = [
                ("Player draws", f"{nat}'s two-card {total} is a natural: the coup ends, nobody draws."),
                ("Player stands, Banker may draw", "A natural on either side stops the coup: nobody draws."),
            ]
        elif player_draws(player):
            right = ("Player draws", f"Right: Player draws on 0-5; it has {player}.")
            wrong = [
                ("Player stands", f"Player stands only on 6 or 7; on {player} it draws."),
                ("Nobody draws: a natural", "A natural is 8 or 9 in two cards; neither side has one here."),
            ]
        else:
            right = ("Player stands", f"Right: Player stands on 6-7; it has {player}.")
            wrong = [
                ("Player draws", f"Player draws on 0-5 only; on {player} it stands."),
                ("Nobody draws: a natural", f"A natural is 8 or 9 in two cards; {player} is not one."),
            ]
        prompt = f"Player has {player} and Banker {banker} in two cards. What does Player do?"
        return self.check(self.question("player-draws", 0, prompt, right, wrong, right[1].removeprefix("Right: ")))

    def banker_stood_candidates(self) -> list[Made]:
        """Banker's totals 0-7 after Player stood on 6 or 7."""
        return [partial(self.banker_stood, b, p) for b in range(8) for p in (6, 7)]

    def banker_stood(self, banker: int, player: int) -> Check | None:
        """'Player stood on 6; Banker has 5: does Banker draw?', answered by the rules."""
        draws = banker_draws(banker, None)
        rule = "With no Player third card, Banker draws on 0-5 and stands on 6-7"
        right = (("Banker draws" if draws else "Banker stands"), f"Right: {rule}; it has {banker}.")
        wrong = [
            (
                ("Banker stands" if draws else "Banker draws"),
                f"{rule}: on {banker} it {'draws' if draws else 'stands'}.",
            ),
            (
                "It depends on Player's third card",
                f"Player took no third card: there is nothing to look up on the chart. {rule}.",
            ),
        ]
        prompt = f"Player stood on {player}. Banker has {banker} in two cards. What does Banker do?"
        return self.check(self.question("banker-stood", 0, prompt, right, wrong, right[1].removeprefix("Right: ")))

    def banker_chart_candidates(self) -> list[Made]:
        """Every cell of the chart: Banker 0-7 against Player's third-card value 0-9."""
        return [partial(self.banker_chart, b, v) for b in range(8) for v in range(10)]

    def banker_chart(self, banker: int, value: int) -> Check | None:
        """'Player drew a 4; Banker has 5: does Banker draw?', answered by the chart (:mod:`roads.rules`)."""
        draws = banker_draws(banker, value)
        reason = tableau_reason(banker, value)
        right = (("Banker draws" if draws else "Banker stands"), f"Right: {reason}.")
        wrong = [
            (("Banker stands" if draws else "Banker draws"), f"Read the chart's row for Banker {banker}: {reason}.")
        ]
        if banker_draws(banker, None) != draws:
            # Only where treating it as "Player stood" gives the other answer is that the mistake made.
            wrong[0] = (
                wrong[0][0],
                f"That is the rule for when Player stood. Player drew, so Banker reads the chart: {reason}.",
            )
        prompt = f"Player drew a third card worth {value}. Banker has {banker} in two cards. What does Banker do?"
        return self.check(self.question("banker-chart", 0, prompt, right, wrong, right[1].removeprefix("Right: ")))


__all__ = ["ALL_KINDS", "COURSE_KINDS", "THIRD_CARD", "Check", "lesson_board", "lesson_checks", "practice_checks"]
