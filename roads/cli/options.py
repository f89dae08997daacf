"""Option values checked as click reads them: one out of range or malformed is bad usage, status 2.

A value that cannot work whatever the log holds (``--decks 0``, ``--last 0``,
``--theme neon``, ``--marks 5-2``) is a usage error naming the option, exactly
as a value of the wrong kind already is. What depends on the log (a mark the
shoe has not made yet) stays bad input, status 1. Each check is the library's
own, so the CLI and the Python API give the same message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from ..errors import RoadsError

Callback = Callable[[click.Context, click.Parameter, Any], Any]


def checked(check: Callable[[Any], object]) -> Callback:
    """Return a click callback that runs ``check`` on the option's value (each value of a repeated option).

    The value is kept as given; a RoadsError from ``check`` becomes a usage
    error that names the option.
    """

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is None:
            return value
        for one in value if param.multiple else (value,):
            try:
                check(one)
            except RoadsError as exc:
                raise click.BadParameter(exc.message, ctx=ctx, param=param) from None
        return value

    return callback


def render_field(name: str) -> Callback:
    """Return a callback that checks one drawing option (``last``, ``theme``, ``scale``...) as RenderOptions does."""

    def check(value: Any) -> None:
        from ..scene import render_options

        render_options(**{name: value})

    return checked(check)


def check_picture(path: str) -> None:
    """Raise RenderError unless ``path`` names a picture roads can write (.svg or .png)."""
    from ..render import format_of  # the writers are only needed once a picture is drawn

    format_of(path)


def option_error(name: str, message: str) -> click.BadParameter:
    """Return a usage error about the running command's option ``name`` (its Python name: ``cut``, ``output``)."""
    ctx = click.get_current_context()
    param = next(p for p in ctx.command.params if p.name == name)
    return click.BadParameter(message, ctx=ctx, param=param)


@contextmanager
def usage_for(name: str) -> Iterator[None]:
    """Turn a RoadsError raised inside into a usage error about option ``name``: for limits that hang on another."""
    try:
        yield
    except RoadsError as exc:
        raise option_error(name, exc.message) from None
