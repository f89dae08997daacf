"""A bad theme was three different errors: ``RenderOptions(theme="neon")`` raised pydantic's ValidationError,
``board.svg(theme="neon")`` a RenderError and ``THEMES["neon"]`` a KeyError; ``--theme DARK`` was refused.

Now each is the same RenderError with the same message, and a choice is found in any case.
"""

from __future__ import annotations

import pytest

from roads import Scoreboard
from roads.errors import RenderError
from roads.scene import THEMES, RenderOptions

SAID = "unknown theme 'neon': choose one of classic, dark, print"


def test_every_way_of_naming_a_bad_theme_is_one_render_error() -> None:
    with pytest.raises(RenderError) as built:
        RenderOptions(theme="neon")
    with pytest.raises(RenderError) as drawn:
        Scoreboard.from_results("BP").svg(theme="neon")
    with pytest.raises(RenderError) as looked_up:
        THEMES["neon"]
    assert built.value.message == drawn.value.message == looked_up.value.message == SAID


def test_a_theme_in_capitals_is_the_theme() -> None:
    assert RenderOptions(theme="DARK").theme == "dark"
    assert THEMES["DARK"].name == "dark"
