"""The quiz's questions: made from a real shoe, every answer read off a board the road builder built.

No question knows a rule of its own. "If Banker wins next" builds the board
with one more coup and reads the marks it gained; "which columns" and "which
rule" read the mark's proof (:meth:`~roads.board.board.Board.proof`); the
traps (Rule 2's empty row, dragon tails, leading ties) read the proof and the
Big Road's beads. The wrong choices are the slips a learner makes: the other
colour, the neighbouring columns, the other rule, the drawn place for the
logical one, counting without the ties.

Every wrong choice carries its own feedback (:attr:`Question.whys`): the
mistake it stands for, in words, with the columns the learner should have
used. A trap is asked only where it bites (Rule 2's empty row from row 3 on),
and a question two of whose choices are both true is not asked at all.

The same board and seed give the same questions on every machine
(:class:`~roads.shoe.SeededStream`, not Python's random).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import partial

from ..board import Bead
from ..board.explain import Proof
from ..board.marks import Color
from ..board.names import DERIVED, Road
from ..errors import LessonError
from ..outcome import Outcome
from ..scoreboard import Scoreboard
from ..shoe import SeededStream
from .plan import MAX_COUPS

KINDS: dict[str, str] = {
    "banker-next": "If Banker wins next",
    "player-next": "If Player wins next",
    "columns": "Which columns decide a mark",
    "rule": "Which rule applies",
    "empty-row": "Rule 2's empty row",
    "dragon-tail": "Dragon tails",
    "leading-ties": "Leading ties",
}
"""Every kind of question (its ``data-kind``) and what it practises, in the order the page lists them."""
TRAPS = ("empty-row", "dragon-tail", "leading-ties")
"""The kinds that exist only where a shoe has the trap; each is asked first, so every shoe with one asks it."""
DEFAULT_COUNT = 12
MAX_COUNT = 100
"""Most questions a shoe gives; the page holds every question with its proof pictures."""
MAX_QUESTIONS = 1000
"""Most questions one quiz asks over all its shoes (a page of them is some 30 MB)."""
NEXT = {"banker-next": Outcome.from_letter("B"), "player-next": Outcome.from_letter("P")}


@dataclass(frozen=True, slots=True)
class Question:
    """One question: what it asks about which board, its choices, which is right, and the proofs that say why."""

    kind: str
    shoe: int
    """Which shoe of the quiz it comes from, from 1."""
    coups: int
    """The board the question shows: the shoe's first ``coups`` coups."""
    prompt: str
    choices: tuple[str, ...]
    answer: int
    """The index of the right choice."""
    whys: tuple[str, ...]
    """Each choice's feedback: for a wrong one, the mistake it stands for; for the right one, why it is right."""
    explanation: str
    """The answer in words, read off the board."""
    proofs: tuple[Proof, ...]
    """The proofs of the marks the answer rests on, as the road builder gives them."""
    board: Scoreboard = field(repr=False, compare=False)
    """The board the proofs were read from (the shoe, or the shoe with the asked-about coup added)."""
    bead: int | None = None
    """The coup whose Big Road bead the question asks about (outlined on its board); None for the whole board."""

    def to_dict(self) -> dict[str, object]:
        """Return the question as JSON-ready data, its proofs included."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "board"}
        return {
            **data,
            "choices": list(self.choices),
            "whys": list(self.whys),
            "proofs": [p.to_dict() for p in self.proofs],
        }


def check_count(count: int) -> None:
    """Raise LessonError unless ``count`` is a number of questions a shoe gives (1 to MAX_COUNT)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise LessonError(f"a quiz asks 1 to {MAX_COUNT} questions a shoe, got {count}")


def questions(boards: Iterable[Scoreboard], *, seed: int | str, count: int = DEFAULT_COUNT) -> list[Question]:
    """Return ``count`` questions from each board (fewer where a short shoe has fewer), shoe after shoe."""
    check_count(count)
    out: list[Question] = []
    every = list(boards)
    if len(every) * count > MAX_QUESTIONS:
        raise LessonError(
            f"a quiz asks at most {MAX_QUESTIONS} questions: {len(every)} shoes of {count} is "
            f"{len(every) * count}; ask fewer a shoe (--count) or about fewer shoes"
        )
    for number, board in enumerate(every, 1):
        if board.coups > MAX_COUPS:
            where = f"shoe {number} has" if len(every) > 1 else "the shoe has"
            raise LessonError(f"a quiz reads a shoe a person plays: {where} {board.coups} coups, over {MAX_COUPS}")
    for number, board in enumerate(every, 1):
        try:
            out.extend(_Shoe(board, number).pick(SeededStream(f"quiz:{seed}:{number}"), count))
        except LessonError as exc:
            if len(every) == 1:
                raise
            raise LessonError(f"shoe {number}: {exc.message}") from None
    return out


def questions_of_kind(board: Scoreboard, kind: str, *, seed: int | str, count: int) -> list[Question]:
    """Return up to ``count`` questions of one ``kind`` about ``board``, in a drawn order (a course's checks).

    The same makers as :func:`questions`, so the same traps-where-they-bite and one-true-choice rules hold.
    """
    if kind not in KINDS:
        raise LessonError(f"no question kind '{kind}': choose one of {', '.join(KINDS)}")
    shoe = _Shoe(board, 1)
    stream = SeededStream(f"kind:{seed}:{kind}")
    pool = list(shoe.makers[kind])
    out: list[Question] = []
    while len(out) < count:
        question = shoe.draw(stream, pool, straight=kind == "empty-row" and not out)
        if question is None:
            break
        out.append(question)
    return out


def _flip(color: Color | None) -> Color | None:
    return None if color is None else Color.BLUE if color is Color.RED else Color.RED


def _colours_named(colours: Sequence[Color | None]) -> str:
    return ", ".join(
        f"{road.title} {'no mark yet' if c is None else c.value}" for road, c in zip(DERIVED, colours, strict=True)
    )


def _shuffled(stream: SeededStream, items: list[str]) -> list[str]:
    """Return ``items`` in an order drawn from ``stream`` (Fisher-Yates)."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _choices(
    stream: SeededStream, right: tuple[str, str], wrong: Iterable[tuple[str, str]]
) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    """Return ``right`` and up to three distinct ``wrong`` choices in a drawn order, where ``right`` went, and
    each choice's feedback; each choice is (text, feedback), a wrong one's feedback the mistake it stands for."""
    why = {right[0]: right[1]}
    for text, said in wrong:
        why.setdefault(text, said)  # the first feedback given for a choice is its own
    order = _shuffled(stream, list(why)[:4])
    return tuple(order), order.index(right[0]), tuple(why[c] for c in order)


Maker = Callable[[SeededStream], "Question | None"]


class _Shoe:
    """One shoe's board and every question it could give, by kind; each is made only when picked."""

    def __init__(self, board: Scoreboard, number: int) -> None:
        self.board = board
        self.number = number
        self.outcomes = list(board.bead_plate.outcomes)
        self.bead_at: dict[tuple[int, int], Bead] = {(b.column, b.row): b for b in board.big_road}
        self.makers: dict[str, list[Maker]] = {kind: [] for kind in KINDS}
        for n in range(1, len(self.outcomes) + 1):
            for kind in NEXT:
                self.makers[kind].append(partial(self.next_coup, kind=kind, n=n))
        drops: list[Maker] = []
        for proof in board.proofs():
            self.makers["columns"].append(partial(self.columns, p=proof))
            self.makers["rule"].append(partial(self.rule, p=proof))
            if proof.rule == 2 and proof.compared[0][1] < proof.row and proof.row >= 3:
                # From row 3 on: at row 2 an empty row is one row short, blue either way; the trap cannot bite.
                # The straight drop (red) is the trap itself; one row short (blue) only looks like it.
                straight = proof.compared[0][1] <= proof.row - 2
                (drops if straight else self.makers["empty-row"]).append(partial(self.empty_row, p=proof))
            bead = self.bead_at[(proof.column, proof.row)]
            if proof.road is Road.BIG_EYE_BOY and (bead.x, bead.y) != (proof.column, proof.row):
                self.makers["dragon-tail"].append(partial(self.dragon_tail, p=proof))
        self.makers["empty-row"][:0] = drops
        self.first_drops = len(drops)
        if board.leading_ties:
            for road in DERIVED:
                if len(board.road(road)):
                    self.makers["leading-ties"].append(partial(self.leading_ties, road=road))

    # -- choosing ------------------------------------------------------------

    def pick(self, stream: SeededStream, count: int) -> list[Question]:
        """Return up to ``count`` questions: a round over the kinds (traps first) until enough, in a drawn order."""
        pools = {kind: list(makers) for kind, makers in self.makers.items()}
        chosen: list[Question] = []
        order = [*TRAPS, *(k for k in KINDS if k not in TRAPS)]
        first = True
        while len(chosen) < count and any(pools.values()):
            for kind in order:
                if len(chosen) >= count:
                    break
                question = self.draw(stream, pools[kind], straight=first and kind == "empty-row")
                if question is not None:
                    chosen.append(question)
            first = False
        if not chosen:
            raise LessonError(
                "too short for a quiz: no derived road has a mark to ask about yet (Big Eye Boy starts at "
                "column 2, row 2 of the Big Road, or column 3, row 1)"
            )
        # Asked in a drawn order, so the traps are not always the first questions of a shoe.
        order_of = _shuffled(stream, [str(i) for i in range(len(chosen))])
        return [chosen[int(i)] for i in order_of]

    def draw(self, stream: SeededStream, pool: list[Maker], *, straight: bool) -> Question | None:
        """Return a question made from a maker drawn out of ``pool`` (a straight drop first when asked for)."""
        while pool:
            limit = self.first_drops if straight and self.first_drops else len(pool)
            maker = pool.pop(stream.below(min(limit, len(pool))))
            question = maker(stream)
            if question is not None:
                return question
        return None

    # -- the kinds -----------------------------------------------------------

    def next_coup(self, stream: SeededStream, kind: str, n: int) -> Question | None:
        """'If Banker (Player) wins coup n+1, what do the derived roads add?': the board built with that coup."""
        before = Scoreboard.from_outcomes(self.outcomes[:n])
        after = Scoreboard.from_outcomes([*self.outcomes[:n], NEXT[kind]])
        added = [
            after.proof(road, len(after.road(road))) if len(after.road(road)) > len(before.road(road)) else None
            for road in DERIVED
        ]
        if not any(added):
            return None
        colours = [None if p is None else p.color for p in added]
        right = (_colours_named(colours), "Right: each road's new mark is proved below.")
        wrong: list[tuple[str, str]] = []
        if sum(c is not None for c in colours) > 1:
            wrong.append(
                (
                    _colours_named([_flip(c) for c in colours]),
                    "Every colour is the other way round: red is not Banker and blue is not Player. Red means "
                    "the road's pattern repeats, blue that it breaks; read each road's own comparison.",
                )
            )
        for i, c in enumerate(colours):
            proof = added[i]
            if c is not None and proof is not None:
                wrong.append(
                    (
                        _colours_named([_flip(x) if j == i else x for j, x in enumerate(colours)]),
                        f"{proof.title} is wrong: you gave it {_flip(c).value}. {proof.text}",  # type: ignore[union-attr]
                    )
                )
        # The road a learner forgets has started (or thinks has): a mark where there is none yet.
        for i, c in enumerate(colours):
            if c is None and any(colours[:i]):
                road, k = DERIVED[i], i + 1
                wrong.append(
                    (
                        _colours_named([x if j != i else Color.RED for j, x in enumerate(colours)]),
                        f"{road.title} has not started yet: its first mark comes from the bead at column {k + 1}, "
                        f"row 2 (or column {k + 2}, row 1 when column {k + 1} has one bead).",
                    )
                )
        side = NEXT[kind].winner.value.title()
        bead = after.big_road[-1]
        made = [p for p in added if p is not None]
        explanation = (
            f"{side} at coup {n + 1} goes to column {bead.column}, row {bead.row} of the Big Road; "
            "each road's new mark is proved below."
        )
        prompt = (
            f"The board after coup {n}. If {side} wins coup {n + 1}, what do Big Eye Boy, Small Road and "
            "Cockroach Pig add?"
        )
        return Question(kind, self.number, n, prompt, *_choices(stream, right, wrong), explanation, tuple(made), after)

    def coup_of(self, proof: Proof) -> int:
        """Return the coup whose bead made the mark ``proof`` explains."""
        return self.bead_at[(proof.column, proof.row)].coup

    def columns(self, stream: SeededStream, p: Proof) -> Question:
        """'Why is Small Road mark 7 blue: which columns decide it?': the columns of the mark's proof."""
        c, r, k = p.column, p.row, p.k

        def depths(a: int, b: int) -> str:
            return f"Columns {a} and {b}: their depths"

        def row_of(column: int) -> str:
            return f"Column {column}: is there a bead at row {r}?"

        wrong: list[tuple[str, str]]
        if p.rule == 1:
            (done, _), (partner, _) = p.compared
            right = (depths(done, partner), f"Right: {p.reason}")
            rule1 = (
                f"Rule 1 compares column {done}, the one that just finished, with the column {k} further back: "
                f"column {partner}."
            )
            wrong = (
                [(depths(done, c - k), f"You counted {k} back from the new column {c}. {rule1}")]
                if c - k != done
                else []
            )
            if partner > 1:
                wrong.append(
                    (
                        depths(done - 1, partner - 1),
                        f"You took the column before the one that just finished, column {done - 1}. {rule1}",
                    )
                )
            else:
                wrong.append((depths(done, partner + 1), f"You went back {k - 1} from column {done}, not {k}. {rule1}"))
            wrong.append(
                (
                    row_of(c - k),
                    f"That is Rule 2, for a bead under another in its column. This bead starts column {c} at row 1, "
                    f"so Rule 1 compares depths: column {done} with column {partner}.",
                )
            )
        else:
            back = p.compared[0][0]
            right = (row_of(back), f"Right: {p.reason}")
            rule2 = f"Rule 2 looks exactly {k} column{'s' if k > 1 else ''} back from column {c}: column {back}."
            wrong = [(row_of(back - 1), f"You went {k + 1} columns back. {rule2}")] if back > 1 else []
            if back + 1 < c:
                wrong.append((row_of(back + 1), f"You went {k - 1} column{'s' if k != 2 else ''} back. {rule2}"))
            other = (
                f"That is Rule 1, for a bead that starts a column. This bead is at row {r}, under another in "
                f"column {c}, so Rule 2 applies: is there a bead at row {r} of column {back}?"
            )
            # The other rule, or where it cannot apply yet, the column against the new one.
            wrong.append((depths(c - 1, c - 1 - k), other) if c - 1 - k >= 1 else (depths(back, c), other))
        prompt = (
            f"{p.title} mark {p.mark} (from coup {self.coup_of(p)}, the bead at column {c}, row {r}) is "
            f"{p.color.value}. Which Big Road columns decide its colour?"
        )
        coup = self.coup_of(p)
        return Question(
            "columns", self.number, coup, prompt, *_choices(stream, right, wrong), p.text, (p,), self.board, coup
        )

    def rule(self, stream: SeededStream, p: Proof) -> Question:
        """'Which rule applies here?': Rule 1's column depths or Rule 2's row, from the mark's proof."""
        c, r, k = p.column, p.row, p.k
        # Neither the prompt nor a choice names the bead's row: the outlined bead on the board shows it.
        one = "Rule 1: the bead starts a new column, so compare the depths of the columns before it"
        two = f"Rule 2: the bead continues its column, so look back {k} column{'s' if k > 1 else ''} at the same row"
        if p.rule == 1:
            right = (one, f"Right: {p.reason}")
            other = (
                two,
                f"The outlined bead is the first of column {c}, at row 1: nothing above it to continue. {p.reason}",
            )
        else:
            right = (two, f"Right: {p.reason}")
            other = (
                one,
                f"The outlined bead is at row {r}, under another bead of column {c}: it continues that column, "
                f"it does not start one. {p.reason}",
            )
        coup = self.coup_of(p)
        prompt = f"Coup {coup} put the outlined Big Road bead, and {p.title} marked it. Which rule sets its colour?"
        return Question(
            "rule", self.number, coup, prompt, *_choices(stream, right, [other]), p.text, (p,), self.board, coup
        )

    def empty_row(self, stream: SeededStream, p: Proof) -> Question | None:
        """Rule 2's trap: column c-k has no bead at row r; the mark is red when it stopped two rows above or more."""
        (back, depth), r = p.compared[0], p.row
        if r < 3:
            return None  # at row 2 an empty row is always one row short: blue either way, so the trap cannot bite
        beads = "one bead" if depth == 1 else f"{depth} beads"
        straight = (
            f"Red: column {back} stopped two or more rows above row {r} (a straight drop)",
            f"Column {back} has {beads}: it stopped exactly one row above row {r}, not two or more, so Rule 2 "
            "gives blue.",
        )
        short = (
            f"Blue: column {back} stopped exactly one row above row {r}",
            f"Column {back} has {beads}: it stopped {r - depth} rows above row {r}, not one. Only a column that "
            "stops exactly one row above gives blue; two or more rows is the straight drop, red.",
        )
        empty = (
            f"Blue: column {back} has no bead at row {r}",
            f"An empty row is not enough for blue: column {back} has {beads}, so it stopped {r - depth} rows "
            f"above row {r}. That is the straight drop, and it gives red.",
        )
        if p.color is Color.RED:
            right, wrong = (straight[0], f"Right: {p.comparison}"), [empty, short]
        else:
            # "No bead at row r, so blue" is true here too: it is not offered beside the right answer.
            right, wrong = (short[0], f"Right: {p.comparison}"), [straight]
        coup = self.coup_of(p)
        prompt = (
            f"Coup {coup} puts a bead at column {p.column}, row {r} of the Big Road. {p.title} looks at "
            f"column {back}, which has {'one bead' if depth == 1 else f'{depth} beads'}: no bead at row {r}. "
            "What colour does the mark get?"
        )
        return Question(
            "empty-row",
            self.number,
            coup - 1,
            prompt,
            *_choices(stream, right, wrong),
            p.text,
            (p,),
            self.board,
        )

    def dragon_tail(self, stream: SeededStream, p: Proof) -> Question:
        """Dragon tails: the derived roads read a bead's logical place, never where its tail draws it."""
        bead = self.bead_at[(p.column, p.row)]
        right = (f"Column {p.column}, row {p.row}: its place in the streak", f"Right: {p.reason}")
        logical = (
            f"The derived roads never read where a tail draws a bead: it is bead {p.row} of the streak in column "
            f"{p.column}, so they read column {p.column}, row {p.row}."
        )
        wrong = [
            (f"Column {bead.x}, row {bead.y}: where it is drawn", f"That is where the tail draws it. {logical}"),
            (
                f"Column {p.column}, row {bead.y}: the row the tail turned along",
                f"The tail runs along row {bead.y}, but the streak keeps counting down. {logical}",
            ),
            (
                f"Column {bead.x}, row 1: the drawn column's top",
                f"Column {bead.x} is only where the tail has got to; it is not a column of its own. {logical}",
            ),
        ]
        prompt = (
            f"Coup {bead.coup}'s bead is drawn in a dragon tail, at drawn column {bead.x}, row {bead.y} of the "
            "Big Road. At which column and row do Big Eye Boy, Small Road and Cockroach Pig read it?"
        )
        explanation = (
            f"The derived roads read logical columns: the bead is row {p.row} of streak column {p.column}, "
            f"wherever the tail draws it. {p.text}"
        )
        return Question(
            "dragon-tail",
            self.number,
            bead.coup,
            prompt,
            *_choices(stream, right, wrong),
            explanation,
            (p,),
            self.board,
            bead.coup,
        )

    def leading_ties(self, stream: SeededStream, road: Road) -> Question:
        """Leading ties: they are coups but take no Big Road cell, so the first mark's coup counts them."""
        ties = self.board.leading_ties
        p = self.board.proof(road, 1)
        coup = self.coup_of(p)
        where = f"the bead at column {p.column}, row {p.row}"
        right = (f"Coup {coup}", f"Right: {road.title} starts at {where}, coup {coup}, the ties counted.")
        many = "s" if ties > 1 else ""
        wrong = [
            (
                f"Coup {coup - ties}",
                f"You left the tie{many} out: a tie is a coup too, though it takes no Big Road cell. "
                f"{where.capitalize()} is coup {coup}.",
            ),
            (
                f"Coup {coup + ties}",
                f"You counted the leading tie{many} twice: coup {coup} already counts them. {where.capitalize()} is "
                f"coup {coup}.",
            ),
            (
                f"Coup {coup + 1}",
                f"One coup late: {road.title}'s first mark comes from {where} itself, coup {coup}, not the coup after.",
            ),
        ]
        prompt = (
            f"The shoe opens with {ties} tie{'' if ties == 1 else 's'} before the first Banker or Player result. "
            f"Which coup makes {road.title}'s first mark?"
        )
        explanation = (
            f"Ties are coups but take no Big Road cell: the leading ties sit on the first cell, so {road.title} "
            f"starts at the bead at column {p.column}, row {p.row}, which is coup {coup}. {p.text}"
        )
        # The board stands before that coup: drawn after it, it would show the first mark, the answer.
        return Question(
            "leading-ties",
            self.number,
            coup - 1,
            prompt,
            *_choices(stream, right, wrong),
            explanation,
            (p,),
            self.board,
        )


__all__ = [
    "DEFAULT_COUNT",
    "KINDS",
    "MAX_COUNT",
    "MAX_QUESTIONS",
    "TRAPS",
    "Question",
    "check_count",
    "questions",
    "questions_of_kind",
]
