"""Count the imports inside functions in roads/ and say why each kind is there.

An import inside a function is a deferred load: the module loads when the
function first runs, not when its own module is imported (``roads --help``
must not pay for numpy). Anything else belongs at the top of the module. This
script lists them by kind; ``--pointless`` lists those that defer nothing (the
module is already imported at the top of the same file). Imports under
``if TYPE_CHECKING:`` are not counted: they never run.

    python scripts/function_imports.py            # the count, by kind
    python scripts/function_imports.py --list     # every one, with its file and line
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LIBRARIES = frozenset(
    {"PIL", "numpy", "pydantic", "jinja2", "tqdm", "starlette", "uvicorn", "fpdf", "dask", "distributed", "fontTools"}
    | {"markdown", "pymdownx", "docutils", "sphinx", "scipy", "click", "anyio", "httpx", "multipart"}
)
"""Libraries outside the standard library (click is needed by every command, but not by the library)."""


def function_imports(path: Path) -> list[tuple[int, str, str]]:
    """Return (line, module, kind) for every import inside a function of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            top.add(_absolute(path, node))
    found: list[tuple[int, str, str]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if in_function and isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name, _kind(alias.name, top)) for alias in child.names)
            elif in_function and isinstance(child, ast.ImportFrom):
                name = _absolute(path, child)
                # ``from PIL import GifImagePlugin`` loads a submodule: it defers a load even with PIL at the top.
                loads = [f"{name}.{alias.name}" for alias in child.names if _is_module(f"{name}.{alias.name}")]
                found.append((child.lineno, loads[0] if loads else name, _kind(loads[0] if loads else name, top)))
            walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    walk(tree, False)
    return found


def _is_module(name: str) -> bool:
    """Return True if ``name`` is a module (not a name inside one)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    """Return the module an ``ImportFrom`` names, relative imports made absolute."""
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts)[: -node.level]
    return ".".join([*package, *([node.module] if node.module else [])])


def _kind(name: str, top: set[str]) -> str:
    """Return why a deferred import of ``name`` is there, by what it loads."""
    if name in top:
        return "pointless: already imported at the top of the file"
    head = name.split(".", maxsplit=1)[0]
    if head in LIBRARIES:
        return "a library, loaded by the path that uses it"
    if head == "roads":
        if name.startswith("roads.cli."):
            return "a command module or its helpers, loaded when the command runs"
        return "a roads module only some paths need (renderer, odds, logs, pages, proofs)"
    return "a standard-library module only some paths need (logging, json, multiprocessing, ...)"


def main() -> int:
    """Print the count by kind (and every import with --list); status 1 if any is pointless."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="every import, with its file and line")
    args = parser.parse_args()
    kinds: Counter[str] = Counter()
    for path in sorted((ROOT / "roads").rglob("*.py")):
        for line, name, kind in function_imports(path):
            kinds[kind] += 1
            if args.list:
                print(f"{path.relative_to(ROOT)}:{line}: {name} ({kind})")
    print(f"{sum(kinds.values())} imports inside functions")
    for kind, count in kinds.most_common():
        print(f"{count:5}  {kind}")
    return 1 if any(kind.startswith("pointless") for kind in kinds) else 0


if __name__ == "__main__":
    sys.exit(main())
