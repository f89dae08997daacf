"""The Jinja2 environment every page is written with: the package's templates, autoescaping on, one escape.

This module imports Jinja2, so only code that writes a page imports it (the
package's ``__init__`` does not): ``roads --help``, ``roads render`` and
``roads build`` never load Jinja2.

Every value a template prints goes through :func:`roads.pages.safe.esc` (the
environment's ``finalize``) unless it is already :class:`~markupsafe.Markup`:
one escaping policy for every page, the same bytes the pages have always had.
Markup is for what the package itself wrote (the policy, its CSS and
JavaScript, SVG it drew, HTML fragments escaped with ``esc``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from .safe import esc

__all__ = ["Markup", "environment", "render"]


def _finalize(value: object) -> object:
    """Escape ``value`` by the pages' policy unless the package marked it as written HTML."""
    return value if isinstance(value, Markup) else Markup(esc(value))


@cache
def environment() -> Environment:
    """Return the environment: templates from ``roads/pages/templates``, autoescaping on, blocks trimmed."""
    return Environment(
        loader=PackageLoader("roads.pages", "templates"),
        autoescape=True,
        finalize=_finalize,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
        auto_reload=False,
    )


def render(template: str, **context: Any) -> str:
    """Return ``template`` (a file name in ``roads/pages/templates``) filled with ``context``."""
    return environment().get_template(template).render(**context)


def render_block(template: str, block: str, **context: Any) -> str:
    """Return one block of ``template`` filled with ``context``: a page's part a server gives alone (a fragment)."""
    found = environment().get_template(template)
    return "".join(found.blocks[block](found.new_context(context)))
