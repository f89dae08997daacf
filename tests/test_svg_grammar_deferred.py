"""Drawing an SVG never builds svgwrite's SVG grammar, and a validating Drawing still checks every value.

svgwrite compiles the regular expressions of its grammar checks when it is
imported, about half its import time, though only a validating Drawing
(``debug=True``) reads them; roads never validates. ``roads.render.svg`` puts
a stand-in in the grammar module's place that loads it on first use. Each case
runs in a fresh interpreter, as a command would.
"""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from roads import Scoreboard
drawn = Scoreboard.from_results("BPPBTBBBPBPP").svg()
grammar = sys.modules["svgwrite.data.svgparser"]
built_while_drawing = hasattr(grammar, "event_names")
import svgwrite
checking = svgwrite.Drawing(debug=True)
refused = []
for make in (lambda: checking.g(transform="nonsense"), lambda: checking.rect(transform="rotate(x)")):
    try:
        make()
    except TypeError as exc:
        refused.append(str(exc))
checking.g(transform="rotate(45) translate(1, 2)")
checking.path(d="M 0 0 L 10 10 Z")
print(json.dumps({
    "svg": drawn.startswith("<svg"),
    "built_while_drawing": built_while_drawing,
    "refused": refused,
    "built_after_checking": hasattr(sys.modules["svgwrite.data.svgparser"], "event_names"),
}))
"""


def probe() -> dict[str, object]:
    """Run PROBE in a fresh interpreter and return what it found."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120)
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_drawing_an_svg_leaves_the_grammar_unbuilt_and_validation_still_checks() -> None:
    found = probe()
    assert found["svg"] is True
    assert found["built_while_drawing"] is False
    assert found["refused"] == [
        "'nonsense' is not a valid value for attribute 'transform' at svg-element <g>.",
        "'rotate(x)' is not a valid value for attribute 'transform' at svg-element <rect>.",
    ]
    assert found["built_after_checking"] is True
