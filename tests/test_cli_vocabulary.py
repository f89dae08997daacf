"""One word, one meaning, in every command: option names, their old spellings, seeds and choices.

The walk reads every command's options from the click group itself, so a new
command or option is checked the day it is added: a long name has one Python
name (one meaning) everywhere, a short name always stands for the same long
one, and an option shared by several commands has the same help in all unless
``SHARED_OPTIONS`` in roads/cli/flags.py says it means one thing told in each
command's terms. Each renamed option's old spelling still works for this
release, warns once on standard error naming the new one, and writes the same
bytes as the new spelling.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections import defaultdict
from pathlib import Path

import click
import pytest

from roads.cli import main
from roads.cli.app import all_commands
from roads.cli.flags import GOES_IN, SEED_HELP, SHARED_OPTIONS
from roads.shoe import deal_shoe


def visible_options() -> list[tuple[str, click.Option]]:
    """Return (command, option) for every option --help shows, in every command (old spellings are hidden)."""
    return [
        (name, param)
        for name, command in sorted(all_commands().items())
        for param in command.params
        if isinstance(param, click.Option) and not param.hidden and param.name != "help"
    ]


def by_name() -> dict[str, list[tuple[str, click.Option]]]:
    """Return every option spelling (long and short) with the commands and options that use it."""
    found: dict[str, list[tuple[str, click.Option]]] = defaultdict(list)
    for command, param in visible_options():
        for spelling in (*param.opts, *param.secondary_opts):
            found[spelling].append((command, param))
    return found


def long_name(param: click.Option) -> str:
    """Return the option's first long spelling (``--dir`` for ``-d/--dir``)."""
    return next(o for o in param.opts if o.startswith("--"))


def test_a_long_name_has_one_meaning_in_every_command() -> None:
    clashes = []
    for spelling, uses in sorted(by_name().items()):
        if not spelling.startswith("--"):
            continue
        # A flag in one command and a value in another is two meanings too (``--events`` and ``--events EZ``).
        meanings = {(param.name, param.is_flag) for _, param in uses}
        if len(meanings) > 1:
            clashes.append(f"{spelling}: {', '.join(f'{c} -> {p.name}' for c, p in uses)}")
    assert not clashes, "one option name bound to different parameters:\n" + "\n".join(clashes)


def test_a_parameter_is_spelled_one_way_in_every_command() -> None:
    """The other direction: the input format is --from everywhere, an output folder --dir everywhere."""
    spellings: dict[str | None, set[str]] = defaultdict(set)
    for _, param in visible_options():
        spellings[param.name].add(long_name(param))
    assert {name: s for name, s in spellings.items() if len(s) > 1} == {}


def test_a_short_name_always_stands_for_the_same_long_name() -> None:
    clashes = []
    for spelling, uses in sorted(by_name().items()):
        if spelling.startswith("--"):
            continue
        longs = {long_name(param) for _, param in uses}
        if len(longs) > 1:
            clashes.append(f"{spelling}: {', '.join(f'{c} {long_name(p)}' for c, p in uses)}")
    assert not clashes, "one short name for different options:\n" + "\n".join(clashes)


def test_a_shared_option_has_one_help_unless_declared_shared() -> None:
    differing = []
    for spelling, uses in sorted(by_name().items()):
        if not spelling.startswith("--") or spelling in SHARED_OPTIONS:
            continue
        helps = {param.help for _, param in uses}
        if len(helps) > 1:
            differing.append(f"{spelling}: {', '.join(sorted(c for c, _ in uses))}")
    assert not differing, "same option, different help (make it one, or declare it in SHARED_OPTIONS):\n" + (
        "\n".join(differing)
    )


def test_the_shared_list_is_short_and_true() -> None:
    """Every name SHARED_OPTIONS declares is used by two commands or more, with help that does differ."""
    uses = by_name()
    for spelling in SHARED_OPTIONS:
        commands = {c for c, _ in uses.get(spelling, [])}
        assert len(commands) >= 2, spelling
        assert len({p.help for _, p in uses[spelling]}) > 1, f"{spelling} has one help: drop it from the list"


@pytest.mark.parametrize(
    ("spelling", "name"),
    [("--format", "output_format"), ("--from", "log_format"), ("--dir", "folder"), ("--rules", "rules")],
)
def test_the_renamed_words_mean_what_the_issue_says(spelling: str, name: str) -> None:
    """--format is the output's format, --from the log's, --dir an output folder, --rules a rule set."""
    uses = by_name()[spelling]
    assert len(uses) >= 2
    assert {p.name for _, p in uses} == {name}


def test_every_command_that_reads_a_log_takes_from() -> None:
    readers = {
        name for name, command in all_commands().items() if any(p.metavar in ("LOG...", "LOG") for p in command.params)
    }
    assert readers >= {"build", "check", "convert", "explain", "lesson", "render", "report", "show", "stats", "odds"}
    assert readers <= {c for c, _ in by_name()["--from"]}


def test_odds_after_reads_with_from(cards_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    told = run(capsys, "odds", "--after", str(cards_log), "--from", "cards")
    assert told == run(capsys, "odds", "--after", str(cards_log)) and told[0] == 0
    status, _, err = run(capsys, "odds", "--after", str(cards_log), "--from", "results")
    assert status == 1 and "is not a result" in err
    status, _, err = run(capsys, "odds", "--from", "cards")
    assert status == 2 and "--from says how to read the log given with --after LOG" in err


def test_a_short_name_has_one_meaning_old_spellings_included() -> None:
    """-f is --format's old spelling or nothing; -d always an output folder: a hidden spelling may not clash."""
    meaning: dict[str, set[str]] = defaultdict(set)
    for command in all_commands().values():
        for param in command.params:
            if not isinstance(param, click.Option):
                continue
            for spelling in param.opts:
                if not spelling.startswith("--"):
                    # An old spelling's Python name is renamed_<old>_<the new option's Python name>.
                    meaning[spelling].add(str(param.name).split("_", 2)[2] if param.hidden else str(param.name))
    assert {short: longs for short, longs in meaning.items() if len(longs) > 1} == {}


def test_decks_has_no_short_name() -> None:
    assert all(param.opts == ["--decks"] for _, param in by_name()["--decks"])


def test_every_choice_ignores_case() -> None:
    sensitive = [
        f"{command} {long_name(param)}"
        for command, param in visible_options()
        if isinstance(param.type, click.Choice) and param.type.case_sensitive
    ]
    assert sensitive == []


def test_seed_has_one_type_and_one_help_everywhere() -> None:
    seeds = by_name()["--seed"]
    assert {c for c, _ in seeds} == {"course", "deal", "demo", "drill", "quiz", "simulate"}
    assert {p.help for _, p in seeds} == {SEED_HELP}
    assert len({(p.type.name, p.callback) for _, p in seeds}) == 1


# --- Running the commands ---


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in this process; return (status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def warning(old: str, new: str) -> str:
    """Return the one line an old spelling says."""
    return f"roads: warning: {old} is now {new}; the old name goes in {GOES_IN}\n"


@pytest.fixture
def cards_log(tmp_path: Path) -> Path:
    """A dealt 8-deck card log."""
    log = tmp_path / "shoe.txt"
    assert main(["deal", "--seed", "1", "-o", str(log)]) == 0
    return log


# (old argv, new argv, old spelling, new spelling, output file or None for standard output)
RENAMES: list[tuple[list[str], list[str], str, str, str | None]] = [
    (["build", "{log}", "--format", "cards"], ["build", "{log}", "--from", "cards"], "--format", "--from", None),
    (["check", "{log}", "--format", "cards"], ["check", "{log}", "--from", "cards"], "--format", "--from", None),
    (["show", "{log}", "--format", "cards"], ["show", "{log}", "--from", "cards"], "--format", "--from", None),
    (["explain", "{log}", "--format", "cards"], ["explain", "{log}", "--from", "cards"], "--format", "--from", None),
    (
        ["convert", "{log}", "--format", "cards", "--to", "csv"],
        ["convert", "{log}", "--from", "cards", "--to", "csv"],
        "--format",
        "--from",
        None,
    ),
    (["stats", "{log}", "--format", "cards"], ["stats", "{log}", "--from", "cards"], "--format", "--from", None),
    (
        ["lesson", "{log}", "--format", "cards", "-o", "{out}.html"],
        ["lesson", "{log}", "--from", "cards", "-o", "{out}.html"],
        "--format",
        "--from",
        "{out}.html",
    ),
    (
        ["report", "{log}", "--format", "cards", "-o", "{out}.html"],
        ["report", "{log}", "--from", "cards", "-o", "{out}.html"],
        "--format",
        "--from",
        "{out}.html",
    ),
    (
        ["render", "{log}", "--log-format", "cards", "-o", "{out}.svg"],
        ["render", "{log}", "--from", "cards", "-o", "{out}.svg"],
        "--log-format",
        "--from",
        "{out}.svg",
    ),
    (
        ["render", "{log}", "--rules", "ez", "--lucky-6", "-o", "{out}.svg"],
        ["render", "{log}", "--mark-events", "ez", "--lucky-6", "-o", "{out}.svg"],
        "--rules",
        "--mark-events",
        "{out}.svg",
    ),
    (["deal", "-f", "json", "--seed", "3"], ["deal", "--format", "json", "--seed", "3"], "-f", "--format", None),
    (["demo", "--out-dir", "{dir}"], ["demo", "--dir", "{dir}"], "--out-dir", "--dir", "{dir}/scoreboard.png"),
]


@pytest.mark.parametrize(
    ("old", "new", "was", "now", "written"), RENAMES, ids=[" ".join([*r[0][:1], r[2]]) for r in RENAMES]
)
def test_an_old_spelling_warns_and_gives_the_same_bytes(
    old: list[str],
    new: list[str],
    was: str,
    now: str,
    written: str | None,
    cards_log: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    results = []
    for argv, where in ((old, "old"), (new, "new")):
        folder = tmp_path / where
        folder.mkdir()
        fill = {"log": str(cards_log), "out": str(folder / "out"), "dir": str(folder)}
        status, out, err = run(capsys, *(a.format(**fill) for a in argv))
        data = Path(written.format(**fill)).read_bytes() if written else None
        # Paths differ between the two runs only by the folder's name.
        results.append((status, out.replace(str(folder), "OUT"), err.replace(str(folder), "OUT"), data))
    (old_status, old_out, old_err, old_data), (new_status, new_out, new_err, new_data) = results
    assert new_status == old_status == 0, old_err + new_err
    assert old_out == new_out
    assert old_data == new_data
    assert warning(was, now) not in new_err
    assert old_err == warning(was, now) + new_err


def test_every_old_spelling_is_tested_above() -> None:
    hidden = {
        (name, spelling)
        for name, command in all_commands().items()
        for param in command.params
        if isinstance(param, click.Option) and param.hidden
        for spelling in param.opts
    }
    assert hidden == {(old[0], was) for old, _, was, _, _ in RENAMES}


def test_old_and_new_spelling_together_is_bad_usage(cards_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", str(cards_log), "--format", "cards", "--from", "results")
    assert status == 2 and out == ""
    assert "--format is the old name of --from: give --from alone" in err


def test_render_format_is_still_the_pictures_format(cards_log: Path, tmp_path: Path) -> None:
    """render --format always meant the output: it keeps that meaning, with no warning."""
    out = tmp_path / "board"
    assert main(["render", str(cards_log), "-o", str(out), "--format", "png"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")


def test_an_old_spelling_is_checked_as_the_new_one(cards_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "build", str(cards_log), "--format", "xml")
    assert status == 2 and "'xml' is not one of" in err
    status, _, err = run(capsys, "deal", "-f", "xml")
    assert status == 2 and "'xml' is not one of" in err


@pytest.mark.parametrize(
    ("argv", "canonical"),
    [
        (["odds", "--bets", "--rules", "EZ"], ["odds", "--bets", "--rules", "ez"]),
        (
            ["coup", "2", "3", "K", "K", "3", "4", "--rules", "Super6"],
            ["coup", "2", "3", "K", "K", "3", "4", "--rules", "super6"],
        ),
        (["convert", "{log}", "--to", "CSV"], ["convert", "{log}", "--to", "csv"]),
        (
            ["build", "{log}", "--from", "Cards", "--color", "NEVER"],
            ["build", "{log}", "--from", "cards", "--color", "never"],
        ),
        (["deal", "--seed", "2", "--format", "Results"], ["deal", "--seed", "2", "--format", "results"]),
        (["drill", "--seed", "2", "--format", "TEXT"], ["drill", "--seed", "2", "--format", "text"]),
        (["stats", "{log}", "--by", "Shoe", "--json"], ["stats", "{log}", "--by", "shoe", "--json"]),
        (
            ["simulate", "--shoes", "3", "--seed", "1", "--engine", "Scalar", "--quiet"],
            ["simulate", "--shoes", "3", "--seed", "1", "--engine", "scalar", "--quiet"],
        ),
    ],
)
def test_choices_ignore_case(
    argv: list[str], canonical: list[str], cards_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shouted = run(capsys, *(a.format(log=cards_log) for a in argv))
    plain = run(capsys, *(a.format(log=cards_log) for a in canonical))
    assert shouted == plain and plain[0] == 0, plain[2]


def test_render_mark_events_ignore_case(cards_log: Path, tmp_path: Path) -> None:
    assert main(["render", str(cards_log), "--mark-events", "EZ", "-o", str(tmp_path / "a.svg")]) == 0
    assert main(["render", str(cards_log), "--mark-events", "ez", "-o", str(tmp_path / "b.svg")]) == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


# --- Seeds: text everywhere, the same shoe as before for a number ---


def test_demo_takes_a_text_seed_and_deals_the_same_shoe_for_a_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "demo", "--seed", "7", "--dir", str(tmp_path))
    assert status == 0
    assert out.splitlines()[0] == f"8-deck shoe, seed 7: {len(deal_shoe(8, seed=7).coups)} coups"
    status, out, _ = run(capsys, "demo", "--seed", "lucky table", "--dir", str(tmp_path))
    assert status == 0
    assert out.splitlines()[0] == f"8-deck shoe, seed lucky table: {len(deal_shoe(8, seed='lucky table').coups)} coups"


def test_simulate_takes_a_text_seed_and_keeps_every_number_seed(capsys: pytest.CaptureFixture[str]) -> None:
    from roads.simulate import simulate

    status, out, _ = run(capsys, "simulate", "--shoes", "20", "--seed", "5", "--json", "--quiet")
    assert status == 0
    assert json.loads(out) == simulate(20, 8, 5).model_dump(mode="json")
    first = run(capsys, "simulate", "--shoes", "20", "--seed", "lucky table", "--json", "--quiet")
    again = run(capsys, "simulate", "--shoes", "20", "--seed", "lucky table", "--json", "--quiet")
    other = run(capsys, "simulate", "--shoes", "20", "--seed", "lucky tables", "--json", "--quiet")
    assert first == again and first[0] == 0
    assert json.loads(first[1]) != json.loads(other[1])
    shown = json.loads(first[1])["seed"]
    assert run(capsys, "simulate", "--shoes", "20", "--seed", str(shown), "--json", "--quiet") == first


@pytest.mark.parametrize("command", [["deal"], ["drill"], ["demo", "--dir", "{dir}"], ["simulate", "--shoes", "2"]])
def test_a_bad_seed_is_the_same_usage_error_everywhere(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *(a.format(dir=tmp_path) for a in command), "--seed", "x" * 1001)
    assert status == 2 and out == ""
    assert err.splitlines()[-1] == "Error: Invalid value for '--seed' / '-s': a seed of 1001 characters: at most 1000"


@pytest.fixture(scope="module")
def seed_seven(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tuple[int, str, str], tuple[int, str, str]]:
    """The folder, demo's and simulate's (status, stdout, stderr) for ``--seed 7``: made once, compared three times."""
    folder = tmp_path_factory.mktemp("seed-seven")

    def quiet(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(argv))
        return status, out.getvalue(), err.getvalue()

    demo = quiet("demo", "--seed", "7", "--dir", str(folder))
    simulated = quiet("simulate", "--shoes", "5", "--seed", "7", "--json", "--quiet")
    assert demo[0] == simulated[0] == 0, (demo, simulated)
    return folder, demo, simulated


@pytest.mark.parametrize("spelled", [" 7 ", "+7", "07"])
def test_a_number_seed_is_read_as_the_old_integer_options_read_it(
    spelled: str,
    seed_seven: tuple[Path, tuple[int, str, str], tuple[int, str, str]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """demo and simulate took --seed as an int: every number they took deals the shoe it dealt."""
    folder, demo, simulated = seed_seven
    assert run(capsys, "demo", "--seed", spelled, "--dir", str(folder)) == demo
    assert run(capsys, "simulate", "--shoes", "5", "--seed", spelled, "--json", "--quiet") == simulated
