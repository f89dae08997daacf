"""The course as data: modules of lessons, each lesson a designed shoe, the concept it shows, and its kinds of check.

Nothing here is an answer. A lesson names a shoe (a results string, markers
allowed: ``B[b]`` is a Banker win with a Banker pair) and the kinds of check
to ask about it; :mod:`.checks` makes every check from the board the road
builder builds of that shoe, and reads every answer off it. The third-card
lessons name cells of the Banker chart instead, and their checks are answered
by :mod:`roads.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: what it teaches, the shoe designed to show it, the boards it draws and the checks it asks."""

    slug: str
    """The lesson's file name without ``.html``: stable, so a lesson can be linked."""
    title: str
    shows: str
    """The concept the designed shoe shows, in one sentence."""
    text: tuple[str, ...]
    """The lesson's paragraphs, before its boards."""
    shoe: str = ""
    """The designed shoe as a results string (empty for the third-card lessons)."""
    kinds: tuple[str, ...] = ()
    """The kinds of check asked, in turn, until ``checks`` are made."""
    stages: tuple[int, ...] = ()
    """The boards the lesson draws: the shoe after this many coups (0: the whole shoe)."""
    road: str | None = None
    """Ask the proof-based checks about this derived road only (``big-eye-boy``...)."""
    checks: int = 5
    cells: tuple[str, ...] = ()
    """Third-card lessons: the Banker chart's cells drawn highlighted (``BANKER:THIRD``), one board each."""
    timed: bool = False
    """The table-speed round: the checks run against a clock."""


@dataclass(frozen=True, slots=True)
class Module:
    """One module: a title, a line on what it is for, and its lessons in order."""

    slug: str
    title: str
    intro: str
    lessons: tuple[Lesson, ...]


MODULES: tuple[Module, ...] = (
    Module(
        "first",
        "The Bead Plate and the Big Road",
        "Where every coup goes: the Bead Plate keeps them all in order, the Big Road keeps the streaks.",
        (
            Lesson(
                "bead-plate",
                "The Bead Plate: one cell per coup",
                "Fourteen coups fill the Bead Plate top to bottom, six to a column, ties included.",
                (
                    "The Bead Plate is the plain record: one solid disc per coup, red for Banker, blue for Player, "
                    "green for a tie. It fills a column from the top, six rows deep, then moves one column right.",
                    "So coup 7 is the top of column 2, and coup 12 the bottom of column 2. Nothing is skipped: a tie "
                    "takes a cell here like any other coup.",
                ),
                "BPBBPTPPBBPBTP",
                ("bead-plate",),
                (6, 0),
            ),
            Lesson(
                "pairs",
                "Pairs and ties on the Bead Plate",
                "A shoe with Banker pairs, Player pairs and ties, each where its coup fell.",
                (
                    "A pair is a coup whose first two cards on one side share a rank. A Banker pair is a small red "
                    "dot at the top left of the coup's disc; a Player pair a small blue dot at the bottom right.",
                    "The statistics under the Bead Plate count them, with the ties and the naturals.",
                ),
                "B[b]PP[p]B[bn]TP[n]BB[p]PT[b]BP",
                ("bead-plate", "count"),
                (5, 0),
            ),
            Lesson(
                "streaks",
                "The Big Road: a column is a streak",
                "Banker, Player and Banker streaks of different lengths, each its own column.",
                (
                    "The Big Road draws hollow rings. A column is a streak of one winner: while the same side wins, "
                    "the ring goes one row down; when the other side wins, a new column starts at the top.",
                    "So the Big Road's columns count the streaks, and a column's depth is the streak's length.",
                ),
                "BBBPPBPPPPBBPB",
                ("big-road", "streak"),
                (5, 0),
            ),
            Lesson(
                "ties",
                "Ties take no cell on the Big Road",
                "Ties after Banker and Player beads, one of them twice in a row.",
                (
                    "A tie never opens a cell on the Big Road. It is a green slash across the bead before it; two or "
                    "more ties on one bead add a small number.",
                    "So a tie does not break a streak: Banker, tie, Banker is one column of two Banker rings.",
                ),
                "BBTPTTPBTBPB",
                ("ties", "big-road"),
                (6, 0),
            ),
            Lesson(
                "dragon-tails",
                "Dragon tails",
                "A Banker streak of eight and a Player streak of nine, both longer than the six rows.",
                (
                    "A streak longer than six rows cannot go down any further: at the bottom row it turns right and "
                    "keeps going right along that row. That is a dragon tail.",
                    "The tail is only how the streak is drawn. The streak is still one column, its ninth bead is "
                    "still row 9 of that column, and the next streak starts at the top of the column after the "
                    "streak's first column.",
                ),
                "BBBBBBBBPPPPPPPPPBPB",
                ("big-road", "column-count"),
                (9, 0),
            ),
            Lesson(
                "leading-ties",
                "Leading ties",
                "A shoe that opens with two ties before the first Banker or Player result.",
                (
                    "Ties before the first Banker or Player result have no bead to sit on. They wait on the first "
                    "cell as a slash with no ring; when the first Banker or Player bead comes, it takes that cell "
                    "and keeps them, counted apart as leading ties.",
                    "They are still coups: the first bead is coup 3, not coup 1.",
                ),
                "TTBPPBPBBPB",
                ("ties", "big-road", "leading-ties"),
                (2, 0),
            ),
            Lesson(
                "counting-columns",
                "Counting the columns",
                "Short and long streaks with ties among them: the columns are the streaks, nothing else.",
                (
                    "Every proof of a derived mark speaks in Big Road columns, counted from 1 on the left. The "
                    "boards in this course number them under the Big Road.",
                    "Count streaks, not coups and not cells: ties add no column, and a dragon tail adds none either.",
                ),
                "BPTBBPPPBTPBBBBP",
                ("column-count", "streak"),
                (8, 0),
            ),
        ),
    ),
    Module(
        "why",
        "Why derived roads exist and where each starts",
        "Red repeats, blue breaks: three roads that say whether the Big Road's pattern holds.",
        (
            Lesson(
                "red-and-blue",
                "Red repeats, blue breaks",
                "B P P P B: Big Eye Boy gives blue, red, blue.",
                (
                    "Big Eye Boy, Small Road and Cockroach Pig read the Big Road, not the coups. Each Banker or "
                    "Player bead, from the road's start on, adds one mark: red when the Big Road's pattern repeats, "
                    "blue when it breaks. Ties add nothing.",
                    "Red is not Banker and blue is not Player. The rulebook's own check: B P P P gives Big Eye Boy "
                    "blue, red; one more B gives blue, red, blue.",
                ),
                "BPPPB",
                ("banker-next", "player-next"),
                (4, 0),
            ),
            Lesson(
                "big-eye-boy-start",
                "Where Big Eye Boy starts",
                "Big Eye Boy's first mark comes from column 2, row 2, where column 2 has two beads.",
                (
                    "Each derived road looks back k columns: Big Eye Boy k = 1, Small Road k = 2, Cockroach Pig "
                    "k = 3. It starts when there is something k columns back to compare.",
                    "The first mark comes from the bead at column k + 1, row 2; if that column has only one bead, "
                    "from column k + 2, row 1. For Big Eye Boy: column 2, row 2, or else column 3, row 1.",
                ),
                "BPPBBPBPPB",
                ("road-start", "banker-next"),
                (3, 0),
            ),
            Lesson(
                "small-road-start",
                "Where Small Road starts",
                "Column 3 has one bead, so Small Road starts at column 4, row 1.",
                (
                    "Small Road looks two columns back (k = 2): its first mark comes from column 3, row 2, or, when "
                    "column 3 has a single bead, from column 4, row 1.",
                ),
                "BBPBPPBPBB",
                ("road-start", "player-next"),
                (4, 0),
            ),
            Lesson(
                "cockroach-pig-start",
                "Where Cockroach Pig starts",
                "Cockroach Pig, three columns back, starts last: column 4, row 2 here.",
                (
                    "Cockroach Pig looks three columns back (k = 3): its first mark comes from column 4, row 2, or "
                    "from column 5, row 1 when column 4 has one bead. Until then the road is empty, and a question "
                    "about its next mark has the answer 'no mark yet'.",
                ),
                "BPBBPPBBPBPB",
                ("road-start", "banker-next"),
                (6, 0),
            ),
        ),
    ),
    Module(
        "rule-one",
        "Rule 1: a new column compares depths",
        "When a bead starts a new column, the column that just finished is compared with one further back.",
        (
            Lesson(
                "rule-one",
                "A new column: compare two depths",
                "B B P P B: Big Eye Boy red by Rule 2 (the second P), then red by Rule 1 (the B opens column 3).",
                (
                    "Rule 1 is for a bead at row 1: a new column starts. Compare the depth of the column that just "
                    "finished (column c - 1) with the depth of column c - 1 - k.",
                    "Same depth: red, the pattern repeats. Different depth: blue.",
                ),
                "BBPPBPPBB",
                ("rule", "columns"),
                (5, 0),
                road="big-eye-boy",
            ),
            Lesson(
                "same-depth",
                "Same depth: red",
                "Streaks of two, again and again: every Rule 1 comparison finds the same depth.",
                (
                    "When the streaks keep their length, every new column finds the finished column as deep as its "
                    "partner: red after red.",
                ),
                "BBPPBBPPBBPPB",
                ("columns", "banker-next"),
                (7, 0),
            ),
            Lesson(
                "different-depth",
                "Different depth: blue",
                "Streaks of one, three and two: the finished column and its partner differ.",
                ("When a streak is longer or shorter than the one k columns before it, the pattern breaks: blue.",),
                "BPPPBBPBBBPPB",
                ("columns", "player-next"),
                (6, 0),
            ),
            Lesson(
                "wrong-pair",
                "The wrong pair of columns",
                "A shoe where counting back from the new column gives the other colour.",
                (
                    "The common mistake: counting k back from the new column instead of from the column that just "
                    "finished. Column 5 starts; Small Road (k = 2) compares column 4 with column 2, not column 5 "
                    "with column 3, and not column 4 with column 3.",
                ),
                "BBBPBBPPPBPBBP",
                ("columns", "rule"),
                (9, 0),
            ),
            Lesson(
                "rule-one-every-road",
                "Rule 1 on every road",
                "One new column read by all three roads: k = 1, 2 and 3 each pick their own partner.",
                (
                    "The same bead gets a mark on each road that has started, each with its own k: Big Eye Boy "
                    "compares with the column one further back, Small Road two, Cockroach Pig three.",
                ),
                "BPBBPPPBBPBPPB",
                ("columns", "banker-next", "rule"),
                (10, 0),
            ),
        ),
    ),
    Module(
        "rule-two",
        "Rule 2 and the straight drop",
        "When a bead continues its column, look at the same row k columns back.",
        (
            Lesson(
                "bead-at-row",
                "A bead at that row: red",
                "Streaks of three side by side: each third bead finds a bead at row 3 k columns back.",
                (
                    "Rule 2 is for a bead at row 2 or below: its column continues. Look at column c - k. If it has a "
                    "bead at the same row (its depth is r or more), the mark is red.",
                ),
                "BBBPPPBBBPP",
                ("columns", "rule"),
                (8, 0),
            ),
            Lesson(
                "one-row-short",
                "One row short: blue",
                "A column that stopped exactly one row above: the only empty row that gives blue.",
                (
                    "If column c - k stopped exactly one row above this bead (its depth is r - 1), the pattern "
                    "breaks here: blue.",
                ),
                "BBPPPBBBPPPPB",
                ("columns", "empty-row"),
                (9, 0),
            ),
            Lesson(
                "straight-drop",
                "The straight drop: red",
                "A long streak beside a single bead: rows 3 and below find column c - k stopped two or more above.",
                (
                    "If column c - k stopped two or more rows above this bead (depth r - 2 or less), the mark is "
                    "red: the straight drop. The pattern already broke one row up; going further down repeats that.",
                ),
                "BPPPPPBBBBPB",
                ("empty-row", "columns"),
                (5, 0),
            ),
            Lesson(
                "empty-not-blue",
                "No bead is not enough for blue",
                "Empty rows of both kinds in one shoe: one row short (blue) and the straight drop (red).",
                (
                    "Rule 2's trap: 'no bead at this row' is not enough for blue. Blue needs the column to have "
                    "stopped exactly one row above; two or more rows above is red.",
                ),
                "BPBBBBPPPPPBPB",
                ("empty-row", "rule"),
                (6, 0),
            ),
            Lesson(
                "rule-two-tail",
                "Rule 2 down a dragon tail",
                "A streak of ten: its tail beads keep their rows 7 to 10 for Rule 2.",
                (
                    "A bead in a dragon tail is still row 7, 8 or more of its column. Rule 2 looks for a bead at "
                    "that row of column c - k, which only a streak as long would have: usually a straight drop.",
                ),
                "BBBBBPBBBBBBBBBBP",
                ("dragon-tail", "columns"),
                (12, 0),
            ),
        ),
    ),
    Module(
        "three-roads",
        "Big Eye Boy, Small Road and Cockroach Pig, one by one",
        "The same two rules with k = 1, 2 and 3, and how the marks are laid out.",
        (
            Lesson(
                "big-eye-boy",
                "Big Eye Boy: k = 1",
                "A choppy shoe read one column back.",
                (
                    "Big Eye Boy compares neighbours: Rule 1 compares the finished column with the one just before "
                    "it; Rule 2 looks one column back. Its marks are hollow rings.",
                ),
                "BPBBPPBPPPBBPB",
                ("columns", "rule", "banker-next"),
                (8, 0),
                road="big-eye-boy",
            ),
            Lesson(
                "small-road",
                "Small Road: k = 2",
                "The same kind of shoe read two columns back.",
                (
                    "Small Road skips a column: Rule 1 compares the finished column with the one two before it; "
                    "Rule 2 looks two columns back. Its marks are filled dots.",
                ),
                "BBPBPPBBPBBBPPB",
                ("columns", "rule", "player-next"),
                (9, 0),
                road="small-road",
            ),
            Lesson(
                "cockroach-pig",
                "Cockroach Pig: k = 3",
                "A longer shoe read three columns back.",
                (
                    "Cockroach Pig skips two columns: Rule 1 compares the finished column with the one three before "
                    "it; Rule 2 looks three columns back. Its marks are short slashes.",
                ),
                "BPPBBBPBPPBBPPPBPB",
                ("columns", "rule", "banker-next"),
                (11, 0),
                road="cockroach-pig",
            ),
            Lesson(
                "alternating",
                "Forty alternating results",
                "B P B P ... forty times: every column one bead deep, 38 Big Eye Boy marks, all red.",
                (
                    "When the results alternate, every column has depth 1. From column 3 on each new column compares "
                    "two equal depths: red every time. Forty results give 38 Big Eye Boy marks.",
                ),
                "BP" * 20,
                ("columns", "player-next"),
                (12, 0),
            ),
            Lesson(
                "layout",
                "How the derived marks are laid out",
                "Runs of red and blue marks: each colour stacks in a column, a change of colour opens the next.",
                (
                    "Each derived road has its own six-row grid at half the Big Road's cell. Marks of one colour "
                    "stack down a column; a change of colour opens the next column, with dragon tails as on the "
                    "Big Road.",
                    "So a derived road's columns are runs of one colour, not Big Road columns.",
                ),
                "BBPPBBPPBPPPBBBPBPB",
                ("banker-next", "columns"),
                (10, 0),
            ),
            Lesson(
                "all-three",
                "All three at once",
                "One shoe, every road started: each new bead marks three roads at once.",
                (
                    "At the table you read all three together: for each new bead, Rule 1 or Rule 2 (the same for "
                    "all three, it depends on the bead's row), then each road's own k.",
                ),
                "BPBBPPPBPBBPPBBBPB",
                ("banker-next", "player-next", "rule"),
                (12, 0),
            ),
        ),
    ),
    Module(
        "asks",
        "Asks: what the next result would add",
        "The Banker and Player asks show each derived road's next mark before the coup is dealt.",
        (
            Lesson(
                "banker-ask",
                "The Banker ask",
                "A board read before the next coup: what if Banker wins?",
                (
                    "The Banker ask shows, for each derived road, the mark it would add if the next result were "
                    "Banker; nothing where that result would not yet reach the road's start.",
                    "Work it as if the bead were there: find its column and row, then apply Rule 1 or Rule 2.",
                ),
                "BPPBBBPBPPB",
                ("banker-next",),
                (7, 0),
            ),
            Lesson(
                "player-ask",
                "The Player ask",
                "The same board: what if Player wins?",
                ("The Player ask is the same question with a Player bead.",),
                "PBBPPPBPBBP",
                ("player-next",),
                (7, 0),
            ),
            Lesson(
                "opposite",
                "The two asks are always opposite",
                "Where both asks give a mark, their colours are opposite on every road.",
                (
                    "One of the two results continues the last column (Rule 2), the other opens a new one (Rule 1), "
                    "and the two always disagree: where both asks give a mark, they have opposite colours.",
                ),
                "BBPBPPPBBPBPBB",
                ("banker-next", "player-next"),
                (9, 0),
            ),
        ),
    ),
    Module(
        "traps",
        "The traps",
        "Three places a careful reader still goes wrong, each shown where it bites.",
        (
            Lesson(
                "trap-empty-row",
                "The empty-row trap",
                "Empty rows from row 3 down: some one row short, some straight drops.",
                (
                    "At row 2 an empty row is always one row short: blue either way. From row 3 on, the trap bites: "
                    "check how far above the column stopped before saying blue.",
                ),
                "BPBBBBBPPPPBPPPB",
                ("empty-row",),
                (8, 0),
            ),
            Lesson(
                "trap-dragon-tail",
                "The dragon-tail trap",
                "Tail beads drawn far to the right of their column.",
                (
                    "The derived roads read a bead's place in its streak, never the cell its tail is drawn in. A "
                    "tail bead drawn on the bottom row, columns to the right, is still row 7, 8 or more of the "
                    "column its streak started in.",
                ),
                "BPPPPPPPPPBPBBBBBBBB",
                ("dragon-tail", "columns"),
                (10, 0),
            ),
            Lesson(
                "trap-leading-ties",
                "The leading-ties trap",
                "Three ties open the shoe: every coup number after them counts them.",
                (
                    "Leading ties take no Big Road cell but they are coups. Count them when you say which coup made "
                    "a mark.",
                ),
                "TTTBPPBPBBPB",
                ("leading-ties", "big-road"),
                (3, 0),
            ),
        ),
    ),
    Module(
        "speed",
        "Reading all five roads at table speed",
        "Everything at once, after every coup, as fast as the dealer.",
        (
            Lesson(
                "five-roads",
                "All five roads after each coup",
                "A 30-coup shoe with ties and a tail: read every road after each coup.",
                (
                    "At the table: the Bead Plate takes the coup, the Big Road the bead (or the tie slash), then "
                    "each derived road that has started takes a mark. Say the bead's column and row first; the "
                    "rule follows from the row.",
                ),
                "BPBBTPPPBPBBBBBBBPTPBPPBBPBPTB",
                ("banker-next", "player-next", "columns", "rule"),
                (15, 0),
                checks=6,
            ),
            Lesson(
                "timed-round",
                "The table-speed round",
                "A dealer's pace: each question against the clock.",
                ("Press Start: you have 60 seconds to answer as many checks as you can. Your best round is kept.",),
                "PBBPBPPPBBPBPBBPPBBBPBPPB",
                ("banker-next", "player-next"),
                (12, 0),
                checks=8,
                timed=True,
            ),
            Lesson(
                "speed-review",
                "Every kind, once more",
                "A shoe with every trap in it: the kinds you missed come back first.",
                (
                    "This lesson asks every kind of check. Those you missed in earlier lessons are asked again at "
                    "the end of each lesson, under 'Practice what you missed'.",
                ),
                "TTBPPPPPBBBBBBBBPBPPBPBBPB",
                ("empty-row", "dragon-tail", "leading-ties", "columns", "rule"),
                (10, 0),
                checks=6,
            ),
        ),
    ),
    Module(
        "third-card",
        "The third-card rules",
        "Who draws a third card: nobody chooses, the rules decide. The chart and the drill that roads already has.",
        (
            Lesson(
                "naturals",
                "Naturals and Player's draw",
                "A two-card 8 or 9 stops the coup; otherwise Player draws on 0-5 and stands on 6-7.",
                (
                    "If either hand has 8 or 9 in two cards, a natural, nobody draws. Otherwise Player, on its own "
                    "two-card total, draws on 0-5 and stands on 6-7.",
                ),
                kinds=("player-draws",),
                cells=("5:stood", "6:stood"),
            ),
            Lesson(
                "banker-stood",
                "Banker when Player stood",
                "With no Player third card, Banker draws on 0-5 like Player.",
                (
                    "When Player stood, Banker ignores the chart: it draws on 0-5 and stands on 6-7. Banker 5 and "
                    "even 3 draw here.",
                ),
                kinds=("banker-stood",),
                cells=("3:stood", "7:stood"),
            ),
            Lesson(
                "banker-chart",
                "Banker's chart",
                "When Player drew, Banker reads its own total against the value of Player's third card.",
                (
                    "When Player drew, Banker looks at its own two-card total and the value of Player's third card "
                    "(not Player's new total; a king is 0). Banker 0-2 always draws; 3 draws except on an 8; 4 on "
                    "2-7; 5 on 4-7; 6 on 6-7; 7 never.",
                ),
                kinds=("banker-chart",),
                cells=("3:8", "4:1"),
            ),
            Lesson(
                "the-drill",
                "The drill",
                "Situations dealt at random: both totals and Player's third card.",
                (
                    "Every cell of the chart is a decision; the drill asks them all. The full drill is its own page "
                    "in this course (drill.html).",
                ),
                kinds=("banker-chart", "banker-stood", "player-draws"),
                cells=("5:4", "6:7"),
                checks=6,
            ),
        ),
    ),
)
"""Every module and lesson of the course, in order."""


def lessons() -> list[tuple[Module, Lesson]]:
    """Return every lesson with its module, in the course's order."""
    return [(module, lesson) for module in MODULES for lesson in module.lessons]


__all__ = ["MODULES", "Lesson", "Module", "lessons"]
