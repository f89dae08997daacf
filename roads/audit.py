"""Auditing a log with cards: every coup whose cards break the drawing rules, and which rule.

Nothing is corrected: a coup the rules forbid is reported with the rule in
words, coup by coup, and the log is left as it is.
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, parse_card
from .errors import CardError, LogError
from .logs import LogWarning, Record, check, open_log
from .logs.oneshoe import ordinal
from .logs.source import LogSource


@dataclass(frozen=True, slots=True)
class Finding:
    """One coup that breaks a rule: where it is, its cards, and every rule it breaks in words."""

    coup: int
    line: int
    cards: str
    problems: tuple[str, ...]

    def text(self, file: str) -> str:
        """Return the finding as one line: 'file, line 3, coup 2: <rule broken> [cards: ...]'."""
        return f"{file}, line {self.line}, coup {self.coup}: {'; '.join(self.problems)} [cards: {self.cards}]"

    def to_dict(self) -> dict[str, object]:
        """Return the finding as JSON-ready data, each problem tagged with the rule it concerns."""
        return {
            "coup": self.coup,
            "line": self.line,
            "cards": self.cards,
            "problems": [{"rule": rule_of(p), "text": p} for p in self.problems],
        }


@dataclass(frozen=True, slots=True)
class AuditReport:
    """What an audit found: how many coups, how many had cards, the broken ones, and any warnings."""

    file: str
    format: str
    coups: int
    with_cards: int
    findings: tuple[Finding, ...]
    warnings: tuple[str, ...] = ()
    shoe: tuple[str, ...] = ()
    """What the whole shoe breaks: a rank dealt more often than the decks hold, a wrong burn or cut."""

    @property
    def clean(self) -> bool:
        """Return True when no coup breaks a rule and the shoe as a whole holds together."""
        return not self.findings and not self.shoe

    def summary(self) -> str:
        """Return the one-line verdict, e.g. 'shoe.txt: 80 coups (cards), every one follows the drawing rules'."""
        head = f"{self.file}: {self.coups} coup{'s' if self.coups != 1 else ''} ({self.format})"
        if self.with_cards == 0:
            return f"{head}, results only: no cards, so there are no drawing rules to check"
        part = "" if self.with_cards == self.coups else f", {self.with_cards} with cards"
        if self.clean:
            return f"{head}{part}, every one follows the drawing rules"
        broken = len(self.findings)
        if not broken:
            return f"{head}{part}, every one follows the drawing rules, but the shoe does not add up"
        return f"{head}{part}, {broken} break{'s' if broken == 1 else ''} a rule"

    def lines(self) -> list[str]:
        """Return the text report: one line per broken coup, what the whole shoe breaks, then the summary."""
        return (
            [finding.text(self.file) for finding in self.findings]
            + [f"{self.file}: {problem}" for problem in self.shoe]
            + [self.summary()]
        )

    def to_dict(self) -> dict[str, object]:
        """Return the report as JSON-ready data (the ``roads check --json`` contract)."""
        return {
            "file": self.file,
            "format": self.format,
            "coups": self.coups,
            "with_cards": self.with_cards,
            "clean": self.clean,
            "broken": [f.to_dict() for f in self.findings],
            "shoe": list(self.shoe),
            "warnings": list(self.warnings),
            "summary": self.summary(),
        }


def rule_of(problem: str) -> str:
    """Return which rule a problem sentence concerns: cards, natural, player, banker or stated."""
    if problem.startswith("the log says"):
        return "stated"
    if "natural" in problem:
        return "natural"
    if problem.startswith("Player"):
        return "player"
    if problem.startswith("Banker"):
        return "banker"
    return "cards"


def audit_log(
    source: LogSource, fmt: str | None = None, *, decks: int = 0, header: str = "", name: str | None = None
) -> AuditReport:
    """Return the audit of a log: every coup checked against the drawing rules, none corrected.

    ``decks`` (0: not checked) also checks the whole shoe: the first coup at
    which a rank has been dealt more often than that many decks hold, and the
    burn and cut card of a dealt log's header (``header``: the log's first text).
    Unreadable input (bad token, bad bytes, empty log) still raises a located RoadsError.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LogWarning)
        with open_log(source, fmt) as log:
            records = log.records(ranks=not decks)  # with decks the audit counts the ranks itself, as a finding
            report = audit_records(records, name or log.name, log.format, decks=decks, header=header)
    notes = tuple(str(w.message) for w in caught if issubclass(w.category, LogWarning))
    return AuditReport(report.file, report.format, report.coups, report.with_cards, report.findings, notes, report.shoe)


def audit_records(records: Iterable[Record], file: str, fmt: str, *, decks: int = 0, header: str = "") -> AuditReport:
    """Return the audit of coups already read (one shoe of an archive, or a whole log)."""
    findings: list[Finding] = []
    coups = with_cards = 0
    shoe = _ShoeCount(decks, header) if decks else None
    for record in records:
        coups += 1
        if not record.has_cards:
            continue
        with_cards += 1
        coup, problems = check(record)
        if problems:
            findings.append(Finding(record.number, record.line, record.card_text(), tuple(problems)))
        if shoe is not None:
            shoe.deal(record, coup)
    if coups == 0:
        from .logs.reader import EMPTY

        raise LogError(EMPTY, file=file)
    return AuditReport(file, fmt, coups, with_cards, tuple(findings), (), shoe.problems() if shoe else ())


_HEADER = re.compile(r"^\s*#\s*(burned|cut)\s*[:=]\s*(.*?)\s*$", re.M | re.I)
_JSON_HEADER = re.compile(r'"(burned|cut)"\s*:\s*(\[[^\]]*\]|\d+)')


class _ShoeCount:
    """Cards dealt so far from a shoe of ``decks`` decks: says when one rank (or card) runs out."""

    def __init__(self, decks: int, header: str) -> None:
        self.decks = decks
        self.ranks: Counter[str] = Counter()
        self.cards: Counter[tuple[str, str]] = Counter()
        self.over: str | None = None
        self.notes: list[str] = []
        self.dealt = 0
        self.cut: int | None = None
        self.cut_coup: int | None = None
        self.after_cut: list[int] = []
        burned, cut = _header_values(header)
        if burned is not None:
            self._burn(burned)
        self.cut = cut

    def _burn(self, text: str) -> None:
        tokens = re.findall(r"[^\s,\[\]\"']+", text)
        try:
            cards = [parse_card(t) for t in tokens]
        except CardError as exc:
            self.notes.append(f"the burned cards in the header are not cards: {exc.message}")
            return
        if cards:
            first = cards[0]
            burn = 10 if first.value == 0 else first.value
            if len(cards) != 1 + burn:
                self.notes.append(
                    f"the header burns {len(cards)} cards, but a first card {first} burns "
                    f"{burn} more: {1 + burn} in all"
                )
        for card in cards:
            self._count(card, "the burn")

    def _count(self, card: Card, where: str) -> None:
        self.dealt += 1
        self.ranks[card.rank] += 1
        if self.over is None and self.ranks[card.rank] > 4 * self.decks:
            self.over = (
                f"{where}: the {ordinal(self.ranks[card.rank])} {card.rank} dealt, but {self.decks} "
                f"deck{'s' if self.decks != 1 else ''} hold {4 * self.decks}"
            )
        if card.suit is not None:
            key = (card.rank, card.suit)
            self.cards[key] += 1
            if self.over is None and self.cards[key] > self.decks:
                self.over = (
                    f"{where}: {card} dealt {self.cards[key]} times, but {self.decks} "
                    f"deck{'s' if self.decks != 1 else ''} hold {self.decks}"
                )

    def deal(self, record: Record, coup: object) -> None:
        """Count the cards of one coup (as written, legal or not)."""
        cards = record.cards()
        start = self.dealt
        for card in cards:
            self._count(card, f"coup {record.number} (line {record.line})")
        if self.cut is not None:
            total = 52 * self.decks
            if self.cut_coup is not None and record.number > self.cut_coup + 1:
                self.after_cut.append(record.number)
            elif self.cut_coup is None and start + len(cards) > total - self.cut:
                self.cut_coup = record.number

    def problems(self) -> tuple[str, ...]:
        """Return what the whole shoe breaks, in words."""
        out = list(self.notes)
        if self.over is not None:
            out.append(self.over)
        if self.after_cut:
            out.append(
                f"the cut card ({self.cut} cards from the end) came out in coup {self.cut_coup}, so one more coup "
                f"ends the shoe, but {len(self.after_cut)} more follow (from coup {self.after_cut[0]})"
            )
        return tuple(out)


def _header_values(header: str) -> tuple[str | None, int | None]:
    """Return a dealt log's burned cards and cut-card position from its header comment lines or JSON keys."""
    burned: str | None = None
    cut: int | None = None
    for match in list(_HEADER.finditer(header)) + list(_JSON_HEADER.finditer(header)):
        key, value = match.group(1).lower(), match.group(2)
        if key == "burned" and burned is None:
            burned = value
        elif key == "cut" and cut is None and value.isdigit():
            cut = int(value)
    return burned, cut
