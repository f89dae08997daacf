"""Layers never reach back up the flow: cards -> coups -> roads -> scene -> SVG / PNG / text -> lessons.

Every module's imports are read from its source (ast), so an arrow hidden in a
function body or a mixin is found too. The model (cards, coups, roads, logs)
may import the scene, the renderer or the terminal grids only lazily, inside
the output methods (``svg``, ``png``, ``save``, ``__str__`` and the notebook's
``_repr_*_``); it never imports lessons or the CLI. Imports under
``if TYPE_CHECKING:`` never run, so they may name a type from a layer above
(the drawing options' TypedDict), but never lessons or the CLI.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "roads"

MODEL = ("roads.board", "roads.coup", "roads.cards", "roads.logs", "roads.outcome", "roads.rules", "roads.display")
OUTPUT_METHODS = frozenset({"svg", "png", "save", "__str__", "_repr_svg_", "_repr_png_", "_repr_html_"})

NEVER: dict[str, tuple[str, ...]] = {
    # layer: what it may not import at all, not even lazily
    "model": ("roads.lesson", "roads.cli"),
    # The scene may quote the terminal's compact text forms (its <desc>): a sideways arrow, not one back up.
    "roads.scene": ("roads.lesson", "roads.cli", "roads.render"),
    "roads.render": ("roads.lesson", "roads.cli"),
    "roads.terminal": ("roads.lesson", "roads.cli", "roads.scene", "roads.render"),
}
ONLY_IN_OUTPUT_METHODS = ("roads.scene", "roads.render", "roads.terminal")
"""What the model may import only inside an output method (or for types only)."""


@dataclass(frozen=True)
class Arrow:
    """One import: from which module, to which, where, and in what context."""

    source: str
    target: str
    line: int
    function: str | None
    """The innermost function the import sits in, None at module level."""
    type_only: bool

    def __str__(self) -> str:
        where = f" in {self.function}()" if self.function else ""
        return f"{self.source}:{self.line}{where} imports {self.target}"


def module_name(path: Path) -> str:
    """Return the dotted name of a module file under roads/."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def arrows(source: str, module: str, is_package: bool = False) -> Iterator[Arrow]:
    """Yield every import in ``source`` (the text of ``module``) with its absolute target."""
    package = module if is_package else module.rpartition(".")[0]
    yield from _visit(ast.parse(source), module, package, None, False)


def _visit(node: ast.AST, module: str, package: str, function: str | None, type_only: bool) -> Iterator[Arrow]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import):
            for alias in child.names:
                yield Arrow(module, alias.name, child.lineno, function, type_only)
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (child.level - 1)]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            # `from . import text` names modules; `from .x import name` names things in x: one arrow to x.
            targets = [f"{base}.{alias.name}" for alias in child.names] if not child.module else [base]
            for target in targets:
                yield Arrow(module, target, child.lineno, function, type_only)
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _visit(child, module, package, child.name, type_only)
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.body:
                yield from _visit(ast.Module(body=[stmt], type_ignores=[]), module, package, function, True)
            for stmt in child.orelse:
                yield from _visit(ast.Module(body=[stmt], type_ignores=[]), module, package, function, type_only)
        else:
            yield from _visit(child, module, package, function, type_only)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _under(target: str, prefixes: tuple[str, ...]) -> bool:
    return any(target == p or target.startswith(p + ".") for p in prefixes)


def _layer(module: str) -> str | None:
    if _under(module, MODEL):
        return "model"
    for layer in NEVER:
        if layer != "model" and _under(module, (layer,)):
            return layer
    return None


def forbidden(arrow: Arrow) -> str | None:
    """Return why ``arrow`` breaks the layering, or None when it is allowed."""
    layer = _layer(arrow.source)
    if layer is None:
        return None
    if _under(arrow.target, NEVER[layer]):
        return f"{layer} never imports {arrow.target.split('.')[1]}"
    if layer == "model" and _under(arrow.target, ONLY_IN_OUTPUT_METHODS):
        if arrow.type_only or arrow.function in OUTPUT_METHODS:
            return None
        return "the model imports the scene, the renderer or the terminal only inside an output method"
    return None


def all_arrows() -> list[Arrow]:
    """Return every import of every module under roads/."""
    found: list[Arrow] = []
    for path in sorted(ROOT.rglob("*.py")):
        found.extend(arrows(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py"))
    return found


def test_no_import_reaches_back_up_the_flow() -> None:
    bad = [f"{arrow}: {why}" for arrow in all_arrows() if (why := forbidden(arrow))]
    assert bad == []


def test_the_model_draws_only_through_its_output_methods() -> None:
    lazy = {(a.source, a.function) for a in all_arrows() if a.source.startswith("roads.") and forbidden(a) is None}
    drawn = {
        (a.source, a.function)
        for a in all_arrows()
        if _layer(a.source) == "model" and _under(a.target, ONLY_IN_OUTPUT_METHODS) and not a.type_only
    }
    # The board draws itself and the display mixin asks the renderer: if these go, the test above proves little.
    assert {("roads.board.scoreboard", "svg"), ("roads.board.scoreboard", "__str__")} <= drawn <= lazy
    assert ("roads.display", "_repr_svg_") in drawn


@pytest.mark.parametrize(
    ("source", "module", "why"),
    [
        ("from ..lesson.page import lesson_page\n", "roads.board.x", "model never imports lesson"),
        ("def svg():\n    from ..lesson import embed\n", "roads.board.x", "model never imports lesson"),
        ("import roads.render\n", "roads.coup", "only inside an output method"),
        ("def helper():\n    from .render import svg\n", "roads.coup", "only inside an output method"),
        ("from ..scene import lay_out\n", "roads.logs.reader", "only inside an output method"),
        ("from . import scene\n", "roads.display", "only inside an output method"),
        ("if TYPE_CHECKING:\n    from ..lesson import Figure\n", "roads.board.x", "model never imports lesson"),
        ("from ..render import png\n", "roads.scene.layout", "roads.scene never imports render"),
        ("from ..scene import Scene\n", "roads.terminal.x", "roads.terminal never imports scene"),
        ("def _repr_svg_():\n    from ..lesson.embed import picture\n", "roads.board.x", "never imports lesson"),
    ],
)
def test_a_forbidden_arrow_is_caught(source: str, module: str, why: str) -> None:
    found = [forbidden(a) for a in arrows(source, module)]
    assert any(reason and why in reason for reason in found), found


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("def svg(self):\n    from ..render.svg import svg\n", "roads.board.scoreboard"),
        ("def __str__(self):\n    from ..terminal import show\n", "roads.board.scoreboard"),
        ("if TYPE_CHECKING:\n    from ..scene.options import OptionChanges\n", "roads.board.scoreboard"),
        ("from ..board import Scoreboard\n", "roads.scene.layout"),
        ("from ..scene import lay_out\n", "roads.lesson.page"),
    ],
)
def test_an_allowed_arrow_passes(source: str, module: str) -> None:
    assert [forbidden(a) for a in arrows(source, module)] == [None]
