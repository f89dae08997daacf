"""StatsError lived in roads/analytics/tally.py, and it and BetError were missing from ``roads.__all__``.

Every error a user can cause is one of the classes in :mod:`roads.errors`, and
each is importable from ``roads``: a caller catching them should not need to
know which part of the package raises one.
"""

from __future__ import annotations

import ast
import inspect

from helpers import ROADS, ROOT, roads_sources, roads_tree

import roads
import roads.errors
from roads.errors import RoadsError


def error_classes() -> list[type[RoadsError]]:
    """Return every RoadsError subclass roads.errors defines."""
    return [
        value
        for value in vars(roads.errors).values()
        if inspect.isclass(value) and issubclass(value, RoadsError) and value.__module__ == "roads.errors"
    ]


def test_regression_every_error_class_is_exported_from_roads() -> None:
    names = {cls.__name__ for cls in error_classes()}
    assert {"StatsError", "BetError", "RoadsError", "LogError"} <= names
    assert sorted(names - set(roads.__all__)) == []
    for name in names:
        assert getattr(roads, name) is getattr(roads.errors, name)


def test_regression_no_error_class_is_defined_outside_errors_py() -> None:
    """Read from the source: a class whose base names an error of roads is written in roads/errors.py only."""
    errors = {cls.__name__ for cls in error_classes()}
    elsewhere = []
    for path in roads_sources():
        if path.name == "errors.py" and path.parent == ROADS:
            continue
        for node in ast.walk(roads_tree(path)):
            if isinstance(node, ast.ClassDef):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                bases |= {b.attr for b in node.bases if isinstance(b, ast.Attribute)}
                if bases & errors:
                    elsewhere.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert elsewhere == []


def test_the_old_home_of_stats_error_still_finds_it() -> None:
    from roads.analytics import StatsError
    from roads.analytics.tally import StatsError as from_tally

    assert StatsError is from_tally is roads.StatsError


def test_every_error_class_has_a_row_in_the_reliability_table() -> None:
    table = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    assert sorted(cls.__name__ for cls in error_classes() if f"| `{cls.__name__}` |" not in table) == []
