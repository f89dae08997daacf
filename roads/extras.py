"""The optional extras (``pip install 'roads[pdf]'``...): what each brings, and the one refusal when it is missing.

Every place that needs an extra, in the library or a command, refuses in the
same words: one line naming the extra to install. A command checks with
:func:`require` before it reads or writes anything, so a missing extra is said
once per run and leaves no file or folder behind.

>>> EXTRAS["dask"].message
"--dask needs Dask: pip install 'roads[dask]'"
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from .errors import RenderError, RoadsError


@dataclass(frozen=True)
class Extra:
    """One optional extra: its name, the modules that tell it is installed, and what needs it."""

    name: str
    modules: tuple[str, ...]
    needs: str
    """What needs it, and the library, as the refusal begins: ``PDF output needs fpdf2``."""
    otherwise: str = ""
    """What to do instead, said after the install line."""

    @property
    def message(self) -> str:
        """Return the one-line refusal: what needs the extra, how to install it, what to do instead."""
        return f"{self.needs}: pip install 'roads[{self.name}]'{self.otherwise}"

    def installed(self) -> bool:
        """Return True when every module of the extra can be imported (without importing it)."""
        return all(importlib.util.find_spec(module) is not None for module in self.modules)


EXTRAS: dict[str, Extra] = {
    extra.name: extra
    for extra in (
        Extra("pdf", ("fpdf",), "PDF output needs fpdf2", " (or pip install fpdf2), or write .svg or .png"),
        Extra(
            "parquet",
            ("pyarrow",),
            "--parquet needs pyarrow",
            " (or --csv-tables DIR writes the same tables as CSV)",
        ),
        Extra("dask", ("distributed",), "--dask needs Dask"),
        Extra("serve", ("starlette", "uvicorn"), "roads serve needs Starlette and uvicorn"),
        Extra(
            "redis", ("redis",), "roads serve --store redis://... needs redis-py", " (or serve --data DIR, the default)"
        ),
    )
}
"""Every optional extra of pyproject.toml that a command needs, by name."""

PICTURE_EXTRAS = {"pdf": "pdf"}
"""The picture formats that need an extra: format -> extra."""


def require(name: str, error: type[RoadsError] = RoadsError) -> None:
    """Raise ``error`` with the extra's one-line refusal unless the extra ``name`` is installed."""
    extra = EXTRAS[name]
    if not extra.installed():
        raise error(extra.message)


def require_picture(output: str | None, kind: str | None) -> None:
    """Refuse (RenderError) a picture format whose extra is missing: ``kind``, else ``output``'s extension.

    Called before any folder is made or log is read, so ``-d pdfs --format pdf``
    refuses once and leaves nothing behind.
    """
    fmt = (kind or (Path(output).suffix.lstrip(".") if output else "")).lower()
    if fmt in PICTURE_EXTRAS:
        require(PICTURE_EXTRAS[fmt], RenderError)
