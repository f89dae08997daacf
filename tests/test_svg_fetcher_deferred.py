"""Drawing an SVG never imports ``urllib.request``, and svgwrite still fetches a web font by URL when asked.

``svgwrite.container`` imports ``urlopen`` as it loads (with ``http.client``,
``email`` and ``ssl`` behind it, a third of svgwrite's import) for
``embed_google_web_font`` alone, which roads never calls. ``roads.render.svg``
lends it a stand-in for the length of the import whose ``urlopen`` loads the
real module on its first call. Each case runs in a fresh interpreter, as a
command would; the font is fetched from ``file:`` URLs (no network).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = """
import json, sys
from roads import Scoreboard
drawn = Scoreboard.from_results("BPPBTBBBPBPP").svg()
loaded = sorted(m for m in ("urllib.request", "http.client", "email.parser", "ssl") if m in sys.modules)
import svgwrite
css, font = sys.argv[1:3]
dwg = svgwrite.Drawing(debug=False)
dwg.embed_google_web_font("Probe", css)
import urllib.request
print(json.dumps({
    "svg": drawn.startswith("<svg"),
    "loaded_while_drawing": loaded,
    "embedded": "data:application/x-font-ttf;charset=utf-8;base64," in dwg.tostring(),
    "real_module": urllib.request.__file__.endswith("request.py") and hasattr(urllib.request, "Request"),
    "in_sys_modules": sys.modules["urllib.request"] is urllib.request,
}))
"""


def test_drawing_an_svg_loads_no_fetcher_and_a_web_font_is_still_fetched(tmp_path: Path) -> None:
    font = tmp_path / "probe.ttf"
    font.write_bytes(b"not really a font")
    css = tmp_path / "probe.css"
    css.write_text(f"@font-face {{ src: url({font.as_uri()}); }}\n")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, css.as_uri(), font.as_uri()],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found = json.loads(done.stdout)
    assert found == {
        "svg": True,
        "loaded_while_drawing": [],
        "embedded": True,
        "real_module": True,
        "in_sys_modules": True,
    }


STAND_IN_PROBE = """
import json, sys
from roads.render.svg import FETCHER, _deferred_fetcher
with _deferred_fetcher():
    stand_in = sys.modules[FETCHER]
    seen = {"has_path": hasattr(stand_in, "__path__"), "loaded_by_look_up": "http.client" in sys.modules}
    request = stand_in.Request  # any other name loads the real module, and the stand-in steps aside
    seen["request"] = request.__module__
    seen["replaced"] = sys.modules[FETCHER] is not stand_in
seen["kept"] = sys.modules[FETCHER].Request is request
print(json.dumps(seen))
"""


def test_the_stand_in_hands_over_every_other_name_and_steps_aside() -> None:
    done = subprocess.run(
        [sys.executable, "-c", STAND_IN_PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    assert json.loads(done.stdout) == {
        "has_path": False,
        "loaded_by_look_up": False,
        "request": "urllib.request",
        "replaced": True,
        "kept": True,
    }
