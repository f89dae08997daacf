"""Rule sets and paytables: the built-in ones from ``tables.toml``, a user's from TOML or JSON.

The core is plain frozen dataclasses (a RuleSet of Bets, each a kind, a side
and what each event pays); pydantic checks what comes from a file, and gives
the JSON Schema of a user paytable.
"""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..bet_ids import BET_IDS, BetId
from ..bounds import (
    JSON_DECODER,
    MAX_DIGITS,
    TOO_DEEP,
    TooLong,
    json_float,
    long_number_line,
    read_small,
    toml_problem,
)
from ..errors import BetError
from .kinds import BY_VALUE, KIND_SIDES, KINDS, Deal, kind_events

RULE_NAMES: tuple[str, ...] = ("standard", "super6", "ez")
"""The built-in rule sets, in the order docs and errors list them."""

MAIN_BETS: tuple[str, ...] = ("banker", "player", "tie")
"""The bets every rule set pays its own way; the others are side bets, the same at every table."""

Pay = Fraction | None
"""A net payout per unit staked (Fraction(40) is 40 to 1), or None for a push."""


@dataclass(frozen=True, slots=True)
class Bet:
    """One bet on the layout: its id, name, kind, side, and what each of its events pays."""

    id: str
    name: str
    kind: str
    side: str
    pays: tuple[tuple[str, Pay], ...]

    @property
    def by_value(self) -> bool:
        """Return True when card values alone decide the bet (pairs need ranks)."""
        return self.kind in BY_VALUE

    def settle(self, deal: Deal) -> tuple[str | None, Pay | Literal["lose"]]:
        """Return (the event that settled the bet, its pay) for one coup; (None, "lose") when nothing paid.

        Raise LookupError when the coup does not say enough (a pair whose suits are not known).
        """
        table = dict(self.pays)
        for event in KINDS[self.kind](deal, self.side):
            if event in table:
                return event, table[event]
        return None, "lose"

    def net(self, deal: Deal) -> Fraction:
        """Return the net return per unit staked on one coup: the pay, 0 for a push, -1 for a loss."""
        _, pay = self.settle(deal)
        if pay == "lose":
            return Fraction(-1)
        return Fraction(0) if pay is None else pay

    def pays_text(self) -> str:
        """Return the paytable in words: 'natural win 1 to 1, natural tie push, win by 9 30 to 1, ...'."""
        return "; ".join(f"{event} {pay_words(pay)}" for event, pay in self.pays)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A table's rules: every bet it offers with its paytable, and where the paytable came from."""

    name: str
    title: str
    about: str
    bets: tuple[Bet, ...]
    source: str = "built-in"

    def bet(self, bet_id: str) -> Bet:
        """Return the bet ``bet_id``; raise BetError listing the valid ids otherwise."""
        for bet in self.bets:
            if bet.id == bet_id:
                return bet
        raise BetError(f"unknown bet {bet_id!r}: use one of {', '.join(b.id for b in self.bets)}")

    def with_tie_pays(self, pays: int | Fraction) -> RuleSet:
        """Return the rule set with the Tie bet paying ``pays`` to 1."""
        bets = tuple(replace(b, pays=(("tie", Fraction(pays)),)) if b.id == "tie" else b for b in self.bets)
        return replace(self, bets=bets)


def pay_words(pay: Pay) -> str:
    """Return a pay as a dealer says it: '40 to 1', '1 to 2', '3 to 2', '0.95 to 1', 'push'."""
    if pay is None:
        return "push"
    if pay.denominator == 1:
        return f"{pay.numerator} to 1"
    if pay.denominator <= 4:
        return f"{pay.numerator} to {pay.denominator}"
    return f"{_decimal(pay)} to 1"


def pay_json(pay: Pay) -> int | float | str:
    """Return a pay as JSON carries it: a number, or "push"."""
    return "push" if pay is None else (int(pay) if pay.denominator == 1 else float(pay))


def _decimal(value: Fraction) -> str:
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return text


PayValue = float | int | Literal["push"]


class _BetTable(BaseModel):
    """One bet of tables.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    kind: str
    side: str = ""
    pays: dict[str, PayValue] = Field(default_factory=dict)


class _RuleTable(BaseModel):
    """One rule set of tables.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str
    about: str
    pays: dict[str, dict[str, PayValue]]


class _Tables(BaseModel):
    """The whole of tables.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rules: dict[str, _RuleTable]
    bets: dict[str, _BetTable]


class PaytableFile(BaseModel):
    """A user's paytable: the rule set it starts from and the bets whose pays it replaces."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        title="roads paytable",
        json_schema_extra={
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "examples": [{"rules": "ez", "title": "EZ, Tie 9 to 1", "pays": {"tie": {"tie": 9}}}],
        },
    )

    rules: Literal["standard", "super6", "ez"] = Field(description="The built-in rule set this paytable changes.")
    title: str | None = Field(default=None, description="A name for the table, shown in outputs.")
    pays: dict[BetId, dict[str, PayValue]] = Field(
        default_factory=dict,
        description='For each bet changed, its whole paytable: event -> net pay per unit (40 is 40 to 1) or "push". '
        "Events not listed lose.",
    )


def paytable_schema() -> dict[str, Any]:
    """Return the JSON Schema of a user paytable file."""
    return PaytableFile.model_json_schema()


@cache
def _builtin() -> _Tables:
    text = resources.files(__package__).joinpath("tables.toml").read_text(encoding="utf-8")
    return _Tables.model_validate(tomllib.loads(text))


def _pays(pays: dict[str, PayValue], kind: str, where: str) -> tuple[tuple[str, Pay], ...]:
    """Return a paytable as (event, pay) pairs, checking every event and value; ``where`` names it in errors."""
    valid = kind_events(kind)
    out: list[tuple[str, Pay]] = []
    for event, value in pays.items():
        if event not in valid:
            shown = ", ".join(valid[:4] + (("...",) if len(valid) > 4 else ()))
            raise BetError(f"{where}.{event}: not an event of a {kind} bet (events: {shown})")
        out.append((event, _pay(value, f"{where}.{event}")))
    return tuple(out)


def _pay(value: object, where: str) -> Pay:
    if value == "push":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BetError(f'{where}: {value!r} is not a payout: give a number of units won per unit, or "push"')
    if isinstance(value, float) and not math.isfinite(value):
        raise BetError(f"{where}: {value!r} is not a payout: it must be a finite number")
    pay = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if pay > MAX_PAY:
        raise BetError(f"{where}: {value!r} is not a payout: at most {MAX_PAY:,} units won per unit")
    if pay.denominator > 10**MAX_PLACES:
        raise BetError(f"{where}: {value!r} is not a payout: at most {MAX_PLACES} decimal places")
    if pay < 0:
        raise BetError(
            f"{where}: {value!r} is negative: a payout is 0 or more units won per unit (a loss is not listed)"
        )
    return pay


def _assemble(name: str, title: str, about: str, overrides: dict[str, dict[str, PayValue]], source: str) -> RuleSet:
    tables = _builtin()
    bets = []
    for bet_id in BET_IDS:
        spec = tables.bets[bet_id]
        if spec.kind not in KINDS or spec.side not in KIND_SIDES[spec.kind]:
            raise BetError(f"tables.toml: bets.{bet_id}: unknown kind or side {spec.kind!r} {spec.side!r}")
        raw = overrides.get(bet_id, tables.rules[name].pays.get(bet_id, spec.pays))
        where = f"pays.{bet_id}" if bet_id in overrides else f"rules.{name}.pays.{bet_id}"
        bets.append(Bet(bet_id, spec.name, spec.kind, spec.side, _pays(raw, spec.kind, where)))
    return RuleSet(name, title, about, tuple(bets), source)


@cache
def rule_set(name: str) -> RuleSet:
    """Return a built-in rule set by name; raise BetError listing the valid names otherwise."""
    if name not in RULE_NAMES:
        raise BetError(f"unknown rule set {name!r}: use one of {', '.join(RULE_NAMES)}")
    table = _builtin().rules[name]
    return _assemble(name, table.title, table.about, {}, "built-in")


def load_paytable(path: str | Path) -> RuleSet:
    """Return the rule set a user's paytable file (.toml or .json) describes; raise BetError naming file and key."""
    where = str(path)
    data = _paytable_data(path)
    try:
        table = PaytableFile.model_validate(data)
    except ValidationError as exc:
        raise BetError(_first_problem(exc), file=where) from None
    base = rule_set(table.rules)
    try:
        built = _assemble(
            table.rules,
            table.title or f"{base.title} (own paytable)",
            base.about,
            {str(k): v for k, v in table.pays.items()},
            where,
        )
    except BetError as exc:
        raise exc.located(file=where) from None
    return built


MAX_PAY = 1_000_000
"""The most a payout may be (units won per unit): no bet on a baccarat layout pays more than a few thousand."""
MAX_PLACES = 6
"""Decimal places in one payout (0.95 has two): a finer payout is a typing slip, and exact odds need a bound."""


def _paytable_data(path: str | Path) -> Any:
    """Return a paytable file's parsed data, through the bounds every reader shares; BetError with file and line.

    The file is read at most MAX_SMALL_FILE bytes far; JSON goes through the capped decoder (numbers, keys,
    duplicate keys); TOML refuses duplicate keys itself, and its numbers are capped before its ints are made.
    """
    where = str(path)
    is_json = where.lower().endswith(".json")
    kind = "JSON" if is_json else "TOML"
    try:
        raw = read_small(path)
    except TooLong as exc:
        raise BetError(f"not a paytable: {exc} (a paytable is a few lines)", file=where) from None
    except OSError as exc:
        raise BetError(f"cannot read the paytable: {exc.strerror or exc}", file=where) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BetError("the paytable is not UTF-8 text", file=where) from None
    try:
        if is_json:
            return JSON_DECODER.decode(text)
        line = long_number_line(text)
        if line is not None:
            raise BetError(f"a number of more than {MAX_DIGITS} characters", file=where, line=line)
        return tomllib.loads(text, parse_float=json_float)
    except json.JSONDecodeError as exc:
        raise BetError(f"not a JSON paytable: {exc.msg} (column {exc.colno})", file=where, line=exc.lineno) from None
    except tomllib.TOMLDecodeError as exc:
        message, line = toml_problem(exc)
        raise BetError(f"not a TOML paytable: {message}", file=where, line=line) from None
    except TooLong as exc:
        raise BetError(f"not a {kind} paytable: {exc}", file=where) from None
    except RecursionError:
        raise BetError(f"not a {kind} paytable: {TOO_DEEP}", file=where) from None


def _first_problem(exc: ValidationError) -> str:
    """Return the first problem pydantic found as 'key: value: what is wrong'."""
    err = exc.errors()[0]
    loc = [str(p) for p in err["loc"]]
    key = ".".join(p for p in loc if p != "[key]" and not p.startswith(("float", "int", "literal")))
    value = err.get("input")
    if "[key]" in loc and loc[0] == "pays":
        return f"pays.{value}: unknown bet (bets: {', '.join(BET_IDS)})"
    if err["type"] == "extra_forbidden":
        return f"{key}: not a paytable key (keys: rules, title, pays)"
    if err["type"] == "missing":
        return f'{key}: missing (say which rule set the paytable changes: rules = "standard", "super6" or "ez")'
    if key.startswith("pays.") and key.count(".") == 1 and err["type"] == "literal_error":
        return f"{key}: unknown bet (bets: {', '.join(BET_IDS)})"
    if key.startswith("pays.") and key.count(".") >= 2:
        return f'{key}: {value!r} is not a payout: give a number of units won per unit, or "push"'
    if key == "rules":
        return f"rules: {value!r} is not a rule set: use one of {', '.join(RULE_NAMES)}"
    if key.startswith("pays."):
        bet = key.split(".")[1]
        if bet not in BET_IDS:
            return f"{key}: unknown bet (bets: {', '.join(BET_IDS)})"
    return f"{key}: {value!r}: {err['msg']}"


def rules_for(name: str | None = None, paytable: str | Path | None = None, tie_pays: int | None = None) -> RuleSet:
    """Return the rule set the CLI options ``--rules``, ``--paytable`` and ``--tie-pays`` ask for.

    Raise BetError when they cannot be combined: a paytable names its own rule set and Tie pay.
    """
    if paytable is not None:
        chosen = load_paytable(paytable)
        if name is not None and name != chosen.name:
            raise BetError(
                f"--rules {name} and the paytable's rules = {chosen.name!r} cannot be combined: "
                "the paytable names the rule set it changes",
                file=str(paytable),
            )
        if tie_pays is not None and any(b.id == "tie" for b in chosen.bets) and _sets_tie(paytable):
            raise BetError(
                "--tie-pays and a paytable that sets the Tie pay cannot be combined: say it in one place",
                file=str(paytable),
            )
    else:
        chosen = rule_set(name or "standard")
    if tie_pays is not None:
        if tie_pays not in (8, 9):
            raise BetError(f"--tie-pays {tie_pays}: a tie pays 8 or 9 to 1")
        chosen = chosen.with_tie_pays(tie_pays)
    return chosen


def _sets_tie(paytable: str | Path) -> bool:
    data = _paytable_data(paytable)
    return isinstance(data, dict) and "tie" in data.get("pays", {})
