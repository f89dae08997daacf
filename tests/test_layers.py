"""Layers never reach back up the flow: cards -> coups -> roads -> scene -> SVG / PNG / text -> lessons.

Every module's imports are read from its source (ast), so an arrow hidden in a
function body, a mixin or an ``if TYPE_CHECKING:`` block is found too. The
model (cards, coups, roads, logs, the notebook mixin) imports only the model
and the base it stands on (errors, bounds, files): not at module level, not
inside a function, not for types. What shows a board (``svg``, ``png``,
``save``, ``print(board)``) lives above, in :mod:`roads.scoreboard`; notebooks
reach the renderer through the drawer ``roads/__init__.py`` binds.

No module imports one that imports it back, however long the way round. The
package's own ``__init__`` is the one exception to the counting: its
``if TYPE_CHECKING:`` imports only declare the names it exports lazily (so a
type checker sees ``roads.Figure``), and what it imports when it runs is the
model alone (checked below).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from helpers import roads_sources, roads_tree

ROOT = Path(__file__).resolve().parent.parent / "roads"

MODEL = (
    "roads.board",
    "roads.coup",
    "roads.dragon_tiger",
    "roads.cards",
    "roads.logs",
    "roads.outcome",
    "roads.rules",
    "roads.display",
)
BASE = ("roads.errors", "roads.logwarning", "roads.bounds", "roads.files", "roads.version", "roads.enums", "roads.lazy")
"""What the model stands on: modules that import only each other (and the cards, for the log warning)."""

NEVER: dict[str, tuple[str, ...]] = {
    # layer: what it may not import at all
    # The scene may quote the terminal's compact text forms (its <desc>): a sideways arrow, not one back up.
    # The server (roads.serve) is at the top beside the CLI: nothing below it may reach it.
    "roads.scene": (
        "roads.lesson",
        "roads.cli",
        "roads.serve",
        "roads.render",
        "roads.bets",
        "roads.scoreboard",
        "roads.pages",
    ),
    "roads.render": ("roads.lesson", "roads.cli", "roads.serve", "roads.scoreboard", "roads.pages"),
    # Analytics returns numbers (rows, dicts, dataclasses): what draws them is roads.pages, above it.
    "roads.analytics": ("roads.render", "roads.scene", "roads.pages", "roads.lesson", "roads.cli", "roads.serve"),
    "roads.terminal": (
        "roads.lesson",
        "roads.cli",
        "roads.serve",
        "roads.scene",
        "roads.render",
        "roads.scoreboard",
        "roads.pages",
    ),
    "roads.lesson": ("roads.cli", "roads.serve"),
    # The pages package writes every HTML document: the lessons and the server call it, never the other way;
    # it draws what the layers below give it (the report reads analytics' numbers).
    "roads.pages": ("roads.lesson", "roads.cli", "roads.serve"),
    "roads.serve": ("roads.cli",),
}

PENDING_CIRCLES: tuple[frozenset[str], ...] = ()
"""Circles being broken elsewhere: this list only shrinks (it is empty: keep it so)."""


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
    yield from arrows_in(ast.parse(source), module, is_package)


def arrows_in(tree: ast.Module, module: str, is_package: bool = False) -> Iterator[Arrow]:
    """Yield every import in the parsed ``tree`` of ``module`` with its absolute target."""
    package = module if is_package else module.rpartition(".")[0]
    yield from _visit(tree, module, package, None, False)


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
    if _under(module, BASE):
        return "base"
    for layer in NEVER:
        if _under(module, (layer,)):
            return layer
    return None


def forbidden(arrow: Arrow) -> str | None:
    """Return why ``arrow`` breaks the layering, or None when it is allowed."""
    layer = _layer(arrow.source)
    if layer is None or not _under(arrow.target, ("roads",)):
        return None
    where = "for types" if arrow.type_only else f"in {arrow.function}()" if arrow.function else "at module level"
    if layer == "model" and not _under(arrow.target, MODEL + BASE):
        return f"the model imports only the model and its base, not {arrow.target} ({where})"
    if layer == "base" and not _under(arrow.target, (*BASE, "roads.cards")):
        return f"the base imports only the base, not {arrow.target} ({where})"
    if layer in NEVER and _under(arrow.target, NEVER[layer]):
        return f"{layer} never imports {arrow.target.split('.')[1]} ({where})"
    return None


@cache
def all_arrows() -> tuple[Arrow, ...]:
    """Return every import of every module under roads/ (read once: the tree does not change under a test run)."""
    found: list[Arrow] = []
    for path in roads_sources():
        found.extend(arrows_in(roads_tree(path), module_name(path), path.name == "__init__.py"))
    return tuple(found)


def modules() -> frozenset[str]:
    """Return the dotted name of every module under roads/ (a package by its ``__init__``)."""
    return frozenset(module_name(path) for path in roads_sources())


def graph(found: Iterable[Arrow], known: frozenset[str]) -> dict[str, set[str]]:
    """Return module -> the modules it imports, each target cut back to the module it names.

    ``from . import text`` names the module ``text``; ``from .. import __version__`` names
    a thing in the package, so its arrow goes to the package. The package's
    own type-only imports declare its lazy exports and are left out (see the
    module docstring).
    """
    edges: dict[str, set[str]] = {module: set() for module in known}
    for arrow in found:
        if arrow.source == "roads" and arrow.type_only:
            continue
        target = arrow.target
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != arrow.source:
            edges[arrow.source].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """Return every group of two or more modules that reach each other (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_reaches_back_up_the_flow() -> None:
    bad = [f"{arrow}: {why}" for arrow in all_arrows() if (why := forbidden(arrow))]
    assert bad == []


def test_the_model_names_nothing_that_draws_not_even_lazily() -> None:
    # The test above is only as good as its reading of the tree: the model must be found, and be big.
    model = {a.source for a in all_arrows() if _layer(a.source) == "model"}
    assert {"roads.board.board", "roads.coup", "roads.display", "roads.logs.reader", "roads.cards"} <= model
    drawn = [
        a for a in all_arrows() if _layer(a.source) == "model" and a.target.startswith(("roads.render", "roads.scene"))
    ]
    assert drawn == []


def test_analytics_imports_nothing_that_draws() -> None:
    """Every roads/analytics/*.py, read as a tree: no import of render, scene or pages, at any depth or for types."""
    drawing = ("roads.render", "roads.scene", "roads.pages")
    files = sorted((ROOT / "analytics").glob("*.py"))
    assert len(files) > 10  # the walk found the package
    found = [
        str(arrow)
        for path in files
        for arrow in arrows(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py")
        if _under(arrow.target, drawing)
    ]
    assert found == []


def test_the_package_runs_only_the_model_when_imported() -> None:
    # ``import roads`` is every command's start-up: its own imports (outside TYPE_CHECKING) are the model's.
    run = [a.target for a in all_arrows() if a.source == "roads" and not a.type_only and a.function is None]
    ours = [target for target in run if _under(target, ("roads",))]
    assert ours
    assert [target for target in ours if not _under(target, MODEL + BASE)] == []


def test_the_import_graph_of_roads_has_no_circle() -> None:
    found = circles(graph(all_arrows(), modules()))
    assert [sorted(c) for c in found if c not in PENDING_CIRCLES] == []
    # A circle on the pending list that is gone must leave the list too.
    assert [sorted(c) for c in PENDING_CIRCLES if c not in found] == []


def test_the_package_graph_of_roads_has_no_circle() -> None:
    """Between the parts of roads (board, logs, scene, render, cli, ...), arrows run one way."""
    known = modules()
    parts: dict[str, set[str]] = {}
    for source, targets in graph(all_arrows(), known).items():
        if source == "roads":
            continue
        part = ".".join(source.split(".")[:2])
        parts.setdefault(part, set()).update(
            ".".join(t.split(".")[:2]) for t in targets if t != "roads" and not _under(t, (part,))
        )
    assert circles(parts) == []


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        ({"a": {"b"}, "b": {"a"}}, [{"a", "b"}]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [{"a", "b", "c"}]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ],
)
def test_a_circle_is_found_however_long(edges: dict[str, set[str]], expected: list[set[str]]) -> None:
    assert [set(c) for c in circles(edges)] == expected


def test_a_lazy_or_type_only_arrow_still_makes_a_circle() -> None:
    known = frozenset({"roads.x", "roads.y"})
    found = [
        *arrows("def f():\n    from .y import g\n", "roads.x"),
        *arrows("if TYPE_CHECKING:\n    from .x import X\n", "roads.y"),
    ]
    assert circles(graph(found, known)) == [known]


@pytest.mark.parametrize(
    ("source", "module", "why"),
    [
        ("from ..lesson.page import lesson_page\n", "roads.board.x", "model imports only the model"),
        ("def svg():\n    from ..render.svg import svg\n", "roads.board.x", "not roads.render.svg (in svg())"),
        ("def __str__(self):\n    from ..terminal import show\n", "roads.board.x", "not roads.terminal"),
        ("import roads.render\n", "roads.coup", "model imports only the model"),
        ("def helper():\n    from .render import svg\n", "roads.coup", "(in helper())"),
        ("from ..scene import lay_out\n", "roads.logs.reader", "model imports only the model"),
        ("from . import scene\n", "roads.display", "not roads.scene"),
        ("def _repr_svg_(self):\n    from .render.notebook import notebook_svg\n", "roads.display", "not roads"),
        ("if TYPE_CHECKING:\n    from ..scene.options import OptionChanges\n", "roads.board.board", "(for types)"),
        ("from ..scoreboard import Scoreboard\n", "roads.board.x", "not roads.scoreboard"),
        ("from .coup import Coup\n", "roads.errors", "the base imports only the base"),
        ("from ..render import png\n", "roads.scene.layout", "roads.scene never imports render"),
        ("from ..bets.events import coup_events\n", "roads.scene.layout", "roads.scene never imports bets"),
        ("from ..scene import Scene\n", "roads.terminal.x", "roads.terminal never imports scene"),
    ],
)
def test_a_forbidden_arrow_is_caught(source: str, module: str, why: str) -> None:
    found = [forbidden(a) for a in arrows(source, module)]
    assert any(reason and why in reason for reason in found), found


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("from ..logs.reader import outcome_batches\n", "roads.board.board"),
        ("from ..errors import LogError\n", "roads.board.board"),
        ("from .cards import Card\n", "roads.logwarning"),
        ("def svg(self):\n    from .render.svg import svg\n", "roads.scoreboard"),
        ("from ..board import Board\n", "roads.scene.layout"),
        ("from ..scene import lay_out\n", "roads.lesson.page"),
        ("import json\n", "roads.board.board"),
    ],
)
def test_an_allowed_arrow_passes(source: str, module: str) -> None:
    assert [forbidden(a) for a in arrows(source, module)] == [None]


def test_no_import_inside_a_function_defers_nothing() -> None:
    """An import goes inside a function only to defer a load: never one its file already has at the top."""
    from helpers import ROOT, load_script

    script = load_script("function_imports", ROOT / "scripts" / "function_imports.py")
    pointless = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in roads_sources()
        for line, name, kind in script.function_imports(path)
        if kind.startswith("pointless")
    ]
    assert pointless == []
