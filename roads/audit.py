"""Auditing a log with cards: every coup whose cards break the drawing rules, and which rule.

Nothing is corrected: a coup the rules forbid is reported with the rule in
words, coup by coup, and the log is left as it is.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from .logs import LogWarning, check, open_log
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

    @property
    def clean(self) -> bool:
        """Return True when no coup breaks a rule."""
        return not self.findings

    def summary(self) -> str:
        """Return the one-line verdict, e.g. 'shoe.txt: 80 coups (cards), every one follows the drawing rules'."""
        head = f"{self.file}: {self.coups} coup{'s' if self.coups != 1 else ''} ({self.format})"
        if self.with_cards == 0:
            return f"{head}, results only: no cards, so there are no drawing rules to check"
        part = "" if self.with_cards == self.coups else f", {self.with_cards} with cards"
        if self.clean:
            return f"{head}{part}, every one follows the drawing rules"
        broken = len(self.findings)
        return f"{head}{part}, {broken} break{'s' if broken == 1 else ''} a rule"

    def lines(self) -> list[str]:
        """Return the text report: one line per broken coup, then the summary."""
        return [finding.text(self.file) for finding in self.findings] + [self.summary()]

    def to_dict(self) -> dict[str, object]:
        """Return the report as JSON-ready data (the ``roads check --json`` contract)."""
        return {
            "file": self.file,
            "format": self.format,
            "coups": self.coups,
            "with_cards": self.with_cards,
            "clean": self.clean,
            "broken": [f.to_dict() for f in self.findings],
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


def audit_log(source: LogSource, fmt: str | None = None) -> AuditReport:
    """Return the audit of a log: every coup checked against the drawing rules, none corrected.

    Unreadable input (bad token, bad bytes, empty log) still raises a located RoadsError.
    """
    findings: list[Finding] = []
    coups = with_cards = 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LogWarning)
        with open_log(source, fmt) as log:
            for record in log.records():
                coups += 1
                if not record.has_cards:
                    continue
                with_cards += 1
                _, problems = check(record)
                if problems:
                    findings.append(Finding(record.number, record.line, record.card_text(), tuple(problems)))
            name, found = log.name, log.format
    if coups == 0:
        from .errors import LogError
        from .logs.reader import EMPTY

        raise LogError(EMPTY, file=name)
    notes = tuple(str(w.message) for w in caught if issubclass(w.category, LogWarning))
    return AuditReport(name, found, coups, with_cards, tuple(findings), notes)
