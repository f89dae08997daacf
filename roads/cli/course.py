"""``roads course``: the road-reading course, written as a static site of self-contained pages."""

from __future__ import annotations

import click

from .app import cli, wrote
from .flags import seed_option


@cli.command("course")
@click.option(
    "-o", "--output", metavar="DIR", required=True, help="The folder to write the site into (made if missing)."
)
@seed_option(2026)
def course_command(output: str, seed: int | str) -> None:
    """Write the road-reading course: an index and a page per lesson, from the first bead to table speed.

    Modules go from the Bead Plate and the Big Road, through why derived
    roads exist and where each starts, Rule 1, Rule 2 and the straight drop,
    Big Eye Boy, Small Road and Cockroach Pig one by one, asks and the traps,
    to reading all five roads at table speed, and the third-card rules. Every
    board is built by the road builder from a shoe designed for its lesson,
    and every check is answered by it; each wrong choice says which mistake
    it stands for. Progress is kept in the browser; each lesson ends with a
    review of what was missed.

    The final exam asks about shoes dealt when the course is built, from
    --seed: build again with another seed for fresh ones. Every page works
    offline, from the folder or any static host; the same --seed gives the
    same bytes.

    \b
    Examples:
      roads course -o course                  the course in ./course (open course/index.html)
      roads course -o course --seed 7         another final exam
    """
    from ..course.site import write_course

    built = write_course(output, seed=seed)
    wrote(
        output,
        f"wrote {len(built.files)} pages to {output}: {built.modules} modules, {built.lessons} lessons, "
        f"{built.boards} boards, {built.checks} checks (exam seed {seed})",
    )
