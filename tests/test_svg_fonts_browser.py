"""The SVG's embedded fonts in headless Chromium: every face loads and the text is drawn with it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import decode_png
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_svg_fonts import TITLE, _faces

from roads import Scoreboard
from roads.render import svg

pytestmark = pytest.mark.browser


def _shot(browser: Any, text: str, path: Path) -> tuple[Any, list[dict[str, str]]]:  # noqa: F811
    page = browser.new_page(viewport={"width": 900, "height": 300})
    body = text.split("?>", 1)[-1]
    page.set_content(f"<!DOCTYPE html><html><body style='margin:0'>{body}</body></html>")
    page.evaluate("document.fonts.ready")
    faces = page.evaluate("Array.from(document.fonts).map(f => ({family: f.family, status: f.status}))")
    page.locator("svg").first.screenshot(path=str(path))
    page.close()
    return decode_png(path.read_bytes()), faces


def test_every_embedded_face_loads_and_draws_the_text(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    text = svg(Scoreboard.from_results("BPPBTBBP"), title=TITLE, cell=32)
    names = set(_faces(text))
    drawn, faces = _shot(browser, text, tmp_path / "embedded.png")
    assert {f["family"].strip("'\"") for f in faces} == names
    assert all(f["status"] == "loaded" for f in faces), faces
    # The same picture whose rules name other families: the text falls back to what this machine has,
    # so if the embedded faces drew it, the pixels differ.
    fallback = text
    for name in names:
        fallback = fallback.replace(f"@font-face{{font-family:'{name}'", f"@font-face{{font-family:'x{name}'")
    plain, _ = _shot(browser, fallback, tmp_path / "fallback.png")
    assert drawn.size == plain.size
    assert drawn.tobytes() != plain.tobytes()
