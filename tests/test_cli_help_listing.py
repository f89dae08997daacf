"""``roads --help`` lists every command from a table and imports none: the listing is the commands' own help.

The table (``roads.cli.app.COMMANDS``) keeps each command's short help so
that ``roads --help`` need not import sixteen command modules and their
libraries (numpy and the odds model among them); these tests hold it to the
commands themselves, so the listing is what click would print with all loaded.
"""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from roads.cli.app import COMMANDS, all_commands, cli


def test_the_table_holds_each_commands_own_short_help() -> None:
    for name, command in sorted(all_commands().items()):
        own = {"short_help": command.short_help} if command.short_help else {"help": _first_paragraph(command.help)}
        assert COMMANDS[name] == own, f"roads/cli/app.py COMMANDS[{name!r}] should be {own!r}"
    assert sorted(COMMANDS) == sorted(all_commands())


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())


@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_listing_is_what_click_prints_with_every_command_loaded(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert isinstance(cli, click.Group)
    with monkeypatch.context() as patched:
        patched.setattr(cli, "commands", {})  # as in a fresh process: none loaded, all listed from the table
        listed = CliRunner().invoke(cli, ["--help"], terminal_width=width)
        assert cli.commands == {}, "the listing imported a command"
    assert listed.exit_code == 0, listed.output
    ctx = click.Context(cli, info_name="roads", terminal_width=width, max_content_width=100)
    formatter = ctx.make_formatter()
    click.Group.format_commands(cli, ctx, formatter)  # click's own listing, every command loaded
    assert formatter.getvalue() in listed.output
