"""``roads explain``: why each derived mark is red or blue, in plain words."""

from __future__ import annotations

import click

from ..board.explain import Proof, road_start
from ..board.good_roads import NOT_CHANGED, Detection, columns_of, good_roads, under_way
from ..board.jsonview import dumps
from ..board.names import DERIVED, Road
from ..enums import Game
from ..errors import PatternError
from ..scoreboard import Scoreboard
from .app import cli, wrote
from .boards import shoe_board
from .flags import Whole, derived_road_option, json_option, log_inputs, usage_for
from .good_roads import board_and_coups, chance_line, good_roads_option, next_chances, patterns, priced, priced_dicts
from .inputs import Inputs


def _one(p: Proof) -> str:
    """Return a single mark's proof in full: heading, the two sentences, the mistake to avoid."""
    return (
        f"{p.title} mark {p.mark}: {p.color.value}, Rule {p.rule}, from the Big Road bead at "
        f"{p.where}\n  {p.reason}\n  {p.comparison}\n  {p.mistake}\n"
    )


def _listing(board: Scoreboard, road: str | None, mistakes: bool) -> str:
    """Return the proofs of one road or all three, a heading per road and one paragraph per mark."""
    names = DERIVED if road is None else (road,)
    blocks = []
    for name in names:
        derived = board.road(name)
        lines = [f"{derived.title} (k = {derived.k}): {len(derived)} mark{'' if len(derived) == 1 else 's'}"]
        if not len(derived):
            lines.append(f"  none yet: the road starts with the bead at {road_start(derived.k)}")
        for p in board.proofs(name):
            lines.append(f"{p.mark:4d}. {p.color.value:<4}  {p.text}")
            if mistakes:
                lines.append(f"        {p.mistake}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


@cli.command("explain")
@log_inputs(coups=True, game=True)
@derived_road_option("Only this road")
@click.option("--mark", type=Whole(min=1), metavar="N", help="Only mark N (from 1) of --road, with its common mistake.")
@click.option("--mistakes", is_flag=True, help="In a listing, add each rule's common mistake under every mark.")
@json_option(
    "Print JSON: one object for --mark, else a list (road, mark, color, rule, column, row, compared, text, mistake)."
)
@click.option(
    "--good-road",
    "good_road",
    metavar="ID",
    help="Prove good road ID instead (single-jump, long-banker, ...: docs/good-roads.md): its columns and its price.",
)
@good_roads_option("Prove every good road active after the last coup instead, with its price.")
@click.option(
    "-o",
    "--output",
    metavar="OUT",
    help="With --good-road: also draw its proof, the Big Road's newest columns with the pattern's tinted and "
    "numbered, to OUT.svg, OUT.png or OUT.pdf.",
)
def explain_command(
    inputs: Inputs,
    road: str | None,
    mark: int | None,
    mistakes: bool,
    as_json: bool,
    good_road: str | None,
    good_roads: str | None,
    output: str | None,
) -> None:
    """Explain every mark of the derived roads of a shoe LOG: which rule, which columns, which colour.

    Each derived road reads the Big Road's columns with an offset k: Big Eye Boy
    1, Small Road 2, Cockroach Pig 3. A bead that opens column c (Rule 1)
    compares the column that just finished, c-1, with column c-1-k: same depth
    red, different blue. A bead further down a column (Rule 2) looks at column
    c-k: a bead at the same row is red, a column that stopped exactly one row
    above is blue, one that stopped two or more rows above is red again.
    Red means the pattern repeats, blue that it breaks; they are not Banker and
    Player.

    \b
    Examples:
      roads explain shoe.txt                                  every mark of all three roads
      roads explain shoe.txt --road small-road                one road
      roads explain shoe.txt --road small-road --mark 7       one mark, with the mistake to avoid
      roads explain shoe.txt --road big-eye-boy --mark 3 --json
      roads explain shoe.txt --good-road single-jump          why a good road is active, and its true odds
      roads explain shoe.txt --good-roads                     every active good road
      roads explain dt.txt --game dragon-tiger                a Dragon Tiger log: the same roads
      roads explain shoe.txt --coups 1-30 --good-road single-jump -o proof.svg   and its picture
    """
    if output is not None and good_road is None:
        raise click.UsageError("-o draws one good road's proof: give --good-road ID")
    if good_road is not None or good_roads is not None:
        if inputs.game is Game.DRAGON_TIGER:
            raise click.UsageError("--good-road and --good-roads price by baccarat odds: not with --game dragon-tiger")
        if road is not None or mark is not None:
            raise click.UsageError("--good-road and --good-roads prove good roads: give no --road or --mark")
        _good_roads(inputs, good_road, good_roads, as_json, output)
        return
    if mark is not None and road is None:
        raise click.UsageError(
            "--mark needs --road: say which road the mark is on (big-eye-boy, small-road or cockroach-pig)"
        )
    derived = Road.parse(road, derived=True) if road is not None else None
    with inputs.one("explain") as shoe:
        board = shoe_board(shoe, inputs)
    if mark is not None and derived is not None:
        p = board.proof(derived, mark)
        click.echo(dumps(p.to_dict(mistake=True)) if as_json else _one(p), nl=as_json)
        return
    if as_json:
        click.echo(dumps([p.to_dict(mistake=True) for p in board.proofs(derived)]))
        return
    click.echo(_listing(board, derived, mistakes), nl=False)


def _good_roads(
    inputs: Inputs, wanted: str | None, pattern_file: str | None, as_json: bool, output: str | None = None
) -> None:
    """Print the proof and price of good road ``wanted`` (every active one when None); ``output``: its picture."""

    if output is not None:
        from ..extras import require_picture
        from ..files import refuse_inputs
        from ..render import format_of

        with usage_for("output"):
            format_of(output)
        require_picture(output, None)
        refuse_inputs([output], inputs.logs)
    chosen = patterns(pattern_file)
    if wanted is not None:
        ids = [p.id for p in chosen]
        if wanted not in ids:
            raise click.BadParameter(f"no good road {wanted!r}: the ids are {', '.join(ids)}", param_hint="--good-road")
        chosen = tuple(p for p in chosen if p.id == wanted)
    with inputs.one("explain") as shoe:
        board, coups = board_and_coups(shoe, inputs)
        found = good_roads(board, chosen)
        if output is not None:
            _draw_proof(board, found, wanted or "", output)
        if as_json:
            click.echo(dumps(priced_dicts(board, shoe, coups, chosen)))
            return
        waiting = under_way(columns_of(board), chosen)
        chances = next_chances(shoe, coups) if found or waiting else None
    columns = len(board.big_road.depths)
    head = f"After coup {board.coups} ({columns} Big Road columns)"
    if not found:
        what = f"{wanted} is not active" if wanted is not None else "no good road is active"
        lines = [f"{head}, {what}{f'; {chances.source}' if chances else ''}."]
    else:
        assert chances is not None
        lines = [f"{head}, {chances.source}:"]
    # Active patterns, then those under way: a stuck pattern between columns, decided by the next decisive coup
    # (docs/good-roads.md, "Under way").
    for one in [*found, *waiting]:
        assert chances is not None
        lines += [
            f"{one.pattern.id} ({one.pattern.name}): {'under way' if one.waiting else 'active'}",
            f"  {one.proof}",
            f"  {one.call}",
            f"  {chance_line(priced(one, chances))}",
        ]
    if chances is not None:
        lines.append(NOT_CHANGED)
    click.echo("\n".join(lines))


def _draw_proof(board: Scoreboard, found: list[Detection], wanted: str, output: str) -> None:
    """Write the proof picture of the one good road found to ``output``; a pattern not active draws nothing."""
    from ..render import save_scene
    from ..scene.good_roads import proof_scene

    if not found:
        raise PatternError(f"{wanted} is not active after coup {board.coups}: there is no proof to draw")
    save_scene(proof_scene(board, found[0]), output)
    wrote(output)
