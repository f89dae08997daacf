"""The step-through's data: at every coup k, the stats panel's words and the asks are those of the first k coups.

The page's script only shows what ``data-steps`` holds (tests/test_lesson_screens.py
drives it in Chromium); here the data itself is checked against boards built
from the first k coups alone and drawn by the SVG back-end.
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET

from roads import Scoreboard
from roads.lesson.page import lesson_page
from roads.render import svg
from roads.shoe import deal_shoe

NS = "{http://www.w3.org/2000/svg}"


def _stats_of(board: Scoreboard) -> tuple[list[str], str]:
    """Return the stats panel's texts and its asks' ask marks, as the SVG of ``board`` draws them."""
    root = ET.fromstring(svg(board, fonts=False))
    stats = next(g for g in root.iter(f"{NS}g") if "stats" in (g.get("class") or "").split())
    texts = [el.text or "" for el in stats if el.tag == f"{NS}text"]
    marks = " ".join(u.get("class") or "" for u in stats.iter(f"{NS}use") if "ask-mark" in (u.get("class") or ""))
    return texts, marks


def test_every_k_holds_the_panel_and_asks_of_the_first_k_coups() -> None:
    coups = list(deal_shoe(8, seed=7).coups[:45])
    page = lesson_page(coups)
    data = json.loads(html.unescape(re.search(r'data-steps="([^"]*)"', page).group(1)))  # type: ignore[union-attr]
    assert len(data["ask"]) == len(coups) + 1
    final, _ = _stats_of(Scoreboard.from_outcomes(coups))
    assert len(data["words"]) == len(final)
    for k in range(len(coups) + 1):
        texts, marks = _stats_of(Scoreboard.from_outcomes(coups[:k]))
        shown = [final[i] if column is None else column.split(" ")[k] for i, column in enumerate(data["words"])]
        assert shown == texts, f"coup {k}"
        asks = " ".join(re.findall(r'class="(ask-mark [^"]*)"', data["asks"][data["ask"][k]]))
        assert asks == marks, f"coup {k}"
