"""The options that choose a table's rules and paytable (``--rules``, ``--paytable``, ``--tie-pays``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from .flags import choice

F = TypeVar("F", bound=Callable[..., Any])

RULE_CHOICES = ("standard", "super6", "ez")


def rules_options(func: F) -> F:
    """Add --rules, --paytable and --tie-pays to a command."""
    func = click.option(
        "--tie-pays",
        type=choice(["8", "9"]),
        default=None,
        help="What a Tie bet pays, 8 or 9 to 1 (default 8).",
    )(func)
    func = click.option(
        "--paytable",
        type=click.Path(dir_okay=False),
        default=None,
        metavar="FILE",
        help="Your own paytable (TOML or JSON; see docs/variants.md): a rule set with changed pays.",
    )(func)
    func = click.option(
        "--rules",
        type=choice(RULE_CHOICES),
        default=None,
        help="Table rules: standard (5% commission), super6 (Banker 6 pays half) or ez (Banker three-card 7 pushes).",
    )(func)
    return func


def chosen_rules(rules: str | None, paytable: str | None, tie_pays: str | None) -> Any:
    """Return the RuleSet the three options ask for (None when none was given)."""
    if rules is None and paytable is None and tie_pays is None:
        return None
    from ..bets import rules_for

    return rules_for(rules, paytable, int(tie_pays) if tie_pays is not None else None)
