"""The render options are one table: the dataclass, the keywords, the CLI, ``help()`` and the docs all follow it.

And every path refuses a bad value with the same RenderError and message:
``RenderOptions(theme="neon")``, ``board.svg(theme="neon")``, ``board.save(..., theme="neon")``
and ``roads render --theme neon`` (a usage error naming the option, status 2).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import roads.render
from roads import Scoreboard
from roads.cli.app import COMMANDS, cli
from roads.cli.flags import DrawingOption, RenderValue
from roads.errors import RenderError
from roads.scene import THEMES
from roads.scene.options import (
    BY_NAME,
    FIELDS,
    OPTIONS,
    OPTIONS_HEADING,
    OptionChanges,
    OptionRow,
    RenderOptions,
    option_lines,
    option_table,
)

ROOT = Path(__file__).resolve().parent.parent

BAD: dict[str, list[str]] = {
    # One bad value of each kind the option can be given: a wrong type, past a bound, not a choice.
    "road": ["big-rd"],
    "last": ["0", "10001", "x", "2.5"],
    "cell": ["2", "401", "wide", "nan"],
    "width": ["15", "30001", "x"],
    "scale": ["100", "0", "x", "inf"],
    "theme": ["neon"],
    "labels": ["fr"],
    "pairs": ["maybe"],
    "naturals": ["maybe"],
    "totals": ["maybe"],
    "road_labels": ["sometimes"],
    "highlight": ["big-road:1", "big-eye-boy", "big-eye-boy:0", "big-eye-boy:x"],
    "column_numbers": ["maybe"],
    "bead": ["0", "x", "2.5"],
    "title": [],  # any text is a title
    "good_roads": ["maybe"],
    "background": ["maybe"],
}


def message(make: typing.Callable[[], object]) -> str:
    """Return the RenderError message ``make`` raises (and fail when it raises nothing or another error)."""
    with pytest.raises(RenderError) as info:
        make()
    return info.value.message


def every_command() -> list[tuple[str, click.Command]]:
    """Return every command of ``roads``, each loaded."""
    for name in COMMANDS:
        importlib.import_module(f"roads.cli.{name}")
    assert isinstance(cli, click.Group)
    return sorted(cli.commands.items())


def render_params() -> list[tuple[str, DrawingOption]]:
    """Return every drawing option any command declares, with the command's name."""
    return [
        (name, param)
        for name, command in every_command()
        for param in command.params
        if isinstance(param, DrawingOption)
    ]


# --- the table itself ----------------------------------------------------------------------------------------------


def test_the_table_is_the_dataclass() -> None:
    assert tuple(f.name for f in dataclasses.fields(RenderOptions)) == FIELDS
    plain = RenderOptions()
    for row in OPTIONS:
        assert getattr(plain, row.name) == row.default, row.name
        assert row.help and not row.help.endswith("."), row.name
        assert row.flag.startswith("--"), row.name
        assert row.bounds is None or row.bounds[0] < row.bounds[1], row.name
    assert set(BAD) == set(FIELDS), "every option has its bad values here"


def test_the_keywords_type_every_option_as_the_dataclass_does() -> None:
    keywords = typing.get_type_hints(OptionChanges)
    fields = typing.get_type_hints(RenderOptions)
    assert tuple(keywords) == FIELDS
    for name in FIELDS:
        # highlight may also be spelled ROAD:MARK, as on the command line
        expected = fields[name] | str if name == "highlight" else fields[name]
        assert keywords[name] == expected, name


def test_the_bounds_are_the_ones_the_checks_use() -> None:
    for row in OPTIONS:
        if row.bounds is None:
            continue
        low, high = row.bounds
        assert row.convert(low) == low and row.convert(high) == high
        step = 1 if row.kind == "whole" else 0.01
        for outside in (low - step, high + step):
            with pytest.raises(RenderError):
                row.convert(outside)


# --- one error, one message, every path ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def board() -> Scoreboard:
    return Scoreboard.from_results("BPPBBTPBBBPBPP")


@pytest.fixture(scope="module")
def shoe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("shoe") / "shoe.txt"
    path.write_text("B P P B B T P B B B P B P P\n")
    return path


CASES = [(name, bad) for name, values in BAD.items() for bad in values]


@pytest.mark.parametrize(("name", "bad"), CASES)
def test_a_bad_value_is_one_message_on_every_path(
    name: str, bad: str, board: Scoreboard, shoe: Path, tmp_path: Path
) -> None:
    said = message(lambda: RenderOptions(**{name: bad}))
    assert message(lambda: board.svg(**{name: bad})) == said
    assert message(lambda: board.png(**{name: bad})) == said
    assert message(lambda: board.save(tmp_path / "b.svg", **{name: bad})) == said
    assert message(lambda: roads.render.save(board, tmp_path / "b.png", **{name: bad})) == said
    assert not list(tmp_path.iterdir()), "nothing is written"
    row = BY_NAME[name]
    if row.kind == "flag":
        return  # a flag takes no value on the command line: there is nothing bad to give it
    result = CliRunner().invoke(cli, ["render", str(shoe), "-o", str(tmp_path / "b.svg"), row.flag, bad])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: Invalid value for '{row.flag}': {said}"


@pytest.mark.parametrize(("name", "bad"), [("last", 0), ("last", 5.5), ("scale", 100), ("cell", 2), ("width", True)])
def test_a_bad_number_says_what_its_text_says(name: str, bad: object, board: Scoreboard) -> None:
    said = message(lambda: RenderOptions(**{name: bad}))
    assert message(lambda: board.svg(**{name: bad})) == said
    if not isinstance(bad, bool) and float(bad).is_integer():
        assert message(lambda: RenderOptions(**{name: str(bad)})) == said


def test_the_messages_are_plain_and_name_the_option() -> None:
    assert message(lambda: RenderOptions(theme="neon")) == "unknown theme 'neon': choose one of classic, dark, print"
    assert message(lambda: RenderOptions(last=0)) == "last must be from 1 to 10000 columns, got 0"
    assert message(lambda: RenderOptions(last="x")) == "last should be a whole number, got 'x'"
    assert message(lambda: RenderOptions(scale=100)) == "scale must be from 0.1 to 16, got 100"
    assert message(lambda: RenderOptions(cell=2)).startswith("cell 2 is too small to read")


def test_an_unknown_option_is_the_same_message_everywhere(board: Scoreboard, tmp_path: Path) -> None:
    said = message(lambda: RenderOptions(colour="red"))
    assert said == f"unknown option 'colour': choose one of {', '.join(FIELDS)}"
    assert message(lambda: board.svg(colour="red")) == said
    assert message(lambda: board.save(tmp_path / "b.svg", colour="red")) == said


def test_a_theme_looked_up_by_name_says_the_same() -> None:
    assert message(lambda: THEMES["neon"]) == message(lambda: RenderOptions(theme="neon"))
    assert THEMES["Dark"] is THEMES["dark"]
    assert "Dark" not in THEMES  # membership stays exact: only a lookup forgives the case


@pytest.mark.parametrize(
    ("name", "given", "kept"),
    [
        ("theme", "Dark", "dark"),
        ("theme", "PRINT", "print"),
        ("labels", "ZH", "zh"),
        ("road", "Big_Eye Boy", "big-eye-boy"),
        ("road", "BEAD-PLATE", "bead-plate"),
    ],
)
def test_choices_ignore_case_and_keep_the_tables_spelling(
    name: str, given: str, kept: str, shoe: Path, tmp_path: Path
) -> None:
    assert getattr(RenderOptions(**{name: given}), name) == kept
    row = BY_NAME[name]
    out = tmp_path / "b.svg"
    result = CliRunner().invoke(cli, ["render", str(shoe), "-o", str(out), row.flag, given])
    assert result.exit_code == 0, result.output
    assert out.read_text() == Scoreboard.from_results("BPPBBTPBBBPBPP").svg(**{name: kept})


def test_text_is_converted_as_the_command_line_converts_it() -> None:
    options = RenderOptions(last="5", cell="30", scale=" 2 ", pairs="no", highlight="small_road:3")
    assert (options.last, options.cell, options.scale, options.pairs) == (5, 30.0, 2.0, False)
    assert options.highlight == ("small-road", 3)
    assert RenderOptions(cell=30) == RenderOptions(cell=30.0)


# --- the command line follows the table ----------------------------------------------------------------------------


def test_roads_render_declares_every_option_of_the_table() -> None:
    command = dict(every_command())["render"]
    declared = {p.row.name: p for p in command.params if isinstance(p, DrawingOption)}
    assert sorted(declared) == sorted(FIELDS)  # in the order --help reads best, not the table's


@pytest.mark.parametrize(("command", "param"), render_params(), ids=lambda x: x if isinstance(x, str) else x.name)
def test_every_drawing_option_on_the_command_line_is_its_row(command: str, param: DrawingOption) -> None:
    row: OptionRow = param.row
    assert param.name == row.name and param.opts == [row.flag]
    help = param.help or ""
    assert help.endswith(".") and row.limits() in help, help
    if row.name == "good_roads":
        # Spelled as build, explain and stats spell it, --good-roads [FILE] (one meaning in every command,
        # tests/test_cli_vocabulary.py); a picture tags the built-in patterns, and the help says a FILE is refused.
        assert not param.is_flag and param.flag_value == "" and param.default is None and param.callback
        assert help == f"{row.describe()}. A picture tags the built-in patterns: no FILE."
        return
    assert param.default == row.default
    if command == "render":  # the command that draws boards says each option exactly as the table does
        said = f"{row.describe()}."
        assert help == (f"No {said[0].lower()}{said[1:]}" if row.kind == "flag" and row.default else said)
    if row.kind == "flag" and row.default is None:
        # Decided by the picture unless said (road_labels): --road-labels or --no-road-labels.
        assert param.is_flag and param.secondary_opts == [f"--no-{row.flag[2:]}"]
    elif row.kind == "flag":
        assert param.is_flag and param.flag_value is (not row.default)
    else:
        assert isinstance(param.type, RenderValue) and param.type.row is row
        assert param.metavar == row.metavar


def test_a_command_that_draws_says_the_options_in_its_own_words() -> None:
    helps = {(command, param.name): param.help for command, param in render_params()}
    assert helps[("lesson", "theme")] == "Colours of the pictures: classic, dark, print."
    assert helps[("lesson", "last")] == "Show only the board's newest N columns, 1-10000 (every proof stays)."
    assert helps[("render", "pairs")] == "No pair dots on the Big Road (the Bead Plate always shows them)."


# --- help() and the docs list the table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "method",
    [Scoreboard.svg, Scoreboard.png, Scoreboard.save, roads.render.svg, roads.render.png, roads.render.save],
    ids=lambda m: m.__qualname__,
)
def test_help_lists_every_option(method: typing.Callable[..., object]) -> None:
    block = f"{OPTIONS_HEADING}\n\n{option_lines()}"
    doc = inspect.getdoc(method) or ""
    assert block in doc, (
        f"{method.__qualname__}'s docstring should end with the table's options; paste:\n"
        + textwrap.indent(block, "        ")
    )
    for row in OPTIONS:
        assert f"    {row.name}={row.default!r}: " in doc


def test_help_the_command_line_and_the_docs_say_each_option_alike(shoe: Path) -> None:
    """help(Scoreboard.svg), ``roads render --help`` and docs/rendering.md all say each row's one phrase."""
    doc = " ".join((inspect.getdoc(Scoreboard.svg) or "").split())
    result = CliRunner().invoke(cli, ["render", "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    flags = "".join(result.output.split())  # --help wraps anywhere, even after a hyphen: compare without spaces
    page = (ROOT / "docs" / "rendering.md").read_text(encoding="utf-8")
    for row in OPTIONS:
        said = row.describe()
        assert f"{row.name}={row.default!r}: {said}." in doc, row.name
        assert f"| `{row.name}` |" in page and f"| {said} |" in page, row.name
        on_line = f"No {said[0].lower()}{said[1:]}" if row.kind == "flag" and row.default else said
        assert row.flag in flags and "".join(f"{on_line}.".split()) in flags, row.name


def test_python_takes_the_options_object_or_its_keywords(board: Scoreboard, tmp_path: Path) -> None:
    options = RenderOptions(theme="dark", last=5)
    assert board.svg(options) == board.svg(theme="dark", last=5) == roads.render.svg(board, options)
    assert board.svg(options, last=3) == board.svg(theme="dark", last=3)
    board.save(tmp_path / "b.svg", options=options)
    assert (tmp_path / "b.svg").read_text() == board.svg(options)


def test_docs_rendering_holds_the_table() -> None:
    page = (ROOT / "docs" / "rendering.md").read_text(encoding="utf-8")
    start, end = "<!-- the option table: tests/test_option_table.py -->\n", "\n<!-- end of the option table -->"
    assert start in page and end in page
    written = page.split(start, 1)[1].split(end, 1)[0]
    assert written == option_table(), "docs/rendering.md's option table is stale; paste:\n" + option_table()


def test_docs_api_points_at_the_table() -> None:
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in FIELDS:
        assert f"`{name}`" in page, name


@pytest.mark.slow  # a fresh interpreter
def test_drawing_reads_every_option_without_pydantic() -> None:
    code = (
        "import sys\n"
        "from roads import Scoreboard\n"
        "board = Scoreboard.from_results('BPPBBTPBBBPBPP')\n"
        "board.svg(last='5', cell='30', theme='Dark', pairs='no', highlight='small_road:1', title='t')\n"
        "try:\n"
        "    board.svg(theme='neon')\n"
        "except ValueError:\n"
        "    pass\n"
        "print('pydantic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout == "False\n", done.stderr
