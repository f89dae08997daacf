"""A lesson page carries its pictures' fonts once: one hashed <style> of @font-face rules for every figure.

The board, the proofs' figures and the step-through draw with the bundled
faces, subset to every character any of them draws, as the PNG and the
standalone SVG do; the Content-Security-Policy names that style's hash and
takes fonts from data: URIs only, nothing else.
"""

from __future__ import annotations

import base64
import io
import json
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from helpers import decode_png
from test_browser import browser  # noqa: F401  # the shared headless-chromium fixture
from test_svg_fonts import RULE, TITLE

import roads.lesson.page as page_module
from roads.lesson.page import lesson_page
from roads.pages.csp import source_hash
from roads.pages.shell import FONT_PREFIX
from roads.render.fonts import CHAIN
from roads.render.svgfonts import family
from roads.scene import render_options
from roads.shoe import deal_shoe

COUPS = deal_shoe(8, seed=2026).coups[:80]


class _Page(HTMLParser):
    """The page's styles, policy, every <text> a figure draws and the step data."""

    def __init__(self) -> None:
        super().__init__()
        self.styles: list[str] = []
        self.policy = ""
        self.texts: list[str] = []
        self.steps = ""
        self.board_family = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("style", "text"):
            self._in = tag
            (self.styles if tag == "style" else self.texts).append("")
        if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy":
            self.policy = a.get("content") or ""
        if tag == "figure" and a.get("id") == "board":
            self.steps = a.get("data-steps") or ""
        if tag == "svg" and a.get("class") == "roads":
            self.board_family = a.get("font-family") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.styles[-1] += data
        elif self._in == "text":
            self.texts[-1] += data


def _parse(text: str) -> _Page:
    parsed = _Page()
    parsed.feed(text)
    return parsed


def _faces(parsed: _Page) -> dict[str, TTFont]:
    """Return each family the page embeds and its decoded font; exactly one style holds them."""
    holding = [style for style in parsed.styles if "@font-face" in style]
    assert len(holding) == 1, "the fonts come once a page"
    return {name: TTFont(io.BytesIO(base64.b64decode(data))) for name, data in RULE.findall(holding[0])}


def _drawn(parsed: _Page) -> set[str]:
    """Return every character a figure of the page draws: its <text>s and what the step-through writes."""
    texts = list(parsed.texts)
    data = json.loads(parsed.steps)
    texts += [value for words in data["words"] if words for value in words.split(" ")]
    for markup in data["asks"]:
        texts += re.findall(r"<text[^>]*>([^<]*)</text>", markup)
    return {ch for text in texts for ch in unicodedata.normalize("NFC", text)}


@pytest.fixture
def titled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the lesson's board a drawn title of accents, Greek, Cyrillic, suits and 庄 (it draws none today)."""
    monkeypatch.setattr(page_module, "render_options", lambda **kw: render_options(title=TITLE, **kw))


def _check_exact(text: str) -> dict[str, TTFont]:
    parsed = _parse(text)
    faces = _faces(parsed)
    covered: set[str] = set()
    for name, font in faces.items():
        cmap = {chr(code) for code in font.getBestCmap()}
        # A space goes with the run it sits in, as in the PNG; any other character is in one face only.
        assert all(ch.isspace() for ch in cmap & covered), f"{name} repeats characters another face holds"
        covered |= cmap
    assert covered == _drawn(parsed)
    return faces


def test_the_pages_fonts_hold_exactly_the_characters_its_figures_draw() -> None:
    faces = _check_exact(lesson_page(COUPS))
    assert set(faces) == {family(FONT_PREFIX, CHAIN[0])}  # the lesson board is all Latin


def test_a_board_with_accents_greek_and_cjk_embeds_each_face_once(titled: None) -> None:
    text = lesson_page(COUPS, theme="dark")
    faces = _check_exact(text)
    assert set(faces) == {family(FONT_PREFIX, face) for face in CHAIN}
    assert text.count("@font-face") == len(CHAIN)  # once a page, however many figures
    assert lesson_page(COUPS, theme="dark") == text  # the same bytes twice


def test_the_policy_names_the_font_style_and_data_fonts_only() -> None:
    parsed = _parse(lesson_page(COUPS))
    directives = dict(part.strip().split(" ", 1) for part in parsed.policy.split(";"))
    assert directives["style-src"].split() == [source_hash(style) for style in parsed.styles]
    assert len(parsed.styles) == 2
    assert directives["font-src"] == "data:"
    assert directives["default-src"] == "'none'" and "unsafe" not in parsed.policy


def test_the_figures_name_the_page_families_first() -> None:
    parsed = _parse(lesson_page(COUPS))
    names = list(_faces(parsed))
    first = ", ".join(f"'{name}'" for name in names)
    assert parsed.board_family.startswith(first + ", Aileron")
    fonts = next(style for style in parsed.styles if "@font-face" in style)
    assert f"svg.comparison{{font-family:{first}, Aileron" in fonts


# -- in a browser ------------------------------------------------------------


def _open(browser: Any, text: str, path: Path) -> tuple[Any, list[dict[str, str]], list[str]]:  # noqa: F811
    """Return (the board's screenshot, each font face and its status, every console error or CSP refusal)."""
    page_path = path.with_suffix(".html")
    page_path.write_text(text, encoding="utf-8")
    tab = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    tab.on("console", lambda m: problems.append(m.text) if m.type == "error" or "Security" in m.text else None)
    tab.on("pageerror", lambda exc: problems.append(str(exc)))
    tab.goto(page_path.as_uri())
    tab.evaluate("document.fonts.ready")
    tab.wait_for_timeout(100)
    faces = tab.evaluate("Array.from(document.fonts).map(f => ({family: f.family, status: f.status}))")
    # The whole board: an 80-coup shoe opens stacked even at 1400 px (its whole board leaves roads' newest
    # columns out of view), and the button shows it whole.
    if tab.evaluate("() => document.getElementById('board').classList.contains('stacked')"):
        tab.locator("button.layout").click()
    tab.locator("#board > svg").screenshot(path=str(path))
    tab.close()
    return decode_png(path.read_bytes()), faces, problems


def _renamed(text: str, names: set[str]) -> str:
    """Return the page with its @font-face rules under other names (and the policy's hash to match)."""
    parsed = _parse(text)
    fonts = next(style for style in parsed.styles if "@font-face" in style)
    changed = fonts
    for name in names:
        changed = changed.replace(f"@font-face{{font-family:'{name}'", f"@font-face{{font-family:'x{name}'")
    return text.replace(fonts, changed).replace(source_hash(fonts), source_hash(changed))


def _check_drawn_with_the_faces(browser: Any, text: str, tmp_path: Path) -> None:  # noqa: F811
    names = set(_faces(_parse(text)))
    drawn, faces, problems = _open(browser, text, tmp_path / "embedded.png")
    assert problems == []
    assert {f["family"].strip("'\"") for f in faces} == names
    assert all(f["status"] == "loaded" for f in faces), faces
    # The same page with the faces under other names: the board falls back to this machine's fonts,
    # so if the embedded faces drew it, the pixels differ.
    plain, others, problems = _open(browser, _renamed(text, names), tmp_path / "fallback.png")
    assert problems == [] and all(f["status"] != "error" for f in others)
    assert drawn.size == plain.size
    assert drawn.tobytes() != plain.tobytes()


@pytest.mark.browser
def test_every_face_loads_under_the_policy_and_draws_the_board(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    _check_drawn_with_the_faces(browser, lesson_page(COUPS), tmp_path)


@pytest.mark.browser
def test_a_title_of_accents_greek_and_cjk_draws_with_the_embedded_faces(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    titled: None,
) -> None:
    _check_drawn_with_the_faces(browser, lesson_page(COUPS, title=TITLE), tmp_path)
