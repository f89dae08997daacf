"""RenderOptions checks plain values itself and leaves the rest to its pydantic model: both must agree.

The dataclass is the fast path every command takes; the pydantic model
(``roads.scene.option_model``) is the first implementation, kept for values it
has to convert or refuse. On any input the two give the same options, or the
same first problem.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from roads.errors import RenderError
from roads.scene.option_model import OptionModel
from roads.scene.options import FIELDS, RenderOptions, first_problem, render_options

pytestmark = pytest.mark.slow  # thousands of options through both checks

NAMES = ["scoreboard", "big-road", "Big_Eye Boy", "small-road", "cockroach-pig", "bead-plate", "big-rd", ""]
MARKS = ["big-eye-boy:3", "small_road:1", "cockroach-pig:0", "big-road:2", "big-eye-boy:x", "big-eye-boy", ":4"]

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-20, max_value=20_000),
    st.integers(min_value=-(2**60), max_value=2**60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, 4.0, 24.0, 24.5, 399.9, 400.0, 16.0, 30_000.0]),
    st.sampled_from(["classic", "dark", "print", "neon", "en", "zh", "fr", "5", "24", "1.5", "yes", "no", "x"]),
    st.sampled_from(NAMES + MARKS),
    st.text(max_size=6),
    st.tuples(st.sampled_from(NAMES), st.one_of(st.integers(-2, 9), st.sampled_from(["3", "x", True]))),
    st.lists(st.sampled_from(["big-eye-boy", "2", "small-road"]), max_size=3),
)

OPTIONS = st.dictionaries(st.sampled_from([*FIELDS, "colour"]), VALUES, max_size=5)


def outcome(make: Any) -> tuple[str, str]:
    """Return what building the options gave: its fields (types shown), or its first problem."""
    try:
        built = make()
    except ValidationError as exc:
        return "refused", first_problem(exc)
    values = {name: getattr(built, name) for name in FIELDS}
    return "made", repr({k: "nan" if isinstance(v, float) and math.isnan(v) else v for k, v in values.items()})


@settings(max_examples=examples(1000))
@given(OPTIONS)
def test_the_plain_check_agrees_with_the_pydantic_model(options: dict[str, Any]) -> None:
    assert outcome(lambda: RenderOptions(**options)) == outcome(lambda: OptionModel(**options))


@settings(max_examples=examples(300))
@given(OPTIONS, OPTIONS)
def test_an_update_is_checked_as_a_whole(first: dict[str, Any], changes: dict[str, Any]) -> None:
    try:
        base = RenderOptions(**first)
    except ValidationError:
        return
    expected = outcome(lambda: OptionModel(**{**base.model_dump(), **changes}))
    if expected[0] == "refused":
        expected = ("refused", str(RenderError(expected[1])))  # how render_options has always said it
    try:
        got = outcome(lambda: render_options(base, **changes))
    except ValueError as exc:  # a RenderError carries the first problem
        got = ("refused", str(exc))
    assert got == expected


def test_options_are_frozen_hashable_and_keyword_only() -> None:
    options = RenderOptions(theme="dark", cell=30)
    assert options == RenderOptions(theme="dark", cell=30.0)
    assert hash(options) == hash(RenderOptions(cell=30.0, theme="dark"))
    assert repr(options).startswith("RenderOptions(road='scoreboard', last=None, cell=30.0,")
    try:
        options.theme = "print"  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("RenderOptions must be frozen")
    assert options.model_copy(update={"last": 5}) == RenderOptions(theme="dark", cell=30, last=5)
