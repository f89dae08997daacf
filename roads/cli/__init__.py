"""Command-line interface: ``main(argv) -> int`` turns errors into one line and an exit status.

Exit status: 0 success, 1 bad input (a RoadsError), 2 bad usage, 128 + the
signal when stopped (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP). A log that was
read only in part (a card stream cut off mid-coup) is reported as one warning
line, its complete coups are still used, and the exit status is 1.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence

import click

from ..errors import RoadsError
from ..logwarning import LogWarning
from .app import cli, output_error, silence_stdout
from .signals import Stopped, stop_on_signals


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI with ``argv`` (default: the process arguments); return the exit status."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LogWarning)
        try:
            with stop_on_signals():
                status = _run(argv)
        except Stopped as stop:
            # SIGTERM or SIGHUP: every cleanup has run on the way here; one line, the status a shell expects.
            click.echo(f"roads: stopped by {stop.name}", err=True)
            return stop.status
        status = _flush(status)
    partial = False
    for item in caught:
        if issubclass(item.category, LogWarning):
            click.echo(f"roads: warning: {item.message}", err=True)
            partial = True
        else:
            warnings.showwarning(item.message, item.category, item.filename, item.lineno)
    return 1 if partial and status == 0 else status


def _flush(status: int) -> int:
    """Flush standard output now, while a failure can still be reported; return the exit status."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()  # the reader stopped reading: not an error
    except OSError as exc:
        silence_stdout()
        click.echo(f"roads: error: {output_error(exc)}", err=True)
        return 1
    except (ValueError, AttributeError):
        pass  # stdout closed or replaced (a test's capture): nothing left to flush
    return status


def _run(argv: Sequence[str] | None) -> int:
    """Return the exit status of one CLI run, errors already printed."""
    try:
        status = cli.main(args=list(argv) if argv is not None else None, prog_name="roads", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        exc.show()
        return 2
    except click.ClickException as exc:
        exc.show()
        return 1
    except click.Abort:
        # After a terminal's ^C the line goes on a line of its own; into a pipe or a log it is the only one.
        from .progress import on_terminal  # deferred: only an interrupted run needs it

        click.echo("\nroads: aborted" if on_terminal(sys.stderr) else "roads: aborted", err=True)
        return 130
    except RoadsError as exc:
        click.echo(f"roads: error: {exc}", err=True)
        return 1
    except BrokenPipeError:
        return 0
    # Without standalone mode click returns ctx.exit(n)'s n instead of raising Exit.
    return status if type(status) is int else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
