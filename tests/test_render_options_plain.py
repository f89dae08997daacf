"""RenderOptions reads any value through the one table: it builds options that hold their types, or one RenderError.

There is one path now (the table's own converters, no pydantic model beside
them), so on any input: the options built hold values of their fields' types
within the table's bounds, built again from themselves they are the same, and
anything refused is a RenderError whose message is the one the refused
option's row gives for that value alone.
"""

from __future__ import annotations

import math
import typing
from typing import Any

import pytest
from helpers import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from roads.errors import RenderError
from roads.scene.options import BY_NAME, FIELDS, OPTIONS, RenderOptions, render_options

pytestmark = pytest.mark.slow  # thousands of options through the table

NAMES = ["scoreboard", "big-road", "Big_Eye Boy", "small-road", "cockroach-pig", "BEAD-PLATE", "big-rd", ""]
MARKS = ["big-eye-boy:3", "small_road:1", "cockroach-pig:0", "big-road:2", "big-eye-boy:x", "big-eye-boy", ":4"]

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-20, max_value=20_000),
    st.integers(min_value=-(2**60), max_value=2**60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, 4.0, 24.0, 24.5, 399.9, 400.0, 16.0, 30_000.0]),
    st.sampled_from(["classic", "Dark", "print", "neon", "en", "ZH", "fr", "5", "24", "1.5", "yes", "no", "x"]),
    st.sampled_from(NAMES + MARKS),
    st.text(max_size=6),
    st.tuples(st.sampled_from(NAMES), st.one_of(st.integers(-2, 9), st.sampled_from(["3", "x", True]))),
    st.lists(st.sampled_from(["big-eye-boy", "2", "small-road"]), max_size=3),
)

OPTIONS_GIVEN = st.dictionaries(st.sampled_from([*FIELDS, "colour"]), VALUES, max_size=5)

HINTS = typing.get_type_hints(RenderOptions)


def holds(name: str, value: Any) -> bool:
    """Return True when ``value`` is of option ``name``'s declared type and inside its bounds."""
    row = BY_NAME[name]
    if value is None:
        return type(None) in typing.get_args(HINTS[name])
    kind = {"whole": int, "decimal": float, "flag": bool, "text": str, "choice": str, "highlight": tuple}[row.kind]
    if type(value) is not kind:
        return False
    if row.choices and value not in row.choices:
        return False
    if row.bounds is not None and not row.bounds[0] <= value <= row.bounds[1]:
        return False
    return not (isinstance(value, float) and not math.isfinite(value))


def alone(name: str, value: Any) -> str | None:
    """Return the message option ``name`` gives for ``value`` on its own (None when it takes it)."""
    try:
        BY_NAME[name].convert(value)
    except RenderError as exc:
        return exc.message
    return None


def refusal(given: dict[str, Any]) -> str | None:
    """Return the message the table gives for ``given``: an unknown name first, then each row in order."""
    unknown = [name for name in given if name not in BY_NAME]
    if unknown:
        return f"unknown option '{unknown[0]}': choose one of {', '.join(FIELDS)}"
    for row in OPTIONS:
        if row.name in given and (said := alone(row.name, given[row.name])) is not None:
            return said
    if given.get("cell") is not None and given.get("width") is not None:
        return "give cell or width, not both"
    return None


def outcome(given: dict[str, Any]) -> RenderOptions | str:
    """Return the options ``given`` builds, or the message of the RenderError it raises."""
    try:
        return RenderOptions(**given)
    except RenderError as exc:
        return exc.message


@settings(max_examples=examples(1000))
@given(OPTIONS_GIVEN)
def test_any_options_are_built_whole_or_refused_with_one_message(given: dict[str, Any]) -> None:
    built = outcome(given)
    expected = refusal(given)
    if expected is not None:
        assert built == expected
        return
    assert isinstance(built, RenderOptions), built
    assert all(holds(name, getattr(built, name)) for name in FIELDS), built
    assert RenderOptions(**built.model_dump()) == built


@settings(max_examples=examples(300))
@given(OPTIONS_GIVEN, OPTIONS_GIVEN)
def test_an_update_is_checked_as_a_whole(first: dict[str, Any], changes: dict[str, Any]) -> None:
    try:
        base = RenderOptions(**first)
    except RenderError:
        return
    try:
        got: RenderOptions | str = render_options(base, **changes)
    except RenderError as exc:
        got = exc.message
    assert got == outcome({**base.model_dump(), **changes})


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
    with pytest.raises(TypeError):
        RenderOptions("dark")  # type: ignore[misc]
