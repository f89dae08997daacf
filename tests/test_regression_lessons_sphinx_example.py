"""docs/lessons.md's Sphinx example asked for Big Eye Boy mark 5 of a shoe that makes only two, so it failed."""

from __future__ import annotations

import re
from pathlib import Path

from roads.lesson.fence import check_options, shoe_board
from roads.scene import lay_out

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "lessons.md").read_text("utf-8")


def test_regression_the_sphinx_example_highlights_a_mark_its_shoe_makes() -> None:
    rst = re.search(r"```rst\n(.*?)```", PAGE, re.S)
    assert rst is not None
    lines = rst.group(1).splitlines()
    options = dict(re.findall(r"^   :(\w+): (.*)$", rst.group(1), re.M))
    shoe = "\n".join(line.strip() for line in lines if line.strip() and not line.strip().startswith((":", "..")))
    kwargs = check_options(options, what="the roads directive")
    kwargs.pop("width", None)
    assert lay_out(shoe_board(shoe), **kwargs).title
