"""docs/cli.md names only options that exist, on the commands it names them for.

Read from the click group itself: every option the page writes in code
(``--shoe``, ``render -d``, ``roads drill --json``, a ``$ roads ...`` line)
belongs to the command it is written with (``roads X ...`` or ``X --flag``),
else to the command whose section it is in, else to at least one command. The
table of shared words at the top names, for some options, the commands that
have them: each of those has it. Hidden old spellings count (the page names
them as such); anything else the page names and no command has fails.
"""

from __future__ import annotations

import re

import click
import pytest
from helpers import ROOT

from roads.cli.app import all_commands

PAGE = (ROOT / "docs" / "cli.md").read_text("utf-8")
COMMANDS = all_commands()
ALWAYS = {"-h", "--help", "--version"}
FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def spellings(command: click.Command) -> set[str]:
    """Return every spelling of every option of ``command``, hidden old ones included."""
    found = set(ALWAYS)
    for param in command.params:
        if isinstance(param, click.Option):
            found.update(param.opts, param.secondary_opts)
    return found


SPELLINGS = {name: spellings(command) for name, command in COMMANDS.items()}
ANY = set().union(*SPELLINGS.values())


def mentions(text: str) -> list[tuple[str | None, str, str]]:
    """Return (command or None, option, the code it was read from) for every option the page writes in code.

    A section ``### roads X`` (or ``## roads X in detail``) makes X the command of
    what it says until the next heading that names another; the headings of
    general sections name none.
    """
    found: list[tuple[str | None, str, str]] = []
    section: str | None = None
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            if line.startswith("$ roads "):
                found += _read(line[2:], section)
            continue
        heading = re.match(r"#{2,4} (.*)", line)
        if heading:
            named = re.match(r"roads (\w+)", heading.group(1))
            if named or heading.group(0).startswith(("## ", "### ")):
                section = named.group(1) if named and named.group(1) in COMMANDS else None
            continue
        for code in re.findall(r"`([^`]+)`", line):
            found += _read(code, section)
    return found


def _read(code: str, section: str | None) -> list[tuple[str | None, str, str]]:
    """Return the options written in ``code``, with the command it names first (``roads X``, ``X``) or ``section``."""
    code = re.split(r"\s[|>#]", code, maxsplit=1)[0]  # a pipe, a redirection or a comment ends the command
    words = code.split()
    if words and words[0] == "roads":
        words = words[1:]
    command = words[0] if words and words[0] in COMMANDS else section
    return [(command, flag, code) for flag in FLAG.findall(code) if not flag.startswith("---")]


MENTIONS = mentions(PAGE)


def test_the_page_is_read() -> None:
    commands = {command for command, _, _ in MENTIONS}
    assert {"render", "drill", "deal", "stats"} <= commands
    assert len(MENTIONS) > 100


def test_every_option_the_page_names_exists_on_its_command() -> None:
    missing = [
        f"{command or 'any command'}: {flag} (in `{code}`)"
        for command, flag, code in MENTIONS
        if flag not in (SPELLINGS[command] if command else ANY)
    ]
    assert not missing, "docs/cli.md names options that do not exist:\n" + "\n".join(missing)


def shared_rows() -> list[tuple[list[str], list[str]]]:
    """Return (the option's spellings, the commands named in parentheses) of each row of the shared-words table."""
    section = PAGE.split("## One word, one meaning", 1)[1].split("\n## ", 1)[0]
    table = [line for line in section.splitlines() if line.startswith("|")]
    rows = []
    for line in table[2:]:
        option, meaning = line.strip("|").split("|", 1)
        flags = FLAG.findall(option)
        named = re.findall(r"\(([^)]*)\)", meaning)
        commands = [w for part in named for w in re.findall(r"`(\w+)`", part) if w in COMMANDS]
        rows.append((flags, commands))
    return rows


@pytest.mark.parametrize(("flags", "commands"), shared_rows(), ids=lambda v: ",".join(v) if isinstance(v, list) else v)
def test_the_shared_words_table_names_commands_that_have_the_option(flags: list[str], commands: list[str]) -> None:
    assert flags
    for flag in flags:
        assert flag in ANY, f"{flag}: no command has it"
        for command in commands:
            assert flag in SPELLINGS[command], f"docs/cli.md says roads {command} has {flag}; it does not"


def test_a_wrong_option_would_be_caught() -> None:
    wrong = mentions("### roads render\n\nUse `-f svg`, or `drill -f html`.\n")
    assert [(c, f) for c, f, _ in wrong if f not in SPELLINGS[c or "render"]] == [("render", "-f"), ("drill", "-f")]
